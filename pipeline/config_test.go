package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/config"
	"github.com/heragent/heragent/pyramid"
)

const cCMake = "../testdata/repos/c-cmake"

func analyzeWith(t *testing.T, repo string, o Options) *Plan {
	t.Helper()
	o.Graph = GraphOptions{Store: filepath.Join(t.TempDir(), "graph.db")}
	p, err := Analyze(context.Background(), repo, o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(b); err != nil {
		t.Fatalf("Load(the plan): %v", err)
	}
	return p
}

func loadConfig(t *testing.T, file string) *config.Config {
	t.Helper()
	c, err := config.Load("", file)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The configuration's packages join the dependency section, its
// environment the execution context, its commands the pyramid (the
// user's, first at their level) and its skips leave it; the plan lists
// what changed.
func TestAnalyzeAppliesTheConfiguration(t *testing.T) {
	p := analyzeWith(t, cCMake, Options{Config: loadConfig(t, "testdata/c-cmake.heragent.yaml")})
	if got := p.File.Packages(bashfile.Runtimes); !slices.Equal(got, []string{"libyaml-dev", "jq"}) {
		t.Errorf("runtimes packages %v", got)
	}
	if i := p.File.Find(bashfile.Context, "persist_env CHECKSUM_MODE 'fast lane'"); i < 0 {
		t.Errorf("no environment in the context section:\n%s", p.File.Render())
	} else if w := p.File.Section(bashfile.Context).Commands[i].Why; len(w) != 1 || w[0].Source != "user" || w[0].Line != 4 {
		t.Errorf("environment provenance %+v", w)
	}
	for _, l := range pyramid.Levels {
		cs := p.Pyramid.At(l)
		if len(cs) == 0 || cs[0].Why[0].Source != "user" || cs[0].Why[0].File != "c-cmake.heragent.yaml" {
			t.Errorf("%s: the user's command is not first: %+v", l, cs)
		}
	}
	for _, c := range p.Pyramid.Commands {
		if strings.HasPrefix(c.Text, "ctest") || c.Text == "./build/checksum-cli hello" {
			t.Errorf("skipped command still in the pyramid: %s", c.Text)
		}
	}
	applied := strings.Join(p.Config, "\n")
	for _, want := range []string{"packages installed in runtimes: libyaml-dev jq", "environment: CHECKSUM_MODE=fast lane",
		"testable command: ./build/checksum-tests", "skipped testable command `ctest --parallel \"$(nproc)\" --timeout 290 --test-dir build --output-on-failure` (c-cmake.heragent.yaml:9: ctest*)",
		"skipped runnable command `./build/checksum-cli hello`", "time limit: 20m0s"} {
		if !strings.Contains(applied, want) {
			t.Errorf("Config lacks %q:\n%s", want, applied)
		}
	}
	if p.ConfigFile != "testdata/c-cmake.heragent.yaml" {
		t.Errorf("config file %q", p.ConfigFile)
	}
}

// The project in a subdirectory: the analysis reads it, the Bash File
// runs there and every pyramid command runs there.
func TestAnalyzeAConfiguredSubdirectory(t *testing.T) {
	repo := writeRepo(t, map[string]string{
		"README.md":               "# monorepo\n\nSee tool/.\n",
		"docs/index.md":           "docs\n",
		"tool/pyproject.toml":     "[project]\nname = \"tool\"\nversion = \"0.1\"\n",
		"tool/tool.py":            "def main():\n    print('ok')\n",
		"tool/tests/test_tool.py": "import tool\n\ndef test_main():\n    tool.main()\n",
	})
	c, err := config.Parse(filepath.Join(repo, config.FileName), []byte("project: tool/\ntestable:\n  use: python3 -m pytest -q\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := analyzeWith(t, repo, Options{Config: c})
	if p.File.RepoDir != "/repo/tool" || p.Layout.RepoDir != "/repo/tool" || !slices.Contains(p.Stacks, "python") {
		t.Errorf("repo dir %q layout %+v stacks %v", p.File.RepoDir, p.Layout, p.Stacks)
	}
	if !strings.Contains(p.File.Render(), "REPO_DIR=${REPO_DIR:-/repo/tool}") {
		t.Error("the rendered Bash File does not run in /repo/tool")
	}
	for _, cmd := range p.Pyramid.Commands {
		if cmd.Dir != "tool" && !strings.HasPrefix(cmd.Dir, "tool/") {
			t.Errorf("%q runs in %q, not in tool/", cmd.Text, cmd.Dir)
		}
		for _, w := range cmd.Why {
			if w.File != "" && w.Source != "user" && !strings.HasPrefix(w.File, "tool/") {
				t.Errorf("%q: provenance %s is not a path of the repository", cmd.Text, w.Where())
			}
		}
	}
	if !strings.Contains(p.File.Render(), "tool/pyproject.toml") {
		t.Errorf("the Bash File's provenance is not relative to the repository:\n%s", p.File.Render())
	}
	if p.Repo != repo || !strings.Contains(strings.Join(p.Config, "\n"), "the project is tool/") {
		t.Errorf("repo %q config %v", p.Repo, p.Config)
	}
	c.Project = config.Item{Text: "nope", Line: 1}
	if _, err := Analyze(context.Background(), repo, Options{Config: c, Graph: GraphOptions{Store: filepath.Join(t.TempDir(), "g.db")}}); !errors.Is(err, ErrInput) ||
		!strings.Contains(err.Error(), "heragent.yaml:1: project \"nope\" is not a directory") {
		t.Errorf("a missing project directory: %v", err)
	}
}
