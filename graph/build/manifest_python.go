package build

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
)

var pep508Name = regexp.MustCompile(`^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$`)

// pep508 splits a requirement into name and constraint (markers dropped).
func pep508(req string) (name, constraint string, ok bool) {
	if i := strings.IndexByte(req, ';'); i >= 0 {
		req = req[:i]
	}
	m := pep508Name.FindStringSubmatch(req)
	if m == nil {
		return "", "", false
	}
	return m[1], strings.TrimSpace(strings.Trim(strings.TrimSpace(m[3]), "()")), true
}

func addPyReq(f *fileFacts, src []byte, req, scope string) {
	if name, c, ok := pep508(req); ok {
		f.deps = append(f.deps, dependency{ecosystem: "pypi", name: name, constraint: c, scope: scope, line: lineOf(src, req, 1), required: scope != "optional"})
	}
}

// testGroupRe is a dependency group of the test suite's requirements.
var testGroupRe = regexp.MustCompile(`^(tests?|testing|unit|pytest)$`)

func parsePyproject(_ string, src []byte, f *fileFacts) error {
	var pp struct {
		BuildSystem struct {
			Requires     []string `toml:"requires"`
			BuildBackend string   `toml:"build-backend"`
		} `toml:"build-system"`
		Project struct {
			Name                 string              `toml:"name"`
			RequiresPython       string              `toml:"requires-python"`
			Dependencies         []string            `toml:"dependencies"`
			OptionalDependencies map[string][]string `toml:"optional-dependencies"`
			Scripts              map[string]string   `toml:"scripts"`
			GUIScripts           map[string]string   `toml:"gui-scripts"`
		} `toml:"project"`
		// PEP 735 groups: strings, or tables that include another group
		DependencyGroups map[string][]any `toml:"dependency-groups"`
		Tool             struct {
			Poetry struct {
				Dependencies    map[string]any    `toml:"dependencies"`
				DevDependencies map[string]any    `toml:"dev-dependencies"`
				Scripts         map[string]string `toml:"scripts"`
			} `toml:"poetry"`
			Pytest     map[string]any `toml:"pytest"`
			Setuptools struct {
				ScriptFiles []string `toml:"script-files"`
			} `toml:"setuptools"`
		} `toml:"tool"`
	}
	md, err := toml.Decode(string(src), &pp)
	if err != nil {
		return fmt.Errorf("parse pyproject.toml: %w", err)
	}
	if toolConfigOnly(md) {
		// only settings of tools (pyright, ruff, black): no package to
		// install (thread-pool's pyproject.toml beside a C++ header)
		f.fact("tool_config", true)
	}
	if pp.BuildSystem.BuildBackend != "" {
		f.fact("build_backend", pp.BuildSystem.BuildBackend)
	}
	if pp.Project.Name != "" {
		f.fact("name", pp.Project.Name)
	}
	if pp.Project.RequiresPython != "" {
		f.fact("python_requires", pp.Project.RequiresPython)
	}
	if pp.Tool.Pytest != nil {
		f.fact("pytest_configured", true)
	}
	for _, r := range pp.BuildSystem.Requires {
		addPyReq(f, src, r, "build")
	}
	for _, r := range pp.Project.Dependencies {
		addPyReq(f, src, r, "runtime")
	}
	for _, extra := range sortedMapKeys(pp.Project.OptionalDependencies) {
		for _, r := range pp.Project.OptionalDependencies[extra] {
			addPyReq(f, src, r, "optional")
		}
	}
	for _, group := range sortedMapKeys(pp.DependencyGroups) {
		scope := "optional" // dev, docs, lint: their test tools only (the Bash File picks them)
		if testGroupRe.MatchString(group) {
			scope = "test"
		}
		for _, item := range pp.DependencyGroups[group] {
			if r, ok := item.(string); ok {
				addPyReq(f, src, r, scope)
			}
		}
	}
	addTableDeps(f, src, "pypi", "runtime", pp.Tool.Poetry.Dependencies)
	addTableDeps(f, src, "pypi", "dev", pp.Tool.Poetry.DevDependencies)
	for _, m := range []map[string]string{pp.Project.Scripts, pp.Project.GUIScripts, pp.Tool.Poetry.Scripts} {
		for _, name := range sortedMapKeys(m) {
			f.targets = append(f.targets, target{kind: "bin", name: name, command: m[name], line: keyLine(src, name)})
		}
	}
	for _, s := range pp.Tool.Setuptools.ScriptFiles {
		addScriptFile(f, s, keyLine(src, "script-files"))
	}
	return nil
}

// addScriptFile is a script the package installs as it is (setuptools'
// script-files, setup()'s scripts=: pyelftools' scripts/readelf.py,
// jmespath's bin/jp.py): a program of the project named after its file,
// whose command is its path.
func addScriptFile(f *fileFacts, p string, line int) {
	p = path.Clean(strings.TrimSpace(p))
	if p == "." || strings.HasPrefix(p, "../") || strings.ContainsAny(p, " *?$") {
		return
	}
	f.targets = append(f.targets, target{kind: "bin", name: path.Base(p), command: p, line: line})
}

// toolConfigOnly reports whether a pyproject.toml holds nothing but
// [tool.*] settings of linters and formatters: no [project], no
// [build-system], no packaging tool's own table (poetry, flit, pdm,
// hatch, setuptools), no dependency groups.
func toolConfigOnly(md toml.MetaData) bool {
	keys := md.Keys()
	if len(keys) == 0 {
		return false
	}
	for _, k := range keys {
		if k[0] != "tool" {
			return false
		}
		if len(k) > 1 {
			switch k[1] {
			case "poetry", "flit", "pdm", "hatch", "setuptools", "setuptools_scm", "maturin", "scikit-build", "uv":
				return false
			}
		}
	}
	return true
}

// iniEntries calls each with the section, key and value of every entry
// of an INI file (setup.cfg, tox.ini), and once more for each of a
// value's continuation lines (with that line as the value); INI is
// simple enough that twenty lines beat a dependency.
func iniEntries(src []byte, each func(section, key, val string, ln int)) error {
	section, key := "", ""
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section, key = strings.Trim(line, "[]"), ""
			continue
		}
		val := line
		if raw[0] != ' ' && raw[0] != '\t' {
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				continue
			}
			key, val = strings.TrimSpace(k), strings.TrimSpace(v)
		}
		each(section, key, val, ln)
	}
	return sc.Err()
}

// parseSetupCfg reads the few setup.cfg keys that matter.
func parseSetupCfg(_ string, src []byte, f *fileFacts) error {
	return iniEntries(src, func(section, key, val string, ln int) {
		switch {
		case section == "options" && key == "python_requires" && val != "":
			f.fact("python_requires", val)
		case section == "options" && (key == "install_requires" || key == "setup_requires" || key == "tests_require") && val != "":
			scope := map[string]string{"install_requires": "runtime", "setup_requires": "build", "tests_require": "test"}[key]
			if name, c, ok := pep508(val); ok {
				f.deps = append(f.deps, dependency{ecosystem: "pypi", name: name, constraint: c, scope: scope, line: ln, required: true})
			}
		case section == "options.entry_points" && key == "console_scripts" && val != "":
			if n, cmd, ok := strings.Cut(val, "="); ok {
				f.targets = append(f.targets, target{kind: "bin", name: strings.TrimSpace(n), command: strings.TrimSpace(cmd), line: ln})
			}
		case section == "options" && key == "scripts" && val != "":
			addScriptFile(f, val, ln)
		case section == "tool:pytest":
			f.fact("pytest_configured", true) // setup.cfg's pytest section (flask's testpaths)
		case section == "metadata" && key == "name" && val != "":
			f.fact("name", val)
		}
	})
}

// toxFactorRe starts a dep only some environments install: `cov:
// pytest-cov`, `py38,py39: pytest<7`, `!pypy: numpy`.
var toxFactorRe = regexp.MustCompile(`^[!\w{},.-]+:\s`)

// parseToxIni reads the deps of tox's default test environment
// ([testenv]): the distributions the project's tests run with (natsort's
// pytest-mock and hypothesis), scope test. Requirement files (-r),
// the project itself (.[extra]) and tox's substitutions ({…}) are not
// distributions.
func parseToxIni(_ string, src []byte, f *fileFacts) error {
	return iniEntries(src, func(section, key, val string, ln int) {
		if section != "testenv" || key != "deps" || val == "" || strings.ContainsAny(val[:1], "-.{") || strings.Contains(val, "://") || strings.Contains(val, "{") || toxFactorRe.MatchString(val) {
			return
		}
		if i := strings.Index(val, " #"); i >= 0 {
			val = strings.TrimSpace(val[:i])
		}
		if name, c, ok := pep508(val); ok {
			f.deps = append(f.deps, dependency{ecosystem: "pypi", name: name, constraint: c, scope: "test", line: ln, required: true})
		}
	})
}

func parseRequirements(_ string, src []byte, f *fileFacts) error {
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "-") || strings.Contains(line, "://") {
			continue
		}
		if name, c, ok := pep508(line); ok {
			f.deps = append(f.deps, dependency{ecosystem: "pypi", name: name, constraint: c, scope: "runtime", line: ln, required: true})
		}
	}
	return sc.Err()
}
