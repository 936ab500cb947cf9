package pyramid

import (
	"regexp"
	"strings"
)

// A JavaScript library's README often shows calls of its default export,
// named after the package, without the import and with the results as
// comments (`ms('2 days')  // 172800000`): the reader is meant to have
// imported it. implicitImport gives such a block its import and prints
// each call, so it runs as the README reads. TypeScript blocks count when
// they hold no type syntax (node runs them as they are).

// tsSyntaxRe is TypeScript a plain node cannot run.
var tsSyntaxRe = regexp.MustCompile(`(?m)^\s*(?:export\s+)?(?:type|interface|declare|enum|namespace)\s|\)\s*:\s*[\w<\[{]|\b(?:const|let|var)\s+\w+\s*:\s*\w|<\w+>\(|\bas\s+(?:const|\w+)\b`)

var jsIdentRe = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)

// identifierOf is the name a package's default export goes by: its name
// without scope, camel-cased (left-pad → leftPad).
func identifierOf(pkg string) string {
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	parts := strings.FieldsFunc(pkg, func(r rune) bool { return r == '-' || r == '.' || r == '_' })
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	id := strings.Join(parts, "")
	if !jsIdentRe.MatchString(id) {
		return ""
	}
	return id
}

// implicitImport is code with the import of pkg's default export and its
// bare calls printed, when code calls the export without importing
// anything; "" otherwise.
func implicitImport(code, pkg string) string {
	id := identifierOf(pkg)
	if id == "" || esmImportRe.MatchString(code) || requireRe.MatchString(code) || tsSyntaxRe.MatchString(code) {
		return ""
	}
	call := regexp.MustCompile(`^(\s*)(` + regexp.QuoteMeta(id) + `\(.*\))\s*;?\s*(//.*)?$`)
	var out []string
	calls := 0
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		if m := call.FindStringSubmatch(l); m != nil && m[1] == "" && chained(lines[i+1:]) {
			calls++ // the head of a method chain (sade's `sade('foo')` then `.command(…)` lines): the chain is the statement
		} else if m != nil && m[1] == "" {
			l = "console.log(" + m[2] + ")"
			if m[3] != "" {
				l += " " + m[3]
			}
			calls++
		}
		out = append(out, l)
	}
	if calls == 0 {
		return ""
	}
	// the export by the package's name, or its default (CommonJS or ESM)
	imp := "import * as heragent_pkg from '" + pkg + "'\nconst " + id + " = heragent_pkg." + id + " ?? heragent_pkg.default ?? heragent_pkg\n"
	return imp + strings.Join(out, "\n")
}

// chained reports whether the next line of code that is not blank or a
// comment goes on with a method call (`  .version('1.0.0')`).
func chained(rest []string) bool {
	for _, l := range rest {
		switch t := strings.TrimSpace(l); {
		case t == "" || strings.HasPrefix(t, "//"):
			continue
		default:
			return strings.HasPrefix(t, ".") && !strings.HasPrefix(t, "...")
		}
	}
	return false
}

// pyAttrUse reports Python code that uses the package's attributes
// (`r = requests.get(…)`) without importing it.
func pyAttrUse(code, pkg string) bool {
	if !pyIdent.MatchString(pkg) {
		return false
	}
	return regexp.MustCompile(`(?m)(?:^|[^\w.])` + pkg + `\.\w`).MatchString(code)
}

var pyIdent = regexp.MustCompile(`^[A-Za-z_]\w*$`)
