package repair

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// pyExtension: the project's own compiled extension module is missing
// from its package: the build did not make it (Pillow's
// `ImportError: cannot import name '_imaging' from 'PIL'
// (/repo/src/PIL/__init__.py)`, whose src/_imaging.c did not link;
// `No module named 'pkg._speedups'` beside pkg/_speedups.c). No package
// stands in for the project's own code, and the import says only what
// the build log says why: recorded with the source that was to be
// built, not left unknown nor read as code out of date.
type pyExtension struct{}

var (
	// cannotImportOwnRe is Python naming a module its package's
	// __init__.py in the checkout does not provide.
	cannotImportOwnRe = regexp.MustCompile(`ImportError: cannot import name '(\w+)' from '([\w.]+)' \(/repo/([^)]+)/__init__\.py\)`)
	noSubmoduleRe     = regexp.MustCompile(`ModuleNotFoundError: No module named '(\w[\w.]*)\.(\w+)'`)
)

// extensionSources are the compiled sources an extension module is built
// from, by the module's name.
var extensionSources = []string{".c", ".cc", ".cpp", ".pyx"}

func (pyExtension) Name() string { return "python-extension" }

func (pyExtension) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand || f.Repo == nil {
		return nil
	}
	for _, l := range logLines(f.Log) {
		var mod, pkg, dir string
		if m := cannotImportOwnRe.FindStringSubmatch(l); m != nil {
			mod, pkg, dir = m[1], m[2], m[3]
		} else if m := noSubmoduleRe.FindStringSubmatch(l); m != nil {
			mod, pkg = m[2], m[1]
			dir = strings.TrimSuffix(ownPackageDir(&Context{Repo: f.Repo}, strings.ReplaceAll(pkg, ".", "/")), "/")
		}
		if dir == "" {
			continue
		}
		if src := extensionSource(f.Repo, dir, mod); src != "" {
			return []Diagnosis{{Kind: ExtensionNotBuilt, Subject: pkg + "." + mod, Detail: src, Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

// extensionSource is the compiled source of module mod of the package in
// dir: beside its __init__.py or one directory up (Pillow's src/_imaging.c
// for src/PIL), "" when there is none.
func extensionSource(repo RepoReader, dir, mod string) string {
	for _, d := range []string{dir, path.Dir(dir)} {
		for _, ext := range extensionSources {
			p := path.Join(d, mod+ext)
			if _, err := repo.ReadFile(p); err == nil {
				return p
			}
		}
	}
	return ""
}

func (pyExtension) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != ExtensionNotBuilt {
		return Proposal{}, false
	}
	return record(d, fmt.Sprintf("the project's own extension module %s, built from %s, is not in its package: the build did not make it (the setup log says why); no package stands in for it", d.Subject, d.Detail)), true
}
