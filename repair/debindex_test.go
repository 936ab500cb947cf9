package repair

import (
	"os"
	"slices"
	"testing"

	"github.com/heragent/heragent/bashfile/debindex"
)

func TestDebianIndexAdapter(t *testing.T) {
	contents, err := os.Open("../bashfile/debindex/testdata/Contents-excerpt")
	if err != nil {
		t.Fatal(err)
	}
	defer contents.Close()
	packages, err := os.Open("../bashfile/debindex/testdata/Packages-excerpt")
	if err != nil {
		t.Fatal(err)
	}
	defer packages.Close()
	ix, err := debindex.Parse(debindex.Meta{Suite: "bookworm", Arch: "amd64"}, packages, contents)
	if err != nil {
		t.Fatal(err)
	}
	pi := DebianIndex(ix)
	tests := []struct {
		name string
		got  []string
		want string
	}{
		{"header", pi.Header("zlib.h"), "zlib1g-dev"},
		{"library as the rules ask for it", pi.Library("libssl.so"), "libssl-dev"},
		{"pkg-config", pi.PkgConfig("libevent"), "libevent-dev"},
		{"executable", pi.Executable("xxd"), "xxd"},
		{"python module", pi.PythonModule("yaml"), "python3-yaml"},
	}
	for _, tt := range tests {
		if !slices.Contains(tt.got, tt.want) {
			t.Errorf("%s: %v lacks %s", tt.name, tt.got, tt.want)
		}
	}
}
