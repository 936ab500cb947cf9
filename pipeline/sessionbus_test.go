package pipeline

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid"
)

// A project whose Makefile runs its tests under dbus-run-session gets
// Debian's dbus-daemon after the build and a session bus started before
// every command; one that only mentions it in a comment does not.
func TestAnalyzeStartsASessionBusTheTestsRunUnder(t *testing.T) {
	for _, tc := range []struct {
		name, makefile string
		want           bool
	}{
		{"runs", "test:\n\tdbus-run-session python3 -m pytest -sv\n", true},
		{"comment", "# tests need a bus: wrap them in dbus-run-session yourself\ntest:\n\tpython3 -m pytest -sv\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := writeRepo(t, map[string]string{
				"Makefile":              tc.makefile,
				"setup.py":              "from setuptools import setup\nsetup(name='busclient', packages=['busclient'])\n",
				"busclient/__init__.py": "def hello():\n    return 'hi'\n",
				"test/test_hello.py":    "from busclient import hello\n\ndef test_hello():\n    assert hello() == 'hi'\n",
			})
			p, err := Analyze(context.Background(), repo, Options{Graph: GraphOptions{Store: filepath.Join(t.TempDir(), "graph.db")}, Notes: []string{"no Debian package index: test"}})
			if err != nil {
				t.Fatal(err)
			}
			script := p.File.Render()
			build := script[strings.Index(script, "build_project() {"):]
			if got := strings.Contains(build, pyramid.SessionBusPackage); got != tc.want {
				t.Errorf("dbus-daemon after the build: %v, want %v\n%s", got, tc.want, script)
			}
			if len(p.Pyramid.Commands) == 0 {
				t.Fatal("no commands mined")
			}
			for _, c := range p.Pyramid.Commands {
				if slices.Contains(c.Start, pyramid.SessionBusStart) != tc.want {
					t.Errorf("%q starts %q", c.Text, c.Start)
				}
			}
		})
	}
}
