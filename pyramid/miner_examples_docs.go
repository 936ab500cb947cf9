package pyramid

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A documentation site's pages (docs/api/createStore.md, a Docusaurus
// site's website/docs/produce.mdx) hold hundreds of code blocks; most are
// fragments of a tutorial (a reducer without its store, a component of an
// app). The ones worth running whole are self-contained: they import the
// package and nothing a reader must supply (relative modules, other npm
// packages), and show a result. Their rank orders them; a block that
// cannot run whole ranks below zero.

type docExample struct {
	s    retrieval.DocSection
	cb   retrieval.CodeBlock
	rank int
}

var (
	printsRe = map[string]*regexp.Regexp{
		"node":    regexp.MustCompile(`\bconsole\.(log|info|dir|table)\(|process\.stdout\.write\(`),
		"python3": regexp.MustCompile(`(?m)\bprint\(|^\s*pprint\(|sys\.stdout\.write\(`),
	}
	// lastDecl is a top-level declaration or assignment: its name is the
	// example's result when it prints none.
	lastDecl = map[string]*regexp.Regexp{
		"node":    regexp.MustCompile(`(?m)^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=`),
		"python3": regexp.MustCompile(`(?m)^([A-Za-z_]\w*)\s*=[^=]`),
	}
	pyRelImport = regexp.MustCompile(`(?m)^\s*from\s+\.`)
)

// nodeBuiltins are Node's own modules an example may import.
var nodeBuiltins = set("assert", "buffer", "child_process", "crypto", "events", "fs", "fs/promises", "http", "https",
	"os", "path", "process", "readline", "stream", "string_decoder", "url", "util", "zlib", "timers", "timers/promises")

// exampleRank scores a documentation code block of runtime run: below zero
// when it cannot run whole, higher when it shows its result and sits in a
// top-level document.
func exampleRank(run, file, code, pkg string) int {
	uses := usesPackage(run, code, pkg) || run == "python3" && pyAttrUse(code, pkg) // imported in an earlier block (scriptExample)
	if pkg == "" || !uses || !selfContained(run, code, pkg) || onlyImports(run, code) {
		return -1
	}
	rank := 0
	if printsRe[run].MatchString(code) {
		rank += 2
	}
	if minedDoc(file) {
		rank++
	}
	return rank
}

// selfContained reports a block whose imports are the package's, the
// runtime's own, or (Python) absolute.
func selfContained(run, code, pkg string) bool {
	if run != "node" {
		return !pyRelImport.MatchString(code)
	}
	for _, re := range []*regexp.Regexp{esmImportRe, requireRe} {
		for _, m := range re.FindAllStringSubmatch(code, -1) {
			mod := m[1]
			if mod != pkg && !strings.HasPrefix(mod, pkg+"/") && !nodeBuiltins[mod] && !strings.HasPrefix(mod, "node:") {
				return false
			}
		}
	}
	return true
}

// onlyImports reports a block that imports and does nothing else.
func onlyImports(run, code string) bool {
	imports := esmImportRe
	if run != "node" {
		imports = pyImportRe
	}
	for _, l := range strings.Split(code, "\n") {
		if imports.MatchString(l) { // the whole line: `from x import a, b  # a comment`
			continue
		}
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") && !strings.HasPrefix(l, "#") {
			return false
		}
	}
	return true
}

// showResult makes an example that prints nothing print its last
// top-level value (`const nextState = produce(…)` → console.log(nextState)),
// so that its run shows the package at work, not only that it exits 0.
func showResult(run, code string) string {
	re := lastDecl[run]
	if re == nil || printsRe[run].MatchString(code) {
		return code
	}
	ms := re.FindAllStringSubmatch(code, -1)
	if len(ms) == 0 {
		return code
	}
	name := ms[len(ms)-1][1]
	code = strings.TrimRight(code, "\n") + "\n"
	if run == "node" {
		return code + "console.log(" + name + ")\n"
	}
	return code + "print(" + name + ")\n"
}
