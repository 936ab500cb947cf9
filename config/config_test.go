package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseEveryKey(t *testing.T) {
	c, err := Load(t.TempDir(), "testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Project.Text != "app" || c.Project.Line != 2 || strings.Join(c.Packages.Texts(), " ") != "libyaml-dev jq" || c.Packages[1].Line != 3 {
		t.Errorf("project %+v packages %+v", c.Project, c.Packages)
	}
	if len(c.Env) != 3 || c.Env[0] != (Var{"FOO", "bar baz", 5}) || c.Env[1].Value != "4" || c.Env[2].Value != "true" {
		t.Errorf("env %+v (want the file's order, scalars as text)", c.Env)
	}
	if got := c.Installable.Use; len(got) != 1 || got[0] != (Item{"make -C app all", 9}) {
		t.Errorf("installable.use %+v (a single string is a list of one)", got)
	}
	if got := c.Level("testable"); len(got.Use) != 1 || got.Use[0].Line != 12 || len(got.Skip) != 2 {
		t.Errorf("testable %+v", got)
	}
	if c.MaxTime.Duration != 45*time.Minute || c.MaxTime.Line != 16 || c.Path != "testdata/full.yaml" {
		t.Errorf("max_time %+v path %q", c.MaxTime, c.Path)
	}
}

func TestLoadFindsTheRepositorysFile(t *testing.T) {
	repo := t.TempDir()
	if c, err := Load(repo, ""); c != nil || err != nil {
		t.Fatalf("no heragent.yaml: %+v, %v", c, err)
	}
	os.WriteFile(filepath.Join(repo, FileName), []byte("packages: jq\n"), 0o644)
	c, err := Load(repo, "")
	if err != nil || c == nil || c.Path != filepath.Join(repo, FileName) || c.Packages.Texts()[0] != "jq" {
		t.Fatalf("Load = %+v, %v", c, err)
	}
	if _, err := Load(repo, filepath.Join(repo, "missing.yaml")); !errors.Is(err, ErrInvalid) {
		t.Errorf("a --config that does not exist: %v", err)
	}
	if c, err := Parse("empty.yaml", nil); err != nil || c.Path != "empty.yaml" {
		t.Errorf("an empty file: %+v, %v", c, err)
	}
}

// A bad file is one line naming the file and the line of the mistake.
func TestParseErrorsNameTheLine(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"yaml syntax", "packages: [a\n", "h.yaml:1: "},
		{"unknown key", "packages: [jq]\nbuild: make\n", "h.yaml:2: unknown key build"},
		{"unknown level key", "testable:\n  run: make\n", "h.yaml:2: unknown key run"},
		{"the model's settings", "model: gpt\n", "h.yaml:1: unknown key model (the model's settings file is --llm-config)"},
		{"wrong type: list", "packages: {a: 1}\n", "h.yaml:1: want a string or a list of strings"},
		{"wrong type: item", "packages:\n  - jq\n  - [x]\n", "h.yaml:3: want a string or a list of strings"},
		{"wrong type: env", "env: [A]\n", "h.yaml:1: env: want a mapping"},
		{"wrong type: level", "runnable: ./prog\n", "h.yaml:1: cannot unmarshal"},
		{"two type errors", "project: [a]\nmax_time: [1]\n", "h.yaml:1: "},
		{"duration", "max_time: soon\n", `h.yaml:1: max_time: want a positive duration such as 45m or 1h30m, got "soon"`},
		{"negative duration", "max_time: -5m\n", "h.yaml:1: max_time"},
		{"package name", "packages:\n  - jq\n  - Not_A_Package\n", `h.yaml:3: packages: "Not_A_Package" is not a Debian package name`},
		{"variable name", "env:\n  A: 1\n  1B: 2\n", `h.yaml:3: env: "1B" is not a variable name`},
		{"shell", "testable:\n  use:\n    - echo 'unterminated\n", "h.yaml:3: testable.use: not a shell command"},
		{"empty command", "runnable:\n  use: ['']\n", "h.yaml:2: runnable.use: empty command"},
		{"project outside", "\nproject: ../other\n", `h.yaml:2: project: want a relative subdirectory of the repository, got "../other"`},
		{"project absolute", "project: /srv/x\n", "h.yaml:1: project"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("h.yaml", []byte(tt.text))
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Parse = %v, want ErrInvalid", err)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want one line containing %q", msg, tt.want)
			}
		})
	}
}

func TestSkipped(t *testing.T) {
	c := Commands{Skip: Items{{Text: "make  check", Line: 3}, {Text: "tox -e *", Line: 4}, {Text: "*--slow*", Line: 5}}}
	for text, line := range map[string]int{"make check": 3, "tox -e py311": 4, "pytest --slow -x": 5, "make": 0, "make check-all": 0, "tox": 0} {
		s, ok := c.Skipped(text)
		if ok != (line > 0) || s.Line != line {
			t.Errorf("Skipped(%q) = %+v, %v; want line %d", text, s, ok, line)
		}
	}
	if p := "project: .\n"; true {
		c, err := Parse("h.yaml", []byte(p))
		if err != nil || c.Project.Text != "" {
			t.Errorf("project . is the top: %+v, %v", c, err)
		}
	}
}
