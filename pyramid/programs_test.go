package pyramid

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A directory of one-file Go programs, each its own main (gocui's
// _examples): each file is run, not the directory, which is no package.
func TestGoDirectoryOfOneFilePrograms(t *testing.T) {
	prog := func(s string) string {
		return "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"" + s + "\") }\n"
	}
	runs := programRuns(t, "gui", []string{"go"}, map[string]string{
		"go.mod":             "module example.com/gui\n\ngo 1.19\n",
		"gui.go":             "package gui\n\nfunc New() int { return 1 }\n",
		"_examples/hello.go": prog("hello"),
		"_examples/demo.go":  prog("demo"),
		"cmd/gui/main.go":    prog("gui"),
		"cmd/gui/options.go": "package main\n\nvar verbose bool\n",
	})
	for _, want := range []string{"go run ./_examples/hello.go", "go run ./_examples/demo.go", "go run ./cmd/gui"} {
		if !slices.Contains(runs, want) {
			t.Errorf("no %q in %q", want, runs)
		}
	}
	if slices.Contains(runs, "go run ./_examples") {
		t.Errorf("the directory is run: %q", runs)
	}
}

// A package's __main__.py runs as the package (python -m pkg), not as a
// script whose relative imports have no package (alembic).
func TestPythonPackageMainRunsAsModule(t *testing.T) {
	runs := programRuns(t, "tool", []string{"python"}, map[string]string{
		"pyproject.toml":             "[project]\nname = \"tool\"\n",
		"src/tool/__init__.py":       "",
		"src/tool/cli.py":            "def main():\n    print('tool')\n",
		"src/tool/__main__.py":       "from .cli import main\n\nif __name__ == '__main__':\n    main()\n",
		"examples/other/__main__.py": "print('x')\n",
	})
	if !slices.Contains(runs, "python -m tool") || slices.ContainsFunc(runs, func(r string) bool { return strings.Contains(r, "__main__.py") }) {
		t.Errorf("runs %q", runs)
	}
}

// programRuns are the runs of the programs mined from a checkout of files
// with the stacks setUp.
func programRuns(t *testing.T, name string, setUp []string, files map[string]string) []string {
	t.Helper()
	ctx := context.Background()
	e, err := newEnv(ctx, tempIndex(t, name, files), bashfile.Layout{}, setUp)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := programs(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	var runs []string
	for _, p := range ps {
		runs = append(runs, p.run)
	}
	return runs
}
