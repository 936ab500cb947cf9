package repair

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// checkoutName: a Go test compares a caller's location, as a logger
// prints it (the last directory and the file: "go-hclog/logger_loc_
// test.go:32"), with the directory a clone of the repository is named
// after, while the checkout here is /repo, so the location printed is
// "repo/logger_loc_test.go:32". Built with -trimpath, the go command
// records the module's path for the source files, whose last element is
// the repository's name, wherever the checkout lives: the repair
// persists GOFLAGS=-trimpath.
type checkoutName struct{}

// goLocRe is a Go source location with its directory: "dir/file.go:32".
var goLocRe = regexp.MustCompile(`(?:^|[^\w./-])(?:/?[\w.-]+/)*?([\w.-]+)/([\w.-]+\.go:\d+)`)

// trimpath is the flag the repair adds to GOFLAGS.
const trimpath = "-trimpath"

func (checkoutName) Name() string { return "checkout-name" }

func (checkoutName) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseCommand {
		return nil
	}
	repo := path.Base(bashfile.DefaultRepoDir)
	ms := goLocRe.FindAllStringSubmatch(f.Log, -1)
	underRepo := map[string]bool{} // the file:line printed under the checkout's directory
	for _, m := range ms {
		underRepo[m[2]] = underRepo[m[2]] || m[1] == repo
	}
	for _, m := range ms { // the first in the log, one answer whatever the order
		if d, loc := m[1], m[2]; d != repo && underRepo[loc] {
			return []Diagnosis{{Kind: CheckoutName, Subject: d, Evidence: "a test expects the location " + d + "/" + loc + " where the checkout's directory prints " + repo + "/" + loc}}
		}
	}
	return nil
}

func (r checkoutName) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != CheckoutName {
		return Proposal{}, false
	}
	if ctx.File == nil {
		return Proposal{}, false
	}
	e, ok := goFlagEdit(ctx, trimpath, why(r, d))
	if !ok {
		return record(d, "the tests still expect the directory "+d.Subject+" although the go command records module paths (-trimpath)"), true
	}
	return edit(d, "the tests expect the checkout to be named "+d.Subject+": build with -trimpath, which records the module's path for the sources", e), true
}

// goFlagEdit adds flag to the GOFLAGS the Bash File persists (a new
// persist_env, or the one there with the flag added); false when it is
// there already.
func goFlagEdit(ctx *Context, flag string, w bashfile.Provenance) (bashfile.Edit, bool) {
	flags, old := persistedFlags(ctx.File, "GOFLAGS")
	if slices.Contains(flags, flag) {
		return bashfile.Edit{}, false
	}
	flags = append(flags, flag)
	cmd := "persist_env GOFLAGS " + flags[0]
	if len(flags) > 1 {
		cmd = "persist_env GOFLAGS '" + strings.Join(flags, " ") + "'"
	}
	return persistEdit(old, cmd, w), true
}
