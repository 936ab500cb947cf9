package pyramid

import (
	"regexp"
	"strings"
)

// remoteGoRun is `go run|install PACKAGE@VERSION …`: a package of a module
// proxy's release.
var remoteGoRun = regexp.MustCompile(`^go (run|install) (\S+?)@\S+`)

// localGoRun rewrites a command that runs or installs a release of the
// checkout's own module (a Go tool's README: `go run
// go.etcd.io/bbolt/cmd/bbolt@latest`, `go install
// github.com/mikefarah/yq/v4@latest`) to the same package of the checkout
// (`go run ./cmd/bbolt`, `go install .`): the release would come from the
// internet, and the checkout is the code to prove. Other commands are
// returned as they are.
func (e *env) localGoRun(text string) string {
	m := remoteGoRun.FindStringSubmatch(text)
	if m == nil || e.goMod == "" || m[2] != e.goMod && !strings.HasPrefix(m[2], e.goMod+"/") {
		return text
	}
	return "go " + m[1] + " ." + strings.TrimPrefix(m[2], e.goMod) + text[len(m[0]):]
}

// foreignGoRun reports a `go run` argument naming a package by the import
// path of a module other than mod: its first element is a host
// (github.com/…, golang.org/…), and it is not under mod (unknown: not
// foreign).
func foreignGoRun(arg, mod string) bool {
	pkg, _, _ := strings.Cut(arg, "@")
	first, _, _ := strings.Cut(pkg, "/")
	if !strings.Contains(first, ".") || first == pkg || strings.HasPrefix(pkg, ".") {
		return false
	}
	return mod != "" && pkg != mod && !strings.HasPrefix(pkg, mod+"/")
}
