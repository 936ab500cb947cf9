package pyramid

import (
	"slices"
	"testing"
)

// The program a documented use starts is asked for its version and usage
// as the last resort; a use found only in CI, a command that is not the
// project's program and a spelling the pyramid already has add none.
func TestDocumentedProgramLastResorts(t *testing.T) {
	e := &env{progs: map[string]string{"lazygit": "lazygit", "tool": "./build/tool", "uglifyjs": "node ./bin/uglifyjs"}}
	readme := []Provenance{{Source: "readme", File: "README.md"}}
	ci := []Provenance{{Source: "ci", File: ".github/workflows/ci.yml"}}
	use := func(text, reason string, why []Provenance) Command {
		return Command{Text: text, Bucket: Entry, Reason: reason, Why: why}
	}
	smoke := Command{Text: "lazygit --version", Bucket: Smoke, Reason: "asks the project's program for its version or usage", Why: readme}
	for _, tc := range []struct {
		name string
		cs   []Command
		want []string
	}{
		{"on PATH, version already at Testable", []Command{smoke, use("lazygit", reasonProjectProgram+"lazygit", readme)}, []string{"lazygit --help"}},
		{"as built", []Command{use("./node_exporter --web.config.file=web.yml", reasonBuiltProgram, readme)}, []string{"./node_exporter --version", "./node_exporter --help"}},
		{"with an environment prefix", []Command{use("TERM=dumb ./build/tool run x.txt", reasonProjectProgram+"tool", readme)}, []string{"./build/tool --version", "./build/tool --help"}},
		{"a package's bin run by node", []Command{use("node ./bin/uglifyjs example.js -c -m", reasonProjectProgram+"uglifyjs (as built: node ./bin/uglifyjs)", readme)},
			[]string{"node ./bin/uglifyjs --version", "node ./bin/uglifyjs --help"}},
		{"CI only", []Command{use("./node_exporter --collector.disable-defaults", reasonBuiltProgram, ci)}, nil},
		{"not a program of the project", []Command{use("go run main.go", "runs the Go main package", readme)}, nil},
		{"a sample input written first", []Command{use("printf 'a' > in.txt && ./tool in.txt", reasonBuiltProgram, readme)}, []string{"./tool --version", "./tool --help"}},
		{"two programs", []Command{use("./tool a | ./other", reasonBuiltProgram, readme)}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range documentedProgramLastResorts(e, tc.cs) {
				if !c.Synth || !c.LastResort() || c.Bucket.Level() != Runnable {
					t.Errorf("%q is not a synthesized Runnable last resort: %+v", c.Text, c)
				}
				got = append(got, c.Text)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
