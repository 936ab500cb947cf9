package bashfile

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// nodeDetector: a top-level package.json. Debian's nodejs and npm; the
// package manager its lockfile (or packageManager field) names: npm ci
// with package-lock.json / npm-shrinkwrap.json, yarn with yarn.lock, pnpm
// with pnpm-lock.yaml (both installed through npm from the npm registry),
// npm install without a lockfile. Runs the build script when there is one.
type nodeDetector struct{}

func (nodeDetector) Name() string { return "npm" }

func (nodeDetector) Detect(r *repo) bool { return r.stacks["npm"] || r.has("package.json") }

// debianNode is the Node.js major version of Debian bookworm.
const debianNode = 18

var (
	nodeMinRe = regexp.MustCompile(`(?:>=?|\^|~)?\s*v?(\d+)`)
	pmRe      = regexp.MustCompile(`^(npm|yarn|pnpm)@(\d[\w.+-]*)`)
)

func (d nodeDetector) Apply(ctx context.Context, p *planner) error {
	r := p.repo
	const pkg = "package.json"
	if err := p.install(Runtimes, ev(d.Name(), pkg, 0, "Node.js and npm from Debian (18 / 9)"), "nodejs", "npm"); err != nil {
		return err
	}
	if eng := r.fact(pkg, "engines_node"); eng != "" {
		if m := nodeMinRe.FindStringSubmatch(eng); m != nil && atoiPrefix(m[1]) > debianNode {
			p.note(fmt.Sprintf("package.json engines.node is %q; Debian's Node.js is %d", eng, debianNode))
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
		if err := p.add(Runtimes, "command -v yarn >/dev/null || npm install -g "+shellQuote(spec), ev(d.Name(), evFile, 0, "yarn from the npm registry")); err != nil {
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
	if err := p.addProject(Runtimes, install, ev(d.Name(), evFile, 0, "dependencies as the lockfile pins them")); err != nil {
		return err
	}
	scripts, err := p.ix.Targets(ctx, "script")
	if err != nil {
		return fmt.Errorf("list package scripts: %w", err)
	}
	for _, s := range scripts {
		if s.Path == pkg && s.Name == "build" {
			run := "npm run build"
			if manager != "npm" {
				run = manager + " run build"
			}
			return p.add(Build, run, ev(d.Name(), pkg, s.Line, "the build script"))
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
