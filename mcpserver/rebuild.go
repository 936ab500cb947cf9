package mcpserver

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/pyramid"
)

// rebuildSections are the Bash File sections the exported Dockerfile runs
// after it copies the repository in: what must run again for the copy of
// the current working tree to be built (an edited source recompiled, an
// editable install redone). None when the Dockerfile cannot be read.
func rebuildSections(out string) []string {
	b, err := os.ReadFile(filepath.Join(out, "Dockerfile"))
	if err != nil {
		return nil
	}
	var secs []string
	copied := false
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "COPY repo/"):
			copied = true
		case copied && strings.HasPrefix(l, "RUN ") && strings.Contains(l, "/heragent/setup.sh "):
			_, rest, _ := strings.Cut(l, "/heragent/setup.sh ")
			secs = append(secs, strings.Fields(rest)...)
		}
	}
	return secs
}

// withRebuild runs the rebuild sections in /repo before c: a build that
// fails ends the command with the build's status and output.
func withRebuild(c pyramid.Command, secs []string) pyramid.Command {
	if len(secs) == 0 {
		return c
	}
	c.Text = "(cd /repo && bash /heragent/setup.sh " + strings.Join(secs, " ") + ") || exit\n" + c.Text
	return c
}
