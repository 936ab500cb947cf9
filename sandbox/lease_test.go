package sandbox

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/outmark"
)

// parent is a live process that is not this one: the test runner's.
func parent(t *testing.T) Owner {
	t.Helper()
	o := Owner{Host: Self().Host, PID: os.Getppid()}
	st, err := procStat(o.PID)
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	o.Start = st.start
	return o
}

// exited is the owner of a process that ran and was reaped.
func exited(t *testing.T) Owner {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return Owner{Host: Self().Host, PID: cmd.Process.Pid, Start: 1}
}

// zombie is the owner of a process that exited and is not reaped yet, as a
// kill -9'd heragent is until its parent waits.
func zombie(t *testing.T) Owner {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Wait() })
	for range 200 {
		if st, err := procStat(cmd.Process.Pid); err == nil && st.state == 'Z' {
			return Owner{Host: Self().Host, PID: cmd.Process.Pid, Start: st.start}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the child never became a zombie")
	return Owner{}
}

func TestOwnerAlive(t *testing.T) {
	live := parent(t)
	reused := live
	reused.Start++
	tests := []struct {
		name  string
		owner Owner
		alive bool
		why   string
	}{
		{"running process", live, true, "is running"},
		{"this process", Self(), true, "is running"},
		{"process gone", exited(t), false, "is gone"},
		{"process exited, not reaped", zombie(t), false, "has exited"},
		{"pid reused by another process", reused, false, "another process now"},
		{"another host", Owner{Host: "elsewhere.example", PID: 1, Start: 5}, true, "host elsewhere.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alive, why := tt.owner.Alive()
			if alive != tt.alive || !strings.Contains(why, tt.why) {
				t.Fatalf("Alive() = %v %q, want %v and %q", alive, why, tt.alive, tt.why)
			}
		})
	}
}

func TestOwnerLabelRoundTrip(t *testing.T) {
	o := Owner{Host: "build-7.example", PID: 4711, Start: 123456}
	got, ok := ParseOwner(o.String())
	if !ok || got != o {
		t.Fatalf("ParseOwner(%q) = %+v %v", o.String(), got, ok)
	}
	for _, bad := range []string{"", "host/12", "host/x/1", "/12/1", "host/0/1"} {
		if _, ok := ParseOwner(bad); ok {
			t.Errorf("ParseOwner(%q) accepted", bad)
		}
	}
}

func TestLeaseTakeReadRelease(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	l, err := TakeLease("run/1", "exec", "")
	if err != nil {
		t.Fatal(err)
	}
	ls, err := Leases()
	if err != nil || len(ls["run/1"]) != 1 || ls["run/1"][0].Owner != Self() {
		t.Fatalf("Leases() = %+v, %v", ls, err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(); err != nil {
		t.Fatalf("second release: %v", err)
	}
	if ls, _ := Leases(); len(ls) != 0 {
		t.Fatalf("lease left after release: %+v", ls)
	}
}

func TestGCJudge(t *testing.T) {
	live, dead := parent(t), exited(t)
	reused := live
	reused.Start++
	other := Owner{Host: "elsewhere.example", PID: 7, Start: 1}
	leases := map[string][]Lease{"live": {{RunID: "live", Owner: live}}, "dead": {{RunID: "dead", Owner: dead}}}
	now := time.Now()
	old, young := now.Add(-time.Hour), now.Add(-time.Minute)
	owned := func(o Owner) map[string]string { return map[string]string{LabelRun: "x", LabelOwner: o.String()} }
	tests := []struct {
		name    string
		labels  map[string]string
		created time.Time
		force   bool
		spare   bool
		why     string
	}{
		{"owner running", owned(live), old, false, true, "is running"},
		{"owner gone", owned(dead), young, false, false, ""},
		{"owner's pid reused", owned(reused), young, false, false, ""},
		{"owner on another host", owned(other), old, false, true, "not checked from here"},
		{"another host, forced", owned(other), old, true, false, ""},
		{"owner running, forced", owned(live), old, true, false, ""},
		{"this process: its own cleanup", owned(Self()), young, false, false, ""},
		{"no owner label, live lease", map[string]string{LabelRun: "live"}, old, false, true, "is running"},
		{"no owner label, dead lease", map[string]string{LabelRun: "dead"}, young, false, false, ""},
		{"no lease, within the grace period", map[string]string{LabelRun: "new"}, young, false, true, "grace"},
		{"no lease, past the grace period", map[string]string{LabelRun: "new"}, old, false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := judge{o: GCOptions{Force: tt.force, Grace: DefaultGrace}, self: Self(), now: now, leases: leases}
			spare, why := j.spare(tt.labels, tt.created)
			if spare != tt.spare || !strings.Contains(why, tt.why) {
				t.Fatalf("spare = %v %q, want %v and %q", spare, why, tt.spare, tt.why)
			}
		})
	}
}

// writeLease writes a lease as another process would have.
func writeLease(t *testing.T, l Lease) {
	t.Helper()
	dir, _ := leaseDir()
	os.MkdirAll(dir, 0o755)
	b, _ := json.Marshal(l)
	if err := os.WriteFile(filepath.Join(dir, l.RunID+".json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// partialDir makes a staging directory as a run does.
func partialDir(t *testing.T, out, run string, mark bool) string {
	t.Helper()
	p := out + ".partial-" + run
	os.MkdirAll(filepath.Join(p, "logs"), 0o755)
	if mark {
		outmark.Write(p)
	}
	return p
}

func TestGCPartials(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	deadP, liveP := partialDir(t, out, "dead", true), partialDir(t, out, "live", true)
	foreign := partialDir(t, out, "nomark", false)
	writeLease(t, Lease{RunID: "dead", Owner: exited(t), Partial: deadP})
	writeLease(t, Lease{RunID: "live", Owner: parent(t), Partial: liveP})
	writeLease(t, Lease{RunID: "nomark", Owner: exited(t), Partial: foreign})
	leases, err := Leases()
	if err != nil {
		t.Fatal(err)
	}
	j := judge{o: GCOptions{Grace: DefaultGrace}, self: Self(), now: time.Now(), leases: leases}
	sp := &spared{}
	removed, errs := j.partials(sp)
	if len(errs) > 0 || len(removed) != 1 || removed[0] != deadP {
		t.Fatalf("removed %v (errors %v), want only %s", removed, errs, deadP)
	}
	for _, p := range []string{liveP, foreign} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
	if len(sp.list) != 1 || sp.list[0].RunID != "live" || len(sp.list[0].Partials) != 1 {
		t.Fatalf("spared %+v, want the live run's partial output", sp.list)
	}
	left, _ := Leases()
	if _, ok := left["dead"]; ok || len(left["live"]) != 1 {
		t.Fatalf("leases left %+v: want the dead run's removed, the live one's kept", left)
	}
}
