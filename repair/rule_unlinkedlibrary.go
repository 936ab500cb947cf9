package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// unlinkedLibrary: the linker found a symbol in a shared library that is
// installed but not on the link line ("undefined reference to symbol
// '_XEditResCheckMessages'" then "libXmu.so.6: error adding symbols: DSO
// missing from command line") — binutils no longer takes a library's
// dependencies as the program's own, and an optional feature configure
// turned on (vim's Motif GUI) or a forgotten -lm leaves it out. The
// library goes on the link line: LIBS (autoconf puts it last) and LDLIBS
// (make's built-in link rule); for CMake and meson builds LDFLAGS, kept
// with --no-as-needed since it comes before the objects.
type unlinkedLibrary struct{}

var unlinkedMatches = []match{
	{UnlinkedLibrary, regexp.MustCompile(`/lib([\w+.-]+?)\.so(?:\.\d+)*: error adding symbols: DSO missing from command line`)},
}

func (unlinkedLibrary) Name() string { return "unlinked-library" }

func (unlinkedLibrary) Diagnose(f Failure) []Diagnosis {
	return scan(f.Log, unlinkedMatches, nil)
}

func (r unlinkedLibrary) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != UnlinkedLibrary {
		return Proposal{}, false
	}
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, "-l"+d.Subject+" was put on the link line by an earlier repair and the linker still misses it"), true
	}
	flag := "-l" + d.Subject
	vars := []string{"LIBS", "LDLIBS"}
	if i, _ := ctx.find(bashfile.Build, func(t string) bool { return strings.Contains(t, "cmake") || strings.Contains(t, "meson") }); i >= 0 {
		vars, flag = []string{"LDFLAGS"}, "-Wl,--no-as-needed "+flag
	}
	var edits []bashfile.Edit
	// -l needs the unversioned lib<name>.so of the -dev package; the
	// program only pulled in the runtime's lib<name>.so.N.
	for _, p := range lookup(ctx, func(i PackageIndex) []string { return i.Library("lib" + d.Subject + ".so") }, nil) {
		if !ctx.hasPackage(p) {
			edits = append(edits, bashfile.Edit{Op: bashfile.OpAddPackages, Section: ctx.packageSection(p), Packages: []string{p}, Why: why(r, d)})
		}
		break
	}
	edits = append(edits, flagEdits(r, d, vars, flag)...)
	return edit(d, "lib"+d.Subject+" is installed but not on the link line: add "+flag+" ("+strings.Join(vars, ", ")+")", edits...), true
}

// flagEdits append flag to each of the variables vars in the runtimes
// section (once: a re-run finds it there), for the build after it.
func flagEdits(r Rule, d Diagnosis, vars []string, flag string) []bashfile.Edit {
	var edits []bashfile.Edit
	for _, v := range vars {
		edits = append(edits, bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes,
			Command: `case " ${` + v + `:-} " in *" ` + flag + ` "*) ;; *) persist_env ` + v + ` "${` + v + `:+$` + v + ` }` + flag + `" ;; esac`, Why: why(r, d)})
	}
	return edits
}
