package repair

// PackageIndex answers which Debian packages provide a file. Each method
// returns package names best first (nil when unknown). It is declared here,
// where it is consumed; bashfile/debindex builds the real one from Debian's
// Contents files, and an adapter is a handful of one-line methods.
type PackageIndex interface {
	// Header: an include path as the compiler wrote it ("zlib.h",
	// "openssl/ssl.h"), found under /usr/include.
	Header(path string) []string
	// PkgConfig: a pkg-config module ("libevent") with a .pc file.
	PkgConfig(module string) []string
	// Library: a shared object file name ("libssl.so", "libevent-2.1.so.7").
	Library(file string) []string
	// Executable: a command name found on PATH ("xxd").
	Executable(name string) []string
	// CMakePackage: a find_package name with a <Name>Config.cmake or
	// <name>-config.cmake file ("fmt").
	CMakePackage(name string) []string
	// PythonModule: a top-level import name ("yaml") under dist-packages.
	PythonModule(name string) []string
}

// MapIndex is a PackageIndex from literal maps: for tests, and for small
// curated additions in front of the real index.
type MapIndex struct {
	Headers, PkgConfigs, Libraries, Executables, CMakePackages, PythonModules, PerlModules map[string][]string
	// IncludeDirs: a header path → the subdirectory of /usr/include its
	// first package ships it in (HeaderDirIndex).
	IncludeDirs map[string]string
}

// HeaderDirIndex is an index that also knows where a package ships a
// header: the include directory under /usr/include when it is a
// subdirectory the compiler does not search ("" otherwise).
type HeaderDirIndex interface {
	HeaderDir(path, pkg string) string
}

func (m MapIndex) HeaderDir(p, pkg string) string {
	if ps := m.Headers[p]; len(ps) > 0 && ps[0] == pkg {
		return m.IncludeDirs[p]
	}
	return ""
}

func (m MapIndex) Header(p string) []string       { return m.Headers[p] }
func (m MapIndex) PkgConfig(p string) []string    { return m.PkgConfigs[p] }
func (m MapIndex) Library(p string) []string      { return m.Libraries[p] }
func (m MapIndex) Executable(p string) []string   { return m.Executables[p] }
func (m MapIndex) CMakePackage(p string) []string { return m.CMakePackages[p] }
func (m MapIndex) PythonModule(p string) []string { return m.PythonModules[p] }
func (m MapIndex) PerlModule(p string) []string   { return m.PerlModules[p] }

// lookup asks the index (when there is one) and falls back to hints.
func lookup(ctx *Context, ask func(PackageIndex) []string, hint []string) []string {
	if ctx.Index != nil {
		if ps := ask(ctx.Index); len(ps) > 0 {
			return ps
		}
	}
	return hint
}
