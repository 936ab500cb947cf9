package bashfile

import (
	"go/build"
	"io"
	"runtime"
	"strconv"
	"strings"
)

// GoFileExcluded: a file (name, its text src) built only for other
// systems or tags than the sandbox's Linux with a current Go — its
// //go:build and // +build lines, its _GOOS/_GOARCH name. A constraint on
// the Go version holds (btree's btree_generic.go is `go1.18`, its
// btree.go `!go1.18`): the consumer is built with a newer toolchain.
func GoFileExcluded(name, src string) bool {
	c := build.Context{GOOS: "linux", GOARCH: runtime.GOARCH, Compiler: "gc", CgoEnabled: true, ReleaseTags: goReleaseTags,
		OpenFile: func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(src)), nil }}
	ok, err := c.MatchFile(".", name)
	return err != nil || !ok
}

// goReleaseTags are go1.1 … go1.99: any version a file asks for.
var goReleaseTags = func() []string {
	var tags []string
	for i := 1; i < 100; i++ {
		tags = append(tags, "go1."+strconv.Itoa(i))
	}
	return tags
}()
