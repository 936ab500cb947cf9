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
	"github.com/heragent/heragent/pyramid"
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
	r := &runner{o: o, file: o.File.Clone(), start: time.Now(), rep: &report.Report{}, traj: newTrajectory(io.Discard, nil),
		seen: map[string]int{}, skip: map[string]string{}, longer: map[string]bool{}}
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

func TestEvidenceOf(t *testing.T) {
	for _, tc := range []struct {
		c    pyramid.Command
		want string
	}{
		{pyramid.Command{Text: "./jq . file.json", Why: []pyramid.Provenance{{Source: "docs"}}}, "documented"},
		{pyramid.Command{Text: "./app", Why: []pyramid.Provenance{{Source: "user"}}, Expect: []string{"ok"}}, "goal"},
		{pyramid.Command{Text: "cc … && /tmp/heragent-consumer", Synth: true, Expect: []string{"[0-9]"}, Reason: "compiles a program"}, "probe"},
		{pyramid.Command{Text: "./tool --version", Synth: true, Reason: "last resort: asks the program for its version"}, "last_resort"},
	} {
		if got := evidenceOf(tc.c); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.c.Text, got, tc.want)
		}
	}
}
