package pyramid

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A Python library that documents no use and ships no program is used
// through its API: a careful human proves PyYAML with
// `yaml.safe_load("a: [1, 2]")`, tomlkit with `tomlkit.parse("a = 1")`, not
// by importing it. pyCalls finds, among the names the package's
// __init__.py defines or re-exports, the ones that take a text of the
// package's kind (safe_load, loads, parse, convert…) or an object to
// write (dumps, safe_dump), and calls the first of each on a small input
// of that kind (sampleInput, by the package's name, else the kind its
// __init__ names most). It is a real use, before the import that is the
// last resort.

// pyTextVerbs take a text of the package's kind, most specific first;
// pyObjectVerbs write an object in it.
var (
	pyTextVerbs   = []string{"safe_load", "loads", "parse_string", "from_string", "convert", "markdown", "parse", "escape"}
	pyObjectVerbs = []string{"dumps", "safe_dump"}
)

var (
	pyDefRe     = regexp.MustCompile(`(?m)^def (\w+)\(`)
	pyFromRe    = regexp.MustCompile(`(?m)^from \.[\w.]* import (?:\(([^)]*)\)|([\w, \t]+)$)`)
	pyAllRe     = regexp.MustCompile(`(?s)__all__\s*=\s*[\[(](.*?)[\])]`)
	pyQuotedRe  = regexp.MustCompile(`['"](\w+)['"]`)
	pyAsNameRe  = regexp.MustCompile(`\w+\s+as\s+(\w+)`)
	pySampleObj = `{"name": "heragent", "list": [1, 2]}`
)

// pyCalls are the calls of the package's API on a small input, at most
// two (a reader, a writer); none for a package that defines no such name.
func pyCalls(ctx context.Context, e *env, note string) []Command {
	if !e.stacks["python"] {
		return nil
	}
	mod := pyPackage(ctx, e)
	if mod == "" {
		return nil
	}
	src := ""
	if f := pySource(ctx, e, mod); f != "" {
		src, _ = e.ix.ReadFile(ctx, f, 0, 0, true)
	}
	names := pyExports(src)
	in, kind := sampleInput(mod + "\n" + src)
	text := strings.ReplaceAll(in, `\n`, "\n") // sampleInput writes printf's escapes
	var out []Command
	mk := func(verb, arg, what string) {
		code := fmt.Sprintf("import %[1]s; print(repr(%[1]s.%[2]s(%[3]s)))", mod, verb, arg)
		out = append(out, Command{Text: "python -c " + quoteArg(code), Bucket: Entry, Synth: true,
			Reason: "calls the library's " + mod + "." + verb + " on " + what,
			Why:    []Provenance{{Source: "synthesized", Note: note}}})
	}
	if v := firstOf(pyTextVerbs, names); v != "" {
		mk(v, strconv.Quote(text), "a small "+kind+" input")
	}
	if v := firstOf(pyObjectVerbs, names); v != "" {
		mk(v, pySampleObj, "a small object")
	}
	if fs := pyTextFuncs(src); len(out) == 0 && len(fs) > 0 {
		// a library of text functions (inflection's camelize(string),
		// pluralize(word)): the first few called on a phrase
		var refs []string
		for _, f := range fs {
			refs = append(refs, mod+"."+f)
		}
		// each on its own: one that wants another kind of text raises,
		// and the probe passes when one of them answered
		code := fmt.Sprintf("import %s\nok = 0\nfor f in (%s,):\n    try:\n        print(f.__name__, repr(f(%s)))\n        ok += 1\n"+
			"    except Exception as e:\n        print(f.__name__, 'raised', repr(e))\nraise SystemExit(0 if ok else 1)\n", mod, strings.Join(refs, ", "), strconv.Quote(pySamplePhrase))
		out = append(out, Command{Text: "python -c " + quoteArg(code), Bucket: Entry, Synth: true,
			Reason: "calls the library's text functions " + strings.Join(refs, ", ") + " on a phrase",
			Why:    []Provenance{{Source: "synthesized", Note: note}}})
	}
	return out
}

// pyTextParams are the names of a parameter that takes a text;
// pySamplePhrase is the text a text function is called on.
var (
	pyTextParams   = map[string]bool{"string": true, "text": true, "word": true, "s": true, "phrase": true, "sentence": true, "title": true, "txt": true}
	pyFuncDefRe    = regexp.MustCompile(`(?m)^def ([a-z]\w*)\(([^()]*)\)`)
	pySamplePhrase = "heragent_probe sample words"
)

// maxPyTextFuncs bounds the text functions one probe calls.
const maxPyTextFuncs = 3

// pyTextFuncs are the public module-level functions of an __init__.py
// whose one required parameter is a text (its name says so), in order,
// at most maxPyTextFuncs.
func pyTextFuncs(src string) []string {
	var out []string
	for _, m := range pyFuncDefRe.FindAllStringSubmatch(src, -1) {
		params := strings.Split(m[2], ",")
		first, _, _ := strings.Cut(strings.TrimSpace(params[0]), ":")
		if !pyTextParams[strings.TrimSpace(first)] || strings.Contains(params[0], "=") {
			continue
		}
		rest := true
		for _, p := range params[1:] {
			if p = strings.TrimSpace(p); p != "" && !strings.Contains(p, "=") && !strings.HasPrefix(p, "*") {
				rest = false
			}
		}
		if rest && len(out) < maxPyTextFuncs {
			out = append(out, m[1])
		}
	}
	return out
}

// pyExports are the public names an __init__.py defines (def), imports
// from its own modules (from .x import a, b as c) or lists in __all__.
func pyExports(src string) map[string]bool {
	names := map[string]bool{}
	for _, m := range pyDefRe.FindAllStringSubmatch(src, -1) {
		names[m[1]] = true
	}
	for _, m := range pyFromRe.FindAllStringSubmatch(src, -1) {
		for _, n := range strings.Split(m[1]+m[2], ",") {
			n = strings.TrimSpace(n)
			if a := pyAsNameRe.FindStringSubmatch(n); a != nil {
				n = a[1]
			}
			names[n] = true
		}
	}
	if m := pyAllRe.FindStringSubmatch(src); m != nil {
		for _, q := range pyQuotedRe.FindAllStringSubmatch(m[1], -1) {
			names[q[1]] = true
		}
	}
	return names
}

// firstOf is the first of verbs that names holds, "" when none.
func firstOf(verbs []string, names map[string]bool) string {
	if i := slices.IndexFunc(verbs, func(v string) bool { return names[v] }); i >= 0 {
		return verbs[i]
	}
	return ""
}
