package neo4jstore

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// driverSession is the Session over the real driver.
type driverSession struct {
	drv neo4j.DriverWithContext
	db  string
}

func (d *driverSession) session(ctx context.Context, mode neo4j.AccessMode) neo4j.SessionWithContext {
	return d.drv.NewSession(ctx, neo4j.SessionConfig{DatabaseName: d.db, AccessMode: mode})
}

func (d *driverSession) Write(ctx context.Context, stmts []Statement) error {
	sess := d.session(ctx, neo4j.AccessModeWrite)
	defer sess.Close(ctx)
	// Schema statements and CALL … IN TRANSACTIONS cannot run in a managed
	// transaction; run them one by one in auto-commit transactions.
	if len(stmts) > 0 && stmts[0].AutoCommit {
		for _, st := range stmts {
			res, err := sess.Run(ctx, st.Cypher, st.Params)
			if err != nil {
				return err
			}
			if _, err := res.Consume(ctx); err != nil {
				return err
			}
		}
		return nil
	}
	_, err := sess.ExecuteWrite(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		for _, st := range stmts {
			res, err := tx.Run(ctx, st.Cypher, st.Params)
			if err != nil {
				return nil, err
			}
			if _, err := res.Consume(ctx); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return err
}

func (d *driverSession) Read(ctx context.Context, st Statement) ([]map[string]any, error) {
	sess := d.session(ctx, neo4j.AccessModeRead)
	defer sess.Close(ctx)
	out, err := sess.ExecuteRead(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, st.Cypher, st.Params)
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		rows := make([]map[string]any, len(recs))
		for i, r := range recs {
			rows[i] = r.AsMap()
		}
		return rows, nil
	})
	if err != nil {
		return nil, err
	}
	return out.([]map[string]any), nil
}

func (d *driverSession) Close(ctx context.Context) error { return d.drv.Close(ctx) }
