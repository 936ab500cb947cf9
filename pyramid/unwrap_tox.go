package pyramid

import (
	"bufio"
	"context"
	"regexp"
	"strings"
)

// unwrapTox: `tox`, `tox -e ENV[,ENV]`, `python -m tox …` → the commands of
// the environment's section in tox.ini (or the legacy_tox_ini string of
// pyproject.toml's [tool.tox]): [testenv:ENV], else [testenv]. Only the
// commands that run tests are kept (not coverage reports, linters, docs).
func unwrapTox(ctx context.Context, e *env, c Command) []string {
	envs, ok := toxEnvs(c.Text)
	if !ok {
		return nil
	}
	ini := toxConfig(ctx, e)
	if ini == nil {
		return nil
	}
	if len(envs) == 0 {
		envs = []string{"py"}
	}
	envs = ini.testEnvs(envs)
	var out []string
	for _, env := range envs {
		for _, line := range ini.commands(env) {
			if inner := unwrapRunner(ctx, e, Command{Text: line}); len(inner) > 0 {
				line = inner[0] // `poetry run pytest tests/` inside tox
			}
			line = uncovered(line)
			if v := classify(line); v.Drop == "" && v.Bucket == Unit {
				out = append(out, line)
			}
		}
		if len(out) > 0 {
			break
		}
	}
	return out
}

// toxEnvs reads the -e environments of a tox command; ok is false when the
// command is not tox.
func toxEnvs(text string) (envs []string, ok bool) {
	w := strings.Fields(text)
	switch {
	case len(w) > 0 && w[0] == "tox":
		w = w[1:]
	case len(w) > 2 && (w[0] == "python" || w[0] == "python3") && w[1] == "-m" && w[2] == "tox":
		w = w[3:]
	default:
		return nil, false
	}
	if len(w) > 0 && (w[0] == "run" || w[0] == "r" || w[0] == "run-parallel" || w[0] == "p") {
		w = w[1:] // tox 4: tox run -e ENV
	}
	for i := 0; i < len(w); i++ {
		switch {
		case w[i] == "-e" && i+1 < len(w):
			envs = append(envs, strings.Split(w[i+1], ",")...)
			i++
		case strings.HasPrefix(w[i], "-e"):
			envs = append(envs, strings.Split(strings.TrimPrefix(w[i], "-e"), ",")...)
		case w[i] == "--" || strings.ContainsAny(w[i], "&|;"):
			return envs, true
		}
	}
	return envs, true
}

// toxINI is a parsed tox configuration: section → key → value.
type toxINI map[string]map[string]string

// toxConfig reads tox.ini, else the legacy_tox_ini of pyproject.toml.
func toxConfig(ctx context.Context, e *env) toxINI {
	if src, err := e.ix.ReadFile(ctx, "tox.ini", 0, 0, true); err == nil {
		return parseINI(src)
	}
	src, err := e.ix.ReadFile(ctx, "pyproject.toml", 0, 0, true)
	if err != nil {
		return nil
	}
	if m := legacyToxRe.FindStringSubmatch(src); m != nil {
		return parseINI(m[1] + m[2])
	}
	return nil
}

var legacyToxRe = regexp.MustCompile(`(?s)legacy_tox_ini\s*=\s*(?:"""(.*?)"""|'''(.*?)''')`)

// parseINI reads an INI file with indented continuation lines.
func parseINI(src string) toxINI {
	ini := toxINI{}
	sec, key := "", ""
	sc := bufio.NewScanner(strings.NewReader(src))
	for sc.Scan() {
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			sec, key = strings.TrimSpace(line[1:len(line)-1]), ""
			if ini[sec] == nil {
				ini[sec] = map[string]string{}
			}
		case (raw[0] == ' ' || raw[0] == '\t') && key != "" && sec != "":
			ini[sec][key] += "\n" + line
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || sec == "" {
				continue
			}
			key = strings.TrimSpace(k)
			ini[sec][key] = strings.TrimSpace(v)
		}
	}
	return ini
}

// commands returns env's command lines, substitutions made, lines for
// other factors dropped.
func (ini toxINI) commands(env string) []string {
	sec := ini["testenv:"+env]
	if sec == nil || sec["commands"] == "" {
		sec = ini["testenv"]
	}
	if sec == nil {
		return nil
	}
	var out []string
	joined := strings.ReplaceAll(sec["commands"], "\\\n", " ")
	for _, line := range strings.Split(joined, "\n") {
		line = strings.TrimSpace(line)
		if f, rest, ok := strings.Cut(line, ": "); ok && factorRe.MatchString(f) {
			if !factorMatches(f, env) {
				continue
			}
			line = strings.TrimSpace(rest)
		}
		line = strings.TrimPrefix(strings.TrimPrefix(line, "- "), "!")
		if line = toxSubst(line); line != "" && !strings.Contains(line, "{") {
			out = append(out, line)
		}
	}
	return out
}

// factorRe is a tox factor condition: "py38", "!cov", "py3,cov".
var factorRe = regexp.MustCompile(`^!?[\w.-]+(,!?[\w.-]+)*$`)

// factorMatches reports whether env has one of the condition's factors
// (py311 matches py311 and py3; "!x" matches when env lacks x).
func factorMatches(cond, env string) bool {
	factors := strings.Split(env, "-")
	for _, f := range strings.Split(cond, ",") {
		neg := strings.HasPrefix(f, "!")
		f = strings.TrimPrefix(f, "!")
		has := false
		for _, x := range factors {
			has = has || x == f || strings.HasPrefix(x, f) && strings.HasPrefix(f, "py")
		}
		if has != neg {
			return true
		}
	}
	return false
}

var (
	posargsDefault = regexp.MustCompile(`\{posargs:([^}]*)\}`)
	envDefault     = regexp.MustCompile(`\{env:[^:}]*(?::([^}]*))?\}`)
	toxVars        = strings.NewReplacer("{posargs}", "", "[]", "", "{toxinidir}/", "", "{toxinidir}", ".", "{envpython}", "python", "{envbindir}/", "", "{tox_root}/", "", "{tox_root}", ".")
)

// toxSubst makes tox's substitutions that have a meaning outside tox; a
// word still holding one (--basetemp={envtmpdir}) is left out.
func toxSubst(line string) string {
	line = posargsDefault.ReplaceAllString(line, "$1")
	line = envDefault.ReplaceAllString(line, "$1")
	var words []string
	for _, w := range strings.Fields(toxVars.Replace(line)) {
		if !strings.Contains(w, "{") {
			words = append(words, strings.Trim(w, "'"))
		}
	}
	return strings.Join(words, " ")
}

// testEnvs orders the environments to read: those asked for, and when one
// is just the current interpreter ("py", "py311") and the envlist names
// environments made of factors (py311-tests), the envlist's test
// environments for it.
func (ini toxINI) testEnvs(asked []string) []string {
	var out []string
	for _, a := range asked {
		out = append(out, a)
		if !strings.HasPrefix(a, "py") || strings.Contains(a, "-") || ini["testenv:"+a] != nil {
			continue
		}
		for _, env := range expandEnvlist(ini["tox"]["envlist"] + "\n" + ini["tox"]["env_list"]) {
			if strings.Contains(env, "-") && (strings.HasPrefix(env, "py") || testFactor(env)) && testFactor(env) {
				out = append(out, env)
			}
		}
	}
	return out
}

// testFactor reports whether an environment has a factor naming tests.
func testFactor(env string) bool {
	for _, f := range strings.Split(env, "-") {
		switch f {
		case "tests", "test", "unit", "unittests", "pytest":
			return true
		}
	}
	return false
}

// expandEnvlist expands tox's generative envlist: "py{38,39}-{a,b}, lint"
// → py38-a py38-b py39-a py39-b lint.
func expandEnvlist(list string) []string {
	var out []string
	for _, item := range strings.FieldsFunc(list, func(r rune) bool { return r == '\n' || r == ' ' }) {
		for _, part := range splitTop(item) {
			out = append(out, expandBraces(part)...)
		}
	}
	return out
}

// splitTop splits at commas outside braces.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// expandBraces expands the first {a,b} group of s, recursively.
func expandBraces(s string) []string {
	i := strings.IndexByte(s, '{')
	j := strings.IndexByte(s, '}')
	if i < 0 || j < i {
		if s = strings.TrimSpace(s); s == "" {
			return nil
		}
		return []string{s}
	}
	var out []string
	for _, alt := range strings.Split(s[i+1:j], ",") {
		out = append(out, expandBraces(s[:i]+strings.TrimSpace(alt)+s[j+1:])...)
	}
	return out
}
