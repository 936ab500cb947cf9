package pyramid

import (
	"context"
	"path"
	"strings"
)

// A test or use can run a program that only a rule of a Makefile beside
// it makes, outside the build the setup script runs: concurrentqueue's CI
// compiles build/bin/unittests by hand and runs `./bin/unittests` there,
// and build/makefile has the rule `bin/unittests$(EXT): …` that does the
// same. madeFirst has such a command make its program first, with that
// rule (`make bin/unittests && ./bin/unittests …`), as a reader of the
// Makefile would; when the build made the program already, make finds it
// up to date. A server's probe makes it before the probe starts waiting
// for it (cpp-httplib's example/wsecho). The Makefile the Bash File itself
// runs is left alone: its programs are the build's.
func madeFirst(ctx context.Context, e *env, cs []Command) []Command {
	var rules map[string]bool // "dir\x00target" of every Makefile's explicit targets
	for i, c := range cs {
		prog := firstWord(c.Text)
		if c.Background && c.Serve != "" {
			prog = firstWord(c.Serve) // a server probe: the program it starts
		}
		if c.Bucket.Level() != Testable && c.Bucket.Level() != Runnable || !strings.Contains(prog, "/") || strings.HasPrefix(prog, "/") ||
			strings.ContainsAny(prog, "$`'\"") || strings.Contains(prog, "..") || e.fileExists(path.Join(c.Dir, prog)) {
			continue
		}
		if rules == nil {
			rules = makeRules(ctx, e)
		}
		name := path.Clean(prog)
		if rules[c.Dir+"\x00"+name] && !e.makesIn(c.Dir) {
			if c.Background && c.Serve != "" {
				// made in the foreground, before the probe's time starts
				cs[i].Text, cs[i].Serve = "make "+name+" && { "+c.Text+"; }", "make "+name+" && "+c.Serve
			} else {
				cs[i].Text = "make " + name + " && " + c.Text
			}
			cs[i].Reason += " (" + name + " is made first by its rule in the Makefile beside it)"
		}
	}
	return cs
}

// makesIn reports whether the Bash File itself runs make in dir: the
// programs of that Makefile are the build's own.
func (e *env) makesIn(dir string) bool {
	for _, sys := range []string{"make", "autotools"} {
		if d, ok := e.layout.BuildDirs[sys]; ok && path.Clean(d) == path.Clean("./"+dir) {
			return true
		}
	}
	return false
}

// firstWord is the first word of a command line, "" for none.
func firstWord(text string) string {
	if w := strings.Fields(text); len(w) > 0 {
		return w[0]
	}
	return ""
}

// makeRules are the explicit targets of the checkout's Makefiles, keyed
// by the Makefile's directory ("" at the top) and the target's name.
func makeRules(ctx context.Context, e *env) map[string]bool {
	rules := map[string]bool{}
	ts, err := e.ix.Targets(ctx, "make")
	if err != nil {
		return rules
	}
	for _, t := range ts {
		dir, file := path.Split(t.Path)
		if file == "Makefile" || file == "makefile" || file == "GNUmakefile" {
			rules[strings.TrimSuffix(dir, "/")+"\x00"+t.Name] = true
		}
	}
	return rules
}
