package fleet

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/heragent/heragent/batch"
)

// CollectOptions configures Collect.
type CollectOptions struct {
	Batch   string
	Jobs    []batch.Job // the jobs whose records are awaited
	Dir     batch.Dir
	Tracker *batch.Tracker
	Poll    time.Duration // how often queue states are read (default 2s)
	Once    bool          // only take the results already stored, then return
}

// Collect writes each awaited job's record (and unpacks its outputs) into
// the batch directory as workers report them, and a "dead" record for a
// task asynq archived after its last retry. It returns when every awaited
// job has a record, or with ctx's error; the records written so far stay.
func (c *Conn) Collect(ctx context.Context, o CollectOptions) error {
	if o.Poll <= 0 {
		o.Poll = 2 * time.Second
	}
	pending := map[string]batch.Job{}
	for _, j := range o.Jobs {
		pending[j.ID] = j
	}
	active := map[string]bool{}
	insp := asynq.NewInspectorFromRedisClient(c.rdb)
	take := func(id string) error {
		j, ok := pending[id]
		if !ok {
			return nil
		}
		r, files, ok, err := c.result(ctx, o.Batch, id)
		if err != nil || !ok {
			return err
		}
		if err := c.write(o.Dir, r, files); err != nil {
			return err
		}
		delete(pending, id)
		if o.Tracker != nil {
			o.Tracker.Finish(j, r, active[id])
		}
		delete(active, id)
		return nil
	}
	if o.Once {
		for id := range pending {
			if err := take(id); err != nil {
				return err
			}
		}
		return nil
	}
	lastPoll := time.Time{}
	for len(pending) > 0 {
		if time.Since(lastPoll) >= o.Poll {
			lastPoll = time.Now()
			for id := range pending { // results that arrived while no collector listened
				if err := take(id); err != nil {
					return err
				}
			}
			if err := c.pollStates(o, insp, pending, active); err != nil {
				return err
			}
			continue
		}
		v, err := c.rdb.BLPop(ctx, time.Second, doneKey(o.Batch)).Result()
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, redis.Nil):
		case err != nil:
			return fmt.Errorf("wait for results: %w", err)
		default:
			if err := take(v[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// write saves a collected record and its outputs into the batch directory.
func (c *Conn) write(d batch.Dir, r batch.Result, files []byte) error {
	hasOut, err := unpack(files, d.RepoOut(r.ID), d.LogPath(r.ID))
	if err != nil {
		return err
	}
	r.Out, r.Log = "", "logs/"+r.ID+".log"
	if hasOut {
		r.Out = "repos/" + r.ID
	}
	r.Collected = time.Now().UTC()
	return d.Save(r)
}

// pollStates reads which of the batch's tasks run (for the progress line)
// and records the ones asynq archived as dead letters.
func (c *Conn) pollStates(o CollectOptions, insp *asynq.Inspector, pending map[string]batch.Job, active map[string]bool) error {
	running := 0
	for page := 1; ; page++ {
		ts, err := insp.ListActiveTasks(QueueName, asynq.PageSize(500), asynq.Page(page))
		if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
			return fmt.Errorf("list running tasks: %w", err)
		}
		for _, t := range ts {
			if bid, id, _ := jobOf(t.ID); bid == o.Batch {
				if j, ok := pending[id]; ok {
					running++
					if !active[id] && o.Tracker != nil {
						o.Tracker.Start(j)
					}
					active[id] = true
				}
			}
		}
		if len(ts) < 500 {
			break
		}
	}
	for page := 1; ; page++ {
		ts, err := insp.ListArchivedTasks(QueueName, asynq.PageSize(500), asynq.Page(page))
		if err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
			return fmt.Errorf("list dead tasks: %w", err)
		}
		for _, t := range ts {
			bid, id, _ := jobOf(t.ID)
			j, ok := pending[id]
			if bid != o.Batch || !ok {
				continue
			}
			if _, _, stored, _ := c.result(context.Background(), o.Batch, id); stored {
				continue // its worker recorded it; the result list will deliver it
			}
			now := time.Now().UTC()
			r := batch.Result{ID: id, Repo: j.Reference(), Status: batch.StatusDead, ExitCode: -1, Target: j.Level,
				Error: fmt.Sprintf("failed %d times, last: %s", t.Retried+1, t.LastErr), Attempts: t.Retried + 1,
				Started: t.LastFailedAt.UTC(), Finished: t.LastFailedAt.UTC(), Collected: now}
			if err := o.Dir.Save(r); err != nil {
				return err
			}
			delete(pending, id)
			if o.Tracker != nil {
				o.Tracker.Finish(j, r, active[id])
			}
			delete(active, id)
		}
		if len(ts) < 500 {
			break
		}
	}
	return nil
}
