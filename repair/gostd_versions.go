package repair

import (
	"regexp"
	"strconv"
	"strings"
)

// A module whose go.mod asks for an old Go (jsonparser's go 1.13) may
// still use the standard library of a newer one: its tests call
// bytes.Clone (Go 1.20), import slices (1.21). Go 1.19 says only
// "undefined: bytes.Clone" or "package slices is not in GOROOT". These
// tables name the Go release that added the packages and functions such
// code most often meets; the go-toolchain repair installs that release.
// Only names of the standard library's packages are read, and a
// project's own package of the same name (github.com/pkg/errors as
// errors) cannot make a newer Go install twice: the repair is tried
// once per version.

// goStdPackages are standard packages added after Go 1.19.
var goStdPackages = map[string]string{
	"crypto/ecdh": "1.20",
	"slices":      "1.21", "maps": "1.21", "cmp": "1.21", "log/slog": "1.21", "testing/slogtest": "1.21",
	"math/rand/v2": "1.22", "go/version": "1.22",
	"iter": "1.23", "unique": "1.23", "structs": "1.23",
	"weak": "1.24", "crypto/hkdf": "1.24", "crypto/pbkdf2": "1.24", "crypto/sha3": "1.24", "crypto/mlkem": "1.24",
}

// goStdNames are package-level names (and builtins) added after Go 1.19.
var goStdNames = map[string]string{
	"bytes.Clone": "1.20", "bytes.CutPrefix": "1.20", "bytes.CutSuffix": "1.20",
	"strings.CutPrefix": "1.20", "strings.CutSuffix": "1.20", "errors.Join": "1.20",
	"time.DateTime": "1.20", "time.DateOnly": "1.20", "time.TimeOnly": "1.20",
	"context.WithCancelCause": "1.20", "context.Cause": "1.20", "http.NewResponseController": "1.20",
	"unsafe.String": "1.20", "unsafe.StringData": "1.20", "unsafe.SliceData": "1.20",
	"min": "1.21", "max": "1.21", "clear": "1.21",
	"sync.OnceFunc": "1.21", "sync.OnceValue": "1.21", "sync.OnceValues": "1.21",
	"context.WithoutCancel": "1.21", "context.AfterFunc": "1.21", "context.WithDeadlineCause": "1.21",
	"context.WithTimeoutCause": "1.21", "errors.ErrUnsupported": "1.21",
	"reflect.TypeFor": "1.22", "cmp.Or": "1.22", "slices.Concat": "1.22",
	"slices.Collect": "1.23", "slices.Sorted": "1.23", "slices.Values": "1.23", "slices.All": "1.23",
	"maps.Keys": "1.23", "maps.Values": "1.23", "maps.All": "1.23", "maps.Collect": "1.23",
	"strings.Lines": "1.24", "strings.SplitSeq": "1.24", "strings.FieldsSeq": "1.24", "bytes.Lines": "1.24",
	"bytes.SplitSeq": "1.24", "os.OpenRoot": "1.24",
}

var (
	// package slices is not in GOROOT (/usr/lib/go-1.19/src/slices)
	goNotInGorootRe = regexp.MustCompile(`package ([\w/]+) is not in (?:GOROOT|std)\b`)
	// ./append_test.go:133:20: undefined: bytes.Clone
	goUndefinedRe = regexp.MustCompile(`\.go:\d+:\d+: undefined: ((?:\w+\.)?\w+)$`)
)

// goStdNewer is the newest Go release that added a standard package or
// name the log reports missing, with the line saying so; "" when none.
func goStdNewer(log string) (version, evidence string) {
	for _, l := range logLines(log) {
		v := ""
		if m := goNotInGorootRe.FindStringSubmatch(l); m != nil {
			v = goStdPackages[m[1]]
		} else if m := goUndefinedRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			v = goStdNames[m[1]]
		}
		if v != "" && goMinor(v) > goMinor(version) {
			version, evidence = v, strings.TrimSpace(l)
		}
	}
	return version, evidence
}

// goMinor is the minor number of a Go version "1.21"; 0 for "".
func goMinor(v string) int {
	_, minor, _ := strings.Cut(v, ".")
	n, _ := strconv.Atoi(minor)
	return n
}
