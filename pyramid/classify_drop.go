package pyramid

import (
	"path"
	"regexp"
	"strings"
)

// The commands no bucket takes, whatever they run (classify asks first).

// hardDrop says why a command is never evidence, whatever it runs:
// placeholders, publishing, destruction outside the workspace, another
// platform, vendoring, cleaning the build, the network, prose, variables
// of another environment; "" when none applies.
func hardDrop(t string) string {
	switch {
	case placeholderRe.MatchString(appOperandRe.ReplaceAllString(t, " ")):
		return "placeholder" // not the reader's module:app an application server serves (server_app.go)
	case destructiveRe.MatchString(t):
		return "publishes or deploys"
	case rmRe.MatchString(t):
		return "removes files outside the workspace"
	case platformRe.MatchString(t) || windowsToolsetRe.MatchString(t):
		return "targets another platform"
	case otherCompiler(t):
		return "builds with another compiler than the base image's (a CI matrix's variant)"
	case vendorRe.MatchString(t):
		return "sets up a foreign package manager (the setup script owns it)"
	case cleanRe.MatchString(t):
		return "cleans the build the setup script made"
	case needsNet(t):
		return "needs the network"
	case proseRe.MatchString(t):
		return "prose, not a command"
	case operandlessRe.MatchString(t):
		return "names nothing to run (a mention of the tool in prose)"
	case unsetVar(t) != "":
		return "needs the variable $" + unsetVar(t) + " of another environment"
	case assignOnlyRe.MatchString(t) || assignOnly(t):
		return "only sets a variable"
	case sysInfoRe.MatchString(t):
		return "prints the machine's configuration (a CI diagnostic), runs nothing of the repository"
	case toolCheckOnly(t):
		return "checks a build tool's or runtime's version (a CI diagnostic), runs nothing of the repository"
	case httpLineRe.MatchString(t):
		return "an HTTP request or status line, not a command"
	case hiddenScriptRe.MatchString(t):
		return "a hidden maintenance or CI script, not how the project is used"
	case ciScriptRe.MatchString(t):
		return "a CI script (it assumes the CI machine), not how the project is used"
	case benchScriptRe.MatchString(t):
		return "runs a benchmark: it measures the project, it is no use of it (and may run for minutes)"
	case distScriptRe.MatchString(t):
		return "makes a release or distribution of the project (packaging), no use of it"
	}
	return ""
}

// operandlessRe is a runner named without what it runs, which fails
// whatever the project (easyjson's "invokes `go run` on a temporary
// file"): go run, python -m, npx, node -e.
var operandlessRe = regexp.MustCompile(`^(?:go run|python3? -m|npx|node -e)\s*$`)

// httpLineRe is a line of an HTTP exchange a document shows ("POST
// /post?id=1234&page=1 HTTP/1.1", which a shell would split at &).
var httpLineRe = regexp.MustCompile(`(?:^|\s)HTTP/[12](?:\.\d)?(?:\s|$)|^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /`)

// hiddenScriptRe runs a dotted script (testify's ./.ci.gofmt.sh).
var hiddenScriptRe = regexp.MustCompile(`^(?:bash |sh )?\.?/?\.[\w-][\w.-]*\.(?:sh|bash|py)\b`)

// benchScriptRe runs a script of a benchmark directory (rimraf's CI: `node
// benchmark/index.js --depth=5`, three minutes; `python benchmarks/run.py`).
var benchScriptRe = regexp.MustCompile(`^(?:(?:node|deno|bun|python3?|ruby|perl|bash|sh)\s+(?:-\S+\s+)*)?(?:\./)?(?:[\w.-]+/)*(?:bench|benchmarks?|perf)/[\w./-]+\.(?:m?js|cjs|ts|py|rb|pl|sh)(?:\s|$)`)

// distScriptRe runs a script that makes a release or distribution
// archive (LibRaw's CONTRIBUTING: ./mkdist.sh, which was its Runnable
// "use"; msgpack-c's makedist.sh, nghttp2's makerelease.sh, capnproto's
// release.sh).
var distScriptRe = regexp.MustCompile(`^(?:(?:ba)?sh\s+)?(?:\./)?(?:[\w.-]+/)*(?:mk|make|export|build|create)?[-_]?(?:dist|release|tarball)(?:[-_][\w-]*)?\.sh(?:\s|$)`)

// sysInfoRe is a CI step that reports the machine (libuv's `npx envinfo`).
var sysInfoRe = regexp.MustCompile(`^(npx\s+(--yes\s+|-y\s+)?)?envinfo(\s|$)|^(uname|lscpu|lsb_release|sw_vers|systeminfo|free|df|nproc|ulimit)(\s+-\S+)*\s*$`)

// toolVersionRe is a CI step asking a build tool or runtime for its
// version (sml's `ninja --version`, xxHash's `echo && cmake --version`,
// tox --version): the machine's, never the project's program.
var toolVersionRe = regexp.MustCompile(`^(?:cmake|ctest|ninja|meson|make|gmake|gcc|g\+\+|cc|c\+\+|clang|clang\+\+|python3?|pip3?|node|npm|npx|yarn|pnpm|go|cargo|rustc|rustup|tox|nox|poetry|uv|pdm|hatch|java|javac|mvn|gradle|git|docker|podman|conan|vcpkg|bazel|autoconf|automake|libtool|pkg-config|valgrind|ccache)\s+(?:--version|-version|-v|-V|version)$`)

// toolCheckOnly reports a chain of nothing but tool version checks and
// echoes.
func toolCheckOnly(t string) bool {
	checks := 0
	for _, p := range splitChain(t) {
		switch {
		case toolVersionRe.MatchString(p):
			checks++
		case p == "echo" || strings.HasPrefix(p, "echo "):
		default:
			return false
		}
	}
	return checks > 0
}

// assignOnlyRe is a command that only assigns a shell variable
// (`pkg=$(ls build/fmt-*.zip)`): it runs nothing worth proving.
var assignOnlyRe = regexp.MustCompile(`^[A-Za-z_]\w*=("[^"]*"|'[^']*'|\$\([^)]*\)|\S*)\s*;?$`)

// goIgnoredDir reports whether a Go package path lies in a directory the
// go tool leaves out of ./... (a name starting with _ or .), where
// repositories keep their tooling (_tools, _readme-gofmt) — unless it is
// named as examples (_examples/render: the library's example programs,
// kept out of the module's packages).
func goIgnoredDir(p string) bool {
	for _, c := range strings.Split(path.Clean(p), "/") {
		if c != "." && c != ".." && (strings.HasPrefix(c, "_") || strings.HasPrefix(c, ".")) {
			return !goExampleDirRe.MatchString(strings.TrimLeft(c, "_."))
		}
	}
	return false
}

// goExampleDirRe names a directory of example programs.
var goExampleDirRe = regexp.MustCompile(`(?i)^(examples?|samples?|demos?)$`)
