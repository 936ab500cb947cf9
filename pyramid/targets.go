package pyramid

import (
	"context"
	"path"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/retrieval"
)

// targetFacts are what the build files say they do with the programs
// they declare (graph/build/cmake_install.go): which they install, and
// the output directory a program is given of its own.
type targetFacts struct {
	installed map[string]bool   // file + "\x00" + program
	dirs      map[string]string // file + "\x00" + program → "dir" (from the file's build directory) or "/dir" (from the build tree's top)
	names     map[string]string // program (target) → the file name it is given (OUTPUT_NAME), any file of the project
	// runtime is where the top CMakeLists.txt puts every program
	// (CMAKE_RUNTIME_OUTPUT_DIRECTORY, under the build directory), ""
	// when it does not say
	runtime string
	// binDirs are the binary directories add_subdirectory gives source
	// directories (checkout paths): src → the parent's binary dir + build
	binDirs map[string]subdirBinary
}

// subdirBinary is the binary directory add_subdirectory(dir bin) gives
// dir: bin under the binary directory of parent, the adding file's
// directory.
type subdirBinary struct{ parent, bin string }

// binaryDir is the build tree's directory of a checkout directory: its
// copy there, or what add_subdirectory named for it or a parent.
func (t targetFacts) binaryDir(dir string) string {
	if dir == "." || dir == "" || dir == "/" {
		return "."
	}
	if b, ok := t.binDirs[dir]; ok {
		return path.Join(t.binaryDir(b.parent), b.bin)
	}
	return path.Join(t.binaryDir(path.Dir(dir)), path.Base(dir))
}

// readTargetFacts reads the facts of every CMake, meson and automake file.
func readTargetFacts(ctx context.Context, ix *retrieval.Index) targetFacts {
	t := targetFacts{installed: map[string]bool{}, dirs: map[string]string{}, names: map[string]string{}, binDirs: map[string]subdirBinary{}}
	for _, g := range []string{"CMakeLists.txt", "meson.build", "Makefile.am"} {
		fs, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: g})
		if err != nil {
			continue
		}
		for _, f := range fs {
			if f.Path == "CMakeLists.txt" {
				t.runtime, _ = f.Facts["runtime_output_dir"].(string)
			}
			inst, _ := f.Facts["installs"].(string)
			for _, n := range strings.Fields(inst) {
				t.installed[f.Path+"\x00"+n] = true
			}
			names, _ := f.Facts["output_names"].(string)
			for _, p := range strings.Fields(names) {
				if n, o, ok := strings.Cut(p, "="); ok {
					t.names[n] = o // a target's properties may be set in another file than its add_executable
				}
			}
			subs, _ := f.Facts["subdir_binary_dirs"].(string)
			for _, p := range strings.Fields(subs) {
				if src, bin, ok := strings.Cut(p, "="); ok {
					t.binDirs[path.Join(path.Dir(f.Path), src)] = subdirBinary{parent: path.Dir(f.Path), bin: bin}
				}
			}
			dirs, _ := f.Facts["runtime_dirs"].(string)
			for _, p := range strings.Fields(dirs) {
				if n, d, ok := strings.Cut(p, "="); ok {
					t.dirs[f.Path+"\x00"+n] = d
				}
			}
		}
	}
	return t
}

// fileName is the file name a CMake program is built as: its
// OUTPUT_NAME (cmark's cmark_exe is build/src/cmark), else its name.
func (t targetFacts) fileName(name string) string {
	if o := t.names[name]; o != "" {
		return o
	}
	return name
}

// ownTool reports whether the build file installs the program from a
// directory foreign only by a name maintenance scripts use too (c-ares'
// src/tools): one of the project's own tools. An installed program of a
// documentation or vendored tree belongs to that tree's project
// (libcheck's doc/example).
func (t targetFacts) ownTool(file, name string) bool {
	if !t.installed[file+"\x00"+name] {
		return false
	}
	for _, d := range strings.Split(path.Dir(file), "/") {
		if foreignDirs.MatchString(d) && !toolDirs[d] {
			return false
		}
	}
	return true
}

// toolDirs are the foreign directory names a project's own installed
// tools are kept in.
var toolDirs = map[string]bool{"tools": true, "devtools": true, "scripts": true, "contrib": true}

// cmakeProgramDir is the directory, relative to the CMake build tree,
// where the program that file declares is put: the output directory the
// program is given (expat's xmlwf/, examples/), else the one the top file
// gives every program, else the build tree's copy of the
// declaring directory — relative to the CMake project, which may sit in
// a subdirectory of the checkout (expat/CMakeLists.txt builds in
// expat/build).
func (t targetFacts) cmakeProgramDir(file, name, buildDir string) string {
	d := inProject(t.binaryDir(path.Dir(file)), buildDir)
	if od, ok := t.dirs[file+"\x00"+name]; ok {
		if strings.HasPrefix(od, "/") {
			return path.Clean("." + od)
		}
		return path.Join(d, od)
	}
	if t.runtime != "" {
		return t.runtime
	}
	return d
}

// inProject is dir relative to the project the build directory belongs
// to, which may sit in a subdirectory of the checkout.
func inProject(dir, buildDir string) string {
	root := projectRoot(buildDir)
	switch {
	case root == ".":
		return dir
	case dir == root:
		return "."
	case strings.HasPrefix(dir, root+"/"):
		return strings.TrimPrefix(dir, root+"/")
	}
	return dir
}

// projectRoot is the directory of the project a build directory the Bash
// File made belongs to (expat/build → expat); "." otherwise.
func projectRoot(buildDir string) string {
	if path.Base(buildDir) == bashfile.BuildDir {
		return path.Dir(buildDir)
	}
	return "."
}
