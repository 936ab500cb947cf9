package pyramid

import (
	"path"
	"regexp"
)

// Commands a CI workflow runs that are not how the project is built, tested
// or used: its own scripts, its matrix's other compilers and platforms.

// ciScriptRe runs a script the CI keeps or named for it — the program, or
// the script an interpreter runs, not an argument (`pytest -c
// .github/pytest.ini` stays): a file under .github/ or .circleci/ (expr's
// `npx zx .github/scripts/coverage.mjs`), or ci.sh and the like at the top
// (go-toml's `./ci.sh coverage -d v2`).
var ciScriptRe = regexp.MustCompile(`^(?:(?:bash|sh|node|python3?|npx(?: --yes| -y)?(?: zx)?)\s+)?(?:\./)?(?:(?:\.github|\.circleci)/\S|ci(?:[_.-][\w-]+)?\.(?:sh|bash|py|mjs|js)(?:\s|$))`)

// cmakeCompilerRe is a CMake configure choosing its compiler.
var cmakeCompilerRe = regexp.MustCompile(`-DCMAKE_(?:C|CXX)_COMPILER(?::\w+)?=("?)([^\s"]+)`)

// windowsToolsetRe is a Visual Studio toolset or platform (-T ClangCL, -A x64).
var windowsToolsetRe = regexp.MustCompile(`\bcmake\b.*\s-(?:T\s*(?:ClangCL|v\d+)|A\s*(?:x64|Win32|ARM64))\b`)

// otherCompiler reports a CMake configure that picks a compiler other than
// the base image's gcc/g++ (utf8.h's CI runs the same configure with
// gcc-10, tcc and clang, each under its own matrix condition): one of a
// matrix's variants, which heragent does not install.
func otherCompiler(t string) bool {
	for _, m := range cmakeCompilerRe.FindAllStringSubmatch(t, -1) {
		switch path.Base(m[2]) {
		case "gcc", "g++", "cc", "c++", "$CC", "$CXX", "${CC}", "${CXX}":
		default:
			return true
		}
	}
	return false
}
