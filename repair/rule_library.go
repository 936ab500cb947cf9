package repair

import (
	"fmt"
	"regexp"
	"strings"
)

// hintFold is hints' entry for name, its case ignored.
func hintFold(hints map[string][]string, name string) []string {
	for k, v := range hints {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return nil
}

// missingLibrary: the linker cannot find -lfoo, or a program cannot load
// a shared object at run time.
type missingLibrary struct{}

var libraryMatches = []match{
	// ld: /usr/bin/ld: cannot find -lssl: No such file or directory
	{MissingLibrary, regexp.MustCompile(`ld(?:\.\w+)?: cannot find (-l[\w.+-]+)`)},
	// by its path: clang's runtime for -fprofile-arcs or a sanitizer
	// (ld: cannot find /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.profile-x86_64.a)
	{MissingLibrary, regexp.MustCompile(`ld(?:\.\w+)?: cannot find (/usr/lib/llvm-[\w./+-]+/lib[\w.+-]+\.(?:a|so))\b`)},
	// lld/clang: ld.lld: error: unable to find library -lssl
	{MissingLibrary, regexp.MustCompile(`unable to find library (-l[\w.+-]+)`)},
	// loader: error while loading shared libraries: libevent-2.1.so.7: cannot open shared object file
	// Python ctypes / dlopen: OSError: libGL.so.1: cannot open shared object file
	{MissingLibrary, regexp.MustCompile(`([\w.+-]+\.so(?:\.[\d.]+)?): cannot open shared object file`)},
	// the loader, a library a test preloads (libgudev's umockdev tests):
	// ERROR: ld.so: object 'libumockdev-preload.so.0' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.
	{MissingLibrary, regexp.MustCompile(`object '([\w.+-]+\.so(?:\.[\d.]+)?)' from LD_PRELOAD cannot be preloaded \(cannot open shared object file\)`)},
}

// namedLibraryMatches name a missing library in words: configure scripts
// of their own (nginx: "the HTTP rewrite module requires the PCRE
// library", "SSL modules require the OpenSSL library"; autoconf's
// "error: zlib library not found"). The name is a guess until the Debian
// index knows its lib<name>.so (Propose checks), so prose installs
// nothing by accident.
var namedLibraryMatches = []match{
	{MissingLibrary, regexp.MustCompile(`\brequires? the ([A-Za-z][\w+-]*) librar(?:y|ies)\b`)},
	{MissingLibrary, regexp.MustCompile(`(?:error|ERROR|Error):.*?\b([A-Za-z][\w+-]*) (?:development )?librar(?:y|ies) (?:was |is |were )?not found`)},
}

func (missingLibrary) Name() string { return "missing-library" }

func (missingLibrary) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, libraryMatches, nil)
	for _, d := range scan(f.Log, namedLibraryMatches, strings.ToLower) {
		d.Detail = namedDetail
		ds = append(ds, d)
	}
	return ds
}

// namedLibraryFiles are the files a library named in prose may be:
// pcre → libpcre.so, zlib → libz.so, libpcap → libpcap.so.
func namedLibraryFiles(name string) []string {
	if strings.HasPrefix(name, "lib") {
		return []string{name + ".so"}
	}
	out := []string{"lib" + name + ".so"}
	if base, ok := strings.CutSuffix(name, "lib"); ok && base != "" {
		out = append(out, "lib"+base+".so")
	}
	return out
}

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
	if d.Detail == namedDetail {
		var cands []string
		for _, f := range namedLibraryFiles(d.Subject) {
			cands = append(cands, lookup(ctx, func(i PackageIndex) []string { return i.Library(f) }, nil)...)
		}
		if len(cands) == 0 {
			cands = hintFold(cmakeHints, d.Subject) // OpenSSL: libssl.so, not libopenssl.so
		}
		if len(cands) == 0 {
			return none(d, fmt.Sprintf("the log names the %s library as missing, but no Debian package is known to ship it", d.Subject)), true
		}
		return addPackage(r, d, ctx, cands), true
	}
	file := libraryFile(d.Subject)
	return addPackage(r, d, ctx, lookup(ctx, func(i PackageIndex) []string { return i.Library(file) }, nil)), true
}
