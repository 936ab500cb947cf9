package retrieval

import "strings"

// SelfProgram reads a target's recipe for the program named as the
// target (`-o sds-test`, `-o $@`): links, when the recipe links it and
// runs no program of the checkout (sds's sds-test: made, then run by
// hand); runs, when a line after its link runs it, its output to the
// terminal — a build executes what it made only to check it (tinyexpr's
// `smoke: smoke.c tinyexpr.c` → `$(CC) … -o $@ $^` → `./$@`, whose
// tests print "ALL TESTS PASSED (4930/4930)"); a generator's run writes
// a file (`./gen > table.h`) and is no such check.
func (t Target) SelfProgram() (links, runs bool) {
	linked, ranAny := false, false
	for _, l := range strings.Split(t.Command, "\n") {
		f := strings.Fields(strings.TrimLeft(strings.TrimSpace(l), "@-+"))
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "-o" && (f[i+1] == t.Name || f[i+1] == "$@") {
				linked = true
			}
		}
		if len(f) == 0 || !strings.HasPrefix(f[0], "./") {
			continue
		}
		ranAny = true
		if linked && (f[0] == "./$@" || f[0] == "./"+t.Name) && !strings.ContainsAny(l, ">|") {
			runs = true
		}
	}
	return linked && !ranAny, runs
}
