package build

import (
	"path"
	"regexp"
	"strings"
)

// cmakeCommand is one command invocation of a CMake script.
type cmakeCommand struct {
	name string
	args []string
	line int
}

// cmakeCommands tokenises a CMake script: comments, quoted and bracket
// arguments and nested parentheses are handled; variables are kept as
// written.
func cmakeCommands(src []byte) []cmakeCommand {
	var out []cmakeCommand
	s := string(src)
	line := 1
	i := 0
	skipComment := func() {
		if strings.HasPrefix(s[i:], "#[[") || strings.HasPrefix(s[i:], "#[=[") {
			end := strings.Index(s[i:], "]]")
			if end < 0 {
				end = len(s) - i - 2
			}
			line += strings.Count(s[i:i+end+2], "\n")
			i += end + 2
			return
		}
		for i < len(s) && s[i] != '\n' {
			i++
		}
	}
	for i < len(s) {
		ch := s[i]
		switch {
		case ch == '\n':
			line++
			i++
		case ch == '#':
			skipComment()
		case isIdentByte(ch):
			start := i
			for i < len(s) && isIdentByte(s[i]) {
				i++
			}
			name := strings.ToLower(s[start:i])
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j >= len(s) || s[j] != '(' {
				continue
			}
			cmdLine := line
			i = j + 1
			var args []string
			var cur strings.Builder
			inArg := false
			flush := func() {
				if inArg {
					args = append(args, cur.String())
					cur.Reset()
					inArg = false
				}
			}
			depth := 1
			for i < len(s) && depth > 0 {
				c := s[i]
				switch {
				case c == '\n':
					line++
					flush()
					i++
				case c == ' ' || c == '\t' || c == '\r':
					flush()
					i++
				case c == '#':
					flush()
					skipComment()
				case c == '"':
					i++
					for i < len(s) && s[i] != '"' {
						if s[i] == '\\' && i+1 < len(s) {
							i++
						}
						if s[i] == '\n' {
							line++
						}
						cur.WriteByte(s[i])
						i++
					}
					i++
					inArg = true
				case c == '(':
					depth++
					cur.WriteByte(c)
					inArg = true
					i++
				case c == ')':
					depth--
					if depth > 0 {
						cur.WriteByte(c)
						inArg = true
					}
					i++
				default:
					cur.WriteByte(c)
					inArg = true
					i++
				}
			}
			flush()
			out = append(out, cmakeCommand{name: name, args: args, line: cmdLine})
		default:
			i++
		}
	}
	return out
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

var cmakeKeywords = map[string]bool{
	"REQUIRED": true, "QUIET": true, "CONFIG": true, "MODULE": true, "NO_MODULE": true, "EXACT": true, "GLOBAL": true,
	"IMPORTED_TARGET": true, "NO_CMAKE_PATH": true, "NO_CMAKE_ENVIRONMENT_PATH": true,
	"STATIC": true, "SHARED": true, "MODULE_LIBRARY": true, "OBJECT": true, "INTERFACE": true, "EXCLUDE_FROM_ALL": true,
	"WIN32": true, "MACOSX_BUNDLE": true, "ALIAS": true,
}

func parseCMake(rel string, src []byte, f *fileFacts) error {
	vars := map[string]string{} // the file's own set(NAME value) so far: tau's ${TAU_BIN_DIR}
	for _, c := range expandForeach(cmakeCommands(src)) {
		cmakeInstallFacts(c, f)
		switch c.name {
		case "set":
			if len(c.args) == 2 && cmakeVarNameRe.MatchString(c.args[0]) {
				vars[c.args[0]] = ownVars(c.args[1], vars)
			}
			if rel == "CMakeLists.txt" && len(c.args) > 1 && c.args[0] == "CMAKE_RUNTIME_OUTPUT_DIRECTORY" && f.props["runtime_output_dir"] == nil {
				c.args[1] = ownVars(c.args[1], vars)
				if d, ok := binaryDirRel(c.args[1]); ok {
					f.fact("runtime_output_dir", d)
				} else if d, ok := sourceDirRel(c.args[1], true); ok {
					f.fact("runtime_output_dir", d)
				}
			}
		case "project":
			if len(c.args) > 0 {
				f.fact("project", c.args[0])
			}
			for i, a := range c.args {
				if a == "VERSION" && i+1 < len(c.args) {
					f.fact("project_version", c.args[i+1])
				}
			}
		case "cmake_minimum_required":
			for i, a := range c.args {
				if a == "VERSION" && i+1 < len(c.args) {
					f.fact("cmake_minimum", c.args[i+1])
				}
			}
		case "add_subdirectory":
			// add_subdirectory(src build): the directory's programs are
			// built under the binary directory it is given, not the build
			// tree's copy of src (lighttpd's build/build/lighttpd)
			if len(c.args) > 1 && c.args[1] != "EXCLUDE_FROM_ALL" && c.args[1] != "SYSTEM" && !strings.ContainsAny(c.args[0]+c.args[1], "$<>") && !path.IsAbs(c.args[1]) {
				prev, _ := f.props["subdir_binary_dirs"].(string)
				f.fact("subdir_binary_dirs", strings.TrimSpace(prev+" "+path.Clean(c.args[0])+"="+path.Clean(c.args[1])))
			}
		case "enable_testing":
			f.fact("enable_testing", true)
		case "include":
			if len(c.args) > 0 && (c.args[0] == "CTest" || c.args[0] == "GoogleTest") {
				f.fact("include_"+strings.ToLower(c.args[0]), true)
				if c.args[0] == "CTest" {
					f.fact("enable_testing", true)
				}
			}
		case "find_package":
			if len(c.args) == 0 || strings.Contains(c.args[0], "${") {
				continue
			}
			d := dependency{ecosystem: "cmake", name: c.args[0], scope: "build", line: c.line}
			comps := false
			for i, a := range c.args[1:] {
				switch {
				case a == "REQUIRED":
					d.required = true
					comps = true
				case a == "COMPONENTS" || a == "OPTIONAL_COMPONENTS":
					comps = true
				case comps && !cmakeKeywords[a]:
					d.components = append(d.components, a)
				case i == 0 && len(a) > 0 && a[0] >= '0' && a[0] <= '9':
					d.constraint = ">=" + a
				}
			}
			f.deps = append(f.deps, d)
		case "pkg_check_modules", "pkg_search_module":
			if len(c.args) < 2 {
				continue
			}
			required := false
			var mods []string
			for _, a := range c.args[1:] {
				if a == "REQUIRED" {
					required = true
				} else if !cmakeKeywords[a] {
					mods = append(mods, a)
				}
			}
			for _, m := range joinPkgConfigConstraints(mods) {
				name, cons := splitPkgConfig(m)
				if strings.Contains(name, "${") { // a variable: not knowable without running CMake
					continue
				}
				f.deps = append(f.deps, dependency{ecosystem: "pkg-config", name: name, constraint: cons, scope: "build", line: c.line, required: required})
			}
		case "add_executable", "add_library":
			if len(c.args) == 0 || (len(c.args) > 1 && (c.args[1] == "ALIAS" || c.args[1] == "IMPORTED")) {
				continue
			}
			kind := "executable"
			if c.name == "add_library" {
				kind = "library"
			}
			var srcs []string
			for _, a := range c.args[1:] {
				if !cmakeKeywords[a] {
					srcs = append(srcs, a)
				}
			}
			f.targets = append(f.targets, target{kind: kind, name: c.args[0], line: c.line, sources: srcs})
		case "add_custom_target":
			if t, ok := customTarget(c); ok {
				f.targets = append(f.targets, t)
			}
		case "add_test":
			t := target{kind: "test", line: c.line}
			if len(c.args) > 0 && c.args[0] == "NAME" {
				for i := 1; i < len(c.args); i++ {
					if c.args[i] == "COMMAND" {
						t.command = strings.Join(c.args[i+1:], " ")
						break
					}
					if i == 1 {
						t.name = c.args[1]
					}
				}
			} else if len(c.args) > 0 {
				t.name = c.args[0]
				t.command = strings.Join(c.args[1:], " ")
			}
			f.targets = append(f.targets, t)
		case "gtest_discover_tests", "gtest_add_tests":
			if len(c.args) > 0 {
				f.targets = append(f.targets, target{kind: "test", name: c.args[0], command: c.name, line: c.line})
			}
		}
	}
	return nil
}

// joinPkgConfigConstraints rejoins "glib-2.0 >= 2.50" split by spaces.
func joinPkgConfigConstraints(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if (w == ">=" || w == "<=" || w == "=" || w == ">" || w == "<") && len(out) > 0 && i+1 < len(words) {
			out[len(out)-1] += w + words[i+1]
			i++
			continue
		}
		out = append(out, w)
	}
	return out
}

// splitPkgConfig splits "glib-2.0>=2.50" into name and constraint.
func splitPkgConfig(m string) (string, string) {
	if i := strings.IndexAny(m, "<>="); i > 0 {
		return m[:i], m[i:]
	}
	return m, ""
}

// installDirs are GNUInstallDirs' defaults, which projects reuse inside
// the build tree (c-ares: ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_BINDIR}).
var installDirs = strings.NewReplacer("${CMAKE_INSTALL_BINDIR}", "bin", "${CMAKE_INSTALL_SBINDIR}", "sbin", "${CMAKE_INSTALL_LIBEXECDIR}", "libexec")

// sourceDirRel is a path under the top source directory (miniz's
// ${CMAKE_CURRENT_SOURCE_DIR}/bin) as binaryDirRel writes paths: from
// the build directory, which the Bash File makes one level below the
// project's top ("../bin"). current says the file is the top one, whose
// CMAKE_CURRENT_SOURCE_DIR is the top.
func sourceDirRel(v string, current bool) (string, bool) {
	v = installDirs.Replace(v)
	pres := []string{"${CMAKE_SOURCE_DIR}", "${PROJECT_SOURCE_DIR}"}
	if current {
		pres = append(pres, "${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}")
	}
	for _, pre := range pres {
		if rest, ok := strings.CutPrefix(v, pre); ok {
			rest = strings.Trim(rest, "/")
			if strings.ContainsAny(rest, "$<>") {
				return "", false
			}
			if c := path.Clean(rest); c == ".." || strings.HasPrefix(c, "../") {
				// outside the checkout (fann's biicode block:
				// ${CMAKE_CURRENT_SOURCE_DIR}/../bin): nowhere a build
				// of this checkout is looked for
				return "", false
			}
			return path.Join("..", rest), true
		}
	}
	return "", false
}

// cmakeVarNameRe is a variable a project names itself (not CMake's own).
var cmakeVarNameRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// cmakeVarRefRe is a ${NAME} reference.
var cmakeVarRefRe = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// ownVars replaces the references in v to variables the file set before
// (set(TAU_BIN_DIR ${CMAKE_CURRENT_SOURCE_DIR}/build/bin), then
// set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${TAU_BIN_DIR})); CMake's own and
// unknown ones stay.
func ownVars(v string, vars map[string]string) string {
	return cmakeVarRefRe.ReplaceAllStringFunc(v, func(ref string) string {
		if val, ok := vars[ref[2:len(ref)-1]]; ok {
			return val
		}
		return ref
	})
}

// binaryDirRel is a top-level CMakeLists.txt's path under the build
// directory ("bin" of ${CMAKE_BINARY_DIR}/bin, "." of the directory
// itself); ok is false for one elsewhere or that only configuring knows.
// Projects that set CMAKE_RUNTIME_OUTPUT_DIRECTORY put every program
// there, not in the build tree's copy of its source directory.
func binaryDirRel(v string) (string, bool) {
	v = installDirs.Replace(v)
	for _, pre := range []string{"${CMAKE_BINARY_DIR}", "${PROJECT_BINARY_DIR}", "${CMAKE_CURRENT_BINARY_DIR}"} {
		if strings.HasPrefix(v, pre) {
			rest := strings.Trim(strings.TrimPrefix(v, pre), "/")
			if strings.ContainsAny(rest, "$<>") {
				return "", false
			}
			if rest == "" {
				rest = "."
			}
			return rest, true
		}
	}
	return "", false
}
