// Package fleet spreads a batch over many machines on asynq, a task queue
// on Redis: `heragent batch --queue URL` enqueues one task per repository
// and collects the results; `heragent worker --queue URL` on each machine
// runs them with its own container engine. asynq provides the retries with
// backoff, the dead-letter state (its "archived" tasks) and the recovery of
// a task whose worker died (its lease is no longer extended; another
// worker's recoverer puts it back in the queue).
//
// Results travel back through Redis: the worker stores the result record
// and a tar.gz of the run's small outputs under the batch's keys and
// pushes the job ID on a list the collector blocks on.
package fleet

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/heragent/heragent/batch"
)

// Names in Redis.
const (
	TaskType  = "heragent:run"
	QueueName = "heragent"
	keyTTL    = 7 * 24 * time.Hour // results wait this long for a collector
)

// ErrQueue means the queue's Redis is unreachable or its URL is bad.
var ErrQueue = errors.New("queue unavailable")

func resultsKey(bid string) string        { return "heragent:batch:" + bid + ":results" }
func filesKey(bid, id string) string      { return "heragent:batch:" + bid + ":files:" + id }
func doneKey(bid string) string           { return "heragent:batch:" + bid + ":done" }
func taskID(bid string, id string) string { return bid + ":" + id }

// Payload is a task: one job of one batch with the batch's defaults.
type Payload struct {
	Batch    string        `json:"batch"`
	Job      batch.Job     `json:"job"`
	Level    string        `json:"level,omitempty"`
	Timeout  time.Duration `json:"timeout,omitempty"`
	Args     []string      `json:"args,omitempty"` // batch-wide `heragent run` flags
	Enqueued time.Time     `json:"enqueued"`
}

// Conn is a connection to the queue's Redis.
type Conn struct {
	opt asynq.RedisConnOpt
	rdb redis.UniversalClient
}

// Dial parses a redis://[:password@]host:port[/db] (or rediss://,
// redis-socket://) URL and checks Redis answers.
func Dial(ctx context.Context, url string) (*Conn, error) {
	opt, err := asynq.ParseRedisURI(url)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrQueue, url, err)
	}
	rdb, ok := opt.MakeRedisClient().(redis.UniversalClient)
	if !ok {
		return nil, fmt.Errorf("%w: %s: unsupported connection", ErrQueue, url)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := rdb.Ping(pctx).Err(); err != nil {
		rdb.Close()
		return nil, fmt.Errorf("%w: %s: %v", ErrQueue, url, err)
	}
	return &Conn{opt: opt, rdb: rdb}, nil
}

// Close closes the connection.
func (c *Conn) Close() error { return c.rdb.Close() }

// RunID is the run ID (container label) of a job's attempt: deterministic,
// so whoever knows the batch can find the containers of any attempt.
func RunID(bid, id string, attempt int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%s\x00%d", bid, id, attempt)))
	return hex.EncodeToString(sum[:6])
}

// EnqueueOptions are the batch-wide settings of the tasks.
type EnqueueOptions struct {
	Level    string
	Timeout  time.Duration // per-repository limit (the task's asynq timeout adds a grace period)
	Args     []string
	MaxRetry int
	Rerun    map[string]bool // jobs re-run on purpose (--only status:…): their old task is deleted first
}

// Enqueue adds one task per job. A task that is already queued, running or
// waiting for a retry (same batch and job) is left alone, so enqueueing a
// resumed batch again does not run anything twice.
func (c *Conn) Enqueue(ctx context.Context, bid string, jobs []batch.Job, o EnqueueOptions) (queued int, err error) {
	client := asynq.NewClientFromRedisClient(c.rdb)
	insp := asynq.NewInspectorFromRedisClient(c.rdb)
	for _, j := range jobs {
		limit := time.Duration(j.Timeout)
		if limit <= 0 {
			limit = o.Timeout
		}
		if limit <= 0 {
			limit = 24 * time.Hour
		}
		if o.Rerun[j.ID] {
			if err := insp.DeleteTask(QueueName, taskID(bid, j.ID)); err != nil && !errors.Is(err, asynq.ErrTaskNotFound) && !errors.Is(err, asynq.ErrQueueNotFound) {
				return queued, fmt.Errorf("delete old task of %s: %w", j.ID, err)
			}
			c.rdb.HDel(ctx, resultsKey(bid), j.ID)
		}
		b, err := json.Marshal(Payload{Batch: bid, Job: j, Level: o.Level, Timeout: o.Timeout, Args: o.Args, Enqueued: time.Now().UTC()})
		if err != nil {
			return queued, fmt.Errorf("encode task: %w", err)
		}
		t := asynq.NewTask(TaskType, b)
		_, err = client.EnqueueContext(ctx, t, asynq.TaskID(taskID(bid, j.ID)), asynq.Queue(QueueName),
			asynq.MaxRetry(o.MaxRetry), asynq.Timeout(limit+5*time.Minute))
		switch {
		case errors.Is(err, asynq.ErrTaskIDConflict):
		case err != nil:
			return queued, fmt.Errorf("enqueue %s: %w", j.ID, err)
		default:
			queued++
		}
	}
	return queued, nil
}

// storeResult saves a finished job's record and outputs and wakes the
// collector, in one transaction.
func (c *Conn) storeResult(ctx context.Context, bid string, r batch.Result, files []byte) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode result: %w", err)
	}
	_, err = c.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, filesKey(bid, r.ID), files, keyTTL)
		p.HSet(ctx, resultsKey(bid), r.ID, b)
		p.Expire(ctx, resultsKey(bid), keyTTL)
		p.RPush(ctx, doneKey(bid), r.ID)
		p.Expire(ctx, doneKey(bid), keyTTL)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store result of %s: %w", r.ID, err)
	}
	return nil
}

// result fetches a stored result and its outputs; ok is false when none.
func (c *Conn) result(ctx context.Context, bid, id string) (r batch.Result, files []byte, ok bool, err error) {
	b, err := c.rdb.HGet(ctx, resultsKey(bid), id).Bytes()
	if errors.Is(err, redis.Nil) {
		return r, nil, false, nil
	}
	if err != nil {
		return r, nil, false, fmt.Errorf("read result of %s: %w", id, err)
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, nil, false, fmt.Errorf("read result of %s: %w", id, err)
	}
	files, err = c.rdb.Get(ctx, filesKey(bid, id)).Bytes()
	if err != nil && !errors.Is(err, redis.Nil) {
		return r, nil, false, fmt.Errorf("read outputs of %s: %w", id, err)
	}
	return r, files, true, nil
}

// jobOf splits a task ID into batch and job IDs.
func jobOf(tid string) (bid, id string, ok bool) { return strings.Cut(tid, ":") }
