package repair

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// Diagnose runs every rule over f and returns the diagnoses in rule order,
// without duplicates. Generic diagnoses (compile error, test failure) are
// dropped when a specific one explains the same log; when nothing matches
// the answer is one Unknown diagnosis.
func Diagnose(f Failure) []Diagnosis {
	return diagnose(Rules, f)
}

func diagnose(rules []Rule, f Failure) []Diagnosis {
	var out []Diagnosis
	seen := map[string]bool{}
	specific := false
	for _, r := range rules {
		for _, d := range r.Diagnose(f) {
			d.Rule = r.Name()
			key := string(d.Kind) + "\x00" + d.Subject
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, d)
			specific = specific || d.Kind.specific()
		}
	}
	if specific {
		out = slices.DeleteFunc(out, func(d Diagnosis) bool { return d.Kind.generic() && d.Detail != cmakeSource })
	}
	if len(out) == 0 {
		out = append(out, Diagnosis{Kind: Unknown, Evidence: lastLine(f.Log)})
	}
	return out
}

// Propose diagnoses f and answers each diagnosis with the first rule that
// acts on it. Edits are checked against a copy of ctx.File: an edit the
// file already contains is dropped, and a proposal left without edits
// becomes ActionNone, so a caller never re-runs an unchanged script.
func Propose(ctx *Context, f Failure) []Proposal {
	return propose(Rules, ctx, f)
}

func propose(rules []Rule, ctx *Context, f Failure) []Proposal {
	if ctx == nil {
		ctx = &Context{}
	}
	if ctx.Phase == "" {
		c := *ctx
		c.Phase, c.Section = f.Phase, f.Section
		ctx = &c
	}
	if f.Repo == nil {
		f.Repo = ctx.Repo
	}
	var work *bashfile.File
	if ctx.File != nil {
		work = ctx.File.Clone()
	}
	ds := diagnose(rules, f)
	out := make([]Proposal, len(ds)) // in the order of the diagnoses
	for i, d := range ds {
		if !d.Kind.fallback() {
			out[i] = proposeOne(rules, ctx, work, d)
		}
	}
	other := slices.ContainsFunc(out, changes)
	for i, d := range ds {
		switch {
		case !d.Kind.fallback():
		case other: // a fallback only when nothing else changes anything
			out[i] = Proposal{Diagnosis: d, Action: ActionNone, Reason: "another repair of this failure comes first"}
		default:
			out[i] = proposeOne(rules, ctx, work, d)
		}
	}
	return out
}

// proposeOne answers a diagnosis with the first rule that acts on it.
func proposeOne(rules []Rule, ctx *Context, work *bashfile.File, d Diagnosis) Proposal {
	p := Proposal{Diagnosis: d, Action: ActionNone, Reason: "no rule knows a repair for " + string(d.Kind)}
	for _, r := range rules {
		if q, ok := r.Propose(d, ctx); ok {
			p = q
			p.Rule = r.Name()
			p.Diagnosis = d
			break
		}
	}
	if changes(p) {
		p = checkEdits(work, p)
	}
	return p
}

// changes reports a proposal that changes the Bash File or how a command
// runs.
func changes(p Proposal) bool {
	return p.Action == ActionEdit || p.Action.RunsDifferently()
}

// checkEdits applies p's edits to work (the accumulated copy), keeping
// those that change it.
func checkEdits(work *bashfile.File, p Proposal) Proposal {
	if work == nil {
		return p
	}
	var keep []bashfile.Edit
	var errs []string
	for _, e := range p.Edits {
		if e.Op == bashfile.OpAppend && work.HasCommand(e.Command) {
			continue // in a later section already (loops' laterSection)
		}
		changed, err := work.Apply(e)
		switch {
		case err != nil:
			errs = append(errs, err.Error())
		case changed:
			keep = append(keep, e)
		}
	}
	p.Edits = keep
	if len(keep) == 0 && p.Action.RunsDifferently() {
		return p // the user (Xvfb, the service) exists already; this command still changes how it runs
	}
	if len(keep) == 0 {
		p.Action = ActionNone
		if len(errs) > 0 {
			p.Reason = "the repair does not apply: " + strings.Join(errs, "; ")
		} else {
			p.Reason = "already in the Bash File: " + p.Reason
		}
	}
	return p
}

// why is the provenance of an edit made by rule r for d.
func why(r Rule, d Diagnosis) bashfile.Provenance {
	return bashfile.Provenance{Source: "repair:" + r.Name(), Note: d.Evidence}
}

// edit proposes edits.
func edit(d Diagnosis, reason string, edits ...bashfile.Edit) Proposal {
	return Proposal{Diagnosis: d, Action: ActionEdit, Edits: edits, Reason: reason}
}

// record proposes to record d as a limit of this environment.
func record(d Diagnosis, reason string) Proposal {
	return Proposal{Diagnosis: d, Action: ActionRecord, Reason: reason}
}

// none says the rule knows d but has nothing (more) to try.
func none(d Diagnosis, reason string) Proposal {
	return Proposal{Diagnosis: d, Action: ActionNone, Reason: reason}
}

// ansiRe matches terminal colour codes.
var ansiRe = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

// logLines splits a log into clean lines (no colours, no carriage returns).
func logLines(log string) []string {
	log = ansiRe.ReplaceAllString(log, "")
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		if j := strings.LastIndexByte(l, '\r'); j >= 0 && j < len(l)-1 {
			l = l[j+1:]
		}
		lines[i] = strings.TrimRight(l, "\r \t\u240a") // ␊: AVA's rendering of a string's newline
	}
	return lines
}

func lastLine(log string) string {
	ls := logLines(log)
	for i := len(ls) - 1; i >= 0; i-- {
		if strings.TrimSpace(ls[i]) != "" {
			return strings.TrimSpace(ls[i])
		}
	}
	return ""
}

// match is a pattern of a rule: a regexp whose first group is the subject.
type match struct {
	kind Kind
	re   *regexp.Regexp
}

// scan returns one diagnosis per line matching one of ms, in log order.
// The subject is the first non-empty group (cleaned by clean, when set).
func scan(log string, ms []match, clean func(string) string) []Diagnosis {
	var out []Diagnosis
	for _, l := range logLines(log) {
		for _, m := range ms {
			g := m.re.FindStringSubmatch(l)
			if g == nil {
				continue
			}
			subj := ""
			for _, s := range g[1:] {
				if s != "" {
					subj = s
					break
				}
			}
			if clean != nil {
				subj = clean(subj)
			}
			out = append(out, Diagnosis{Kind: m.kind, Subject: subj, Evidence: strings.TrimSpace(l)})
			break
		}
	}
	return out
}

// firstOnly keeps the first diagnosis: one cause per log for rules whose
// later matches are the same cause again.
func firstOnly(ds []Diagnosis) []Diagnosis {
	if len(ds) > 1 {
		return ds[:1]
	}
	return ds
}

// tried counts earlier attempts of rule on the same kind and subject.
func (c *Context) tried(rule string, d Diagnosis) int {
	n := 0
	for _, a := range c.Attempts {
		if a.Rule == rule && a.Diagnosis.Kind == d.Kind && a.Diagnosis.Subject == d.Subject {
			n++
		}
	}
	return n
}

// hasPackage reports whether any section installs pkg.
func (c *Context) hasPackage(pkg string) bool {
	if c.File == nil {
		return false
	}
	for _, s := range c.File.Sections {
		if slices.Contains(c.File.Packages(s.ID), pkg) {
			return true
		}
	}
	return false
}

// find returns the first command of section id for which ok holds, or -1.
func (c *Context) find(id bashfile.SectionID, ok func(string) bool) (int, string) {
	if c.File == nil {
		return -1, ""
	}
	if s := c.File.Section(id); s != nil {
		for i, cmd := range s.Commands {
			if ok(cmd.Text) {
				return i, cmd.Text
			}
		}
	}
	return -1, ""
}

// readRepo reads a repository file; "" when there is no reader or file.
func (c *Context) readRepo(name string) string {
	if c.Repo == nil {
		return ""
	}
	b, err := c.Repo.ReadFile(name)
	if err != nil {
		return ""
	}
	return string(b)
}

// packageSection is where a package goes. What a command after setup (a
// test script's xxd) or a later section of the script (the build's
// Python.h) misses joins the runtimes and dependencies, so the re-run
// starts from the checkpoint after the base toolchain instead of
// installing it again.
func (c *Context) packageSection(pkg string) bashfile.SectionID {
	if c.Phase == PhaseCommand || c.Section == bashfile.Runtimes || c.Section == bashfile.Build {
		return bashfile.Runtimes
	}
	return packageSection(pkg)
}

// packageSection is where a package goes: language packages with the
// runtimes, everything else with the base toolchain.
func packageSection(pkg string) bashfile.SectionID {
	for _, p := range []string{"python3-", "python-is-", "node-", "golang-", "ruby-", "libjs-"} {
		if strings.HasPrefix(pkg, p) {
			return bashfile.Runtimes
		}
	}
	return bashfile.Base
}

// addPackage proposes the first candidate that the file does not install
// yet and that no earlier attempt added.
func addPackage(r Rule, d Diagnosis, ctx *Context, candidates []string) Proposal {
	if len(candidates) == 0 {
		return none(d, fmt.Sprintf("no Debian package known to provide %s %q", kindNoun(d.Kind), d.Subject))
	}
	for _, p := range candidates {
		if ctx.hasPackage(p) || triedPackage(ctx, p) {
			continue
		}
		pkgs := []string{p}
		if cCompilerPkg.MatchString(p) && !ctx.hasPackage("libc6-dev") {
			// Debian's compilers only recommend the C library's headers and
			// start files, which pkg_install leaves out: without them every
			// link fails and configure scripts say "C compiler cc is not
			// found" (nginx, any Makefile-only project)
			pkgs = append(pkgs, "libc6-dev")
		}
		if cCompilerPkg.MatchString(p) && !ctx.hasPackage("make") && !ctx.hasPackage("build-essential") {
			// a configure script that found no compiler writes a Makefile
			// next: make comes with it, not one full setup run later
			// (nginx's auto/configure: cc, then pcre, zlib, then make)
			pkgs = append(pkgs, "make")
		}
		return edit(d, fmt.Sprintf("install %s, which provides %s %q", strings.Join(pkgs, " "), kindNoun(d.Kind), d.Subject),
			bashfile.Edit{Op: bashfile.OpAddPackages, Section: ctx.packageSection(p), Packages: pkgs, Why: why(r, d)})
	}
	var installed, tried []string
	for _, p := range candidates {
		if ctx.hasPackage(p) {
			installed = append(installed, p)
		} else {
			tried = append(tried, p)
		}
	}
	if len(tried) == 0 {
		return none(d, fmt.Sprintf("every known provider of %q is installed already (%s) and it is still missing", d.Subject, strings.Join(candidates, ", ")))
	}
	// an earlier attempt added it and was rolled back (its round broke the
	// Bash File) or did not help: not proposed again
	why := fmt.Sprintf("every known provider of %q was tried already (%s: added by an earlier repair that was rolled back or did not help)", d.Subject, strings.Join(tried, ", "))
	if len(installed) > 0 {
		why += "; installed: " + strings.Join(installed, ", ")
	}
	return none(d, why)
}

// cCompilerPkg is a Debian C/C++ compiler package.
var cCompilerPkg = regexp.MustCompile(`^(gcc|g\+\+|clang|cpp)(-\d+)?$`)

func triedPackage(ctx *Context, pkg string) bool {
	for _, a := range ctx.Attempts {
		for _, e := range a.Edits {
			if e.Op == bashfile.OpAddPackages && slices.Contains(e.Packages, pkg) {
				return true
			}
		}
	}
	return false
}

func kindNoun(k Kind) string {
	switch k {
	case MissingHeader:
		return "header"
	case MissingPkgConfig:
		return "pkg-config module"
	case MissingLibrary:
		return "library"
	case MissingExecutable:
		return "executable"
	case MissingCMakePackage:
		return "CMake package"
	case MissingPythonModule:
		return "Python module"
	}
	return string(k)
}

// Blocking reports whether a command's failure shows a gap in the
// environment that other commands of the same level will likely hit too
// (a test script's missing xxd or file, a missing header or module, a
// runtime older than the project needs, a program that refuses root), so
// the caller should repair it before trying the level's other commands.
// A command whose own program is missing (`tox`, exit 127) is not: another
// spelling of the same step may well work.
func Blocking(f Failure) bool {
	own := ""
	if fs := strings.Fields(f.Command); len(fs) > 0 {
		own = path.Base(fs[0])
	}
	for _, d := range Diagnose(f) {
		switch d.Kind {
		case MissingExecutable, MissingHeader, MissingLibrary, MissingPkgConfig, MissingPythonModule, MissingNodeModule, MissingGoModule:
			if d.Subject != "" && d.Subject != own {
				return true
			}
		case NodeTooOld, GoToolchainTooOld, RustTooOld:
			// the runtime is older than the project needs: every command
			// of the level that runs it fails alike (minimatch's `npm
			// test` and `npm test -- -c -t0`, 70 s and 50 s, before Node
			// 22 was installed)
			return true
		case NeedsNonRoot:
			// the program refuses root (memcached: "must add '-u root' to
			// start as root"): every use of it as root fails alike, and a
			// weaker candidate passing after it (memcached's ./sizes)
			// would stand for the run
			return true
		}
	}
	return false
}
