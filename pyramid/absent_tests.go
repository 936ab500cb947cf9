package pyramid

import (
	"path"
	"slices"
	"strings"
)

// A README about a testing library shows its reader's own tests run:
// parameterized's `py.test -v test_math.py`, `python -m unittest -v
// test_math`. A test runner named a test file or module the checkout does
// not have runs nothing of the project.

// absentTestOperand is the first test file or unittest module a test
// runner command names that the checkout lacks (relative to dir), "" when
// it names none or has them all.
func (e *env) absentTestOperand(w []string, dir string) string {
	var args []string
	unittest := false
	switch {
	case len(w) > 1 && (w[0] == "pytest" || w[0] == "py.test"):
		args = w[1:]
	case len(w) > 3 && pyModuleRunner(w) == "pytest":
		args = w[3:]
	case len(w) > 3 && pyModuleRunner(w) == "unittest":
		args, unittest = w[3:], true
	default:
		return ""
	}
	if slices.Contains(args, "discover") {
		return "" // discovery names directories and patterns
	}
	for _, a := range args {
		file, _, _ := strings.Cut(a, "::")
		switch {
		case strings.HasPrefix(a, "-"):
			continue
		case strings.HasSuffix(file, ".py"):
		case unittest && !strings.Contains(file, "/") && !strings.ContainsAny(file, "*$"):
			file = strings.ReplaceAll(strings.SplitN(file, ".Test", 2)[0], ".", "/") + ".py"
		default:
			continue
		}
		if !e.fileExists(path.Join(dir, file)) && !e.isDir(path.Join(dir, strings.TrimSuffix(file, ".py"))) {
			return a
		}
	}
	return ""
}

// pyModuleRunner is the module `python -m X` runs, "" for another command.
func pyModuleRunner(w []string) string {
	if len(w) < 3 || w[1] != "-m" || !(w[0] == "python" || w[0] == "python3" || strings.HasPrefix(w[0], "python3.")) {
		return ""
	}
	return w[2]
}
