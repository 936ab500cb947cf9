package loops_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/loops"
)

var update = flag.Bool("update", false, "rewrite the golden Dockerfiles under testdata/golden")

// TestDockerfileGolden renders the exports of fixtures' Bash Files (the
// bashfile package's golden scripts) and compares the Dockerfile and its
// .dockerignore with testdata/golden (-update rewrites them). It checks
// the structure every builder needs: a public ARG BASE, scripts COPY'd
// not printed, no BuildKit-only syntax, one RUN per section that has
// commands, and the repository copied where the sections allow.
func TestDockerfileGolden(t *testing.T) {
	tests := []struct {
		fixture string
		// copies: the COPY from repo/ before each RUN'd section
		copies map[string]string
	}{
		{"c-cmake", map[string]string{"install_base_toolchain": "", "build_project": "COPY repo/ ./"}},
		{"go-mod", map[string]string{"setup_runtimes": `COPY ["repo/go.mod", "./"]`, "build_project": "COPY repo/ ./"}},
		{"node-npm", map[string]string{"setup_runtimes": `COPY ["repo/package-lock.json", "repo/package.json", "./"]`, "build_project": "COPY repo/ ./"}},
		{"python-requirements", map[string]string{"setup_runtimes": `COPY ["repo/requirements.txt", "./"]`, "build_project": "COPY repo/ ./"}},
		{"python-pyproject", map[string]string{"setup_runtimes": "COPY repo/ ./", "build_project": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			script, err := os.ReadFile(filepath.Join("..", "bashfile", "testdata", "golden", tt.fixture+".sh"))
			if err != nil {
				t.Fatal(err)
			}
			f, err := bashfile.Parse(string(script))
			if err != nil {
				t.Fatal(err)
			}
			repo := filepath.Join("..", "testdata", "repos", tt.fixture)
			x := loops.Export{BaseImage: "localhost/heragent/debian:bookworm", Base: "debian:bookworm", Setup: string(script),
				Runnable: "./run me", Layers: loops.PlanLayers(f, repo), Ignore: loops.ContextIgnore(repo, []string{string(script)}),
				Source: "https://example.com/" + tt.fixture + ".git", Revision: "0123456789abcdef0123456789abcdef01234567",
				Created: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), Name: tt.fixture + "-env",
				Labels: []loops.Label{{"io.heragent.version", "v0.0.0-test"}, {"io.heragent.level", "runnable"}, {"io.heragent.runnable-evidence", "documented"}}}
			df := x.Dockerfile()
			golden(t, filepath.Join("testdata", "golden", tt.fixture+".Dockerfile"), df)
			golden(t, filepath.Join("testdata", "golden", tt.fixture+".dockerignore"), x.DockerIgnore())
			checkStructure(t, df, tt.copies)
		})
	}
}

// checkStructure asserts what any Docker or podman builder needs and the
// layer order a fixture's sections allow.
func checkStructure(t *testing.T, df string, copies map[string]string) {
	t.Helper()
	for _, bad := range []string{"--mount", "printf", "localhost/", "FROM localhost"} {
		if strings.Contains(stripComments(df), bad) {
			t.Errorf("the Dockerfile holds %q outside its comments", bad)
		}
	}
	for _, want := range []string{"\nARG BASE=debian:bookworm\nFROM ${BASE}\n", "COPY setup.sh with-build-ca.sh /heragent/\n", "COPY entrypoint.sh /heragent/\n",
		`ENTRYPOINT ["bash", "/heragent/entrypoint.sh"]`, "org.opencontainers.image.revision=", "org.opencontainers.image.source=",
		`org.opencontainers.image.created="${CREATED}"`, `io.heragent.level="runnable"`, `io.heragent.kind="export"`} {
		if !strings.Contains(df, want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
	runs := regexp.MustCompile(`(?m)^RUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh (\w+)$`).FindAllStringSubmatchIndex(df, -1)
	if len(runs) != len(copies) {
		t.Fatalf("%d RUN layers, want %d", len(runs), len(copies))
	}
	prev := 0
	for _, m := range runs {
		section := df[m[2]:m[3]]
		want, ok := copies[section]
		if !ok {
			t.Errorf("a layer for %s", section)
		}
		got := regexp.MustCompile(`(?m)^COPY (?:\[")?repo/.*$`).FindString(df[prev:m[0]])
		if got != want {
			t.Errorf("before %s: %q, want %q", section, got, want)
		}
		prev = m[1]
	}
}

func stripComments(df string) string {
	var b strings.Builder
	for _, l := range strings.Split(df, "\n") {
		if !strings.HasPrefix(l, "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(want, []byte(got)) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n%s", path, got)
	}
}

// TestPlanLayers: a section runs before the repository is copied only when
// it reads nothing of it, or after the manifests it reads.
func TestPlanLayers(t *testing.T) {
	repo := t.TempDir()
	for name, body := range map[string]string{
		"package.json":         `{"name":"x","scripts":{"test":"node t.js"}}`,
		"hooks/package.json":   `{"name":"y","scripts":{"postinstall":"node build.js"}}`,
		"requirements.txt":     "pyyaml\n",
		"requirements-dev.txt": "-e .\n",
		"scripts/deps.sh":      "apt-get install -y zlib1g-dev\n",
		"go.mod":               "module x\n\nreplace y => ./y\n",
	} {
		p := filepath.Join(repo, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	tests := []struct {
		name     string
		base     []string
		runtimes []string
		want     string // section:copies, ...
	}{
		{"system packages only", []string{"pkg_install gcc"}, []string{"pkg_install python3", "[ -d .venv ] || python3 -m venv .venv"}, "base: runtimes: build:."},
		{"npm manifests", nil, []string{"pkg_install nodejs npm", "npm ci"}, "runtimes:package.json build:."},
		{"pip requirements", nil, []string{"pip install -r requirements.txt", "pip install pytest"}, "runtimes:requirements.txt build:."},
		{"pip requirements naming the project", nil, []string{"pip install -r requirements-dev.txt"}, "runtimes:. build:"},
		{"a script of the checkout", []string{"bash scripts/deps.sh"}, []string{"npm ci"}, "base:. runtimes: build:"},
		{"a go.mod replacing by a directory", nil, []string{"go mod download"}, "runtimes:. build:"},
		{"an unknown program", nil, []string{"pkg_install cargo", "cargo fetch"}, "runtimes:. build:"},
		{"a test of a checkout file", nil, []string{"if [ -f requirements.txt ]; then pip install pyyaml; fi"}, "runtimes:. build:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := bashfile.New()
			for _, c := range tt.base {
				f.Append(bashfile.Base, c)
			}
			for _, c := range tt.runtimes {
				f.Append(bashfile.Runtimes, c)
			}
			var got []string
			for _, l := range loops.PlanLayers(f, repo) {
				got = append(got, string(l.Section)+":"+strings.Join(l.Copy, ","))
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("layers %q, want %q", strings.Join(got, " "), tt.want)
			}
		})
	}
}

// A Bash File that runs in a subdirectory of the checkout (heragent.yaml's
// project) reads paths relative to it: the whole repository is copied
// before its first layer.
func TestPlanLayersOfAProjectInASubdirectory(t *testing.T) {
	repo := t.TempDir()
	os.MkdirAll(filepath.Join(repo, "app"), 0o755)
	os.WriteFile(filepath.Join(repo, "app", "package.json"), []byte(`{"name":"x"}`), 0o644)
	f := bashfile.New()
	f.RepoDir = "/repo/app"
	f.Append(bashfile.Base, "pkg_install nodejs npm")
	f.Append(bashfile.Runtimes, "npm ci")
	var got []string
	for _, l := range loops.PlanLayers(f, repo) {
		got = append(got, string(l.Section)+":"+strings.Join(l.Copy, ","))
	}
	if strings.Join(got, " ") != "base:. runtimes: build:" {
		t.Errorf("layers %q", got)
	}
}
