package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// persistEnvRe is a persist_env of the Bash File: the variable and its
// value, quoted or not.
var persistEnvRe = regexp.MustCompile(`^persist_env (\w+) '?([^']*)'?$`)

// persistedFlags are the space-separated flags the Bash File's Runtimes
// persist in env (GOFLAGS, NODE_OPTIONS), and the command doing it, ""
// when none does.
func persistedFlags(f *bashfile.File, env string) ([]string, string) {
	if s := f.Section(bashfile.Runtimes); s != nil {
		for _, c := range s.Commands {
			if m := persistEnvRe.FindStringSubmatch(strings.TrimSpace(c.Text)); m != nil && m[1] == env {
				return strings.Fields(m[2]), c.Text
			}
		}
	}
	return nil, ""
}

// persistEdit persists cmd in Runtimes: in place of old, the command that
// persisted the variable before, or appended when there was none.
func persistEdit(old, cmd string, w bashfile.Provenance) bashfile.Edit {
	if old != "" {
		return bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Runtimes, Match: old, Command: cmd, Why: w}
	}
	return bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: cmd, Why: w}
}
