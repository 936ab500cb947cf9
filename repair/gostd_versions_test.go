package repair

import "testing"

// A newer standard library than go.mod asks for is read off Go 1.19's
// messages: the newest release any line needs; a project's own names
// are no standard library's.
func TestGoStdNewer(t *testing.T) {
	for _, tt := range []struct{ log, want string }{
		{"./a_test.go:133:20: undefined: bytes.Clone", "1.20"},
		{"x.go:3:2: package slices is not in GOROOT (/usr/lib/go-1.19/src/slices)\n./b.go:9:7: undefined: bytes.Clone", "1.21"},
		{"./c.go:4:9: undefined: min", "1.21"},
		{"./c.go:4:9: undefined: jsonparser.Foo", ""},
		{"./c.go:4:9: undefined: strings.Lines", "1.24"},
	} {
		if got, _ := goStdNewer(tt.log); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.log, got, tt.want)
		}
	}
}
