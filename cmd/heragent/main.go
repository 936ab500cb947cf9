// Command heragent turns a source repository into a verified, reproducible
// environment: a setup script, a Dockerfile and the commands that prove the
// repository builds, tests and runs.
//
// Exit codes:
//
//	0  success
//	1  the run finished below the asked maturity level
//	2  usage or input error (bad flag, nonexistent path, a file instead of a directory,
//	   an --out another run is writing)
//	3  environment error (no container engine, missing base image, not root)
//	130 interrupted (Ctrl-C / SIGTERM); every container it started is removed
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes the command line and maps its error to an exit code.
func run(ctx context.Context, args []string) int {
	root := newRootCmd()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "heragent: interrupted")
		return ExitInterrupted
	}
	fmt.Fprintln(os.Stderr, "heragent: "+oneLine(err.Error()))
	return exitCode(err)
}
