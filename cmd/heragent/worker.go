package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/fleet"
	"github.com/heragent/heragent/sandbox"
)

func newWorkerCmd(g *globals) *cobra.Command {
	var (
		queue, work string
		concurrency int
		retryDelay  time.Duration
		runArgs     []string
	)
	cmd := &cobra.Command{
		Use:   "worker --queue URL",
		Short: "Run the repositories a distributed batch enqueued (one worker per machine)",
		Long: `worker takes repositories that 'heragent batch --queue URL' enqueued and
runs each as 'heragent run' with this machine's container engine, sending
the record and the small outputs back through the queue. A failed run
(environment error, crash, timeout) is retried with exponential backoff, on
any worker; after --max-retries of the batch it is dead. A task held by a
worker that dies is taken over by another worker once its lease expires
(about 1-2 minutes). SIGINT/SIGTERM stop the runs in progress (their
containers are removed) and put their repositories back in the queue.`,
		Example: `  heragent worker --queue redis://queue-host:6379 --jobs 2`,
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if queue == "" {
				return usageError(errors.New("--queue is required"))
			}
			e, err := sandbox.Connect(ctx)
			if err != nil {
				return envError(err)
			}
			e.Close()
			c, err := fleet.Dial(ctx, queue)
			if err != nil {
				return envError(err)
			}
			defer c.Close()
			name := workerName()
			if !g.json {
				fmt.Fprintf(cmd.ErrOrStderr(), "worker %s: taking tasks from %s, %d at a time\n", name, queue, concurrency)
			}
			return fleet.Serve(ctx, c, fleet.WorkerOptions{
				Concurrency: concurrency, WorkDir: work, RetryDelay: retryDelay, Name: name,
				Runner: batch.ExecRunner{Args: runArgs},
				Started: func(p fleet.Payload, attempt int) {
					if g.json {
						json.NewEncoder(cmd.ErrOrStderr()).Encode(map[string]any{"kind": "start", "batch": p.Batch, "id": p.Job.ID, "attempt": attempt})
						return
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "started %s (batch %s, attempt %d)\n", p.Job.ID, p.Batch, attempt)
				},
			})
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&queue, "queue", "", "the Redis of the batch: redis://[:password@]host:port[/db]")
	fl.IntVarP(&concurrency, "jobs", "j", 1, "repositories run at once on this machine")
	fl.IntVar(&concurrency, "concurrency", 1, "old spelling of --jobs")
	hideAliases(cmd, "concurrency")
	fl.StringVar(&work, "work", "", "directory for run outputs before they are sent (default a temporary directory)")
	fl.DurationVar(&retryDelay, "retry-delay", 30*time.Second, "first retry delay of a failed repository; doubles per retry up to 32x")
	fl.StringArrayVar(&runArgs, "run-arg", nil, "flag passed to every 'heragent run' on this machine (repeatable), e.g. --run-arg=--image=REF")
	return cmd
}
