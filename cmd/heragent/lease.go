package main

import (
	"errors"
	"fmt"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/sandbox"
)

// hold takes what a command keeps for its whole life: the lock on the
// output directory it writes (out; none when empty) and the lease of its
// run, which tells `heragent gc` the run is going. release gives them back
// (a deferred call: Ctrl-C included; after kill -9 the lease names a dead
// process and the kernel drops the lock).
func hold(say func(string), runID, command, out string) (release func(), err error) {
	var lock *loops.OutLock
	partial := ""
	if out != "" {
		if lock, err = loops.LockOut(out); err != nil {
			var busy *loops.OutBusyError
			if errors.As(err, &busy) {
				return nil, usageError(err)
			}
			return nil, envError(err)
		}
		for _, p := range lock.Stale {
			say(fmt.Sprintf("removed %s, the partial output of a run that is gone", p))
		}
		if command == "run" {
			partial = loops.StagePath(out, runID)
		}
	}
	lease, err := sandbox.TakeLease(runID, command, partial)
	if err != nil {
		lock.Unlock()
		return nil, envError(err)
	}
	return func() {
		lease.Release()
		lock.Unlock()
	}, nil
}
