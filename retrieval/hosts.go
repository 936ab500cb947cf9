package retrieval

import (
	"context"
	"regexp"
	"strings"
)

// ForeignRunner is a GitHub Actions runner label of another OS (windows-2022,
// macos-latest, self-hosted, windows): a job on it builds and tests for that
// system (msbuild, Visual Studio generators, brew), not for a Linux
// container.
var ForeignRunner = regexp.MustCompile(`(?i)^(self-hosted,\s*)?(windows|macos)`)

// Runners answers which runner a CI job asks for, reading each workflow's
// facts (runs_on_<job>) from the graph once.
type Runners struct {
	ix    *Index
	facts map[string]map[string]any
}

// Runners returns a lookup of CI jobs' runners over this index.
func (ix *Index) Runners() *Runners {
	return &Runners{ix: ix, facts: map[string]map[string]any{}}
}

// RunsOn is the runs-on label of job in the workflow file, as written
// ("windows-${{ matrix.server }}", "${{ matrix.os }}"); "" when the job
// names none or is unknown.
func (r *Runners) RunsOn(ctx context.Context, file, job string) string {
	if job == "" {
		return ""
	}
	facts, ok := r.facts[file]
	if !ok {
		if fs, err := r.ix.FindFiles(ctx, FileQuery{Glob: file}); err == nil {
			for _, f := range fs {
				if f.Path == file {
					facts = f.Facts
				}
			}
		}
		r.facts[file] = facts
	}
	on, _ := facts["runs_on_"+job].(string)
	return strings.TrimSpace(on)
}
