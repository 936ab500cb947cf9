package main

import (
	"os"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/repair"
)

// engineKinds are the engines heragent is proved on, with the variable
// scripts/test.sh puts each one's socket in and the name the engine gives
// itself in report.json's provenance.
var engineKinds = []struct{ name, hostVar, calls string }{
	{"podman", "HERAGENT_PODMAN_HOST", "Podman Engine"},
	{"docker", "HERAGENT_DOCKER_HOST", "Docker Engine"},
}

// TestRunAndVerifyOnEachEngine runs fixtures through `heragent run` and
// `heragent verify` on each engine HERAGENT_ENGINES asks for ("podman
// docker"; scripts/test.sh provisions them and names their sockets in
// HERAGENT_PODMAN_HOST and HERAGENT_DOCKER_HOST): the exported Dockerfile
// builds through the SDK on podman's and on Docker Engine's classic
// builder from a directory holding only the exports and the repository
// in repo/, reproduces the level, carries its labels, and its entrypoint
// runs (exportChecks); one fixture's tests refuse root. Without
// HERAGENT_ENGINES it runs on the engine DOCKER_HOST names. With CI=true
// an engine asked for and not there fails the test.
func TestRunAndVerifyOnEachEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end runs in -short mode")
	}
	asked := strings.Fields(os.Getenv("HERAGENT_ENGINES"))
	if len(asked) == 0 {
		enginetest.Engine(t)
		t.Run("default", func(t *testing.T) { runAndVerify(t, "", "") })
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
				runAndVerify(t, host, k.calls)
				return
			}
			t.Fatalf("HERAGENT_ENGINES names %q: known engines are podman and docker", name)
		})
	}
}

// engineFixtures are the repositories run and verified on each engine,
// with what their exported entrypoint prints.
var engineFixtures = []engineFixture{
	{name: "c-make", prints: "olleh"},
	// its test harness refuses root ("The wc1 test suite cannot be run
	// as root."): Testable is proved as the unprivileged user
	{name: "c-make-nonroot", prints: "4 words", user: repair.TestUser},
}

// runAndVerify runs each of engineFixtures on the engine at host (the
// one DOCKER_HOST names when empty); calls is what the engine must call
// itself.
func runAndVerify(t *testing.T, host, calls string) {
	var env []string
	if host != "" {
		env = []string{"DOCKER_HOST=" + host}
	}
	cli := enginetest.Client(t, host)
	for _, f := range engineFixtures {
		t.Run(f.name, func(t *testing.T) { f.runAndVerify(t, cli, env, calls) })
	}
}
