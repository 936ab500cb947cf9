package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/client"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// engineFixture is a repository TestRunAndVerifyOnEachEngine runs and
// verifies on each engine.
type engineFixture struct {
	name   string
	prints string // what the exported entrypoint prints without arguments
	user   string // the unprivileged account its tests must run as; "" for root
}

// fixtureOrigin is the origin remote the fixture's checkout is given: its
// credentials must not reach the image's source label.
const fixtureOrigin = "https://ci:secret-token@example.com/heragent/"

// runAndVerify runs the fixture, as a git checkout with an origin, through
// `heragent run`; moves the exports and the checkout (in repo/) into a
// directory of their own, nothing else left, and verifies that with
// `heragent verify --tag` on the engine env points at; then checks the
// image verify built: its labels, its entrypoint, its user.
func (f engineFixture) runAndVerify(t *testing.T, cli *client.Client, env []string, calls string) {
	start := time.Now().Add(-time.Second).Truncate(time.Second)
	tmp := t.TempDir()
	src := gitCheckout(t, f.name)
	commit := gitOut(t, src, "rev-parse", "HEAD")
	out := filepath.Join(tmp, "out")
	r := runCLI(t, env, "run", src, "--out", out, "--json")
	if r.code == ExitEnv {
		enginetest.Unavailable(t, "%s", r.stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || r.code != ExitOK {
		t.Fatalf("run exit %d: %v\n%s", r.code, err, r.stderr)
	}
	if want := expectedLevel(t, f.name); rep.Level != want {
		t.Fatalf("run reached %s, expect.json says %s: %s", rep.Level, want, rep.WhyNotHigher)
	}
	if !strings.Contains(rep.Engine, calls) || rep.Commit != commit {
		t.Fatalf("the run went to %q (want the %s) on commit %q (want %s)", rep.Engine, calls, rep.Commit, commit)
	}
	if f.user != "" {
		f.checkNonRootRun(t, out, &rep)
	}

	// The exports and the repository alone: the run's checkout and output
	// directory are gone.
	dir := filepath.Join(tmp, "exports")
	if b, err := exec.Command("cp", "-a", out, dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, b)
	}
	if err := os.Rename(src, filepath.Join(dir, "repo")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	tag := "localhost/heragent-test/" + f.name + ":" + sandbox.NewRunID()
	enginetest.RemoveImageAtEnd(t, cli, tag)
	v := runCLI(t, env, "verify", dir, "--json", "--tag", tag)
	var res report.VerifyResult
	if err := json.Unmarshal([]byte(v.stdout), &res); err != nil || !res.Match || v.code != ExitOK {
		t.Fatalf("verify on %s: exit %d: %v %+v\n%s", rep.Engine, v.code, err, res, v.stderr)
	}
	if res.Reproduced != rep.Level || !strings.Contains(res.Engine, calls) {
		t.Fatalf("verify reproduced %s on %q, the run proved %s on %q", res.Reproduced, res.Engine, rep.Level, rep.Engine)
	}
	if res.Repo != filepath.Join(dir, "repo") || res.Commit != commit || res.Tag != tag || res.Image == "" {
		t.Fatalf("verify built %q (%q) from %q at %q; want %s from %s/repo at %s", res.Tag, res.Image, res.Repo, res.Commit, tag, dir, commit)
	}
	f.checkLabels(t, enginetest.ImageLabels(t, cli, tag), &rep, commit, dir, start)
	f.checkImage(t, cli, tag, dir, &res)
}

// checkLabels checks the image carries the OCI labels and heragent's, as
// the run proved them.
func (f engineFixture) checkLabels(t *testing.T, labels map[string]string, rep *report.Report, commit, dir string, start time.Time) {
	t.Helper()
	want := map[string]string{
		"org.opencontainers.image.source":   "https://example.com/heragent/" + f.name + ".git",
		"org.opencontainers.image.revision": commit,
		"io.heragent.version":               rep.Heragent,
		"io.heragent.level":                 string(rep.Level),
		"io.heragent.testable-evidence":     rep.TestableEvidence,
		"io.heragent.runnable-evidence":     rep.RunnableEvidence,
		sandbox.LabelKind:                   sandbox.KindExport,
	}
	for k, v := range want {
		if labels[k] != v || v == "" {
			t.Errorf("label %s = %q, want %q", k, labels[k], v)
		}
	}
	created, err := time.Parse(time.RFC3339, labels["org.opencontainers.image.created"])
	if err != nil || created.Before(start) || created.After(time.Now()) {
		t.Errorf("label org.opencontainers.image.created = %q: not a time of the run (%v)", labels["org.opencontainers.image.created"], err)
	}
	df, _ := os.ReadFile(filepath.Join(dir, "Dockerfile"))
	if !strings.Contains(string(df), "\nARG CREATED="+labels["org.opencontainers.image.created"]+"\n") {
		t.Errorf("the created label %q is not the Dockerfile's ARG CREATED", labels["org.opencontainers.image.created"])
	}
	if t.Failed() {
		t.Fatalf("labels: %v", labels)
	}
}

// checkImage runs the image as `docker run` does: its entrypoint with no
// arguments runs the command that proved Runnable; with the non-root
// user, that user exists, runs the suite, and root is refused it.
func (f engineFixture) checkImage(t *testing.T, cli *client.Client, tag, dir string, res *report.VerifyResult) {
	t.Helper()
	code, out := enginetest.RunImage(t, cli, tag)
	if code != 0 || !strings.Contains(out, f.prints) {
		t.Fatalf("docker run %s: exit %d, want 0 and %q:\n%s", tag, code, f.prints, out)
	}
	if f.user == "" {
		return
	}
	if code, out := enginetest.RunImage(t, cli, tag, "id", "-u", f.user); code != 0 || strings.TrimSpace(out) == "0" {
		t.Fatalf("the image has no unprivileged user %s: exit %d: %s", f.user, code, out)
	}
	if code, out := enginetest.RunImage(t, cli, tag, "runuser", "-u", f.user, "--", "make", "test"); code != 0 || !regexp.MustCompile(`(?m)^ok 4 `).MatchString(out) {
		t.Fatalf("the suite as %s in the image: exit %d:\n%s", f.user, code, out)
	}
	if code, out := enginetest.RunImage(t, cli, tag, "make", "test"); code == 0 || !strings.Contains(out, "cannot be run as root") {
		t.Fatalf("the suite ran as root in the image (exit %d): verify's pass would not show it ran as %s:\n%s", code, f.user, out)
	}
	// verify re-proved Testable, which root cannot: as the user.
	for i, c := range res.Commands {
		if c.Level != pyramid.Testable {
			continue
		}
		log, _ := os.ReadFile(filepath.Join(dir, c.Log))
		if !c.Passed || strings.Contains(string(log), "cannot be run as root") || !strings.Contains(string(log), "ok 4 ") {
			t.Fatalf("verify's Testable command %d `%s` (passed %v) did not run the suite as %s:\n%s", i, c.Text, c.Passed, f.user, log)
		}
		return
	}
	t.Fatalf("verify re-ran no Testable command: %+v", res.Commands)
}

// checkNonRootRun checks the run proved Testable as the unprivileged
// user, made by the exported setup.sh's build section, which the
// Dockerfile runs.
func (f engineFixture) checkNonRootRun(t *testing.T, out string, rep *report.Report) {
	t.Helper()
	repaired := false
	for _, rp := range rep.Repairs {
		repaired = repaired || rp.Rule == "non-root" && rp.Action == repair.ActionRunAsUser
	}
	if !repaired {
		t.Fatalf("no non-root repair: %+v", rep.Repairs)
	}
	pj, _ := os.ReadFile(filepath.Join(out, "pyramid.json"))
	pyr, err := pyramid.Load(pj)
	if err != nil {
		t.Fatal(err)
	}
	proved := false
	for _, cr := range rep.Commands {
		if !cr.Proof || cr.Level != pyramid.Testable {
			continue
		}
		for _, c := range pyr.Commands {
			proved = proved || c.Text == cr.Text && c.Level == cr.Level && c.User == f.user
		}
	}
	if !proved {
		t.Fatalf("Testable was not proved as %s: %+v", f.user, rep.Commands)
	}
	setup, _ := os.ReadFile(filepath.Join(out, "setup.sh"))
	build := regexp.MustCompile(`(?s)\nbuild_project\(\) \{\n.*?\n\}\n`).FindString(string(setup))
	if !strings.Contains(build, "useradd --create-home --shell /bin/bash "+f.user) {
		t.Fatalf("setup.sh's build section does not create %s:\n%s", f.user, build)
	}
	df, _ := os.ReadFile(filepath.Join(out, "Dockerfile"))
	if !strings.Contains(string(df), "\nRUN sh /heragent/with-build-ca.sh bash /heragent/setup.sh build_project\n") {
		t.Fatalf("the Dockerfile does not run the build section:\n%s", df)
	}
	var dc struct {
		RemoteUser string `json:"remoteUser"`
	}
	b, _ := os.ReadFile(filepath.Join(out, ".devcontainer", "devcontainer.json"))
	if err := json.Unmarshal(b, &dc); err != nil || dc.RemoteUser != f.user {
		t.Fatalf("devcontainer.json's remoteUser %q, want %s: %v", dc.RemoteUser, f.user, err)
	}
}

// gitCheckout copies a fixture into a git checkout of one commit whose
// origin is fixtureOrigin.
func gitCheckout(t *testing.T, name string) string {
	t.Helper()
	dir := copyFixture(t, name)
	gitOut(t, dir, "init", "-q")
	gitOut(t, dir, "add", "-A")
	gitOut(t, dir, "-c", "user.name=heragent test", "-c", "user.email=test@heragent.invalid", "commit", "-q", "-m", "fixture")
	gitOut(t, dir, "remote", "add", "origin", fixtureOrigin+name+".git")
	return dir
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(b))
}

// expectedLevel is the level a fixture's expect.json says it reaches.
func expectedLevel(t *testing.T, name string) pyramid.Level {
	t.Helper()
	var want struct {
		Level pyramid.Level `json:"level"`
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "repos", name, "expect.json"))
	if err == nil {
		err = json.Unmarshal(b, &want)
	}
	if err != nil || want.Level == "" {
		t.Fatalf("%s/expect.json: %v", name, err)
	}
	return want.Level
}
