// Package enginetest gives tests a real container engine and base image.
// When CI=true a missing engine or image fails the test; elsewhere it skips,
// so `go test ./...` stays usable on a laptop without an engine.
package enginetest

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/heragent/heragent/sandbox"
)

// Image is the base image container tests use: $HERAGENT_TEST_IMAGE or the
// bootstrap default.
func Image() string {
	if v := os.Getenv("HERAGENT_TEST_IMAGE"); v != "" {
		return v
	}
	return sandbox.DefaultImage
}

// Unavailable fails the test under CI and skips it elsewhere.
func Unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("container engine required when CI=true: "+format, args...)
	}
	t.Skipf("no container engine: "+format, args...)
}

// Engine connects to the engine and checks the base image is present. The
// engine is closed (and its leftover containers removed) when the test ends.
func Engine(t testing.TB) *sandbox.Engine {
	t.Helper()
	ctx := context.Background()
	e, err := sandbox.Connect(ctx)
	if err != nil {
		Unavailable(t, "%v", err)
	}
	t.Cleanup(func() { e.Close() })
	ok, err := e.ImageExists(ctx, Image())
	if err != nil || !ok {
		Unavailable(t, "base image %s missing (run `heragent image bootstrap`): %v", Image(), err)
	}
	return e
}

// Sandbox starts a sandbox (from Image() unless o names one) and closes it
// when the test ends.
func Sandbox(t testing.TB, e *sandbox.Engine, o sandbox.Options) *sandbox.Sandbox {
	t.Helper()
	if o.Image == "" {
		o.Image = Image()
	}
	s, err := e.NewSandbox(context.Background(), o)
	if err != nil {
		t.Fatalf("NewSandbox: %v", err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	return s
}

// Kinds are the engines heragent is proved on: the name HERAGENT_ENGINES
// uses and the variable scripts/test.sh puts each one's socket in.
var Kinds = []struct{ Name, HostVar string }{
	{"podman", "HERAGENT_PODMAN_HOST"},
	{"docker", "HERAGENT_DOCKER_HOST"},
}

// Each runs f once per engine HERAGENT_ENGINES asks for ("podman docker"),
// as a subtest named after it with DOCKER_HOST pointing at it; without
// HERAGENT_ENGINES, once on the engine DOCKER_HOST names. An engine asked
// for and not there fails the test when CI=true. Tests using it cannot be
// parallel (t.Setenv).
func Each(t *testing.T, f func(t *testing.T, e *sandbox.Engine)) {
	t.Helper()
	asked := strings.Fields(os.Getenv("HERAGENT_ENGINES"))
	if len(asked) == 0 {
		t.Run("default", func(t *testing.T) { f(t, Engine(t)) })
		return
	}
	for _, name := range asked {
		t.Run(name, func(t *testing.T) {
			host := ""
			for _, k := range Kinds {
				if k.Name == name {
					host = os.Getenv(k.HostVar)
					if host == "" {
						Unavailable(t, "%s asked for in HERAGENT_ENGINES but %s is not set (scripts/test.sh sets it)", name, k.HostVar)
					}
				}
			}
			if host == "" {
				t.Fatalf("HERAGENT_ENGINES names %q: known engines are podman and docker", name)
			}
			t.Setenv("DOCKER_HOST", host)
			f(t, Engine(t))
		})
	}
}
