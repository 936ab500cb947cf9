package pipeline

import (
	"context"
	"fmt"
	"regexp"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/retrieval"
)

// A desktop library's tests talk to the D-Bus session bus, and its CI
// gives them one: `dbus-run-session -- meson test`, `dbus-launch` in a
// CI script or the Makefile's test target. The commands the pyramid mines
// from them lose the wrapper (it is not the program that tests), and a
// test that finds no bus often fails in words of its own, so the plan
// reads it where the project says it: Debian's dbus-daemon is installed
// after the build and a session bus started before every command
// (pyramid.SessionBusStart), and the notes say so. A build that looks for
// the wrapper to run its tests under (libsecret's meson.build:
// find_program('dbus-run-session', required: false)) gets the package
// before it configures. A log that names the missing bus is repair's
// (rule d-bus).

// sessionBusFileRe are the files whose commands run the tests: CI
// configurations and scripts, Makefiles, tox and nox, package.json.
var sessionBusFileRe = regexp.MustCompile(`^(?:\.github/workflows/[^/]+\.ya?ml|\.gitlab-ci\.yml|\.gitlab-ci/.+|\.ci/.+|ci/.+|\.circleci/config\.yml|\.travis\.yml|\.cirrus\.yml|(?:.+/)?(?:GNUmakefile|[Mm]akefile)|tox\.ini|noxfile\.py|package\.json|(?:.+/)?(?:meson\.build|CMakeLists\.txt))$`)

// buildFileRe are the build files among them: what they find, they find
// when the project configures.
var buildFileRe = regexp.MustCompile(`(?:^|/)(?:meson\.build|CMakeLists\.txt)$`)

// sessionBusRunRe is a line, not a comment, that runs a session bus.
var sessionBusRunRe = regexp.MustCompile(`(?m)^[^#\n]*\b(dbus-run-session|dbus-launch)\b`)

// applySessionBus starts a session bus before every command when the
// project runs its tests under one.
func (p *Plan) applySessionBus(ctx context.Context, ix *retrieval.Index) {
	files, err := ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil || p.Pyramid == nil {
		return
	}
	for _, f := range files {
		if !sessionBusFileRe.MatchString(f.Path) {
			continue
		}
		text, err := ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil {
			continue
		}
		m := sessionBusRunRe.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		section, when, source := bashfile.Build, "after the build", "ci"
		if buildFileRe.MatchString(f.Path) {
			section, when, source = bashfile.Runtimes, "before the build configures", "heragent"
		}
		why := bashfile.Provenance{Source: source, File: f.Path, Note: "the project runs its tests under " + m[1] + ", a D-Bus session bus"}
		if _, err := p.File.Apply(bashfile.Edit{Op: bashfile.OpAddPackages, Section: section, Packages: []string{pyramid.SessionBusPackage}, Why: why}); err != nil {
			return
		}
		p.Pyramid.StartEverywhere(pyramid.SessionBusStart)
		p.Notes = append(p.Notes, fmt.Sprintf("session bus: %s runs the tests under %s: Debian's %s is installed %s and a D-Bus session bus started before every command", f.Path, m[1], pyramid.SessionBusPackage, when))
		return
	}
}
