package pyramid

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// mineTestScript: a shell script in a test directory named as the whole
// suite's driver (tests/run_tests.sh, test/runtests.sh, t/all.sh) that no
// CI step, make target or package script runs — a project without CI
// whose tests are run by hand: ape's tests/run_tests.sh splits the
// amalgamated source, compiles the tests with it and runs them, from its
// own directory (its paths are ../utils, ../ape.c). It runs in its
// directory with the shell its #! line names.
func mineTestScript(ctx context.Context, e *env) ([]Command, error) {
	// what the CI or the Makefile runs already: their commands run it
	var named strings.Builder
	if steps, err := e.ix.CISteps(ctx); err == nil {
		for _, st := range steps {
			named.WriteString(st.Text + "\n")
		}
	}
	for _, mk := range []string{"Makefile", "makefile", "GNUmakefile"} {
		b, _ := os.ReadFile(filepath.Join(e.ix.Root, mk))
		named.Write(b)
	}
	var out []Command
	for _, d := range driverFiles(os.DirFS(e.ix.Root)) {
		ext := strings.TrimPrefix(path.Ext(d), ".")
		if ext != "sh" && ext != "bash" || strings.Contains(named.String(), path.Base(d)) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(e.ix.Root, filepath.FromSlash(d)))
		if err != nil {
			continue
		}
		shell := "bash"
		if m := shebangShellRe.FindSubmatch(b); m != nil {
			shell = string(m[1])
		}
		dir, file := path.Split(d)
		out = append(out, Command{
			Text: "cd " + strings.TrimSuffix(dir, "/") + " && " + shell + " " + file, Bucket: Unit, Level: Testable,
			Reason: "runs the test directory's suite driver, a shell script, from its directory",
			Why:    []Provenance{{Source: "test-script", File: d, Note: "a suite driver in a test directory"}},
		})
	}
	return out, nil
}

// shebangShellRe is a #! line naming a shell: #!/bin/sh, #!/usr/bin/env bash.
var shebangShellRe = regexp.MustCompile(`^#!\s*(?:/usr)?/bin/(?:env\s+)?(sh|bash|dash|zsh)\b`)
