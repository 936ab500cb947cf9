package repair

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// realLogs are the captured excerpts under testdata.
func realLogs(tb testing.TB) []string {
	tb.Helper()
	names, _ := filepath.Glob("testdata/*/*.log")
	var out []string
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// FuzzDiagnose feeds a log (a failing command's output is the repository's
// text) to every rule. A diagnosis always has a kind and, unless it is the
// lone Unknown, the rule that made it; no kind and subject twice; no
// generic diagnosis beside a specific one; two calls agree; Propose
// answers the same diagnoses in the same order. Whatever a log says, the
// edits proposed leave a Bash File that validates (shell that parses, the
// six sections, main in order) and round-trips.
func FuzzDiagnose(f *testing.F) {
	for _, l := range realLogs(f) {
		f.Add(l, "make check", false, 2, false)
		f.Add(l, "", true, 1, false)
	}
	for _, v := range messageVariants {
		f.Add(v.line+"\n", v.command, v.phase == PhaseSetup, 1, false)
	}
	f.Add("", "sleep 60", false, 124, true)
	repo := fstest.MapFS{"package.json": {Data: []byte(`{"name":"demo","dependencies":{"left-pad":"^1.3.0"}}`)}}
	f.Fuzz(func(t *testing.T, log, command string, setup bool, exit int, timedOut bool) {
		fl := Failure{Phase: PhaseCommand, Command: command, ExitCode: exit, TimedOut: timedOut, Log: log}
		if setup {
			fl.Phase, fl.Section = PhaseSetup, bashfile.Build
		}
		ds := Diagnose(fl)
		checkDiagnoses(t, ds)
		if again := Diagnose(fl); !reflect.DeepEqual(ds, again) {
			t.Fatalf("two diagnoses differ:\n%+v\n%+v", ds, again)
		}
		bf := sampleFile(t)
		ps := Propose(&Context{File: bf, Index: fakeIndex, Repo: repo}, fl)
		if len(ps) != len(ds) {
			t.Fatalf("%d proposals for %d diagnoses", len(ps), len(ds))
		}
		work := bf.Clone()
		for i, p := range ps {
			if !reflect.DeepEqual(p.Diagnosis, ds[i]) {
				t.Fatalf("proposal %d answers %+v, diagnosis %+v", i, p.Diagnosis, ds[i])
			}
			for _, e := range p.Edits {
				if _, err := work.Apply(e); err != nil {
					t.Fatalf("proposed edit %s does not apply: %v", e, err)
				}
			}
		}
		if err := work.Validate(); err != nil {
			t.Fatalf("the proposals' edits leave an invalid Bash File: %v\n%s", err, work.Render())
		}
		if back, err := bashfile.Parse(work.Render()); err != nil || back.Render() != work.Render() {
			t.Fatalf("the repaired Bash File does not round-trip: %v", err)
		}
	})
}

func checkDiagnoses(t *testing.T, ds []Diagnosis) {
	t.Helper()
	if len(ds) == 0 {
		t.Fatal("no diagnosis")
	}
	seen := map[string]bool{}
	specific, generic := false, false
	for _, d := range ds {
		if d.Kind == "" || d.Rule == "" && !(d.Kind == Unknown && len(ds) == 1) {
			t.Fatalf("diagnosis without kind or rule: %+v", d)
		}
		key := string(d.Kind) + "\x00" + d.Subject
		if seen[key] {
			t.Fatalf("diagnosis twice: %+v in %+v", d, ds)
		}
		seen[key] = true
		specific = specific || d.Kind.specific()
		generic = generic || d.Kind.generic() && d.Detail != cmakeSource // (CMake's own configure error stays)
	}
	if specific && generic {
		t.Fatalf("generic diagnoses beside specific ones: %+v", ds)
	}
}

// FuzzExcerpt checks the log condenser: a log no longer than the tail
// comes back as it is; a longer one ends with its last tailLines lines,
// before which come at most maxSymptoms of its earlier lines, in log
// order, none twice, marked off by "[…]".
func FuzzExcerpt(f *testing.F) {
	for _, l := range realLogs(f) {
		f.Add(l, uint8(60), uint8(40))
		f.Add(l, uint8(5), uint8(3))
	}
	f.Add(strings.Repeat("ok\n", 100)+"xxd: not found\n"+strings.Repeat("ok\n", 100), uint8(60), uint8(40))
	f.Fuzz(func(t *testing.T, log string, tail, symptoms uint8) {
		out := Excerpt(log, int(tail), int(symptoms))
		lines := strings.Split(strings.TrimRight(log, "\n"), "\n")
		if len(lines) <= int(tail) {
			if out != strings.Join(lines, "\n") {
				t.Fatalf("short log changed: %q", out)
			}
			return
		}
		head, tl := lines[:len(lines)-int(tail)], strings.Join(lines[len(lines)-int(tail):], "\n")
		if !strings.HasSuffix(out, tl) {
			t.Fatalf("excerpt %q does not end with the tail %q", out, tl)
		}
		rest := strings.TrimSuffix(out, tl)
		if rest == "" {
			return
		}
		picked, ok := strings.CutSuffix(rest, "\n[…]\n")
		if !ok {
			t.Fatalf("symptoms %q not marked off", rest)
		}
		ps := strings.Split(picked, "\n")
		if len(ps) > int(symptoms) {
			t.Fatalf("%d symptoms, at most %d", len(ps), symptoms)
		}
		i := 0
		for k, p := range ps {
			for i < len(head) && head[i] != p {
				i++
			}
			if i == len(head) || slices.Contains(ps[:k], p) {
				t.Fatalf("symptom %q is not a later line of the log's head, or is there twice", p)
			}
			i++
		}
	})
}
