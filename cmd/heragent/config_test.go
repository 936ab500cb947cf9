package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/internal/testrepo"
)

// copyFixture copies a fixture repository into a temporary directory.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	return testrepo.Copy(t, filepath.Join("..", "..", "testdata", "repos", name), filepath.Join(t.TempDir(), name))
}

// The repository's heragent.yaml is read by plan; what it changed is in
// plan.json and on stderr.
func TestPlanReadsTheRepositorysHeragentYAML(t *testing.T) {
	repo := copyFixture(t, "c-cmake")
	os.WriteFile(filepath.Join(repo, "heragent.yaml"), []byte("packages: [jq]\ntestable:\n  skip: ctest*\n"), 0o644)
	args := []string{"--store", filepath.Join(t.TempDir(), "graph.db"), "--offline", "--cache-dir", t.TempDir()}
	r := runCLI(t, nil, append([]string{"plan", repo, "--json"}, args...)...)
	if r.code != ExitOK {
		t.Fatalf("plan --json: exit %d: %s", r.code, r.stderr)
	}
	var p struct {
		ConfigFile string   `json:"config_file"`
		Config     []string `json:"config"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil {
		t.Fatal(err)
	}
	if p.ConfigFile != filepath.Join(repo, "heragent.yaml") || len(p.Config) != 2 || !strings.HasPrefix(p.Config[1], "skipped testable command `ctest") {
		t.Errorf("plan.json config %q: %q", p.ConfigFile, p.Config)
	}
	r = runCLI(t, nil, append([]string{"pyramid", repo}, args...)...)
	if r.code != ExitOK || strings.Contains(r.stdout, "ctest") || !strings.Contains(r.stderr, "config: skipped testable command") {
		t.Errorf("pyramid: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// A bad --config, heragent.yaml or --bash-file stops plan, pyramid and run
// before anything starts: exit 2, one line naming the file and the line.
func TestBadConfigurationIsOneLine(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("packages: [jq]\nbuidl: make\n"), 0o644)
	badSh := filepath.Join(dir, "setup.sh")
	os.WriteFile(badSh, []byte("#!/usr/bin/env bash\nmake\n"), 0o644)
	withYAML := copyFixture(t, "c-make")
	os.WriteFile(filepath.Join(withYAML, "heragent.yaml"), []byte("env:\n  - A\n"), 0o644)
	plan := filepath.Join(dir, "plan.json")
	os.WriteFile(plan, []byte(`{"schema_version": 1}`), 0o644)
	fixture := filepath.Join("..", "..", "testdata", "repos", "c-cmake")
	noEngine := []string{"DOCKER_HOST=unix:///nonexistent/heragent-test.sock"}
	for _, tt := range []struct {
		name, want string
		args       []string
	}{
		{"plan --config", "bad.yaml:2: unknown key buidl", []string{"plan", fixture, "--config", bad}},
		{"pyramid --config", "bad.yaml:2: unknown key buidl", []string{"pyramid", fixture, "--config", bad}},
		{"run --config", "bad.yaml:2: unknown key buidl", []string{"run", fixture, "--config", bad}},
		{"the repository's heragent.yaml", "heragent.yaml:2: env: want a mapping", []string{"plan", withYAML}},
		{"a missing --config", "missing.yaml", []string{"plan", fixture, "--config", filepath.Join(dir, "missing.yaml")}},
		{"run --bash-file", "unexpected top-level statement at line 2: make", []string{"run", fixture, "--bash-file", badSh}},
		{"plan --bash-file", "--bash-file " + badSh, []string{"plan", fixture, "--bash-file", badSh}},
		{"--config with --plan", "--config does not apply with --plan", []string{"run", "--plan", plan, "--config", bad}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append(tt.args, "--offline", "--cache-dir", t.TempDir())
			if tt.args[1] != "--plan" {
				args = append(args, "--store", filepath.Join(t.TempDir(), "graph.db"))
			}
			r := runCLI(t, noEngine, args...)
			if r.code != ExitUsage || !strings.Contains(r.stderr, tt.want) {
				t.Fatalf("exit %d, want %d; stderr %q, want %q", r.code, ExitUsage, r.stderr, tt.want)
			}
			checkOneLineError(t, r)
		})
	}
}

// max_time is the run's --max-time unless the flag was given.
func TestConfiguredTimeLimit(t *testing.T) {
	repo := copyFixture(t, "c-make")
	os.WriteFile(filepath.Join(repo, "heragent.yaml"), []byte("max_time: 20m\n"), 0o644)
	for _, tt := range []struct {
		args []string
		want time.Duration
	}{{nil, 20 * time.Minute}, {[]string{"--max-time", "5m"}, 5 * time.Minute}} {
		cmd, f := runCommand(&globals{})
		if err := cmd.ParseFlags(tt.args); err != nil {
			t.Fatal(err)
		}
		a, err := f.analysis.check(cmd)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.applyConfig(cmd, a, nil, repo); err != nil {
			t.Fatal(err)
		}
		if f.maxTime != tt.want || a.opts.Config == nil {
			t.Errorf("%v: max time %s, want %s", tt.args, f.maxTime, tt.want)
		}
	}
}
