// Package neo4jstore is the graph.Store backend on Neo4j 5, through the
// official neo4j-go-driver/v5. Every statement is a constant Cypher text
// with parameters: repository names, IDs, owners and property values are
// never written into Cypher. The only words composed into statements are
// node labels and relationship types, and only after checking them against
// the closed lists graph.AllLabels / graph.AllEdgeTypes.
//
// Layout: every node carries the label HNode plus its schema label and the
// system properties _uid (unique: JSON of [repo, id]), _repo, _id, _owner,
// _label; relationships carry _repo and _owner. Several repositories share
// one database. Writes are batched with UNWIND, one transaction per Apply.
package neo4jstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/heragent/heragent/graph"
)

// Config locates the server.
type Config struct {
	URI, User, Password string
	Database            string // "" for the server's default database
	BatchSize           int    // rows per UNWIND statement (default 1000)
}

// Statement is one parameterised Cypher statement. AutoCommit statements
// (schema changes, CALL … IN TRANSACTIONS) run in their own implicit
// transaction; a Write call holds either only AutoCommit statements or
// none.
type Statement struct {
	Cypher     string
	Params     map[string]any
	AutoCommit bool
}

// Session is the narrow interface the store needs from the driver; tests
// substitute a fake that records statements.
type Session interface {
	// Write runs the statements in one write transaction.
	Write(ctx context.Context, stmts []Statement) error
	// Read runs one statement and returns its records as maps.
	Read(ctx context.Context, st Statement) ([]map[string]any, error)
	Close(ctx context.Context) error
}

// Store is the Neo4j backend.
type Store struct {
	s     Session
	batch int
}

var _ graph.Store = (*Store)(nil)

// Open connects, verifies connectivity and creates the constraints.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	drv, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.User, cfg.Password, ""))
	if err != nil {
		return nil, fmt.Errorf("connect to neo4j: %w", err)
	}
	if err := drv.VerifyConnectivity(ctx); err != nil {
		drv.Close(ctx)
		return nil, fmt.Errorf("connect to neo4j %s: %w", cfg.URI, err)
	}
	return New(ctx, &driverSession{drv: drv, db: cfg.Database}, cfg.BatchSize)
}

// New wraps a Session (a driver or a fake) and ensures the schema.
func New(ctx context.Context, s Session, batch int) (*Store, error) {
	if batch <= 0 {
		batch = 1000
	}
	st := &Store{s: s, batch: batch}
	if err := s.Write(ctx, schemaStatements()); err != nil {
		return nil, fmt.Errorf("create neo4j constraints: %w", err)
	}
	return st, nil
}

func schemaStatements() []Statement {
	st := []Statement{
		{Cypher: "CREATE CONSTRAINT heragent_node_uid IF NOT EXISTS FOR (n:HNode) REQUIRE n._uid IS UNIQUE", AutoCommit: true},
		{Cypher: "CREATE INDEX heragent_node_repo IF NOT EXISTS FOR (n:HNode) ON (n._repo)", AutoCommit: true},
		{Cypher: "CREATE INDEX heragent_node_repo_label IF NOT EXISTS FOR (n:HNode) ON (n._repo, n._label)", AutoCommit: true},
		{Cypher: "CREATE INDEX heragent_node_repo_owner IF NOT EXISTS FOR (n:HNode) ON (n._repo, n._owner)", AutoCommit: true},
	}
	// Relationship indexes are per type in Neo4j; the types come from the
	// schema's closed list.
	for _, t := range graph.AllEdgeTypes {
		st = append(st, Statement{Cypher: "CREATE INDEX heragent_rel_owner_" + strings.ToLower(string(t)) +
			" IF NOT EXISTS FOR ()-[r:" + string(t) + "]-() ON (r._repo, r._owner)", AutoCommit: true})
	}
	return st
}

func uid(repo, id string) string {
	b, _ := json.Marshal([]string{repo, id})
	return string(b)
}

// allLabelsClause is ":Repository:Directory:…", built from the schema list.
func allLabelsClause() string {
	var b strings.Builder
	for _, l := range graph.AllLabels {
		b.WriteString(":" + string(l))
	}
	return b.String()
}

// Apply implements graph.Store.
func (s *Store) Apply(ctx context.Context, repo string, b graph.Batch) error {
	if repo == "" {
		return fmt.Errorf("apply batch: empty repository name")
	}
	var stmts []Statement
	if len(b.DeleteOwners) > 0 {
		for _, t := range graph.AllEdgeTypes { // typed patterns use the per-type indexes
			stmts = append(stmts, Statement{
				Cypher: "UNWIND $owners AS o MATCH ()-[r:" + string(t) + " {_repo: $repo, _owner: o}]->() DELETE r",
				Params: map[string]any{"repo": repo, "owners": b.DeleteOwners}})
		}
		stmts = append(stmts, Statement{
			Cypher: "UNWIND $owners AS o MATCH (n:HNode {_repo: $repo, _owner: o}) SET n = {_uid: n._uid, _repo: n._repo, _id: n._id} REMOVE n" + allLabelsClause(),
			Params: map[string]any{"repo": repo, "owners": b.DeleteOwners}})
	}
	byLabel := map[graph.Label][]any{}
	for _, n := range b.Nodes {
		if !graph.ValidLabel(n.Label) {
			return fmt.Errorf("apply batch: invalid label %q", n.Label)
		}
		p, err := graph.Normalize(n.Props)
		if err != nil {
			return fmt.Errorf("apply batch: node %s: %w", n.ID, err)
		}
		row := map[string]any{}
		for k, v := range p {
			if strings.HasPrefix(k, "_") {
				return fmt.Errorf("apply batch: node %s: property %q is reserved", n.ID, k)
			}
			row[k] = v
		}
		row["_uid"], row["_repo"], row["_id"], row["_owner"], row["_label"] = uid(repo, n.ID), repo, n.ID, n.Owner, string(n.Label)
		byLabel[n.Label] = append(byLabel[n.Label], map[string]any{"uid": row["_uid"], "props": row})
	}
	for _, l := range graph.AllLabels {
		rows := byLabel[l]
		for i := 0; i < len(rows); i += s.batch {
			j := min(i+s.batch, len(rows))
			stmts = append(stmts, Statement{
				Cypher: "UNWIND $rows AS r MERGE (n:HNode {_uid: r.uid}) SET n = r.props SET n:" + string(l),
				Params: map[string]any{"rows": rows[i:j]}})
		}
	}
	byType := map[graph.EdgeType][]any{}
	for _, e := range b.Edges {
		if !graph.ValidEdgeType(e.Type) {
			return fmt.Errorf("apply batch: invalid edge type %q", e.Type)
		}
		byType[e.Type] = append(byType[e.Type], map[string]any{
			"from": uid(repo, e.From), "fromId": e.From, "to": uid(repo, e.To), "toId": e.To, "owner": e.Owner})
	}
	for _, t := range graph.AllEdgeTypes {
		rows := byType[t]
		for i := 0; i < len(rows); i += s.batch {
			j := min(i+s.batch, len(rows))
			stmts = append(stmts, Statement{
				Cypher: "UNWIND $rows AS r " +
					"MERGE (a:HNode {_uid: r.from}) ON CREATE SET a._repo = $repo, a._id = r.fromId " +
					"MERGE (b:HNode {_uid: r.to}) ON CREATE SET b._repo = $repo, b._id = r.toId " +
					"MERGE (a)-[e:" + string(t) + "]->(b) SET e._repo = $repo, e._owner = r.owner",
				Params: map[string]any{"repo": repo, "rows": rows[i:j]}})
		}
	}
	if len(stmts) == 0 {
		return nil
	}
	stmts = append(stmts, Statement{
		Cypher: "MATCH (n:HNode {_repo: $repo}) WHERE n._label IS NULL AND NOT EXISTS { (n)--() } DELETE n",
		Params: map[string]any{"repo": repo}})
	if err := s.s.Write(ctx, stmts); err != nil {
		return fmt.Errorf("write batch to neo4j: %w", err)
	}
	return nil
}

// Nodes implements graph.Store.
func (s *Store) Nodes(ctx context.Context, repo string, q graph.NodeQuery) ([]graph.Node, error) {
	where := []string{"n._repo = $repo", "n._label IS NOT NULL"}
	params := map[string]any{"repo": repo}
	if q.Label != "" {
		where = append(where, "n._label = $label")
		params["label"] = string(q.Label)
	}
	if len(q.IDs) > 0 {
		where = append(where, "n._id IN $ids")
		params["ids"] = q.IDs
	}
	if q.Owner != nil {
		where = append(where, "n._owner = $owner")
		params["owner"] = *q.Owner
	}
	var pk, pv []any
	for k, v := range q.Props {
		if strings.HasPrefix(k, "_") {
			return nil, fmt.Errorf("query nodes: property %q is reserved", k)
		}
		pk, pv = append(pk, k), append(pv, v)
	}
	if len(pk) > 0 {
		where = append(where, "all(i IN range(0, size($pkeys) - 1) WHERE n[$pkeys[i]] = $pvals[i])")
		params["pkeys"], params["pvals"] = pk, pv
	}
	recs, err := s.s.Read(ctx, Statement{
		Cypher: "MATCH (n:HNode) WHERE " + strings.Join(where, " AND ") + " RETURN properties(n) AS p ORDER BY n._id",
		Params: params})
	if err != nil {
		return nil, fmt.Errorf("query nodes: %w", err)
	}
	return recordsToNodes(recs)
}

func recordsToNodes(recs []map[string]any) ([]graph.Node, error) {
	out := make([]graph.Node, 0, len(recs))
	for _, r := range recs {
		raw, _ := r["p"].(map[string]any)
		n := graph.Node{}
		props := map[string]any{}
		for k, v := range raw {
			switch k {
			case "_id":
				n.ID, _ = v.(string)
			case "_label":
				l, _ := v.(string)
				n.Label = graph.Label(l)
			case "_owner":
				n.Owner, _ = v.(string)
			case "_uid", "_repo":
			default:
				props[k] = v
			}
		}
		p, err := graph.Normalize(props)
		if err != nil {
			return nil, err
		}
		n.Props = p
		out = append(out, n)
	}
	return out, nil
}

// Edges implements graph.Store.
func (s *Store) Edges(ctx context.Context, repo string, q graph.EdgeQuery) ([]graph.Edge, error) {
	where := []string{"r._repo = $repo"}
	params := map[string]any{"repo": repo}
	rel := "[r]"
	if q.Type != "" {
		if !graph.ValidEdgeType(q.Type) {
			return nil, fmt.Errorf("query edges: invalid edge type %q", q.Type)
		}
		rel = "[r:" + string(q.Type) + "]"
	}
	if q.From != "" {
		where = append(where, "a._uid = $from")
		params["from"] = uid(repo, q.From)
	}
	if q.To != "" {
		where = append(where, "b._uid = $to")
		params["to"] = uid(repo, q.To)
	}
	recs, err := s.s.Read(ctx, Statement{
		Cypher: "MATCH (a:HNode)-" + rel + "->(b:HNode) WHERE " + strings.Join(where, " AND ") +
			" RETURN a._id AS f, type(r) AS t, b._id AS o, r._owner AS w ORDER BY f, t, o",
		Params: params})
	if err != nil {
		return nil, fmt.Errorf("query edges: %w", err)
	}
	out := make([]graph.Edge, 0, len(recs))
	for _, r := range recs {
		e := graph.Edge{}
		e.From, _ = r["f"].(string)
		t, _ := r["t"].(string)
		e.Type = graph.EdgeType(t)
		e.To, _ = r["o"].(string)
		e.Owner, _ = r["w"].(string)
		out = append(out, e)
	}
	return out, nil
}

// SearchText implements graph.Store.
func (s *Store) SearchText(ctx context.Context, repo, query string, limit int) ([]graph.Node, error) {
	if limit <= 0 {
		limit = 50
	}
	terms := strings.Fields(strings.ToLower(query))
	if len(terms) == 0 {
		return nil, nil
	}
	recs, err := s.s.Read(ctx, Statement{
		Cypher: "MATCH (n:HNode) WHERE n._repo = $repo AND n._label IS NOT NULL AND n.text IS NOT NULL " +
			"WITH n, toLower(n.text) AS t WHERE all(term IN $terms WHERE t CONTAINS term) " +
			"WITH n, reduce(s = 0, term IN $terms | s + size(split(t, term)) - 1) AS score " +
			"RETURN properties(n) AS p ORDER BY score DESC, n._id LIMIT $limit",
		Params: map[string]any{"repo": repo, "terms": terms, "limit": int64(limit)}})
	if err != nil {
		return nil, fmt.Errorf("search text: %w", err)
	}
	return recordsToNodes(recs)
}

// Counts implements graph.Store.
func (s *Store) Counts(ctx context.Context, repo string) (graph.Counts, error) {
	c := graph.Counts{Nodes: map[graph.Label]int{}, Edges: map[graph.EdgeType]int{}}
	recs, err := s.s.Read(ctx, Statement{
		Cypher: "MATCH (n:HNode) WHERE n._repo = $repo AND n._label IS NOT NULL RETURN n._label AS k, count(*) AS c",
		Params: map[string]any{"repo": repo}})
	if err != nil {
		return c, fmt.Errorf("count nodes: %w", err)
	}
	for _, r := range recs {
		k, _ := r["k"].(string)
		n, _ := r["c"].(int64)
		c.Nodes[graph.Label(k)] = int(n)
	}
	recs, err = s.s.Read(ctx, Statement{
		Cypher: "MATCH (:HNode)-[r]->(:HNode) WHERE r._repo = $repo RETURN type(r) AS k, count(*) AS c",
		Params: map[string]any{"repo": repo}})
	if err != nil {
		return c, fmt.Errorf("count edges: %w", err)
	}
	for _, r := range recs {
		k, _ := r["k"].(string)
		n, _ := r["c"].(int64)
		c.Edges[graph.EdgeType(k)] = int(n)
	}
	return c, nil
}

// Repositories implements graph.Store.
func (s *Store) Repositories(ctx context.Context) ([]string, error) {
	recs, err := s.s.Read(ctx, Statement{Cypher: "MATCH (n:HNode) WHERE n._label IS NOT NULL RETURN DISTINCT n._repo AS r ORDER BY r"})
	if err != nil {
		return nil, fmt.Errorf("list repositories: %w", err)
	}
	var out []string
	for _, r := range recs {
		if s, ok := r["r"].(string); ok {
			out = append(out, s)
		}
	}
	return out, nil
}

// DeleteRepository implements graph.Store.
func (s *Store) DeleteRepository(ctx context.Context, repo string) error {
	// Batched so a large repository does not need one huge transaction.
	if err := s.s.Write(ctx, []Statement{{
		Cypher:     "MATCH (n:HNode {_repo: $repo}) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS",
		Params:     map[string]any{"repo": repo},
		AutoCommit: true,
	}}); err != nil {
		return fmt.Errorf("delete repository: %w", err)
	}
	return nil
}

// Close implements graph.Store.
func (s *Store) Close() error { return s.s.Close(context.Background()) }
