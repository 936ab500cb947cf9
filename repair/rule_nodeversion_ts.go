package repair

import (
	"regexp"
	"strings"
)

// Node.js runs TypeScript itself from 22.18 (type stripping): nanospy's
// `node --test test/index.test.ts`. Debian's Node 18 reads the file as
// JavaScript — "SyntaxError: Cannot use import statement outside a
// module" at the .ts file's first import, or, loading it as an ES
// module, `Unknown file extension ".ts"`. Either is Node too old.

// tsExtensionRe is Node 18 refusing a .ts file as an ES module.
var tsExtensionRe = regexp.MustCompile(`Unknown file extension "\.[mc]?ts"`)

// tsLocationRe is the location line Node prints above a syntax error: a
// .ts file and its line.
var tsLocationRe = regexp.MustCompile(`\.[mc]?ts:\d+\s*$`)

// typeScriptRun diagnoses TypeScript run by a Node.js without type
// stripping.
func typeScriptRun(log string) []Diagnosis {
	lines := logLines(log)
	for i, l := range lines {
		if m := tsExtensionRe.FindString(l); m != "" {
			return []Diagnosis{{Kind: NodeTooOld, Evidence: strings.TrimSpace(l)}}
		}
		if !strings.Contains(l, "SyntaxError: Cannot use import statement outside a module") {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-4; j-- {
			if tsLocationRe.MatchString(lines[j]) {
				return []Diagnosis{{Kind: NodeTooOld, Evidence: strings.TrimSpace(strings.TrimLeft(lines[j], "# ")) + ": " + strings.TrimSpace(strings.TrimLeft(l, "# "))}}
			}
		}
	}
	return nil
}
