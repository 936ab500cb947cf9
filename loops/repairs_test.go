package loops

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
)

// A name lookup that failed "temporarily" during setup is retried once,
// unchanged; the same failure after the retry ends the loop with the reason.
func TestTransientNetworkFailureIsRetriedOnce(t *testing.T) {
	defer func(p time.Duration) { retryPause = p }(retryPause)
	retryPause = 0
	log, err := os.ReadFile(filepath.Join("..", "repair", "testdata", "network", "apt-temporary-failure.log"))
	if err != nil {
		t.Fatal(err)
	}
	o := RunOptions{File: bashfile.New(), Repairer: repair.RulesBrain{}}
	o.defaults()
	r := &runner{o: o, cur: state{file: o.File.Clone(), pyr: o.Pyramid.Clone(), longer: map[string]bool{}, skip: map[string]string{}}, start: time.Now(), rep: &report.Report{},
		traj: newTrajectory(io.Discard, nil), seen: map[string]int{}, rejected: map[string]string{}}
	f := repair.Failure{Phase: repair.PhaseSetup, Section: bashfile.Runtimes, ExitCode: 100, Log: string(log)}

	changed, why := r.repair(context.Background(), f)
	if !changed || r.iter != 1 {
		t.Fatalf("first failure: changed=%v iter=%d (%s), want a retry", changed, r.iter, why)
	}
	if got := r.rep.Repairs[0]; got.Action != repair.ActionRetry || got.Diagnosis.Subject != "deb.debian.org" {
		t.Fatalf("repair record %+v", got)
	}
	changed, why = r.repair(context.Background(), f)
	if changed || !strings.Contains(why, "deb.debian.org is unreachable") {
		t.Fatalf("second failure: changed=%v, why %q; want it recorded", changed, why)
	}

	// An interrupted pause is no retry.
	retryPause = time.Hour
	r.tried, r.rep.Repairs = nil, nil
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if changed, _ := r.repair(ctx, f); changed {
		t.Fatal("retried after the context was cancelled")
	}
}
