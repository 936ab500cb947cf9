package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// docsOff: the build stops because the documentation cannot be built — a
// generator is missing (mosquitto: "xsltproc not found: manpages cannot be
// built"; rsync: "You need python3 and … commonmark … to build manpages",
// "--disable-md2man") or fails. Documentation is not the project: the
// repair configures without it, by the option the log names, else the
// project's own documentation option — autoconf's --disable-<docs>,
// CMake's <X>_DOCS option off, meson's docs option false.
type docsOff struct{}

// docWords are the words of a documentation step in an error.
var docWords = regexp.MustCompile(`(?i)\b(man ?pages?|manual pages?|documentation|docs?|doxygen|sphinx|asciidoc(?:tor)?|xsltproc|docbook|md2man|pandoc|help2man|makeinfo|gtk-doc)\b`)

// docsErrorLine is a line that reports a failure.
var docsErrorLine = regexp.MustCompile(`(?i)\berror\b|cannot be built|cannot install|not found|Aborting|You need|required`)

// docsFlagInLog is a configure option the log itself offers to switch
// the documentation off.
var docsFlagInLog = regexp.MustCompile(`(--disable-(?:[\w-]*(?:doc|man|md2man|documentation)[\w-]*)|--without-(?:[\w-]*(?:doc|man)[\w-]*))\b`)

// cmakeDocsOffInLog is a CMake option the log says to turn off to build
// without the documentation, its message wrapped over lines or not
// (flac: "Set INSTALL_MANPAGES to OFF to build without man pages").
var cmakeDocsOffInLog = regexp.MustCompile(`(?i)\bset\s+(\w*(?:DOC|MAN)\w*)\s+to\s+(?:OFF|FALSE|NO|0)\b|-D(\w*(?:DOC|MAN)\w*)=(?:OFF|FALSE|NO|0)\b`)

func (docsOff) Name() string { return "docs-off" }

func (docsOff) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if m := docsFlagInLog.FindStringSubmatch(l); m != nil {
			return []Diagnosis{{Kind: DocsFail, Subject: m[1], Evidence: strings.TrimSpace(l), Detail: "flag"}}
		}
	}
	if m := cmakeDocsOffInLog.FindStringSubmatch(strings.Join(strings.Fields(f.Log), " ")); m != nil {
		return []Diagnosis{{Kind: DocsFail, Subject: "-D" + m[1] + m[2] + "=OFF", Evidence: m[0], Detail: "cmake-flag"}}
	}
	for _, l := range logLines(f.Log) {
		if docsWarning.MatchString(l) || !docsErrorLine.MatchString(l) {
			continue // "WARNING: doxygen not found, documentation will not be built" is no failure
		}
		for _, m := range docWords.FindAllStringSubmatchIndex(l, -1) {
			if m[0] == 0 || l[m[0]-1] != '/' { // not a path: /usr/share/doc
				return []Diagnosis{{Kind: DocsFail, Subject: strings.ToLower(l[m[2]:m[3]]), Evidence: strings.TrimSpace(l)}}
			}
		}
	}
	return nil
}

// docsWarning is a line that only warns.
var docsWarning = regexp.MustCompile(`(?i)\bwarn(ing)?\b|will not be built|disabled|skipping`)

var (
	// cmakeDocOption: option(WITH_DOCS "…" ON), option_env(…), set(X ON CACHE BOOL …)
	cmakeDocOption = regexp.MustCompile(`(?im)^\s*(?:option\w*|cmake_dependent_option)\s*\(\s*(\w*(?:DOC|MANPAGE|MAN_PAGE)\w*)\s+"[^"]*"\s+ON\b|^\s*set\s*\(\s*(\w*(?:DOC|MANPAGE|MAN_PAGE)\w*)\s+ON\s+CACHE\s+BOOL\b`)
	// autoconfDocOption: AC_ARG_ENABLE([docs] …) / AC_ARG_WITH([man] …)
	autoconfDocOption = regexp.MustCompile(`AC_ARG_(ENABLE|WITH)\(\s*\[?([\w-]*(?:doc|man|md2man)[\w-]*)\]?`)
	// mesonDocOption: option('docs', type: 'boolean' …) / 'feature'
	mesonDocOption = regexp.MustCompile(`option\(\s*'([\w-]*(?:doc|man)[\w-]*)'\s*,\s*type\s*:\s*'(boolean|feature)'`)
	configureWord  = regexp.MustCompile(`(?:^|[\s;&|(])(\./configure(?:\.sh)?|\S+/configure)\b`)
	mesonSetupWord = regexp.MustCompile(`\bmeson\s+setup\b`)
)

func (r docsOff) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != DocsFail {
		return Proposal{}, false
	}
	if ctx.tried(r.Name(), d) > 0 {
		return none(d, "the documentation was switched off by an earlier repair and the failure remains"), true
	}
	if i, text := ctx.find(bashfile.Build, func(t string) bool { return configureWord.MatchString(t) }); i >= 0 {
		flag := d.Subject
		if d.Detail != "flag" {
			m := autoconfDocOption.FindStringSubmatch(ctx.readRepo("configure.ac") + ctx.readRepo("configure.in"))
			if m == nil {
				return none(d, "the documentation fails and configure.ac has no option to switch it off"), true
			}
			flag = map[string]string{"ENABLE": "--disable-", "WITH": "--without-"}[m[1]] + m[2]
		}
		return r.add(d, text, configureWord.FindStringSubmatchIndex(text)[3], flag)
	}
	if i, text := ctx.find(bashfile.Build, func(t string) bool { return cmakeConfigureAt(t) >= 0 }); i >= 0 {
		if d.Detail == "cmake-flag" {
			return r.add(d, text, cmakeConfigureAt(text), d.Subject)
		}
		m := cmakeDocOption.FindStringSubmatch(ctx.readRepo("CMakeLists.txt"))
		if m == nil {
			return none(d, "the documentation fails and CMakeLists.txt has no documentation option that is on"), true
		}
		return r.add(d, text, cmakeConfigureAt(text), "-D"+m[1]+m[2]+"=OFF")
	}
	if i, text := ctx.find(bashfile.Build, mesonSetupWord.MatchString); i >= 0 {
		m := mesonDocOption.FindStringSubmatch(ctx.readRepo("meson_options.txt") + ctx.readRepo("meson.options"))
		if m == nil {
			return none(d, "the documentation fails and the meson options have no documentation option"), true
		}
		v := map[string]string{"boolean": "false", "feature": "disabled"}[m[2]]
		return r.add(d, text, mesonSetupWord.FindStringIndex(text)[1], "-D"+m[1]+"="+v)
	}
	return none(d, "the documentation fails and the Bash File has no configure step to switch it off in"), true
}

// add inserts flag into the build command text at at.
func (r docsOff) add(d Diagnosis, text string, at int, flag string) (Proposal, bool) {
	name, _, _ := strings.Cut(strings.TrimLeft(flag, "-D"), "=")
	if strings.Contains(text, name) {
		return none(d, "the configure command sets "+name+" already"), true
	}
	return edit(d, fmt.Sprintf("the documentation cannot be built (%s): configure without it, %s", d.Subject, flag),
		bashfile.Edit{Op: bashfile.OpReplace, Section: bashfile.Build, Match: text, Command: text[:at] + " " + flag + text[at:], Why: why(r, d)}), true
}
