package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/report"
)

// engineKinds are the engines heragent is proved on, with the variable
// scripts/test.sh puts each one's socket in and the name the engine gives
// itself in report.json's provenance.
var engineKinds = []struct{ name, hostVar, calls string }{
	{"podman", "HERAGENT_PODMAN_HOST", "Podman Engine"},
	{"docker", "HERAGENT_DOCKER_HOST", "Docker Engine"},
}

// TestRunAndVerifyOnEachEngine runs a fixture through `heragent run` and
// `heragent verify` on each engine HERAGENT_ENGINES asks for ("podman
// docker"; scripts/test.sh provisions them and names their sockets in
// HERAGENT_PODMAN_HOST and HERAGENT_DOCKER_HOST): the exported Dockerfile
// builds through the SDK on podman's and on Docker Engine's classic
// builder and reproduces the level. Without HERAGENT_ENGINES it runs on
// the engine DOCKER_HOST names. With CI=true an engine asked for and not
// there fails the test.
func TestRunAndVerifyOnEachEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end runs in -short mode")
	}
	asked := strings.Fields(os.Getenv("HERAGENT_ENGINES"))
	if len(asked) == 0 {
		enginetest.Engine(t)
		t.Run("default", func(t *testing.T) { runAndVerify(t, nil, "") })
		return
	}
	for _, name := range asked {
		t.Run(name, func(t *testing.T) {
			for _, k := range engineKinds {
				if k.name != name {
					continue
				}
				host := os.Getenv(k.hostVar)
				if host == "" {
					enginetest.Unavailable(t, "%s asked for in HERAGENT_ENGINES but %s is not set (scripts/test.sh sets it)", name, k.hostVar)
				}
				runAndVerify(t, []string{"DOCKER_HOST=" + host}, k.calls)
				return
			}
			t.Fatalf("HERAGENT_ENGINES names %q: known engines are podman and docker", name)
		})
	}
}

// runAndVerify runs the c-make fixture and verifies its output on the
// engine env points at; calls is what the engine must call itself.
func runAndVerify(t *testing.T, env []string, calls string) {
	out := filepath.Join(t.TempDir(), "out")
	r := runCLI(t, env, "run", "../../testdata/repos/c-make", "--out", out, "--json")
	if r.code == ExitEnv {
		enginetest.Unavailable(t, "%s", r.stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || r.code != ExitOK {
		t.Fatalf("run exit %d: %v\n%s", r.code, err, r.stderr)
	}
	if !strings.Contains(rep.Engine, calls) {
		t.Fatalf("the run went to %q, not the %s asked for", rep.Engine, calls)
	}
	v := runCLI(t, env, "verify", out, "--json")
	var res report.VerifyResult
	if err := json.Unmarshal([]byte(v.stdout), &res); err != nil || !res.Match || v.code != ExitOK {
		t.Fatalf("verify on %s: exit %d: %v %+v\n%s", rep.Engine, v.code, err, res, v.stderr)
	}
	if res.Reproduced != rep.Level || !strings.Contains(res.Engine, calls) {
		t.Fatalf("verify reproduced %s on %q, the run proved %s on %q", res.Reproduced, res.Engine, rep.Level, rep.Engine)
	}
}
