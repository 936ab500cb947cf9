package loops

import (
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// With ProofNetwork none the sandbox goes offline after the Bash File
// ran and before any pyramid command; the report says so, and says how
// the sandboxes were kept off the host. Without it nothing goes offline.
func TestProofNetworkNoneTakesTheSandboxOffline(t *testing.T) {
	for _, tc := range []struct {
		network string
		offline bool
	}{{"", false}, {sandbox.NetworkNone, true}} {
		f := newFake()
		f.command = func(_, text string) (int, string) { return 0, "============ 40 passed in 0.50s ============\n" }
		p := pyr(40, documented("python -m pytest tests/", pyramid.Unit))
		rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: addPackage("x", "y"), Target: pyramid.Testable, ProofNetwork: tc.network})
		f.mu.Lock()
		runs := slices.Clone(f.runs)
		f.mu.Unlock()
		off, cmd := slices.Index(runs, "offline"), slices.IndexFunc(runs, func(r string) bool { return strings.HasPrefix(r, "cmd: ") })
		if (off >= 0) != tc.offline || (tc.offline && (cmd < 0 || off > cmd || off < slices.Index(runs, "build_project"))) {
			t.Errorf("network %q: offline at %d, first command at %d: %q", tc.network, off, cmd, runs)
		}
		if (rep.ProofNetwork == sandbox.NetworkNone) != tc.offline || rep.Level != pyramid.Testable {
			t.Errorf("network %q: report proof_network %q level %s", tc.network, rep.ProofNetwork, rep.Level)
		}
		if rep.HostIsolated == nil || !*rep.HostIsolated || !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.HasPrefix(n, "sandbox isolation: ") }) {
			t.Errorf("the report does not say how sandboxes were isolated: %v %q", rep.HostIsolated, rep.Notes)
		}
	}
}
