package repair

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// locale: a program asked for a locale the image does not have. C.UTF-8
// is always there (LANG); a named one (en_US.UTF-8) is generated with the
// locales package.
type locale struct{}

var localeMatches = []match{
	// bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)
	{Locale, regexp.MustCompile(`setlocale: \w+: cannot change locale \(([^)]+)\)`)},
	// perl: warning: Setting locale failed. (followed by LC_ALL = "en_US.UTF-8",)
	{Locale, regexp.MustCompile(`^\s+LC_ALL = "([^"]+)"`)},
	{Locale, regexp.MustCompile(`()perl: warning: Setting locale failed`)},
	// Python: locale.Error: unsupported locale setting
	{Locale, regexp.MustCompile(`()locale\.Error: unsupported locale setting`)},
	// locale: Cannot set LC_ALL to default locale: No such file or directory
	{Locale, regexp.MustCompile(`()Cannot set LC_\w+ to default locale`)},
	// click and friends refuse an ASCII locale
	{Locale, regexp.MustCompile(`()(?:configured to use ASCII as encoding for the environment|UnicodeEncodeError: 'ascii' codec)`)},
}

var namedLocaleRe = regexp.MustCompile(`^[a-z]{2,3}_[A-Z]{2}(\.[\w-]+)?$`)

func (locale) Name() string { return "locale" }

// testLocaleRe is a test run under a named locale, as a test harness
// prints the command of a failing test (meson: ">>> LC_ALL=ja_JP.utf8
// … ./tests"): a suite run once per locale (toml++), each run aborting
// where the locale is not generated.
var testLocaleRe = regexp.MustCompile(`(?:^|\s)(?:LC_ALL|LANG)=([a-z]{2,3}_[A-Z]{2}\.(?:utf8|UTF-8))\b`)

// failedRunRe is a test harness reporting a failed run.
var failedRunRe = regexp.MustCompile(`\bFAIL\b|killed by signal|\*\*\*Failed|Subprocess aborted`)

// testLocales are the named locales the failing test runs of log set, in
// order, when the log shows failures; nil otherwise.
func testLocales(log string) []string {
	if !failedRunRe.MatchString(log) {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, m := range testLocaleRe.FindAllStringSubmatch(log, -1) {
		name := strings.Replace(m[1], ".utf8", ".UTF-8", 1)
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

func (locale) Diagnose(f Failure) []Diagnosis {
	if f.Phase == PhaseCommand {
		if ls := testLocales(f.Log); len(ls) > 0 {
			return []Diagnosis{{Kind: Locale, Subject: strings.Join(ls, " "), Evidence: "the failing test runs set " + strings.Join(ls, ", ")}}
		}
	}
	ds := scan(f.Log, localeMatches, nil)
	// One diagnosis: the named locale when any line names one.
	if len(ds) == 0 {
		return nil
	}
	for _, d := range ds {
		if namedLocaleRe.MatchString(d.Subject) {
			return []Diagnosis{d}
		}
	}
	return ds[:1]
}

func (r locale) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != Locale {
		return Proposal{}, false
	}
	w := why(r, d)
	name, reason := d.Subject, fmt.Sprintf("generate the %s locale the program asks for", d.Subject)
	if names := strings.Fields(name); strings.HasPrefix(d.Evidence, "the failing test runs") {
		cmd := "sed -i"
		for _, n := range names {
			cmd += fmt.Sprintf(` -e 's/^# *\(%s \)/\1/'`, regexp.QuoteMeta(n))
		}
		cmd += " /etc/locale.gen && locale-gen"
		if ctx.File != nil && ctx.File.Find(bashfile.Base, cmd) >= 0 {
			return record(d, "the test runs fail under their locales although they are generated"), true
		}
		sec := ctx.packageSection("locales") // after the build when a test asks: the build's checkpoint stays
		if ctx.File != nil && ctx.File.Contains(cmd) {
			return record(d, "the test runs fail under their locales although they are generated"), true
		}
		return edit(d, "generate the locales the test runs set: "+strings.Join(names, ", "),
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: sec, Packages: []string{"locales"}, Why: w},
			bashfile.Edit{Op: bashfile.OpAppend, Section: sec, Command: cmd, Why: w}), true
	}
	if !namedLocaleRe.MatchString(name) && ctx.tried(r.Name(), d) > 0 {
		// C.UTF-8 did not do: the program wants a named locale the log
		// does not name (Python's locale.Error never does).
		name, reason = "en_US.UTF-8", "C.UTF-8 was not enough and the log names no locale: generate en_US.UTF-8, the usual one"
	}
	if namedLocaleRe.MatchString(name) {
		return edit(d, reason,
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: bashfile.Base, Packages: []string{"locales"}, Why: w},
			bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Base, Command: fmt.Sprintf(`grep -q '^%[1]s ' /etc/locale.gen || { sed -i 's/^# *\(%[1]s \)/\1/' /etc/locale.gen && locale-gen; }`, name), Why: w},
		), true
	}
	return edit(d, "use the C.UTF-8 locale every Debian image has",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Context, Command: "persist_env LANG C.UTF-8", Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Context, Command: "persist_env LC_ALL C.UTF-8", Why: w},
	), true
}
