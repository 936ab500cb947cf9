package build

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
)

var makeRule = regexp.MustCompile(`^([A-Za-z0-9_./%${}() -]+?)\s*::?(?:[^=]|$)`)

// parseMakefile records the explicit targets of a Makefile with their
// recipe (tab-indented lines that follow).
func parseMakefile(_ string, src []byte, f *fileFacts) error {
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur []int // indexes into f.targets of the rule being read
	vars := makeVars{}
	for ln := 1; sc.Scan(); ln++ {
		line, start := sc.Text(), ln
		// a variable or rule line continued with a backslash (threadpool's
		// `TARGETS = tests/thrdtest tests/heavy tests/shutdown \`)
		for !strings.HasPrefix(line, "\t") && strings.HasSuffix(line, "\\") && sc.Scan() {
			ln++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(sc.Text())
		}
		if strings.HasPrefix(line, "\t") {
			for _, i := range cur {
				if f.targets[i].command != "" {
					f.targets[i].command += "\n"
				}
				f.targets[i].command += strings.TrimSpace(line)
			}
			continue
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cur = nil
		if a := makeAssign.FindStringSubmatch(line); a != nil {
			vars.assign(a[1], a[2], a[3])
			continue
		}
		if strings.HasPrefix(line, " ") || strings.Contains(line, ":=") || strings.Contains(line, "?=") || strings.Contains(line, "+=") {
			continue
		}
		if w, _, _ := strings.Cut(strings.TrimSpace(line), " "); makeDirective[w] {
			continue // `ifneq ($(ERR:0=),)` is a conditional, not a rule
		}
		line = vars.expand(line)
		m := makeRule.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		srcs := makeSources(line[len(m[1]):])
		for _, name := range strings.Fields(m[1]) {
			name = vars.unsetSuffix(name)
			if strings.HasPrefix(name, ".") || strings.ContainsAny(name, "%$(){}") {
				continue
			}
			cur = append(cur, len(f.targets))
			f.targets = append(f.targets, target{kind: "make", name: name, line: start, sources: srcs})
		}
		if i := strings.Index(line, ";"); i >= 0 && len(cur) > 0 {
			for _, j := range cur {
				f.targets[j].command = strings.TrimSpace(line[i+1:])
			}
		}
	}
	return sc.Err()
}

// makeAssign is a variable's assignment: `BIN = nnn`, `SRC := src/$(BIN).c`,
// `PREFIX ?= /usr/local`, `OBJS += x.o` (not a rule's target-specific one,
// whose name is followed by a colon first).
var makeAssign = regexp.MustCompile(`^(?:override\s+|export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(:{1,3}=|\?=|\+=|=)\s*(.*?)\s*$`)

// makeVars are the Makefile's plain variables read so far: make expands a
// rule's targets and prerequisites as it reads the rule, so `$(BIN):
// $(SRC)` names the program the lines above it define (nnn's `BIN = nnn`).
type makeVars map[string]string

func (v makeVars) assign(name, op, value string) {
	value = v.expand(value)
	switch op {
	case "?=":
		if _, ok := v[name]; !ok {
			v[name] = value
		}
	case "+=":
		v[name] = strings.TrimSpace(v[name] + " " + value)
	default:
		v[name] = value
	}
}

// makeVarRef is a plain reference, $(NAME) or ${NAME}, not a function call.
var makeVarRef = regexp.MustCompile(`\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]`)

// expand replaces the references to variables it knows whose values hold
// no reference of their own left; others stay as they are.
func (v makeVars) expand(s string) string {
	return makeVarRef.ReplaceAllStringFunc(s, func(ref string) string {
		val, ok := v[ref[2:len(ref)-1]]
		if !ok || strings.Contains(val, "$") {
			return ref
		}
		return val
	})
}

// trailingRef is a plain reference that ends a name: `bin/unittests$(EXT)`.
var trailingRef = regexp.MustCompile(`^([^$]+)\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]$`)

// suffixVarRe names a variable holding a file name's suffix (EXT, EXE,
// EXEEXT, BIN_SUFFIX), not a part of the name (`lib$(NAME)`, `pkg-$(VERSION)`).
var suffixVarRe = regexp.MustCompile(`(?i)(?:^|_)(?:EXT|EXE|EXEEXT|SUFFIX|EXESUF)$`)

// unsetSuffix is name without a reference that ends it to a variable this
// file never sets: an executable's suffix set by an included file for
// Windows only (`EXT = .exe`), which make expands to nothing here as it
// does any undefined variable. A name that is only a reference stays.
func (v makeVars) unsetSuffix(name string) string {
	if m := trailingRef.FindStringSubmatch(name); m != nil && suffixVarRe.MatchString(m[2]) {
		if _, ok := v[m[2]]; !ok {
			return m[1]
		}
	}
	return name
}

// makeDirective are the words that start a line of GNU make's own.
var makeDirective = map[string]bool{"ifeq": true, "ifneq": true, "ifdef": true, "ifndef": true, "else": true, "endif": true,
	"include": true, "-include": true, "sinclude": true, "define": true, "endef": true, "export": true, "unexport": true,
	"override": true, "vpath": true, "undefine": true, "private": true}

// makeSources are a rule's prerequisites (after the colon, before a ';'
// recipe), without variables and patterns: `simple_example:
// example/simple.c jsmn.h` → its main and header; `all: prog` → the
// target the default goal makes.
func makeSources(rest string) []string {
	rest = strings.TrimLeft(strings.TrimSpace(rest), ":")
	rest, _, _ = strings.Cut(rest, ";")
	rest, _, _ = strings.Cut(rest, "|") // order-only prerequisites
	var out []string
	for _, w := range strings.Fields(rest) {
		if !strings.ContainsAny(w, "$%(){}") {
			out = append(out, strings.TrimPrefix(w, "./"))
		}
	}
	return out
}

// parseDockerfile records base images as dependencies and RUN/CMD/
// ENTRYPOINT instructions as steps (continuation lines joined).
func parseDockerfile(_ string, src []byte, f *fileFacts) error {
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var buf strings.Builder
	start := 0
	flush := func() {
		text := strings.TrimSpace(buf.String())
		buf.Reset()
		if text == "" {
			return
		}
		instr, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		switch strings.ToUpper(instr) {
		case "FROM":
			img := strings.Fields(rest)
			for len(img) > 0 && strings.HasPrefix(img[0], "--") {
				img = img[1:]
			}
			if len(img) > 0 {
				name, tag, _ := strings.Cut(img[0], ":")
				f.deps = append(f.deps, dependency{ecosystem: "docker", name: name, constraint: tag, scope: "build", line: start, required: true})
			}
		case "RUN", "CMD", "ENTRYPOINT":
			f.steps = append(f.steps, step{system: "dockerfile", name: strings.ToUpper(instr), text: rest, line: start})
		}
	}
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if buf.Len() == 0 {
			start = ln
		}
		if strings.HasSuffix(trimmed, "\\") {
			buf.WriteString(strings.TrimSuffix(trimmed, "\\") + " ")
			continue
		}
		buf.WriteString(trimmed)
		flush()
	}
	flush()
	return sc.Err()
}

// MakeRule is a Makefile rule as parseMakefile reads it: its target and
// prerequisites, plain variables expanded.
type MakeRule struct {
	Target  string
	Sources []string
}

// MakeRules reads a Makefile's explicit rules in order (the first is the
// default goal); for callers outside the graph (the build fallback that
// splits a default goal).
func MakeRules(src []byte) []MakeRule {
	f := &fileFacts{}
	if parseMakefile("Makefile", src, f) != nil {
		return nil
	}
	out := make([]MakeRule, 0, len(f.targets))
	for _, t := range f.targets {
		out = append(out, MakeRule{Target: t.name, Sources: t.sources})
	}
	return out
}
