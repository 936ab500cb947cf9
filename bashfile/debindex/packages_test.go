package debindex

import (
	"reflect"
	"strings"
	"testing"
)

func TestFirstAlternatives(t *testing.T) {
	got := firstAlternatives(" libc6 (>= 2.36), default-jre | java-runtime, python3:any (>= 3.11~)")
	if want := []string{"libc6", "default-jre", "python3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestRelatedMeta(t *testing.T) {
	tests := []struct {
		m, d string
		want bool
	}{
		{"libboost-dev", "libboost1.74-dev", true},
		{"libjpeg-dev", "libjpeg62-turbo-dev", true},
		{"libpython3-dev", "libpython3.11-dev", true},
		{"default-libmysqlclient-dev", "libmariadb-dev-compat", true},
		{"libgtk-3-dev", "libglib2.0-dev", false},
		{"libboost-dev", "libstdc++-12-dev", false},
		{"coinor-libcbc-dev", "coinor-libcbc3", false},
		{"clang", "clang-14", true},
		{"cpp-alpha-linux-gnu", "cpp-12-alpha-linux-gnu", true},
	}
	for _, tt := range tests {
		t.Run(tt.m+"/"+tt.d, func(t *testing.T) {
			if got := relatedMeta(tt.m, tt.d); got != tt.want {
				t.Errorf("relatedMeta = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMetapackage(t *testing.T) {
	pk := `Package: libboost-dev
Depends: libboost1.74-dev
Section: libdevel

Package: libfoo-dev
Depends: libfoo1 (= 1.0), libbar-dev
Section: libdevel

Package: llvm-dev
Depends: llvm-14-dev (>= 14~), llvm
Section: devel

Package: cmake
Depends: cmake-data (= 3.25.1-1), libc6
Section: devel
`
	ct := `usr/include/boost/version.hpp   libdevel/libboost1.74-dev,libdevel/libboost1.81-dev
usr/include/foo.h   libdevel/libfoo-dev
usr/include/bar.h   libdevel/libbar-dev
usr/bin/llvm-config   devel/llvm-dev
usr/lib/llvm-14/cmake/LLVMConfig.cmake   devel/llvm-14-dev
usr/lib/llvm-19/cmake/LLVMConfig.cmake   devel/llvm-19-dev
usr/bin/cmake   devel/cmake
usr/share/cmake-3.25/Modules/CMakeConfig.cmake   devel/cmake-data
`
	ix, err := Parse(Meta{}, strings.NewReader(pk), strings.NewReader(ct))
	if err != nil {
		t.Fatal(err)
	}
	c := ix.Header("boost/version.hpp")
	if len(c) != 2 || c[0].Package != "libboost1.74-dev" || c[0].Metapackage != "libboost-dev" || c[1].Metapackage != "" {
		t.Errorf("boost: %+v", c)
	}
	// llvm-dev ships files but has an unversioned name.
	if c := ix.CMakePackage("LLVM"); len(c) != 2 || c[0].Package != "llvm-14-dev" || c[0].Metapackage != "llvm-dev" {
		t.Errorf("LLVM: %+v", c)
	}
	// libfoo-dev ships files itself, so it is no metapackage of libbar-dev.
	if c := ix.Header("bar.h"); len(c) != 1 || c[0].Metapackage != "" {
		t.Errorf("bar: %+v", c)
	}
}
