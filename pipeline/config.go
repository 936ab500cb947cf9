package pipeline

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/config"
	"github.com/heragent/heragent/pyramid"
)

// The user's configuration (heragent.yaml, --config) is applied to the
// plan in three places: the project's directory before the graph is
// built, the Bash File after the detectors and the brain wrote it
// (packages, environment, the directory it runs in), and the pyramid
// (the user's commands mined with the others, first at their level; the
// skipped ones dropped after the alignment). What it changed is listed in
// Plan.Config.

// levelBuckets is the bucket a user's command of each level gets.
var levelBuckets = []struct {
	name   string
	bucket pyramid.Bucket
}{{"installable", pyramid.Build}, {"testable", pyramid.Unit}, {"runnable", pyramid.Integration}}

// projectDir is the directory the analysis reads: the repository, or the
// configuration's project subdirectory of it.
func projectDir(abs string, c *config.Config) (string, error) {
	if c == nil || c.Project.Text == "" {
		return abs, nil
	}
	dir := filepath.Join(abs, filepath.FromSlash(c.Project.Text))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return "", inputError(fmt.Errorf("%s:%d: project %q is not a directory of the repository", c.Path, c.Project.Line, c.Project.Text))
	}
	return dir, nil
}

// why is the provenance of what the configuration put in the plan.
func why(c *config.Config, line int) bashfile.Provenance {
	return bashfile.Provenance{Source: "user", File: filepath.Base(c.Path), Line: line, Note: "the user's configuration"}
}

// applyFile gives the Bash File the configuration's directory, packages
// and environment.
func (p *Plan) applyFile(c *config.Config) error {
	if c == nil {
		return nil
	}
	f := p.File
	if c.Project.Text != "" {
		for i := range f.Sections {
			for j := range f.Sections[i].Commands {
				inProject(f.Sections[i].Commands[j].Why, c.Project.Text)
			}
		}
		f.RepoDir = path.Join(bashfile.DefaultRepoDir, c.Project.Text)
		p.Layout.RepoDir = f.RepoDir
		p.applied("the project is %s/: the Bash File runs in %s, the pyramid's commands there", c.Project.Text, f.RepoDir)
	}
	if len(c.Packages) > 0 {
		added, err := f.AddPackages(bashfile.Runtimes, why(c, c.Packages[0].Line), c.Packages.Texts()...)
		if err != nil {
			return inputError(fmt.Errorf("%s:%d: packages: %w", c.Path, c.Packages[0].Line, err))
		}
		verb := "installed in"
		if !added {
			verb = "already in the Bash File's"
		}
		p.applied("packages %s %s: %s", verb, bashfile.Runtimes, strings.Join(c.Packages.Texts(), " "))
	}
	for _, v := range c.Env {
		text := "persist_env " + v.Name + " " + bashfile.ShellQuote(v.Value)
		if f.Find(bashfile.Context, text) >= 0 { // a Bash File exported with this configuration
			p.applied("environment: %s=%s (already in the Bash File)", v.Name, v.Value)
			continue
		}
		if err := f.Append(bashfile.Context, text, why(c, v.Line)); err != nil {
			return inputError(fmt.Errorf("%s:%d: env %s: %w", c.Path, v.Line, v.Name, err))
		}
		p.applied("environment: %s=%s", v.Name, v.Value)
	}
	if c.MaxTime.Duration > 0 {
		p.applied("time limit: %s (run --max-time unless given)", c.MaxTime.Duration)
	}
	return nil
}

// userCommands are the configuration's commands as pyramid commands, the
// user's provenance first (they sort first at their level and are never
// dropped by the alignment).
func userCommands(c *config.Config) []pyramid.Command {
	if c == nil {
		return nil
	}
	var out []pyramid.Command
	for _, lb := range levelBuckets {
		for _, it := range c.Level(lb.name).Use {
			out = append(out, pyramid.Command{Text: it.Text, Bucket: lb.bucket, Level: lb.bucket.Level(),
				Reason: "the user's " + lb.name + " command (" + filepath.Base(c.Path) + ")", Why: []pyramid.Provenance{why(c, it.Line)}})
		}
	}
	return out
}

// applyPyramid drops the commands the configuration skips (never the
// user's own) and, for a project in a subdirectory, runs every command
// there.
func (p *Plan) applyPyramid(c *config.Config) {
	if c == nil {
		return
	}
	for _, cmd := range userCommands(c) {
		p.applied("%s command: %s", cmd.Level, cmd.Text)
	}
	p.Pyramid.Commands = slices.DeleteFunc(p.Pyramid.Commands, func(cmd pyramid.Command) bool {
		if len(cmd.Why) > 0 && cmd.Why[0].Source == "user" {
			return false
		}
		s, ok := c.Level(string(cmd.Level)).Skipped(cmd.Text)
		if ok {
			p.applied("skipped %s command `%s` (%s:%d: %s)", cmd.Level, cmd.Text, filepath.Base(c.Path), s.Line, s.Text)
		}
		return ok
	})
	if c.Project.Text == "" {
		return
	}
	for i, cmd := range p.Pyramid.Commands {
		p.Pyramid.Commands[i].Dir = path.Join(c.Project.Text, cmd.Dir)
		inProject(cmd.Why, c.Project.Text)
	}
}

// inProject makes the files of the analysis' provenance (relative to the
// project's directory) relative to the repository; the configuration's
// own stay as they are.
func inProject(why []bashfile.Provenance, project string) {
	for i, w := range why {
		if w.File != "" && w.Source != "user" {
			why[i].File = path.Join(project, w.File)
		}
	}
}

// applied records one change the configuration made.
func (p *Plan) applied(format string, a ...any) {
	p.Config = append(p.Config, fmt.Sprintf(format, a...))
}
