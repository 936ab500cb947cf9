package loops_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/sandbox"
	"github.com/moby/patternmatcher/ignorefile"
)

// TestExportedDockerfileBuildsAndRuns builds the exported Dockerfile from
// scratch through the Engine API as a user builds it (the export directory
// as context, the repository in repo/, .dockerignore applied, BASE the
// local base image), with the host CA given as a build arg and an https
// download inside setup.sh, then runs the image's entrypoint.
func TestExportedDockerfileBuildsAndRuns(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	ctx := context.Background()
	repo := testrepo.Write(t, map[string]string{
		"hello.c":  "#include <stdio.h>\nint main(int c, char **v) { printf(\"hello, %s\\n\", c > 1 ? v[1] : \"world\"); return 0; }\n",
		"Makefile": "hello: hello.c\n\tcc -o hello hello.c\n",
	})
	f := bashfile.New()
	why := bashfile.Provenance{Source: "test"}
	pkgs := []string{"gcc", "libc6-dev", "make"}
	certs, err := sandbox.HostCACerts()
	if err != nil {
		t.Fatal(err)
	}
	if len(certs) > 0 {
		pkgs = append(pkgs, "curl")
	}
	f.AddPackages(bashfile.Base, why, pkgs...)
	f.Append(bashfile.Build, "make", why)
	if len(certs) > 0 { // proves the CA reached the build
		f.Append(bashfile.Build, "curl -fsS -o /dev/null https://registry.npmjs.org/", why)
	}
	x := loops.Export{BaseImage: enginetest.Image(), Base: "debian:bookworm", Setup: f.Render(), Runnable: "./hello exported",
		Layers: loops.PlanLayers(f, repo), Ignore: loops.ContextIgnore(repo, nil)}
	out := t.TempDir()
	if err := x.WriteExports(out); err != nil {
		t.Fatal(err)
	}
	df, err := os.ReadFile(filepath.Join(out, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	runID := sandbox.NewRunID()
	t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{RunID: runID, Checkpoints: true}) })
	var log bytes.Buffer
	bctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	di, err := os.ReadFile(filepath.Join(out, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	ignore, err := ignorefile.ReadAll(bytes.NewReader(di))
	if err != nil {
		t.Fatal(err)
	}
	img, err := e.BuildImage(bctx, sandbox.BuildOptions{Context: out, Mounts: map[string]string{"repo": repo}, Ignore: ignore,
		BuildArgs: map[string]string{"BASE": enginetest.Image()}, Dockerfile: string(df), CACerts: certs, RunID: runID, Log: &log})
	if err != nil {
		t.Fatalf("build: %v\n%s", err, log.String())
	}
	if entries, _ := os.ReadDir(repo); len(entries) != 2 {
		t.Fatalf("build wrote into the repository: %v", entries)
	}
	s := enginetest.Sandbox(t, e, sandbox.Options{Image: img, RunID: runID})
	res, err := s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"bash", "/heragent/entrypoint.sh"}})
	if err != nil || res.ExitCode != 0 || !strings.Contains(res.Tail, "hello, exported") {
		t.Fatalf("entrypoint: %v %+v", err, res)
	}
	res, err = s.Exec(ctx, sandbox.ExecSpec{Script: "ls /usr/local/share/ca-certificates/heragent/build.crt /etc/ssl/heragent-ca.pem 2>/dev/null | wc -l"})
	if err != nil || strings.TrimSpace(res.Tail) != "0" {
		t.Fatalf("build CA left in the image: %v %q", err, res.Tail)
	}
	for _, c := range certs {
		line := strings.Split(string(c.PEM), "\n")[1] // a line of the certificate's body
		res, err = s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"grep", "-cF", line, "/etc/ssl/certs/ca-certificates.crt"}})
		if err != nil || strings.TrimSpace(res.Tail) != "0" {
			t.Fatalf("build CA %s left in the system bundle: %v %q", c.Source, err, res.Tail)
		}
	}
	labels, err := e.ImageLabels(ctx, img)
	if err != nil || labels["org.opencontainers.image.created"] == "" || labels[sandbox.LabelKind] != sandbox.KindCheckpoint {
		t.Fatalf("labels: %v %v (the build's checkpoint kind must win over the Dockerfile's export kind: gc removes it)", err, labels)
	}
}
