package bashfile

import (
	"reflect"
	"testing"
)

// emhash's two Boost headers: the default Boost (libboost-dev) ships one,
// libboost1.81-dev both; Debian installs one of them, so both headers
// get libboost1.81-dev. Packages of different libraries stay.
func TestOneVersion(t *testing.T) {
	got := oneVersion([]headerChoice{
		{header: "boost/config.hpp", pkg: "libboost-dev", ships: []string{"libboost1.74-dev", "libboost-dev", "libboost1.81-dev"}},
		{header: "benchmark/benchmark.h", pkg: "libbenchmark-dev", ships: []string{"libbenchmark-dev"}},
		{header: "boost/core/detail/splitmix64.hpp", pkg: "libboost1.81-dev", ships: []string{"libboost1.81-dev"}},
		{header: "zlib.h", pkg: "zlib1g-dev", ships: []string{"zlib1g-dev", "libz-mingw-w64-dev"}},
	})
	var pkgs []string
	for _, c := range got {
		pkgs = append(pkgs, c.pkg)
	}
	if want := []string{"libboost1.81-dev", "libbenchmark-dev", "libboost1.81-dev", "zlib1g-dev"}; !reflect.DeepEqual(pkgs, want) {
		t.Errorf("packages %v, want %v", pkgs, want)
	}
}
