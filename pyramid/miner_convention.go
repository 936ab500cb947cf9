package pyramid

import (
	"context"

	"github.com/heragent/heragent/retrieval"
)

// mineConvention adds each detected stack's standard build and test
// commands. The adjustment drops one when a mined command of the same
// stack and level exists, so these only fill gaps.
func mineConvention(ctx context.Context, e *env) ([]Command, error) {
	files, err := e.ix.FindFiles(ctx, retrieval.FileQuery{})
	if err != nil {
		return nil, err
	}
	top := map[string]bool{}
	for _, f := range files {
		top[f.Path] = true
	}
	conv := func(text string, b Bucket, reason, file string) Command {
		return Command{Text: text, Bucket: b, Reason: reason, Why: []Provenance{{Source: "convention", File: file, Note: "standard command of the stack"}}}
	}
	out := subprojectConventions(ctx, e, files)
	s := e.stacks
	if s["cmake"] {
		out = append(out, conv("cmake --build build", Build, "builds the CMake project in the setup script's build directory", "CMakeLists.txt"))
	}
	if s["meson"] {
		out = append(out, conv("meson compile -C build", Build, "compiles the meson project in the setup script's build directory", "meson.build"))
	}
	if s["autotools"] {
		out = append(out, conv("make", Build, "builds what ./configure set up", "configure.ac"))
	}
	if s["make"] && e.setUp["make"] && !s["cmake"] && !s["meson"] && !s["autotools"] { // not a task runner's (pycparser's lint target)
		out = append(out, conv("make", Build, "builds the default make target", "Makefile"))
	}
	if s["npm"] && e.setUp["npm"] { // not for a package.json the Bash File does not set up (uthash's clib manifest)
		if top["package-lock.json"] || top["npm-shrinkwrap.json"] {
			out = append(out, conv("npm ci", Build, "installs the locked dependencies", "package-lock.json"))
		} else {
			out = append(out, conv("npm install", Build, "installs the declared dependencies", "package.json"))
		}
	}
	if s["python"] {
		switch {
		case top["pyproject.toml"] || top["setup.py"]:
			f := "pyproject.toml"
			if !top[f] {
				f = "setup.py"
			}
			out = append(out, conv("pip install -e .", Build, "installs the package into the virtual environment", f))
		case top["requirements.txt"]:
			out = append(out, conv("pip install -r requirements.txt", Build, "installs the requirements into the virtual environment", "requirements.txt"))
		}
	}
	if s["go"] {
		out = append(out, conv("go build ./...", Build, "compiles every Go package", "go.mod"),
			conv("go test -v ./...", Unit, "runs the Go tests; -v names each test for the result parser", "go.mod"))
	}
	if s["cargo"] {
		out = append(out, conv("cargo build", Build, "compiles the crate", "Cargo.toml"), conv("cargo test", Unit, "runs the crate's tests", "Cargo.toml"))
	}
	if s["maven"] {
		out = append(out, conv("mvn -B -q compile", Build, "compiles the Maven project", "pom.xml"), conv("mvn -B test", Unit, "runs the Maven surefire tests", "pom.xml"))
	}
	if s["gradle"] {
		g := "gradle"
		if top["gradlew"] {
			g = "./gradlew"
		}
		f := "build.gradle"
		if !top[f] {
			f = "build.gradle.kts"
		}
		out = append(out, conv(g+" assemble", Build, "compiles the Gradle project", f), conv(g+" test", Unit, "runs the Gradle tests", f))
	}
	return out, nil
}
