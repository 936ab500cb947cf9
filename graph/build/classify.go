package build

import (
	"path"
	"strings"

	"github.com/go-enry/go-enry/v2"

	"github.com/heragent/heragent/graph"
)

// manifestEcosystem maps manifest and lockfile names to their ecosystem.
var manifestEcosystem = map[string]string{
	"package.json": "npm", "package-lock.json": "npm", "npm-shrinkwrap.json": "npm", "yarn.lock": "npm", "pnpm-lock.yaml": "npm",
	"pyproject.toml": "pypi", "setup.py": "pypi", "setup.cfg": "pypi", "Pipfile": "pypi", "Pipfile.lock": "pypi", "poetry.lock": "pypi", "uv.lock": "pypi",
	"go.mod": "go", "go.sum": "go", "go.work": "go",
	"Cargo.toml": "cargo", "Cargo.lock": "cargo",
	"pom.xml": "maven", "build.gradle": "gradle", "build.gradle.kts": "gradle", "settings.gradle": "gradle", "settings.gradle.kts": "gradle",
	"Gemfile": "rubygems", "Gemfile.lock": "rubygems", "composer.json": "composer", "composer.lock": "composer",
	"vcpkg.json": "vcpkg", "conanfile.txt": "conan", "conanfile.py": "conan",
}

var lockfiles = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true, "pnpm-lock.yaml": true,
	"Pipfile.lock": true, "poetry.lock": true, "uv.lock": true, "go.sum": true, "Cargo.lock": true,
	"Gemfile.lock": true, "composer.lock": true,
}

var buildNames = map[string]bool{
	"CMakeLists.txt": true, "meson.build": true, "meson_options.txt": true, "meson.options": true,
	"configure.ac": true, "configure.in": true, "Makefile": true, "makefile": true, "GNUmakefile": true,
	"Makefile.am": true, "Makefile.in": true, "Dockerfile": true, "Containerfile": true,
	"BUILD": true, "BUILD.bazel": true, "WORKSPACE": true, "MODULE.bazel": true, "SConstruct": true,
	"SConscript": true, "justfile": true, "Justfile": true, "Rakefile": true, "tox.ini": true, "noxfile.py": true,
	"Makefile.PL": true, "build.ninja": false,
}

var ciNames = map[string]bool{
	".gitlab-ci.yml": true, ".travis.yml": true, "azure-pipelines.yml": true, "appveyor.yml": true,
	".appveyor.yml": true, "Jenkinsfile": true, ".cirrus.yml": true, ".drone.yml": true, "bitbucket-pipelines.yml": true,
}

var docNames = []string{"README", "INSTALL", "CONTRIBUTING", "HACKING", "BUILDING", "BUILD.md", "DEVELOPING", "USAGE", "GETTING_STARTED"}

var docDirs = map[string]bool{"doc": true, "docs": true, "Documentation": true, "documentation": true, "manual": true}

var testDirs = map[string]bool{"test": true, "tests": true, "t": true, "testing": true, "__tests__": true, "spec": true, "testsuite": true, "unittests": true, "regress": true, "regression": true}

// fileLanguage detects the language of a file with go-enry, looking at
// its content only when the name is ambiguous.
func fileLanguage(rel string, content []byte) string {
	base := path.Base(rel)
	if l, safe := enry.GetLanguageByFilename(base); safe && l != "" {
		return l
	}
	if l, safe := enry.GetLanguageByExtension(base); safe && l != "" {
		return l
	}
	head := content
	if len(head) > 16<<10 {
		head = head[:16<<10]
	}
	return enry.GetLanguage(base, head)
}

// isCIPath reports whether rel is a CI configuration file.
func isCIPath(rel string) bool {
	base := path.Base(rel)
	if ciNames[base] {
		return true
	}
	if strings.HasPrefix(rel, ".github/workflows/") && (strings.HasSuffix(rel, ".yml") || strings.HasSuffix(rel, ".yaml")) {
		return true
	}
	return rel == ".circleci/config.yml" || rel == ".circleci/config.yaml"
}

// isBuildPath reports whether rel is a build file.
func isBuildPath(rel string) bool {
	base := path.Base(rel)
	if buildNames[base] {
		return true
	}
	ext := path.Ext(base)
	switch ext {
	case ".cmake", ".mk", ".mak", ".dockerfile", ".bzl", ".ninja":
		return true
	}
	return strings.HasPrefix(base, "Dockerfile.") || strings.HasPrefix(base, "Makefile.") || strings.HasSuffix(base, ".Dockerfile")
}

// isRequirements reports whether base names a pip requirements file.
func isRequirements(base string) bool {
	return strings.HasPrefix(base, "requirements") && (strings.HasSuffix(base, ".txt") || strings.HasSuffix(base, ".in"))
}

// isTestPath reports whether a source file lives in or is named like a test.
func isTestPath(rel string) bool {
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if testDirs[seg] {
			return true
		}
	}
	base := path.Base(rel)
	stem := strings.TrimSuffix(base, path.Ext(base))
	return strings.HasSuffix(stem, "_test") || strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, ".test") ||
		strings.HasSuffix(stem, ".spec") || strings.HasSuffix(stem, "Test") || strings.HasSuffix(stem, "Tests") ||
		strings.HasPrefix(stem, "test-") || stem == "test" || stem == "tests" || stem == "conftest"
}

func isDocPath(rel, lang string) bool {
	base := path.Base(rel)
	upper := strings.ToUpper(base)
	for _, n := range docNames {
		if strings.HasPrefix(upper, n) {
			return true
		}
	}
	switch lang {
	case "Markdown", "reStructuredText", "AsciiDoc", "Text", "Org", "Roff", "Roff Manpage", "Texinfo":
		return true
	}
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if docDirs[seg] && lang == "" {
			return true
		}
	}
	return false
}

// classify returns the kind of a file and, for manifests, its ecosystem.
func classify(rel, lang string) (graph.FileKind, string) {
	base := path.Base(rel)
	if eco, ok := manifestEcosystem[base]; ok {
		return graph.KindManifest, eco
	}
	if isRequirements(base) {
		return graph.KindManifest, "pypi"
	}
	if isCIPath(rel) {
		return graph.KindCI, ""
	}
	if isBuildPath(rel) {
		return graph.KindBuild, ""
	}
	if isDocPath(rel, lang) {
		return graph.KindDoc, ""
	}
	typ := enry.GetLanguageType(lang)
	switch {
	case lang == "Shell" || lang == "PowerShell" || lang == "Batchfile" || strings.HasSuffix(base, ".sh"):
		if isTestPath(rel) {
			return graph.KindTest, ""
		}
		return graph.KindScript, ""
	case typ == enry.Programming:
		if isTestPath(rel) {
			return graph.KindTest, ""
		}
		return graph.KindSource, ""
	case typ == enry.Data || enry.IsConfiguration(rel) || enry.IsDotFile(rel):
		return graph.KindConfig, ""
	case typ == enry.Prose || typ == enry.Markup:
		return graph.KindDoc, ""
	}
	return graph.KindData, ""
}
