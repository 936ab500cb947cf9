package loops

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/internal/atomicfile"
	"github.com/heragent/heragent/sandbox"
	"mvdan.cc/sh/v3/syntax"
)

// Export is what a run hands the user: the final setup script, the command
// that proved the repository runs, and the base image they start from.
type Export struct {
	BaseImage string
	Setup     string // the rendered Bash File
	// Runnable is the shell command the entrypoint runs by default; empty
	// when no Runnable command was proved (the entrypoint then opens a shell).
	Runnable string
}

// In-image locations of the exported scripts.
const (
	imageSetupPath      = "/heragent/setup.sh"
	imageEntrypointPath = "/heragent/entrypoint.sh"
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

// Dockerfile renders a Dockerfile that materialises the environment from
// the base image. The build context is the repository. setup.sh and
// entrypoint.sh are written into the image by printf (not COPY), so the
// Dockerfile works from any directory with any builder. Extra CA
// certificates (TLS-intercepting proxies) are used while setup.sh runs and
// removed afterwards: as a BuildKit/podman secret `ca`, or as the build arg
// HERAGENT_CA_PEM for builders without secrets.
func (x Export) Dockerfile() string {
	var b strings.Builder
	fmt.Fprintf(&b, `# Dockerfile exported by heragent. Build it with the repository as context:
#   docker build -f Dockerfile -t my-env /path/to/repo
# Behind a TLS-intercepting proxy, give the build its CA (not kept in the image):
#   docker build --secret id=ca,src=/path/to/proxy-ca.crt ...
#   docker build --build-arg HERAGENT_CA_PEM="$(cat /path/to/proxy-ca.crt)" ...
FROM %s
ARG HERAGENT_CA_PEM=""
ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
COPY . %s
WORKDIR %s
`, x.BaseImage, sandbox.RepoDir, sandbox.RepoDir)
	b.WriteString("RUN mkdir -p /heragent \\\n")
	writeFileLines(&b, imageSetupPath, x.Setup)
	writeFileLines(&b, imageEntrypointPath, x.Entrypoint())
	fmt.Fprintf(&b, " && chmod +x %s %s\n", imageSetupPath, imageEntrypointPath)

	var ca strings.Builder
	ca.WriteString(`set -e; crt=` + sandbox.ContainerCADir + `/build.crt; mkdir -p ` + sandbox.ContainerCADir + `; `)
	ca.WriteString(`if [ -s /run/secrets/ca ]; then cp /run/secrets/ca "$crt"; elif [ -n "$HERAGENT_CA_PEM" ]; then printf '%s\n' "$HERAGENT_CA_PEM" > "$crt"; fi; `)
	ca.WriteString(`if [ -f "$crt" ]; then cp "$crt" ` + sandbox.ContainerCABundle + `; export ` + strings.Join(sandbox.CAEnv(), " ") + `; ` + oneLineScript(sandbox.CAInstallScript) + `; fi; `)
	ca.WriteString(`bash ` + imageSetupPath + `; `)
	ca.WriteString(`if [ -f "$crt" ]; then rm -f "$crt" ` + sandbox.ContainerCABundle + `; update-ca-certificates --fresh >/dev/null 2>&1 || true; fi`)
	fmt.Fprintf(&b, "RUN --mount=type=secret,id=ca,required=false %s\n", ca.String())
	fmt.Fprintf(&b, "ENTRYPOINT [%q]\n", imageEntrypointPath)
	return b.String()
}

// writeFileLines appends ` && printf '%s\n' 'line' ... > path` to a RUN.
func writeFileLines(b *strings.Builder, path, content string) {
	b.WriteString(" && printf '%s\\n' \\\n")
	for _, line := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
		b.WriteString("    " + quote(line) + " \\\n")
	}
	b.WriteString("    > " + path + " \\\n")
}

// quote shell-quotes s for bash.
func quote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil { // only for strings with NUL bytes, which scripts never hold
		return "''"
	}
	return q
}

// oneLineScript prints a script on one line, for a Dockerfile RUN.
func oneLineScript(s string) string {
	f, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	if err != nil {
		panic(fmt.Sprintf("built-in script does not parse: %v", err))
	}
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, f); err != nil {
		panic(fmt.Sprintf("print built-in script: %v", err))
	}
	return strings.TrimSpace(b.String())
}

// WriteExports writes setup.sh, entrypoint.sh and Dockerfile into dir
// atomically (each file appears whole or not at all).
func (x Export) WriteExports(dir string) error {
	files := []struct {
		name string
		body string
		mode os.FileMode
	}{
		{"setup.sh", x.Setup, 0o755},
		{"entrypoint.sh", x.Entrypoint(), 0o755},
		{"Dockerfile", x.Dockerfile(), 0o644},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(dir, f.name), []byte(f.body), f.mode); err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes a file atomically.
func writeFile(path string, data []byte, mode os.FileMode) error {
	return atomicfile.Write(path, data, mode)
}
