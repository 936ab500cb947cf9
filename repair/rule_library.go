package repair

import (
	"regexp"
	"strings"
)

// missingLibrary: the linker cannot find -lfoo, or a program cannot load
// a shared object at run time.
type missingLibrary struct{}

var libraryMatches = []match{
	// ld: /usr/bin/ld: cannot find -lssl: No such file or directory
	{MissingLibrary, regexp.MustCompile(`ld(?:\.\w+)?: cannot find (-l[\w.+-]+)`)},
	// lld/clang: ld.lld: error: unable to find library -lssl
	{MissingLibrary, regexp.MustCompile(`unable to find library (-l[\w.+-]+)`)},
	// loader: error while loading shared libraries: libevent-2.1.so.7: cannot open shared object file
	// Python ctypes / dlopen: OSError: libGL.so.1: cannot open shared object file
	{MissingLibrary, regexp.MustCompile(`([\w.+-]+\.so(?:\.[\d.]+)?): cannot open shared object file`)},
}

func (missingLibrary) Name() string { return "missing-library" }

func (missingLibrary) Diagnose(f Failure) []Diagnosis { return scan(f.Log, libraryMatches, nil) }

// libraryFile turns "-lssl" into the file the linker looked for.
func libraryFile(subject string) string {
	if name, ok := strings.CutPrefix(subject, "-l"); ok {
		if strings.HasPrefix(name, ":") {
			return name[1:]
		}
		return "lib" + name + ".so"
	}
	return subject
}

func (r missingLibrary) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != MissingLibrary {
		return Proposal{}, false
	}
	file := libraryFile(d.Subject)
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.Library(file) }, nil)), true
}
