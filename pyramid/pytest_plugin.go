package pyramid

import (
	"context"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A pytest plugin (an entry point in the pytest11 group) is used by
// running pytest with the options it adds: pytest-repeat's README
// `pytest --count=10 test_file.py`, pytest-rerunfailures' `pytest
// --reruns 5`. Such a documented command is the plugin's real use, a
// Runnable one, not another spelling of its test suite; a test module it
// names that the checkout lacks is the reader's own, written as a small
// passing one (sampleFor).

// pluginOptionRe is an option a plugin registers: a string literal
// "--name" in a module defining pytest_addoption.
var pluginOptionRe = regexp.MustCompile(`["'](--[a-z][\w-]+)["']`)

// pytestPluginOptions are the options the project's pytest plugin adds;
// nil when the project declares no pytest11 entry point.
func pytestPluginOptions(ctx context.Context, e *env) map[string]bool {
	declared := false
	for _, m := range []string{"pyproject.toml", "setup.cfg", "setup.py"} {
		if src, err := e.ix.ReadFile(ctx, m, 0, 0, true); err == nil && strings.Contains(src, "pytest11") {
			declared = true
		}
	}
	if !declared {
		return nil
	}
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "**.py"})
	if err != nil {
		return nil
	}
	opts := map[string]bool{}
	for _, f := range fs {
		if depDocs.MatchString(path.Dir(f.Path)) || strings.HasPrefix(path.Base(f.Path), "test_") {
			continue
		}
		src, err := e.ix.ReadFile(ctx, f.Path, 0, 0, true)
		if err != nil || !strings.Contains(src, "def pytest_addoption") {
			continue
		}
		for _, m := range pluginOptionRe.FindAllStringSubmatch(src, -1) {
			opts[m[1]] = true
		}
	}
	return opts
}

// maxPluginUses bounds the plugin's uses: each runs a test suite, and
// pytest-rerunfailures' README gives six spellings of `pytest --reruns 5`
// over its whole suite (475 s where one failing spelling said as much).
const maxPluginUses = 2

// pluginUses makes the first documented pytest commands that pass one of
// the plugin's options its Runnable uses; the others are left out.
func pluginUses(e *env, cs []Command) []Command {
	n := 0
	out := cs[:0]
	for _, c := range cs {
		opt := ""
		if !c.Synth && c.Bucket == Unit && fromDocs(c) {
			opt = pluginOption(words(c.Text), e.pytestOpts)
		}
		switch {
		case opt == "":
		case n == maxPluginUses:
			continue // one more spelling of the same suite run
		default:
			n++
			c.Bucket, c.Level = Entry, Runnable
			c.Reason = "runs pytest with the plugin's own option " + opt + ": the plugin's use"
		}
		out = append(out, c)
	}
	return out
}

// fromDocs reports a command the README or the documentation gives.
func fromDocs(c Command) bool {
	for _, w := range c.Why {
		if w.Source == "readme" || w.Source == "docs" {
			return true
		}
	}
	return false
}

// pluginOption is the first of opts a pytest command (its words) passes,
// "" when it runs no pytest or passes none.
func pluginOption(w []string, opts map[string]bool) string {
	ws := unwrap(w)
	if len(ws) > 2 && strings.HasPrefix(path.Base(ws[0]), "python") && ws[1] == "-m" {
		ws = ws[2:]
	}
	if len(ws) == 0 || ws[0] != "pytest" && ws[0] != "py.test" {
		return ""
	}
	for _, w := range ws[1:] {
		name, _, _ := strings.Cut(w, "=")
		if opts[name] {
			return name
		}
	}
	return ""
}
