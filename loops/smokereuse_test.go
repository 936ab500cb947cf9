package loops

import (
	"context"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A repository that shows no test of its own (the graph found none; the
// only Testable command is heragent's guess, which it lacks) gets its
// built program's probe as Testable's runtime probe, and the probe that
// passed there is not started again for Runnable: a daemon's second start
// finds its port taken.
func TestNoTestsOfItsOwnProbesOnceForBothLevels(t *testing.T) {
	f := newFake()
	f.built = "x objs/demo\n"
	started := map[string]int{}
	f.command = func(_, text string) (int, string) {
		if text == "make check" {
			return 2, "make: *** No rule to make target 'check'.  Stop.\n"
		}
		if strings.Contains(text, "./objs/demo") {
			if started[text]++; started[text] > 1 {
				return 1, "demo: bind() to 0.0.0.0:80 failed (98: Address already in use)\n"
			}
			return 0, "demo: ready\n"
		}
		return 127, "command not found\n"
	}
	guess := pyramid.Command{Text: "make check", Bucket: pyramid.Unit, Reason: "runs the test target", Why: []pyramid.Provenance{{Source: "convention", File: "Makefile"}}}
	rep, out := runFake(t, f, RunOptions{Name: "demo", Repo: t.TempDir(), File: builtFile(), Pyramid: pyr(0, guess), Repairer: repair.RulesBrain{}})
	if rep.Level != pyramid.Runnable || rep.TestableEvidence != pyramid.EvidenceSmoke {
		t.Fatalf("level %s (testable %s): %s; commands %v", rep.Level, rep.TestableEvidence, rep.WhyNotHigher, f.commandsRun())
	}
	for text, n := range started {
		if n > 1 {
			t.Errorf("%q started %d times: %v", text, n, f.commandsRun())
		}
	}
	var proofs []string
	for _, c := range rep.Commands {
		if c.Proof {
			proofs = append(proofs, string(c.Level)+" "+c.Text)
		}
	}
	if len(proofs) != 2 || !strings.HasSuffix(proofs[0], strings.TrimPrefix(proofs[1], "runnable ")) {
		t.Errorf("proofs %q: want the probe once at each level", proofs)
	}

	// verify starts it once too, for both levels
	clear(started)
	v, err := Verify(context.Background(), f, out, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Match || len(v.Commands) != 2 || v.Commands[1].Level != pyramid.Runnable {
		t.Fatalf("verify: %+v", v)
	}
}
