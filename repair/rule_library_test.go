package repair

import (
	"slices"
	"testing"
)

// A library named in a configure script's prose is looked up by the file
// it would be (pcre → libpcre.so, zlib → libz.so) in the Debian index, or
// by CMake's name for it (OpenSSL); a name no package ships installs
// nothing.
func TestNamedLibraries(t *testing.T) {
	idx := MapIndex{Libraries: map[string][]string{"libpcre.so": {"libpcre3-dev"}, "libz.so": {"zlib1g-dev"}}}
	for _, tc := range []struct{ log, subject, want string }{
		{"auto/configure: error: the HTTP rewrite module requires the PCRE library.", "pcre", "libpcre3-dev"},
		{"auto/configure: error: the HTTP gzip module requires the zlib library.", "zlib", "zlib1g-dev"},
		{"auto/configure: error: SSL modules require the OpenSSL library.", "openssl", "libssl-dev"},
		{"configure: error: zlib library not found", "zlib", "zlib1g-dev"},
		{"configure: error: frobnicate library not found", "frobnicate", ""},
	} {
		f := Failure{Phase: PhaseSetup, Command: "./configure", Log: tc.log}
		got := (missingLibrary{}).Diagnose(f)
		if len(got) != 1 || got[0].Subject != tc.subject {
			t.Errorf("%q: diagnoses %+v, want subject %q", tc.log, got, tc.subject)
			continue
		}
		p, _ := (missingLibrary{}).Propose(got[0], &Context{File: sampleFile(t), Index: idx})
		switch {
		case tc.want == "" && p.Action != ActionNone:
			t.Errorf("%q: %+v, want none", tc.log, p)
		case tc.want != "" && (len(p.Edits) != 1 || !slices.Contains(p.Edits[0].Packages, tc.want)):
			t.Errorf("%q: %+v, want %s", tc.log, p.Edits, tc.want)
		}
	}
}

// The linker names clang's runtime by its path (partcl's test build
// with -fprofile-arcs under clang): the package shipping that file.
func TestClangRuntimeByPath(t *testing.T) {
	const rt = "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.profile-x86_64.a"
	idx := MapIndex{Libraries: map[string][]string{rt: {"libclang-rt-14-dev"}}}
	log := "/usr/bin/ld: cannot find " + rt + ": No such file or directory\nclang: error: linker command failed with exit code 1"
	got := (missingLibrary{}).Diagnose(Failure{Phase: PhaseCommand, Command: "make test", Log: log})
	if len(got) != 1 || got[0].Subject != rt {
		t.Fatalf("diagnoses %+v, want the runtime's path", got)
	}
	p, _ := (missingLibrary{}).Propose(got[0], &Context{File: sampleFile(t), Index: idx})
	if len(p.Edits) != 1 || !slices.Contains(p.Edits[0].Packages, "libclang-rt-14-dev") {
		t.Errorf("proposal %+v, want libclang-rt-14-dev", p)
	}
}
