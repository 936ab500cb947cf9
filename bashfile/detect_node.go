package bashfile

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// nodeDetector: a top-level package.json. Debian's nodejs and npm; the
// package manager its lockfile (or packageManager field) names: npm ci
// with package-lock.json / npm-shrinkwrap.json, yarn with yarn.lock, pnpm
// with pnpm-lock.yaml (both installed through npm from the npm registry),
// npm install without a lockfile. Runs the build script when there is one.
type nodeDetector struct{}

func (nodeDetector) Name() string { return "npm" }

func (nodeDetector) Detect(r *repo) bool {
	return (r.stacks["npm"] || r.has("package.json")) && !r.foreignManifest()
}

// npmKeys are the package.json keys npm acts on.
var npmKeys = []string{"dependencies", "devDependencies", "peerDependencies", "optionalDependencies", "scripts", "main", "module", "exports", "bin", "workspaces", "types", "browser", "packageManager"}

// foreignManifest reports a package.json npm has nothing to do with: none
// of the keys npm acts on, in a repository without JavaScript or
// TypeScript (clib's manifest of a C library: name, repo, src — uthash).
// Installing Node.js for it cost minutes and built nothing.
func (r *repo) foreignManifest() bool {
	if r.root == "" || r.hasLanguage("JavaScript", "TypeScript") || !r.hasLanguage("C", "C++") ||
		r.has("package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml") {
		return false
	}
	data, err := os.ReadFile(filepath.Join(r.root, "package.json"))
	if err != nil {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return false
	}
	for _, k := range npmKeys {
		if _, ok := m[k]; ok {
			return false
		}
	}
	return true
}

// debianNode is the Node.js major version of Debian bookworm.
const debianNode = 18

var (
	nodeMinRe = regexp.MustCompile(`(?:>=?|\^|~)?\s*v?(\d+)`)
	pmRe      = regexp.MustCompile(`^(npm|yarn|pnpm)@(\d[\w.-]*)`) // not its +sha512.… hash (yup's packageManager)
)

// pnpmLockRe is the lockfile format pnpm-lock.yaml opens with.
var pnpmLockRe = regexp.MustCompile(`(?m)^lockfileVersion:\s*'?(\d+)`)

// pnpmOfLockfile is the pnpm major that writes the checkout's lockfile
// format, for a project that does not pin one in packageManager: 9.0 is
// pnpm 9 and 10's (10 reads it and understands the pnpm-workspace.yaml
// settings of both — nanoid's holds only allowBuilds, which pnpm 8
// refuses: "packages field missing or empty"), 6.x pnpm 8's, 5.x pnpm 7's;
// "" when unknown.
func (r *repo) pnpmOfLockfile() string {
	if r.root == "" {
		return ""
	}
	f, err := os.Open(filepath.Join(r.root, "pnpm-lock.yaml"))
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	m := pnpmLockRe.FindSubmatch(head[:n])
	if m == nil {
		return ""
	}
	switch v, _ := strconv.Atoi(string(m[1])); {
	case v >= 9:
		return "10"
	case v >= 6:
		return "8"
	case v == 5:
		return "7"
	}
	return ""
}

func (d nodeDetector) Apply(ctx context.Context, p *planner) error {
	r := p.repo
	const pkg = "package.json"
	if err := p.install(Runtimes, ev(d.Name(), pkg, 0, "Node.js and npm from Debian (18 / 9)"), "nodejs", "npm"); err != nil {
		return err
	}
	// the project's floor (engines, .nvmrc) or the oldest Node.js its CI
	// tests with, whichever is newer: dependencies often need more than
	// an old engines floor says (highlight.js: >=20, its CI 22, jsdom and
	// undici from its lockfile want 22)
	major, from := nodeWanted(r)
	if ci, file := p.ciNodeVersion(ctx); ci > major {
		major, from = ci, file
	}
	if major > debianNode {
		why := ev(d.Name(), from, 0, fmt.Sprintf("needs Node.js %d, newer than Debian's %d: the node package from the npm registry", major, debianNode))
		if err := p.add(Runtimes, NodeInstall(major), why); err != nil {
			return err
		}
	}
	manager, version := "npm", ""
	if m := pmRe.FindStringSubmatch(r.fact(pkg, "package_manager")); m != nil {
		manager, version = m[1], m[2]
	}
	lock := r.first("package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml")
	switch lock {
	case "yarn.lock":
		manager = "yarn"
	case "pnpm-lock.yaml":
		manager = "pnpm"
	case "package-lock.json", "npm-shrinkwrap.json":
		if version == "" {
			manager = "npm"
		}
	}
	evFile := lock
	if evFile == "" {
		evFile = pkg
	}
	var install string
	switch manager {
	case "yarn":
		spec := "yarn@1"
		berry := r.has(".yarnrc.yml") || version != "" && !strings.HasPrefix(version, "1.")
		if berry {
			spec = "@yarnpkg/cli-dist@" + versionOr(version, "4")
		}
		get := "command -v yarn >/dev/null || npm install -g " + shellQuote(spec)
		if berry && version != "" {
			// a release the registry's @yarnpkg/cli-dist skipped (yup's
			// packageManager yarn@4.10.0: it has 4.9.4, then 4.10.1):
			// the same minor's nearest
			get += " || npm install -g " + shellQuote("@yarnpkg/cli-dist@~"+version)
		}
		if err := p.add(Runtimes, get, ev(d.Name(), evFile, 0, "yarn from the npm registry")); err != nil {
			return err
		}
		install = "yarn install --frozen-lockfile"
		if berry {
			install = "yarn install --immutable"
		}
		if lock == "" {
			install = "yarn install"
		}
	case "pnpm":
		if version == "" {
			version = r.pnpmOfLockfile()
		}
		if err := p.add(Runtimes, "command -v pnpm >/dev/null || npm install -g "+shellQuote("pnpm@"+versionOr(version, "8")), ev(d.Name(), evFile, 0, "pnpm from the npm registry")); err != nil {
			return err
		}
		install = "pnpm install --frozen-lockfile"
		if lock == "" {
			install = "pnpm install"
		}
	default:
		install = "npm install"
		if lock == "package-lock.json" || lock == "npm-shrinkwrap.json" {
			install = "npm ci"
		}
	}
	if manager == "npm" && r.fact(pkg, "workspaces") == "true" {
		// npm 9 (Debian's) hangs building the tree of a workspace whose
		// package a dependency also asks for at another version (npm/cli
		// #6104): espree's monorepo, whose eslint devDependency wants
		// published espree and eslint-scope, printed nothing for 13
		// minutes; npm 10 installs it in seconds
		if err := p.add(Runtimes, NpmInstall(npmWorkspacesMajor), ev(d.Name(), pkg, 0, fmt.Sprintf("npm workspaces: npm %d from the npm registry (Debian's npm 9 can hang resolving a workspace that dependencies also ask for)", npmWorkspacesMajor))); err != nil {
			return err
		}
	}
	if manager == "npm" {
		// the security audit and funding notice are extra registry round
		// trips on every install, and change nothing it installs
		if err := p.add(Runtimes, "persist_env npm_config_audit false && persist_env npm_config_fund false", ev(d.Name(), pkg, 0, "no audit or funding requests during installs")); err != nil {
			return err
		}
	}
	if err := p.addProject(Runtimes, install, ev(d.Name(), evFile, 0, "dependencies as the lockfile pins them")); err != nil {
		return err
	}
	// npm puts the packages' programs on PATH for its scripts; a CI step
	// or a document runs them bare (`ava`, `jest`): after the system's,
	// never shadowing them (a devDependency named npm)
	if err := p.add(Runtimes, `path_append "$REPO_DIR/node_modules/.bin"`,
		ev(d.Name(), pkg, 0, "the packages' own programs on PATH after the system's, as npm scripts see them")); err != nil {
		return err
	}
	scripts, err := p.ix.Targets(ctx, "script")
	if err != nil {
		return fmt.Errorf("list package scripts: %w", err)
	}
	for _, s := range scripts {
		if s.Path == pkg && s.Name == "build" {
			run, note := buildSteps(manager, s.Command)
			if run == "" {
				return nil
			}
			return p.add(Build, run, ev(d.Name(), pkg, s.Line, "the build script"+note))
		}
	}
	return nil
}

func versionOr(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

// nodeVersionRe reads a major version from .nvmrc / .node-version ("20",
// "v20.11.1", "lts/iron" is not a number and is left alone).
var nodeVersionRe = regexp.MustCompile(`^\s*v?(\d+)`)

// nodeWanted is the Node.js major version the project asks for (its
// engines.node minimum, else .nvmrc / .node-version), and the file
// saying so; 0 when it asks for none.
func nodeWanted(r *repo) (int, string) {
	if eng := r.fact("package.json", "engines_node"); eng != "" {
		if m := nodeMinRe.FindStringSubmatch(eng); m != nil {
			return atoiPrefix(m[1]), "package.json"
		}
	}
	for _, f := range []string{".nvmrc", ".node-version"} {
		if b, err := os.ReadFile(filepath.Join(r.root, f)); err == nil {
			if m := nodeVersionRe.FindSubmatch(b); m != nil {
				return atoiPrefix(string(m[1])), f
			}
		}
	}
	return 0, ""
}

// NodeInstall installs Node.js major from the npm registry's node package
// (its platform binary comes from the registry too) into /usr/local/bin,
// ahead of Debian's on PATH, unless a new enough node is there already.
func NodeInstall(major int) string {
	return fmt.Sprintf(`[ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -ge %d ] || { npm install -g node@%d && hash -r; }`, major, major)
}

// npmWorkspacesMajor is the npm a workspaces project installs with.
const npmWorkspacesMajor = 10

// NpmInstall installs npm major from the npm registry into /usr/local,
// ahead of Debian's on PATH, unless the npm there is that new already.
func NpmInstall(major int) string {
	return fmt.Sprintf(`[ "$(npm -v 2>/dev/null | cut -d. -f1 || echo 0)" -ge %d ] || { npm install -g npm@%d && hash -r; }`, major, major)
}

// ciNodeVersion is the oldest Node.js major the CI's job matrices test
// with (node-version: [24, 26] → 24) or its Linux jobs set up
// (actions/setup-node with node-version: '24'), and its file; 0 when none
// says.
func (p *planner) ciNodeVersion(ctx context.Context) (int, string) {
	steps, err := p.ix.CISteps(ctx)
	if err != nil {
		return 0, ""
	}
	best, from := p.setupNodeVersion(ctx)
	for _, st := range steps {
		for _, m := range st.Matrix {
			k, vs, ok := strings.Cut(m, "=")
			if !ok || (k != "node-version" && k != "node" && k != "node_version" && k != "nodejs") {
				continue
			}
			for _, v := range strings.Split(vs, ",") {
				if mm := nodeVersionRe.FindStringSubmatch(strings.Trim(v, `'" `)); mm != nil {
					if n := atoiPrefix(mm[1]); n > 0 && (best == 0 || n < best) {
						best, from = n, st.Path
					}
				}
			}
		}
	}
	return best, from
}

// setupNodeVersion is the oldest Node.js major a Linux job of the
// workflows sets up with a literal node-version, and its file.
func (p *planner) setupNodeVersion(ctx context.Context) (int, string) {
	fs, err := p.ix.FindFiles(ctx, retrieval.FileQuery{Glob: ".github/workflows/*"})
	if err != nil {
		return 0, ""
	}
	best, from := 0, ""
	for _, f := range fs {
		for k, v := range f.Facts {
			job, ok := strings.CutPrefix(k, "setup_node_")
			s, _ := v.(string)
			on, _ := f.Facts["runs_on_"+job].(string)
			if !ok || retrieval.ForeignRunner.MatchString(on) {
				continue
			}
			if mm := nodeVersionRe.FindStringSubmatch(strings.Trim(s, `'" `)); mm != nil {
				if n := atoiPrefix(mm[1]); n > 0 && (best == 0 || n < best) {
					best, from = n, f.Path
				}
			}
		}
	}
	return best, from
}
