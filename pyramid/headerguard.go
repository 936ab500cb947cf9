package pyramid

import (
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// A library's header can refuse a program that includes it the wrong way:
// a part header that only its umbrella may include (libfuse's
// fuse_common.h: `#if !defined(FUSE_H_) && !defined(FUSE_LOWLEVEL_H_)
// #error "Never include <fuse_common.h> directly; use <fuse.h>"`; GLib's
// and HarfBuzz's part headers the same way), or an API version the
// program must choose (`#if !defined(FUSE_USE_VERSION) ||
// FUSE_USE_VERSION < 30 #error`). headerGuards reads those `#error`
// guards so the consumer LinkProbes writes includes the umbrella and
// defines the macro, as the project's own examples do.

// headerGuard is what one header's #error guards ask of its includer.
type headerGuard struct {
	includes []string          // the operands of its #include lines
	defines  map[string]string // macro → value (trimmed) it #defines
	guards   []guardCond       // conditions that lead to an #error
}

// guardCond is one #if/#ifndef whose next directive is #error: the
// macros whose absence trips it, and a minimum value one must have.
type guardCond struct {
	undefined []string          // !defined(M) / #ifndef M
	atLeast   map[string]string // M < N → N
}

var (
	ifDirectiveRe = regexp.MustCompile(`^\s*#\s*(ifndef\s+(\w+)|if\s+(.+))$`)
	condOpenRe    = regexp.MustCompile(`^\s*#\s*if(?:n?def)?\b`)
	condCloseRe   = regexp.MustCompile(`^\s*#\s*endif\b`)
	errorLineRe   = regexp.MustCompile(`^\s*#\s*error\b`)
	notDefinedRe  = regexp.MustCompile(`!\s*defined\s*\(?\s*(\w+)\s*\)?`)
	lessThanRe    = regexp.MustCompile(`\b(\w+)\s*<\s*(\d+)\b`)
	defineLineRe  = regexp.MustCompile(`^\s*#\s*define\s+(\w+)(?:[ \t]+(.*?))?\s*$`)
	// platformMacroRe are macros a header tests to refuse a platform or
	// compiler, which no consumer should define.
	platformMacroRe = regexp.MustCompile(`^_|(?i)win|msc|msvc|apple|darwin|linux|unix|posix|bsd|android|cplusplus|gnuc|clang|endian|arch|x86|arm|64|32|bit`)
)

// readGuard reads a header's includes, defines and #error guards. Only
// guards outside any conditional but the include guard count: one nested
// in a configuration (lz4's `#if LZ4_FREESTANDING` … `#if
// !defined(LZ4_memcpy)`) asks nothing of an ordinary consumer.
func readGuard(text string) headerGuard {
	g := headerGuard{defines: map[string]string{}}
	lines := strings.Split(text, "\n")
	var frames []bool // open conditionals: true for the include guard
	for i, l := range lines {
		l = strings.TrimRight(l, "\r")
		if condCloseRe.MatchString(l) {
			frames = frames[:max(len(frames)-1, 0)]
			continue
		}
		if m := cIncludeRe.FindStringSubmatch(l); m != nil {
			g.includes = append(g.includes, m[1])
		}
		if m := defineLineRe.FindStringSubmatch(l); m != nil {
			if _, seen := g.defines[m[1]]; !seen {
				g.defines[m[1]] = m[2]
			}
		}
		if !condOpenRe.MatchString(l) {
			continue
		}
		nested := slices.Contains(frames, false)
		m := ifDirectiveRe.FindStringSubmatch(l)
		frames = append(frames, m != nil && isIncludeGuard(m, lines[i+1:]))
		if m == nil || nested || !nextIsError(lines[i+1:]) {
			continue
		}
		c := guardCond{atLeast: map[string]string{}}
		if m[2] != "" {
			c.undefined = []string{m[2]}
		}
		for _, d := range notDefinedRe.FindAllStringSubmatch(m[3], -1) {
			c.undefined = append(c.undefined, d[1])
		}
		for _, lt := range lessThanRe.FindAllStringSubmatch(m[3], -1) {
			c.atLeast[lt[1]] = lt[2]
		}
		if len(c.undefined) > 0 {
			g.guards = append(g.guards, c)
		}
	}
	return g
}

// isIncludeGuard: the conditional m opens (`#ifndef X_H` or `#if
// !defined(X_H)`) is followed by `#define X_H`.
func isIncludeGuard(m []string, rest []string) bool {
	macro := m[2]
	if macro == "" {
		d := notDefinedRe.FindStringSubmatch(m[3])
		if d == nil || strings.TrimSpace(m[3]) != d[0] {
			return false
		}
		macro = d[1]
	}
	for _, l := range rest {
		if t := strings.TrimSpace(l); t != "" {
			d := defineLineRe.FindStringSubmatch(t)
			return d != nil && d[1] == macro
		}
	}
	return false
}

// nextIsError: the next line that is not blank or a comment is #error.
func nextIsError(rest []string) bool {
	for _, l := range rest {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*") {
			continue
		}
		return errorLineRe.MatchString(t)
	}
	return false
}

// guardNeeds are what a consumer including header must do: include the
// umbrella header (not "" when header refuses direct inclusion) and
// define macros (NAME=VALUE, sorted) in the library's namespace (named
// with prefix, as FUSE_USE_VERSION is with fuse_version's: a guard on a
// system macro such as CHAR_BIT asks nothing a consumer can give). guards
// are every header's read guard by slash path; the headers it includes
// are followed too.
func guardNeeds(header, prefix string, guards map[string]headerGuard) (umbrella string, defines []string) {
	want := map[string]string{}
	seen := map[string]bool{}
	var visit func(h string, depth int)
	visit = func(h string, depth int) {
		g, ok := guards[h]
		if !ok || seen[h] || depth > 4 {
			return
		}
		seen[h] = true
		for _, c := range g.guards {
			if u := includedBy(h, c.undefined, guards); u != "" {
				if h == header && umbrella == "" {
					umbrella = u
					visit(u, depth+1)
				}
				continue
			}
			for _, m := range c.undefined {
				if platformMacroRe.MatchString(m) || prefix == "" || !strings.HasPrefix(strings.ToUpper(m), strings.ToUpper(prefix)+"_") {
					continue
				}
				if _, ok := want[m]; !ok {
					want[m] = guardValue(m, c.atLeast[m], guards)
				}
			}
		}
		for _, inc := range g.includes {
			visit(resolveInclude(h, inc, guards), depth+1)
		}
	}
	visit(header, 0)
	for m, v := range want {
		defines = append(defines, m+"="+v)
	}
	sort.Strings(defines)
	return umbrella, defines
}

// includedBy is the header that #defines one of macros as a marker (no
// value) and includes h: the umbrella h's guard asks for; "" for none.
func includedBy(h string, macros []string, guards map[string]headerGuard) string {
	var found []string
	for other, g := range guards {
		if other == h {
			continue
		}
		for _, m := range macros {
			if v, ok := g.defines[m]; ok && v == "" && includesBase(g, path.Base(h)) {
				found = append(found, other)
				break
			}
		}
	}
	sort.Strings(found)
	if len(found) == 0 {
		return ""
	}
	return found[0]
}

func includesBase(g headerGuard, base string) bool {
	for _, inc := range g.includes {
		if path.Base(inc) == base {
			return true
		}
	}
	return false
}

// guardValue is the value a required macro gets: the guard's minimum, a
// number a header #defines it to (a default some header offers), else 1.
func guardValue(m, atLeast string, guards map[string]headerGuard) string {
	if atLeast != "" {
		return atLeast
	}
	var vals []string
	for _, g := range guards {
		if v := g.defines[m]; v != "" && strings.Trim(v, "0123456789") == "" {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return "1"
	}
	sort.Strings(vals)
	return vals[0]
}

// resolveInclude is the header an include operand of h names: beside h
// first, then any header whose path ends with it; "" for none.
func resolveInclude(h, operand string, guards map[string]headerGuard) string {
	if p := path.Join(path.Dir(h), operand); guards[p].defines != nil {
		return p
	}
	var best string
	for other := range guards {
		if strings.HasSuffix(other, "/"+operand) && (best == "" || len(other) < len(best) || len(other) == len(best) && other < best) {
			best = other
		}
	}
	return best
}
