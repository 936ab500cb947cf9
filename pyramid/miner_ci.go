package pyramid

import (
	"context"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// mineCI mines the run steps of CI workflows (GitHub Actions, GitLab CI,
// Travis, CircleCI) and Dockerfile RUN instructions. A simple matrix is
// expanded to its first combination (the values are listed in the note):
// one toolchain is enough to prove a level.
func mineCI(ctx context.Context, e *env) ([]Command, error) {
	steps, err := e.ix.CISteps(ctx)
	if err != nil {
		return nil, err
	}
	var out []Command
	hosts := e.ix.Runners()
	for _, s := range steps {
		if s.System == "dockerfile" && s.Name != "" && s.Name != "RUN" {
			continue // CMD / ENTRYPOINT: the entry-point miner
		}
		if foreignHost(ctx, hosts, s.Path, s.Job, s.Matrix) || s.System != "dockerfile" && (choreWorkflow.MatchString(s.Path) || nestedCI.MatchString(s.Path)) {
			continue
		}
		text, note := expandMatrix(s.Text, s.Matrix)
		text = workspaceExpr.ReplaceAllString(text, "$$GITHUB_WORKSPACE") // shell, as the runner reads it
		if s.Job != "" {
			note = strings.TrimSpace("job " + s.Job + " " + note)
		}
		src := "ci"
		if s.System == "dockerfile" {
			src = "dockerfile"
		}
		out = append(out, fromShell(e, text, src, s.Path, int(s.Line), note)...)
		if src == "ci" {
			out = append(out, ciScriptCommands(ctx, e, text, s.Path, note)...)
		}
	}
	return out, nil
}

// workspaceExpr is GitHub Actions' expression for the checkout.
var workspaceExpr = regexp.MustCompile(`\$\{\{\s*github\.workspace\s*\}\}`)

// choreWorkflow is a CI workflow that releases, publishes, deploys or
// tends the repository (release.yml, publish-pypi.yml, pages.yml,
// stale.yml): its steps install release tooling and push artifacts, they
// do not build, test or use the project the way a user does
// (tomlkit's release.yml: `python install-poetry.py -y`).
var choreWorkflow = regexp.MustCompile(`(?i)(^|/)[\w-]*(release|publish|deploy|pages|stale|labeler|label|codeql|dependabot|backport|changelog)[\w-]*\.ya?ml$`)

// nestedCI is a CI file its service reads only at the top of a
// repository, found below it: a vendored project's (cJSON's
// tests/unity/.travis.yml runs Unity's suite, not cJSON's).
var nestedCI = regexp.MustCompile(`^.+/(\.github/workflows/[^/]+|\.travis\.ya?ml|\.gitlab-ci\.ya?ml|\.circleci/[^/]+|\.cirrus\.ya?ml|\.?appveyor\.ya?ml)$`)

// foreignHost reports a CI job that runs on Windows or macOS (runs-on:
// windows-2022, macos-latest, or a matrix whose every os is one): its
// steps build and test for that system (ports/windows, msbuild, brew), not
// for this Linux container.
func foreignHost(ctx context.Context, hosts *retrieval.Runners, file, job string, matrix []string) bool {
	on := hosts.RunsOn(ctx, file, job)
	m := matrixRe.FindStringSubmatch(on)
	if m == nil {
		return retrieval.ForeignRunner.MatchString(strings.TrimSpace(on))
	}
	// runs-on: ${{ matrix.os }}: foreign when every os is.
	oses := parseMatrix(matrix).values(m[1])
	for _, os := range oses {
		if !retrieval.ForeignRunner.MatchString(strings.TrimSpace(strings.Replace(on, m[0], os, 1))) {
			return false
		}
	}
	return len(oses) > 0
}
