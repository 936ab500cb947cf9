package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/retrieval"
)

// fakeBrain records the roles it was asked and adds a command to the
// pyramid.
type fakeBrain struct {
	asked  []string
	target pyramid.Level
}

func (b *fakeBrain) Gather(context.Context, *retrieval.Index, *bashfile.Plan) []string {
	b.asked = append(b.asked, "context")
	return []string{"a fact"}
}

func (b *fakeBrain) ImprovePlan(_ context.Context, plan *bashfile.Plan, facts []string) {
	b.asked = append(b.asked, "plan:"+strings.Join(facts, ","))
}

func (b *fakeBrain) RefinePyramid(_ context.Context, _ *retrieval.Index, p *pyramid.Pyramid, target pyramid.Level, _ []string) *pyramid.Pyramid {
	b.asked, b.target = append(b.asked, "pyramid"), target
	p.Add(pyramid.Command{Text: "make -j4 check", Bucket: pyramid.Unit, Reason: "the brain's", Why: []pyramid.Provenance{{Source: "llm"}}})
	return p
}

func (b *fakeBrain) Decisions() []report.Decision {
	return []report.Decision{{Role: "pyramid", Brain: "rules", Summary: strings.Join(b.asked, " ")}}
}

// writeRepo writes files (path → content) into a new directory.
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A CMake project whose CI also runs meson: the pyramid run gets is the
// one aligned to the Bash File, and the plan says what changed.
func TestAnalyzeAlignsThePyramidToTheBashFile(t *testing.T) {
	repo := writeRepo(t, map[string]string{
		"CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(tool C)\nenable_testing()\nadd_executable(tool main.c)\nadd_test(NAME t COMMAND tool)\n",
		"main.c":         "int main(void) { return 0; }\n",
		".github/workflows/ci.yml": "on: push\njobs:\n  b:\n    runs-on: ubuntu-latest\n    steps:\n" +
			"      - run: meson setup b2 && meson test -C b2\n      - run: cmake -S . -B build && cmake --build build\n      - run: cd build && ctest\n",
	})
	brain := &fakeBrain{}
	var phases []string
	p, err := Analyze(context.Background(), repo, Options{
		Graph: GraphOptions{Store: filepath.Join(t.TempDir(), "graph.db")}, Notes: []string{"no Debian package index: test"},
		Target: pyramid.Testable, Brain: brain, Progress: func(phase, _ string) { phases = append(phases, phase) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Stacks, []string{"cmake"}) || p.Layout.BuildDir("cmake") != bashfile.BuildDir || p.Layout.RepoDir != bashfile.DefaultRepoDir {
		t.Errorf("stacks %v layout %+v", p.Stacks, p.Layout)
	}
	var texts []string
	for _, c := range p.Pyramid.Commands {
		texts = append(texts, c.Text)
	}
	all := strings.Join(texts, "\n")
	if strings.Contains(all, "meson") || !slices.Contains(texts, "cmake --build build --target check") {
		t.Errorf("pyramid not aligned:\n%s", all)
	}
	notes := strings.Join(p.Notes, "\n")
	for _, want := range []string{"no Debian package index: test", "pyramid: dropped `meson", "`make -j4 check` runs as `cmake --build build --target check` (the Bash File builds with CMake in build/)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if !slices.Equal(brain.asked, []string{"context", "plan:a fact", "pyramid"}) || brain.target != pyramid.Testable {
		t.Errorf("brain asked %v for %s", brain.asked, brain.target)
	}
	if len(p.Decisions) != 1 || !slices.Equal(phases, []string{"graph", "plan", "pyramid"}) || p.Commit != "" || p.Repo == "" {
		t.Errorf("decisions %v phases %v commit %q repo %q", p.Decisions, phases, p.Commit, p.Repo)
	}
	b, err := p.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(b); err != nil {
		t.Errorf("Load(Analyze's plan): %v", err)
	}
}

func TestAnalyzeInputErrors(t *testing.T) {
	repo := writeRepo(t, map[string]string{"main.py": "print('hi')\n"})
	store := GraphOptions{Store: filepath.Join(t.TempDir(), "graph.db")}
	for name, o := range map[string]struct {
		repo string
		o    Options
	}{
		"not a directory":       {filepath.Join(repo, "main.py"), Options{Graph: store}},
		"missing":               {filepath.Join(repo, "nope"), Options{Graph: store}},
		"store in the checkout": {repo, Options{Graph: GraphOptions{Store: filepath.Join(repo, "g.db")}}},
		"expect without goal":   {repo, Options{Graph: store, Expect: []string{"ok"}}},
		"bad expect":            {repo, Options{Graph: store, Goals: []string{"true"}, Expect: []string{"("}}},
	} {
		if _, err := Analyze(context.Background(), o.repo, o.o); !errors.Is(err, ErrInput) {
			t.Errorf("%s: %v, want an input error", name, err)
		}
	}
}

func TestIdentify(t *testing.T) {
	dir := writeRepo(t, map[string]string{"a.txt": "one\n"})
	if c, _ := Identify(dir); c != "" {
		t.Fatalf("not a checkout, commit %q", c)
	}
	r, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	wt, _ := r.Worktree()
	if _, err := wt.Add("a.txt"); err != nil {
		t.Fatal(err)
	}
	h, err := wt.Commit("one", &git.CommitOptions{Author: &object.Signature{Name: "t", Email: "t@example.org", When: time.Now()}})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "untracked.txt"), []byte("x"), 0o644)
	if c, dirty := Identify(dir); c != h.String() || dirty {
		t.Errorf("Identify = %q, %v; want %s, clean (untracked files do not count)", c, dirty, h)
	}
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("two\n"), 0o644)
	if c, dirty := Identify(dir); c != h.String() || !dirty {
		t.Errorf("Identify after an edit = %q, %v; want dirty", c, dirty)
	}
	if c, _ := Identify(filepath.Join(dir, "sub")); c != "" {
		t.Errorf("a path inside a checkout has commit %q", c)
	}
}

// The image source label names a public URL, never a token or a path.
func TestPublicURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://user:token@github.com/o/r.git": "https://github.com/o/r.git",
		"git@github.com:o/r.git":                "git@github.com:o/r.git",
		"/srv/git/r.git":                        "",
		"file:///srv/git/r.git":                 "",
	} {
		if got := publicURL(in); got != want {
			t.Errorf("publicURL(%q) = %q, want %q", in, got, want)
		}
	}
}
