package loops_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// zlibRepo is a program whose initial Bash File lacks zlib's headers: the
// execution loop must repair it (rules brain), then the feedback loop
// proves all three levels.
func zlibRepo(t *testing.T) (string, *bashfile.File, *pyramid.Pyramid) {
	repo := testrepo.Write(t, map[string]string{
		"crc.c": `#include <stdio.h>
#include <string.h>
#include <zlib.h>
int main(int argc, char **argv) {
    const char *s = argc > 1 ? argv[1] : "hello";
    printf("crc32(%s) = %lu\n", s, crc32(0L, (const unsigned char *)s, strlen(s)));
    return 0;
}
`,
		"Makefile": "crc: crc.c\n\tcc -o crc crc.c -lz\ncheck: crc\n\t./crc hello | grep -q 907060870 && echo '1 passed, 0 failed'\n",
	})
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.AddPackages(bashfile.Base, why, "gcc", "libc6-dev", "make")
	f.Append(bashfile.Build, "make crc", why)
	p := &pyramid.Pyramid{}
	p.Add(pyramid.Command{Text: "make crc", Bucket: pyramid.Build, Reason: "builds the program"})
	p.Add(pyramid.Command{Text: "make check", Bucket: pyramid.Unit, Reason: "runs the test"})
	p.Add(pyramid.Command{Text: "./crc heragent", Bucket: pyramid.Entry, Reason: "runs the program", Expect: []string{`crc32\(heragent\) = \d+`}})
	return repo, f, p
}

func TestRunRepairsAndReachesRunnable(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	certs, _ := sandbox.HostCACerts()
	repo, f, p := zlibRepo(t)
	out := filepath.Join(t.TempDir(), "out")
	brain := repair.RulesBrain{Index: repair.MapIndex{Headers: map[string][]string{"zlib.h": {"zlib1g-dev"}}}}
	var events []report.Event
	opts := loops.RunOptions{Repo: repo, Out: out, Image: enginetest.Image(), CACerts: certs, File: f, Pyramid: p, Repairer: brain,
		MaxTime: 15 * time.Minute, Progress: func(e report.Event) { events = append(events, e) }}
	opts.RunID = sandbox.NewRunID()
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: opts.RunID}) })
	rep, err := loops.Run(context.Background(), loops.Docker(e), opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Level != pyramid.Runnable {
		t.Fatalf("level %s: %s\n%s", rep.Level, rep.WhyNotHigher, rep.Markdown())
	}
	if len(rep.Repairs) == 0 || rep.Repairs[0].Diagnosis.Kind != repair.MissingHeader || rep.Iterations != 1 {
		t.Fatalf("expected one missing-header repair, got %+v", rep.Repairs)
	}
	if rep.Tests.Passed != 1 || rep.Runnable != "./crc heragent" {
		t.Fatalf("tests %+v runnable %q", rep.Tests, rep.Runnable)
	}
	for _, name := range []string{"setup.sh", "Dockerfile", "entrypoint.sh", "pyramid.json", "report.json", "report.md", "report.html", "trajectory.jsonl", "logs/setup-00.log"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("missing output %s: %v", name, err)
		}
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "zlib1g-dev") {
		t.Fatalf("repair not in setup.sh:\n%s", setup)
	}
	if _, err := bashfile.Parse(string(setup)); err != nil {
		t.Fatalf("exported setup.sh does not parse: %v", err)
	}
	var fromJSON report.Report
	b, _ := os.ReadFile(filepath.Join(out, "report.json"))
	if err := json.Unmarshal(b, &fromJSON); err != nil || fromJSON.Level != pyramid.Runnable {
		t.Fatalf("report.json: %v %s", err, fromJSON.Level)
	}
	if len(events) == 0 {
		t.Fatal("no progress events")
	}
	if matches, _ := filepath.Glob(out + ".partial-*"); len(matches) != 0 {
		t.Fatalf("staging directories left: %v", matches)
	}

	// The exported Dockerfile, built from scratch, reproduces the level.
	v, err := loops.Verify(context.Background(), loops.Docker(e), out, loops.VerifyOptions{CACerts: certs})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Match || v.Reproduced != pyramid.Runnable || len(v.Commands) != 2 {
		t.Fatalf("verify: %+v", v)
	}

	// A second run of the repaired script starts from the checkpoint after
	// the runtimes (where the repair put zlib1g-dev; the build is never
	// committed).
	opts.File, _ = bashfile.Parse(string(setup))
	opts.Progress = nil
	rep2, err := loops.Run(context.Background(), loops.Docker(e), opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep2.Level != pyramid.Runnable || rep2.Setup[0].FromCheckpoint != string(bashfile.Runtimes) {
		t.Fatalf("second run: level %s, setup %+v", rep2.Level, rep2.Setup)
	}
}

func TestRunInterruptedLeavesNothing(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	repo, _, p := zlibRepo(t)
	f := bashfile.New()
	f.Append(bashfile.Build, "sleep 600")
	out := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{}, 1)
	runID := sandbox.NewRunID()
	opts := loops.RunOptions{Repo: repo, Out: out, Image: enginetest.Image(), File: f, Pyramid: p, Repairer: repair.RulesBrain{},
		NoCheckpoints: true, RunID: runID, Progress: func(ev report.Event) {
			if ev.Phase == "setup" {
				select {
				case started <- struct{}{}:
				default:
				}
			}
		}}
	go func() { <-started; time.Sleep(2 * time.Second); cancel() }()
	_, err := loops.Run(ctx, loops.Docker(e), opts)
	if err == nil {
		t.Fatal("interrupted run returned no error")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("output directory exists after interruption: %v", err)
	}
	if matches, _ := filepath.Glob(out + ".partial-*"); len(matches) != 0 {
		t.Fatalf("staging directories left: %v", matches)
	}
	if ids, _ := e.Containers(context.Background(), runID); len(ids) != 0 {
		t.Fatalf("containers left after interruption: %v", ids)
	}
}

// TestRunToleratesAFewFailuresAndProbesBuiltPrograms: a suite with one
// failing test of twenty no repair can fix still proves Testable (listed
// in the report), and a program the build made that the pyramid does not
// know proves Runnable; verify reproduces both.
func TestRunToleratesAFewFailuresAndProbesBuiltPrograms(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	certs, _ := sandbox.HostCACerts()
	repo := testrepo.Write(t, map[string]string{
		"check.sh": "echo 1..20\nfor i in $(seq 1 19); do echo \"ok $i - case $i\"; done\necho 'not ok 20 - needs a network'\nexit 1\n",
	})
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	f.Append(bashfile.Build, "cp /bin/cat ./mytool", why) // an ELF program the checkout does not contain
	p := &pyramid.Pyramid{}
	p.Add(pyramid.Command{Text: "sh check.sh", Bucket: pyramid.Unit, Reason: "runs the tests"})
	out := filepath.Join(t.TempDir(), "out")
	opts := loops.RunOptions{Repo: repo, Out: out, Image: enginetest.Image(), CACerts: certs, File: f, Pyramid: p,
		Repairer: repair.RulesBrain{}, MaxTime: 10 * time.Minute, RunID: sandbox.NewRunID()}
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: opts.RunID}) })
	rep, err := loops.Run(context.Background(), loops.Docker(e), opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Level != pyramid.Runnable || rep.Tests.Passed != 19 || rep.Tests.Failed != 1 {
		t.Fatalf("level %s tests %+v: %s\n%s", rep.Level, rep.Tests, rep.WhyNotHigher, rep.Markdown())
	}
	if !strings.HasSuffix(rep.Runnable, "timeout 10 ./mytool") {
		t.Fatalf("runnable %q, want the built program on stdin", rep.Runnable)
	}
	tolerated := false
	for _, c := range rep.Commands {
		tolerated = tolerated || c.Tolerated && c.Text == "sh check.sh"
	}
	if !tolerated {
		t.Fatalf("the suite was not recorded as tolerated: %+v", rep.Commands)
	}
	v, err := loops.Verify(context.Background(), loops.Docker(e), out, loops.VerifyOptions{CACerts: certs})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Match || v.Reproduced != pyramid.Runnable {
		t.Fatalf("verify: %+v", v)
	}
}

// TestRunAsUserWhenTheSuiteRefusesRoot: a suite that refuses root is run
// as the unprivileged user the repaired Bash File creates, in the run and
// in verify.
func TestRunAsUserWhenTheSuiteRefusesRoot(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	certs, _ := sandbox.HostCACerts()
	repo := testrepo.Write(t, map[string]string{
		"check.sh": "if [ \"$(id -u)\" = 0 ]; then echo 'The test suite cannot be run as root.'; exit 1; fi\n" +
			"touch owned-by-me && echo 1..1 && echo 'ok 1 - works as '\"$(id -un)\"\n",
	})
	f := bashfile.New()
	f.Append(bashfile.Build, "true", bashfile.Provenance{Source: "test"})
	p := &pyramid.Pyramid{}
	p.Add(pyramid.Command{Text: "sh check.sh", Bucket: pyramid.Unit, Reason: "runs the tests"})
	out := filepath.Join(t.TempDir(), "out")
	opts := loops.RunOptions{Repo: repo, Out: out, Image: enginetest.Image(), CACerts: certs, File: f, Pyramid: p,
		Repairer: repair.RulesBrain{}, Target: pyramid.Testable, MaxTime: 10 * time.Minute, RunID: sandbox.NewRunID()}
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{Checkpoints: true, RunID: opts.RunID}) })
	rep, err := loops.Run(context.Background(), loops.Docker(e), opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Level != pyramid.Testable || rep.Tests.Passed != 1 || len(rep.Repairs) != 1 || rep.Repairs[0].Action != repair.ActionRunAsUser {
		t.Fatalf("level %s tests %+v repairs %+v: %s\n%s", rep.Level, rep.Tests, rep.Repairs, rep.WhyNotHigher, rep.Markdown())
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	if !strings.Contains(string(setup), "useradd") {
		t.Fatalf("setup.sh does not create the user:\n%s", setup)
	}
	v, err := loops.Verify(context.Background(), loops.Docker(e), out, loops.VerifyOptions{CACerts: certs})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Match || v.Reproduced != pyramid.Testable {
		t.Fatalf("verify: %+v", v)
	}
}
