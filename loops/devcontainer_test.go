package loops

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// devcontainerSchema compiles the published devcontainer.json schema
// (testdata/devcontainer/devContainer.base.schema.json: schemas/ of
// github.com/devcontainers/spec at c95ffeed1d05, MIT).
func devcontainerSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/devcontainer/devContainer.base.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("devContainer.base.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("devContainer.base.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// validDevcontainer checks text against the published schema and decodes it.
func validDevcontainer(t *testing.T, s *jsonschema.Schema, text string) devcontainerJSON {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(text)))
	if err != nil {
		t.Fatalf("devcontainer.json is not JSON: %v\n%s", err, text)
	}
	if err := s.Validate(inst); err != nil {
		t.Fatalf("devcontainer.json does not follow the published schema: %v\n%s", err, text)
	}
	var d devcontainerJSON
	if err := json.Unmarshal([]byte(text), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDevcontainerFollowsThePublishedSchema(t *testing.T) {
	s := devcontainerSchema(t)
	proof := []ProofCommand{{pyramid.Installable, "cmake --build build"}, {pyramid.Testable, "cd tests && ctest"}, {pyramid.Runnable, "./build/tool in.txt"}}
	root := validDevcontainer(t, s, Export{Name: "tool-env", Level: "runnable", Proof: proof}.Devcontainer())
	if root.Build.Dockerfile != "../Dockerfile" || root.Build.Context != ".." || root.WorkspaceFolder != "/repo" ||
		root.WorkspaceMount != "source=${localWorkspaceFolder}/repo,target=/repo,type=bind" || root.RemoteUser != "" {
		t.Errorf("devcontainer %+v", root)
	}
	if root.PostCreateCommand != "bash /heragent/setup.sh build_project" || root.Name != "tool-env (heragent: runnable)" {
		t.Errorf("as root: name %q, postCreateCommand %q", root.Name, root.PostCreateCommand)
	}
	h, _ := json.Marshal(root.Customizations["heragent"])
	var c heragentCustomization
	json.Unmarshal(h, &c)
	if !slices.Equal(c.Testable, []string{"cd tests && ctest"}) || !slices.Equal(c.Runnable, []string{"./build/tool in.txt"}) || c.Level != "runnable" {
		t.Errorf("heragent customization %+v", c)
	}
	user := validDevcontainer(t, s, Export{User: "heragent", Proof: proof}.Devcontainer())
	if user.RemoteUser != "heragent" || user.PostCreateCommand != "cmake --build build" || !strings.Contains(user.Name, "(heragent: none)") {
		t.Errorf("as the test user: %+v", user)
	}
	for _, bad := range []string{`{"build": {"dockerfile": 1}}`, `{"workspaceFolder": "/repo", "build": {"dockerfile": "D"}, "forwardPorts": ["x y"]}`} {
		inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if s.Validate(inst) == nil {
			t.Errorf("the schema takes %s", bad)
		}
	}
	none := validDevcontainer(t, s, Export{User: "heragent"}.Devcontainer())
	if none.PostCreateCommand != "" {
		t.Errorf("nothing proved Installable as the user, yet postCreateCommand %q", none.PostCreateCommand)
	}
}

// A run exports the devcontainer beside the Dockerfile: the commands that
// proved the level, the user the tests ran as; its report records the
// configuration that was applied.
func TestRunExportsADevcontainer(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		if text == "python -m pytest tests/" {
			return 0, "============ 40 passed in 0.50s ============\n"
		}
		return 127, "not found\n"
	}
	test := documented("python -m pytest tests/", pyramid.Unit)
	test.Dir, test.User = "app", "heragent"
	cfg := &report.Config{File: "heragent.yaml", Applied: []string{"testable command: python -m pytest tests/"}}
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(40, test), Repairer: scripted(nil), Target: pyramid.Testable, Config: cfg})
	if rep.Level != pyramid.Testable {
		t.Fatalf("level %s: %s", rep.Level, rep.WhyNotHigher)
	}
	b, err := os.ReadFile(filepath.Join(out, ".devcontainer", "devcontainer.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := validDevcontainer(t, devcontainerSchema(t), string(b))
	h, _ := json.Marshal(d.Customizations["heragent"])
	if !strings.Contains(string(h), `"installable":["bash /heragent/setup.sh build_project"]`) {
		t.Errorf("Installable proved by the Bash File's build section is not listed: %s", h)
	}
	if d.RemoteUser != "heragent" || !strings.Contains(string(h), `"testable":["cd app \u0026\u0026 python -m pytest tests/"]`) && !strings.Contains(string(h), `"testable":["cd app && python -m pytest tests/"]`) {
		t.Errorf("devcontainer %s\ncustomization %s", b, h)
	}
	var fromJSON report.Report
	rj, _ := os.ReadFile(filepath.Join(out, "report.json"))
	if err := json.Unmarshal(rj, &fromJSON); err != nil || fromJSON.Config == nil || fromJSON.Config.Applied[0] != cfg.Applied[0] {
		t.Errorf("report.json config: %+v, %v", fromJSON.Config, err)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	html, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if !strings.Contains(string(md), "Configuration `heragent.yaml`: testable command") || !strings.Contains(string(html), "<li>testable command: python -m pytest tests/</li>") {
		t.Error("report.md or report.html does not list the configuration")
	}
}

// The build section of a Bash File that runs in the project's
// subdirectory takes an adopted pyramid command relative to it.
func TestAdoptedLineIsRelativeToTheBashFilesDirectory(t *testing.T) {
	for _, tt := range []struct{ dir, repoDir, want string }{
		{"", "/repo", "make"},
		{"sub", "/repo", "(cd sub && make)"},
		{"sub", "/repo/sub", "make"},
		{"sub/lib", "/repo/sub", "(cd lib && make)"},
		{"", "/repo/sub", "(cd /repo && make)"},
	} {
		if got := adoptedLine(pyramid.Command{Text: "make", Dir: tt.dir}, tt.repoDir); got != tt.want {
			t.Errorf("adoptedLine(dir %q, in %s) = %q, want %q", tt.dir, tt.repoDir, got, tt.want)
		}
	}
}
