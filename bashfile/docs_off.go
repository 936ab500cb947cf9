package bashfile

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Documentation is not the project: a build that also renders its man
// pages and manuals needs generators (xsltproc, asciidoctor, makeinfo,
// python3-commonmark for rsync's md2man, doxygen) the tests do not, and
// when one is missing the build stops (mosquitto's "xsltproc not found:
// manpages cannot be built", rsync's "You need python3 and … commonmark").
// The configure step switches the documentation off by the project's own
// option, the way the docs-off repair does after such a failure — a setup
// run earlier. Only options named for the documentation itself (a
// segment doc, docs, documentation, man, manpages, md2man…) are used;
// curl's --enable-manual (the built-in manual of `curl -M`) and options
// that only install what was built are left alone.

// docSegments are the name segments of a documentation option.
var docSegments = []string{"doc", "docs", "documentation", "man", "mans", "manpage", "manpages", "md2man", "gtkdoc", "apidoc", "apidocs"}

// docOption reports whether an option's name is the documentation's:
// one of its segments (split at - and _) is a docs word, and none
// says it only installs.
func docOption(name string) bool {
	segs := strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(name, "gtk-doc", "gtkdoc")), func(r rune) bool { return r == '-' || r == '_' })
	return slices.ContainsFunc(segs, func(s string) bool { return slices.Contains(docSegments, s) }) && !slices.Contains(segs, "install")
}

// acDocOptionRe is AC_ARG_ENABLE([docs], …) / AC_ARG_WITH(man, …).
var acDocOptionRe = regexp.MustCompile(`(?m)^[ \t]*AC_ARG_(ENABLE|WITH)\(\s*\[?([\w-]+)\]?`)

// autoconfDocsOff returns configure's flags that switch the documentation
// off: --disable-<name> for AC_ARG_ENABLE, --without-<name> for
// AC_ARG_WITH (harmless when it is off by default).
func autoconfDocsOff(configureAC string) []string {
	var flags []string
	for _, m := range acDocOptionRe.FindAllStringSubmatch(configureAC, -1) {
		if !docOption(m[2]) {
			continue
		}
		f := map[string]string{"ENABLE": "--disable-", "WITH": "--without-"}[m[1]] + m[2]
		if !slices.Contains(flags, f) {
			flags = append(flags, f)
		}
	}
	return flags
}

// cmakeDocsOff returns -D<option>=OFF for each documentation option of a
// CMakeLists.txt that is on by default.
func cmakeDocsOff(cmakeLists string) []string {
	var flags []string
	for _, re := range optionDeclRe {
		for _, m := range re.FindAllStringSubmatch(cmakeLists, -1) {
			if def := strings.ToUpper(m[2]); docOption(m[1]) && (def == "ON" || def == "TRUE") {
				if f := "-D" + m[1] + "=OFF"; !slices.Contains(flags, f) {
					flags = append(flags, f)
				}
			}
		}
	}
	return flags
}

// mesonDocOptionRe is option('docs', type: 'boolean' …) / 'feature'.
var mesonDocOptionRe = regexp.MustCompile(`option\(\s*'([\w-]+)'\s*,\s*type\s*:\s*'(boolean|feature)'`)

// mesonDocsOff returns -D<option>=false (boolean) or =disabled (feature)
// for each documentation option of meson_options.txt / meson.options.
func mesonDocsOff(options string) []string {
	var flags []string
	for _, m := range mesonDocOptionRe.FindAllStringSubmatch(options, -1) {
		if docOption(m[1]) {
			flags = append(flags, "-D"+m[1]+"="+map[string]string{"boolean": "false", "feature": "disabled"}[m[2]])
		}
	}
	return flags
}

// docsOff returns the flags that switch the documentation off, read from
// the checkout's files by off, and the note that says so ("" for none).
func (r *repo) docsOff(off func(string) []string, files ...string) (string, string) {
	if r.root == "" {
		return "", ""
	}
	var text strings.Builder
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(r.root, f))
		text.Write(b)
		text.WriteByte('\n')
	}
	flags := off(text.String())
	if len(flags) == 0 {
		return "", ""
	}
	return " " + strings.Join(flags, " "), "; the documentation off (" + strings.Join(flags, " ") + "): its generators are no part of the project, and a missing one stops the build"
}
