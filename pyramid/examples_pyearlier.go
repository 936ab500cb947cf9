package pyramid

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A README often tells one Python session across its blocks: pure_eval's
// defines `rect` in its first block, `tree` and `the_tuple` in others,
// then `evaluator = Evaluator({"rect": rect})`, then uses them all. Run
// alone, each later block stops on a NameError. An example is run with the
// earlier blocks of its document that define the names it uses and does
// not define — the latest that defines each, unless it needs a name no
// block before it gives (an alternative's `Evaluator.from_frame(frame)`),
// and what those need in turn. A block of output defines nothing and is
// never taken.

var (
	// pyDefRes are top-level definitions; the names are in group 1.
	pyDefRes = []*regexp.Regexp{
		regexp.MustCompile(`(?m)^([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?::[^=\n]*)?=[^=]`),
		regexp.MustCompile(`(?m)^(?:async\s+)?def\s+([A-Za-z_]\w*)`),
		regexp.MustCompile(`(?m)^class\s+([A-Za-z_]\w*)`),
		regexp.MustCompile(`(?m)^(?:async\s+)?(?:with|for)\s.*?\bas\s+([A-Za-z_]\w*)\s*:`),
		regexp.MustCompile(`(?m)^for\s+([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s+in\b`),
		regexp.MustCompile(`(?m)^\s*except\b.*?\bas\s+([A-Za-z_]\w*)\s*:`),
	}
	// pyImportLineRe is an import statement: its module names no value.
	pyImportLineRe = regexp.MustCompile(`(?m)^\s*(?:from|import)\s.*$`)
	pyImportAsRe   = regexp.MustCompile(`(?m)^import\s+([\w.]+)(?:\s+as\s+(\w+))?`)
	pyFromImportRe = regexp.MustCompile(`(?m)^from\s+\S+\s+import\s+\(?([^)\n]+)`)
	// pyLiteralRe is a string literal or comment, whose words name nothing.
	pyLiteralRe = regexp.MustCompile(`(?s)"""(?:.*?)"""|'''(?:.*?)'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|#[^\n]*`)
	// pyNameRe is a name that is no attribute.
	pyNameRe = regexp.MustCompile(`(?:^|[^\w.])([A-Za-z_]\w*)`)
)

// pyBuiltins are the names Python gives every module: no block needs to.
var pyBuiltins = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield
		abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__ __name__ __file__ self cls
		Exception BaseException ValueError TypeError KeyError IndexError AttributeError RuntimeError NameError ImportError OSError IOError StopIteration NotImplementedError ZeroDivisionError AssertionError LookupError ArithmeticError FileNotFoundError PermissionError TimeoutError KeyboardInterrupt SystemExit Warning DeprecationWarning UserWarning NotImplemented Ellipsis`) {
		pyBuiltins[n] = true
	}
}

// pyDefs are the names code defines at its top level.
func pyDefs(code string) map[string]bool {
	defs := map[string]bool{}
	for _, re := range pyDefRes {
		for _, m := range re.FindAllStringSubmatch(code, -1) {
			for _, n := range strings.Split(m[1], ",") {
				defs[strings.TrimSpace(n)] = true
			}
		}
	}
	for _, m := range pyImportAsRe.FindAllStringSubmatch(code, -1) {
		if m[2] != "" {
			defs[m[2]] = true
		} else {
			defs[strings.Split(m[1], ".")[0]] = true
		}
	}
	for _, m := range pyFromImportRe.FindAllStringSubmatch(code, -1) {
		for _, n := range strings.Split(m[1], ",") {
			if f := strings.Fields(n); len(f) > 0 {
				defs[f[len(f)-1]] = true // `x as y` is y
			}
		}
	}
	return defs
}

// pyFree are the names code uses that it does not define and Python
// does not give: what an earlier block must.
func pyFree(code string) map[string]bool {
	defs, free := pyDefs(code), map[string]bool{}
	for _, m := range pyNameRe.FindAllStringSubmatch(withoutBodies(pyImportLineRe.ReplaceAllString(pyLiteralRe.ReplaceAllString(code, " "), "")), -1) {
		if n := m[1]; !defs[n] && !pyBuiltins[n] {
			free[n] = true
		}
	}
	return free
}

// pyEarlierBlocks is code with the earlier Python blocks of its document
// that define what it uses before it, or code as it is when it needs
// none or no block gives what it needs.
func pyEarlierBlocks(secs []retrieval.DocSection, doc string, line int64, code string) string {
	need := pyFree(code)
	if len(need) == 0 {
		return code
	}
	type block struct {
		code       string
		defs, free map[string]bool
	}
	var earlier []block // the document's Python blocks before code's, in order
	for _, s := range secs {
		if s.Path != doc {
			continue
		}
		for _, cb := range s.Code {
			if cb.Line < line && exampleLangs[strings.ToLower(cb.Lang)] == "python3" {
				c := exampleCode(cb)
				free := pyFree(c)
				if pyStarImportRe.MatchString(c) {
					free = nil // `from peewee import *` gives what the block uses (peewee's README)
				}
				earlier = append(earlier, block{c, pyDefs(c), free})
			}
		}
	}
	// given reports whether the blocks before i define every name of free.
	given := func(i int, free map[string]bool) bool {
		for n := range free {
			if !slices.ContainsFunc(earlier[:i], func(b block) bool { return b.defs[n] }) {
				return false
			}
		}
		return true
	}
	var taken []int
	for i := len(earlier) - 1; i >= 0 && len(need) > 0; i-- {
		b := earlier[i]
		gives := false
		for n := range need {
			gives = gives || b.defs[n]
		}
		if !gives || !given(i, b.free) {
			continue
		}
		taken = append(taken, i)
		for n := range b.defs {
			delete(need, n)
		}
		for n := range b.free {
			need[n] = true
		}
	}
	if len(taken) == 0 {
		return code
	}
	slices.Sort(taken)
	var out strings.Builder
	for _, i := range taken {
		out.WriteString(earlier[i].code + "\n")
	}
	return out.String() + code
}

// pyStarImportRe imports every public name of a module.
var pyStarImportRe = regexp.MustCompile(`(?m)^from\s+[\w.]+\s+import\s+\*\s*$`)

// pyDefLineRe opens a function or class, or decorates one.
var pyDefLineRe = regexp.MustCompile(`^(\s*)(?:@|(?:async\s+)?def\s|class\s)`)

// withoutBodies is code without its functions and classes, headers and
// bodies: their names are parameters and locals, not what an earlier
// block must define (a method's `self.width = width`).
func withoutBodies(code string) string {
	var keep []string
	skip := -1 // the indent of the definition being skipped
	for _, l := range strings.Split(code, "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		if skip >= 0 && (strings.TrimSpace(l) == "" || indent > skip) {
			continue
		}
		skip = -1
		if m := pyDefLineRe.FindStringSubmatch(l); m != nil {
			skip = len(m[1])
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// pyOnlyDefines reports Python code that imports and defines (functions,
// classes) and does nothing else at its top level: run, it does no work
// (factory_boy's README `def setup_test_environment(): …` for the reader's
// test setup to call; strictyaml's block of one `from strictyaml import
// load, Map, …` that the next blocks' sessions use).
func pyOnlyDefines(code string) bool {
	defines := false
	for _, l := range strings.Split(code, "\n") {
		defines = defines || pyDefLineRe.MatchString(l) || pyImportLineRe.MatchString(l)
	}
	rest := withoutBodies(pyImportLineRe.ReplaceAllString(pyLiteralRe.ReplaceAllString(code, ""), ""))
	return defines && strings.TrimSpace(rest) == ""
}
