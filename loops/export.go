package loops

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/heragent/heragent/internal/atomicfile"
	"github.com/heragent/heragent/sandbox"
	"mvdan.cc/sh/v3/syntax"
)

// Export is what a run hands the user: the final setup script, the command
// that proved the repository runs, the base image they start from, and
// what the Dockerfile says of itself.
type Export struct {
	// BaseImage is the image the run started from; Base the public image
	// the Dockerfile's ARG BASE defaults to (sandbox.PublicBase), BaseImage
	// when empty.
	BaseImage string
	Base      string
	Setup     string // the rendered Bash File
	// Runnable is the shell command the entrypoint runs by default; empty
	// when no Runnable command was proved (the entrypoint then opens a shell).
	Runnable string
	// Layers lays the sections out (PlanLayers); nil: the repository is
	// copied first, then every section runs.
	Layers []Layer
	// Ignore are repository paths the build context leaves out
	// (ContextIgnore).
	Ignore []string
	// Source is the repository's URL and Revision its commit, for the
	// OCI labels and the header's commands ("" when unknown). Created is
	// when the environment was proved.
	Source, Revision string
	Created          time.Time
	Labels           []Label // heragent's own labels: version, level, evidence
	Name             string  // the image name the header's commands use
	// Level is the level proved, Proof the commands that proved it and
	// User the unprivileged account they ran as ("" for root), for the
	// devcontainer.
	Level string
	Proof []ProofCommand
	User  string
}

// Label is one LABEL of the Dockerfile.
type Label struct{ Key, Value string }

// In-image locations of the exported scripts.
const (
	imageSetupPath      = "/heragent/setup.sh"
	imageEntrypointPath = "/heragent/entrypoint.sh"
	imageBuildCAPath    = "/heragent/" + buildCAName
)

// Files of the export directory the Dockerfile copies, and where the
// repository goes beside them.
const (
	buildCAName   = "with-build-ca.sh"
	contextRepo   = "repo"
	dockerignore  = ".dockerignore"
	dockerfileOut = "Dockerfile"
)

// Entrypoint renders entrypoint.sh: it loads the environment setup.sh
// persisted and runs the given command, or the Runnable one.
func (x Export) Entrypoint() string {
	def := `exec bash`
	if x.Runnable != "" {
		def = "exec bash -c " + quote(x.Runnable)
	}
	return `#!/usr/bin/env bash
# Entrypoint exported by heragent: runs a command in the environment
# setup.sh prepared (its persisted variables, in the repository).
# Without arguments it runs the command that proved the repository runs.
set -e
if [ -f /etc/profile.d/heragent.sh ]; then . /etc/profile.d/heragent.sh; fi
cd ` + sandbox.RepoDir + `
if [ "$#" -gt 0 ]; then exec "$@"; fi
` + def + "\n"
}

// BuildCA renders with-build-ca.sh: it runs one build step trusting the
// CA certificate of a TLS-intercepting proxy, then takes the certificate
// out of the image again. The certificate comes from the BuildKit or
// podman secret "ca" or the build arg HERAGENT_CA_PEM; without either the
// step runs as it is.
func (x Export) BuildCA() string {
	crt := sandbox.ContainerCADir + "/build.crt"
	return `#!/bin/sh
# with-build-ca.sh CMD...: exported by heragent. Runs one step of the
# Dockerfile trusting the CA certificate of a TLS-intercepting proxy (the
# secret "ca", or the build arg HERAGENT_CA_PEM), then removes it from the
# image's trust store. Without either it runs CMD as it is.
set -e
if [ -s /run/secrets/ca ]; then pem=$(cat /run/secrets/ca); else pem=${HERAGENT_CA_PEM:-}; fi
[ -n "$pem" ] || exec "$@"
sys=/etc/ssl/certs/ca-certificates.crt
if [ -f "$sys" ]; then cp -p "$sys" "$sys.heragent-saved"; fi
mkdir -p ` + sandbox.ContainerCADir + `
printf '%s\n' "$pem" > ` + crt + `
cp ` + crt + ` ` + sandbox.ContainerCABundle + `
export ` + strings.Join(sandbox.CAEnv(), " ") + `
(
` + sandbox.CAInstallScript + `
)
status=0
"$@" || status=$?
rm -f ` + crt + ` ` + sandbox.ContainerCABundle + ` /etc/ssl/certs/heragent-build.pem
rmdir ` + sandbox.ContainerCADir + ` 2>/dev/null || true
if command -v update-ca-certificates >/dev/null 2>&1; then
  update-ca-certificates --fresh >/dev/null 2>&1 || true
elif [ -f "$sys.heragent-saved" ]; then
  cp -p "$sys.heragent-saved" "$sys"
else
  rm -f "$sys"
fi
rm -f "$sys.heragent-saved"
exit "$status"
`
}

// quote shell-quotes s for bash.
func quote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil { // only for strings with NUL bytes, which scripts never hold
		return "''"
	}
	return q
}

// WriteExports writes setup.sh, entrypoint.sh, with-build-ca.sh, the
// Dockerfile, its .dockerignore and .devcontainer/devcontainer.json into
// dir atomically (each file appears
// whole or not at all).
func (x Export) WriteExports(dir string) error {
	files := []struct {
		name string
		body string
		mode os.FileMode
	}{
		{"setup.sh", x.Setup, 0o755},
		{"entrypoint.sh", x.Entrypoint(), 0o755},
		{buildCAName, x.BuildCA(), 0o755},
		{dockerfileOut, x.Dockerfile(), 0o644},
		{dockerignore, x.DockerIgnore(), 0o644},
		{devcontainerOut, x.Devcontainer(), 0o644},
	}
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(devcontainerOut)), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", devcontainerOut, err)
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(dir, f.name), []byte(f.body), f.mode); err != nil {
			return fmt.Errorf("write %s: %w", f.name, err)
		}
	}
	return nil
}

// writeFile writes a file atomically.
func writeFile(path string, data []byte, mode os.FileMode) error {
	return atomicfile.Write(path, data, mode)
}
