package bashfile

import (
	"testing"

	"github.com/heragent/heragent/retrieval"
)

func files(paths ...string) []retrieval.FileInfo {
	var out []retrieval.FileInfo
	for _, p := range paths {
		out = append(out, retrieval.FileInfo{Path: p})
	}
	return out
}

// The project's build files in a subdirectory named like it (libexpat's
// expat/) make it the project; a part of the project (micropython's
// mpy-cross beside ports/unix, nginx's auto/ scripts) is found but not
// named like it; a top-level build file means the top builds.
func TestSubprojectDir(t *testing.T) {
	for _, tc := range []struct {
		files            []retrieval.FileInfo
		project, dir, bf string
		named            bool
	}{
		{files("README.md", "expat/CMakeLists.txt", "expat/configure.ac", "expat/tests/CMakeLists.txt", "testdata/x.xml"), "libexpat", "expat", "CMakeLists.txt", true},
		{files("README.md", "mpy-cross/Makefile", "ports/unix/Makefile", "tests/Makefile"), "micropython", "mpy-cross", "Makefile", false},
		{files("README", "auto/configure", "src/core/nginx.c"), "nginx", "auto", "configure", false},
		{files("CMakeLists.txt", "src/CMakeLists.txt"), "x", "", "", false},
		{files("README.md", "c++/CMakeLists.txt", "doc/Makefile"), "capnproto", "c++", "CMakeLists.txt", false},
	} {
		dir, bf, named := SubprojectDir(tc.files, tc.project)
		if dir != tc.dir || bf != tc.bf || named != tc.named {
			t.Errorf("%s: %q %q %v, want %q %q %v", tc.project, dir, bf, named, tc.dir, tc.bf, tc.named)
		}
	}
}

// The repository seen from the subproject: its files without the prefix,
// its top-level build files as stacks.
func TestRebase(t *testing.T) {
	r := &repo{files: files("README.md", "expat/CMakeLists.txt", "expat/lib/xmlparse.c", "expat/Makefile.am"), root: "/src/libexpat"}
	sub := r.rebase("expat")
	if !sub.has("CMakeLists.txt") || sub.has("README.md") || !sub.stacks["cmake"] || sub.stacks["make"] || sub.root != "/src/libexpat/expat" || len(sub.files) != 3 {
		t.Errorf("rebased: %+v", sub)
	}
}
