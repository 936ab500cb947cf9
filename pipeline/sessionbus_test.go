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
// every command; one whose meson.build looks for the wrapper gets the
// package before it configures; one that only mentions it in a comment
// gets neither.
func TestAnalyzeStartsASessionBusTheTestsRunUnder(t *testing.T) {
	python := func(makefile string) map[string]string {
		return map[string]string{
			"Makefile":              makefile,
			"setup.py":              "from setuptools import setup\nsetup(name='busclient', packages=['busclient'])\n",
			"busclient/__init__.py": "def hello():\n    return 'hi'\n",
			"test/test_hello.py":    "from busclient import hello\n\ndef test_hello():\n    assert hello() == 'hi'\n",
		}
	}
	for _, tc := range []struct {
		name    string
		files   map[string]string
		section string // the shell function that installs the package
	}{
		{"makefile", python("test:\n\tdbus-run-session python3 -m pytest -sv\n"), "build_project"},
		{"comment", python("# tests need a bus: wrap them in dbus-run-session yourself\ntest:\n\tpython3 -m pytest -sv\n"), ""},
		// libsecret's way: the build wraps its tests if it finds the wrapper
		{"meson", map[string]string{
			"meson.build":  "project('busclient', 'c')\ndbus_run_session = find_program('dbus-run-session', required: false)\nlib = library('busclient', 'busclient.c')\ntest('hello', executable('test-hello', 'test-hello.c', link_with: lib))\n",
			"busclient.c":  "int busclient_hello(void) { return 1; }\n",
			"test-hello.c": "int busclient_hello(void);\nint main(void) { return busclient_hello() == 1 ? 0 : 1; }\n",
		}, "setup_runtimes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Analyze(context.Background(), writeRepo(t, tc.files), Options{Graph: GraphOptions{Store: filepath.Join(t.TempDir(), "graph.db")}, Notes: []string{"no Debian package index: test"}})
			if err != nil {
				t.Fatal(err)
			}
			script := p.File.Render()
			in := ""
			for _, fn := range []string{"setup_runtimes", "build_project"} {
				body := script[strings.Index(script, "\n"+fn+"() {"):]
				if strings.Contains(body[:strings.Index(body, "\n}\n")], pyramid.SessionBusPackage) {
					in = fn
				}
			}
			if in != tc.section {
				t.Errorf("dbus-daemon installed in %q, want %q\n%s", in, tc.section, script)
			}
			if len(p.Pyramid.Commands) == 0 {
				t.Fatal("no commands mined")
			}
			for _, c := range p.Pyramid.Commands {
				if slices.Contains(c.Start, pyramid.SessionBusStart) != (tc.section != "") {
					t.Errorf("%q starts %q", c.Text, c.Start)
				}
			}
		})
	}
}
