package loops

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
	"mvdan.cc/sh/v3/syntax"
)

// Layer is one RUN of the exported Dockerfile: `bash setup.sh <section>`,
// after the repository files it needs are copied.
type Layer struct {
	Section bashfile.SectionID
	// Copy are the repository paths (slash-separated, relative) copied
	// before the section runs; "." is the whole repository.
	Copy []string
	Why  string // why they are copied there, for the Dockerfile's comment
}

// wholeRepo in Layer.Copy is the whole repository.
const wholeRepo = "."

// PlanLayers lays the Bash File out as Dockerfile layers, the repository
// copied as late as its sections allow, so that a source edit re-runs
// only the layers from the copy on. A section before the build that
// reads nothing of the repository runs before it is copied; one that
// reads only manifests (npm ci: package.json and its lock file; go mod
// download: go.mod, go.sum; pip install -r F: F) gets those copied
// first; anything else (pip install -e ., a script of the checkout, a
// command heragent cannot read) has the whole repository copied before
// it; so has a Bash File that runs in a subdirectory of the checkout. repo
// is the checkout the Bash File was proved on: which paths exist
// there decides what a command reads.
func PlanLayers(f *bashfile.File, repo string) []Layer {
	var layers []Layer
	var pending []string // copied before the next layer
	why, whole := "", false
	if path.Clean(f.RepoDir) != bashfile.DefaultRepoDir {
		// the project is a subdirectory (heragent.yaml's project): its
		// sections' relative paths are not the checkout's
		pending, why, whole = []string{wholeRepo}, "the Bash File runs in "+f.RepoDir+", a directory of the repository", true
	}
	for _, id := range []bashfile.SectionID{bashfile.Context, bashfile.Packages, bashfile.Base, bashfile.Runtimes} {
		s := f.Section(id)
		if n := readsOf(s, repo); !whole && n.whole {
			pending, why, whole = []string{wholeRepo}, n.why, true
		} else if !whole && len(n.manifests) > 0 {
			pending, why = append(pending, n.manifests...), "the next section reads only these files of the repository"
		}
		if !hasLayer(s) {
			continue // runs before every section (run_sections) or is empty
		}
		slices.Sort(pending)
		layers = append(layers, Layer{Section: id, Copy: slices.Compact(pending), Why: why})
		pending, why = nil, ""
	}
	build := Layer{Section: bashfile.Build, Copy: pending, Why: why}
	if !whole {
		build.Copy, build.Why = []string{wholeRepo}, "the build reads the whole source"
	}
	return append(layers, build)
}

// hasLayer reports whether a section before the build gets a layer: the
// execution context and the package manager run before every section
// (run_sections), so they get one only when they do more than the
// template (an APT source added by a repair).
func hasLayer(s *bashfile.Section) bool {
	switch s.ID {
	case bashfile.Context:
		return false
	case bashfile.Packages:
		return slices.ContainsFunc(s.Commands, func(c bashfile.Command) bool { return c.Text != "detect_package_manager" })
	}
	return len(s.Commands) > 0
}

// reads is what a section reads of the repository.
type reads struct {
	whole     bool
	why       string
	manifests []string
}

// readsOf reads a section's commands: every simple command (in functions,
// conditions and substitutions too) is either known to read nothing of
// the repository, a known manifest reader, or reads it all.
func readsOf(s *bashfile.Section, repo string) reads {
	var r reads
	declared := map[string]bool{}
	for _, c := range s.Commands {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(c.Text), "")
		if err != nil {
			return reads{whole: true, why: "a command heragent cannot read"}
		}
		syntax.Walk(f, func(n syntax.Node) bool {
			if fd, ok := n.(*syntax.FuncDecl); ok {
				declared[fd.Name.Value] = true
			}
			return true
		})
		syntax.Walk(f, func(n syntax.Node) bool {
			if r.whole {
				return false
			}
			switch n := n.(type) {
			case *syntax.CallExpr:
				r.add(callReads(words(n.Args), declared, repo))
			case *syntax.Redirect:
				if w, ok := wordValue(n.Word); ok && mentions(w, repo) {
					r.add(reads{whole: true, why: "a redirection reads " + w})
				}
			}
			return true
		})
		if r.whole {
			return r
		}
	}
	return r
}

func (r *reads) add(o reads) {
	if o.whole && !r.whole {
		r.whole, r.why = true, o.why
	}
	r.manifests = append(r.manifests, o.manifests...)
}

// systemOnly are commands that change the system, not the repository,
// when no argument names a path of the checkout.
var systemOnly = map[string]bool{
	"pkg_install": true, "persist_env": true, "path_prepend": true, "path_append": true, "log": true, "detect_package_manager": true,
	"export": true, "set": true, "unset": true, "trap": true, "true": true, "false": true, ":": true,
	"[": true, "test": true, "echo": true, "printf": true, "return": true, "exit": true, "sleep": true,
	"apt-get": true, "apt": true, "dpkg": true, "dpkg-query": true, "update-alternatives": true,
	"update-ca-certificates": true, "locale-gen": true, "localedef": true, "useradd": true, "groupadd": true,
	"id": true, "command": true, "hash": true, "type": true, "curl": true, "wget": true, "tar": true,
	"unzip": true, "gzip": true, "ln": true, "mkdir": true, "rm": true, "chmod": true, "chown": true,
	"cp": true, "mv": true, "install": true, "sed": true, "grep": true, "cat": true, "touch": true,
	"cd": true, "env": true, "uname": true, "head": true, "tail": true, "tee": true, "sort": true,
}

// printsOnly are commands whose arguments are text or settings, never
// files read.
var printsOnly = map[string]bool{"trap": true, "log": true, "echo": true, "printf": true, "persist_env": true, "path_prepend": true, "path_append": true}

// callReads classifies one simple command by its words (a word that is
// not literal is "").
func callReads(args []string, declared map[string]bool, repo string) reads {
	if len(args) == 0 || args[0] == "" {
		return reads{} // an assignment, or a command heragent wrote as a variable
	}
	name := path.Base(args[0])
	if m, ok := manifestReads(name, args[1:], repo); ok {
		return m
	}
	if !systemOnly[name] && !declared[name] && !venvOrProbe(name, args[1:]) {
		return reads{whole: true, why: "`" + strings.Join(args, " ") + "` may read any of it"}
	}
	if name == "cd" && len(args) == 2 && (args[1] == bashfile.DefaultRepoDir || args[1] == ".") {
		return reads{} // the repository's directory exists before it is copied
	}
	if printsOnly[name] {
		return reads{}
	}
	for _, a := range args[1:] {
		if mentions(a, repo) {
			return reads{whole: true, why: "`" + name + "` reads " + a}
		}
	}
	return reads{}
}

// venvOrProbe: python3 -m venv DIR, python3 -c SCRIPT and pip's own
// settings read no project file (their arguments are still checked).
func venvOrProbe(name string, args []string) bool {
	switch {
	case strings.HasPrefix(name, "python") && len(args) > 0:
		return args[0] == "-c" || len(args) > 1 && args[0] == "-m" && args[1] == "venv"
	case name == "pip" || name == "pip3":
		return len(args) > 0 && args[0] == "config"
	case name == "go":
		return len(args) > 0 && (args[0] == "env" || args[0] == "version" || args[0] == "install" && len(args) > 1 && strings.Contains(args[len(args)-1], "@"))
	}
	return false
}

// mentions reports whether an argument names a path of the checkout
// (relative, ./-prefixed, under /repo, or the value of --opt=VALUE), or,
// for an inline script, whether one of its words does.
func mentions(arg, repo string) bool {
	if arg == "" {
		return false
	}
	if _, v, ok := strings.Cut(arg, "="); ok && strings.HasPrefix(arg, "-") {
		arg = v
	}
	if exists(arg, repo) {
		return true
	}
	if !strings.ContainsAny(arg, " \n\t;()'\"") {
		return false
	}
	for _, w := range scriptWordRe.FindAllString(arg, -1) {
		if w != "." && exists(w, repo) {
			return true
		}
	}
	return false
}

var scriptWordRe = regexp.MustCompile(`[\w./-]+`)

// exists reports whether p is a path of the checkout: relative to it, or
// under the Bash File's repository directory. "." is the checkout itself.
func exists(p, repo string) bool {
	switch {
	case p == bashfile.DefaultRepoDir || p == "." || p == "./":
		return true
	case strings.HasPrefix(p, bashfile.DefaultRepoDir+"/"):
		p = strings.TrimPrefix(p, bashfile.DefaultRepoDir+"/")
	case strings.HasPrefix(p, "/"), strings.HasPrefix(p, "-"):
		return false
	}
	p = path.Clean(strings.TrimPrefix(p, "./"))
	if p == "." || strings.HasPrefix(p, "../") {
		return p == "."
	}
	_, err := os.Lstat(filepath.Join(repo, filepath.FromSlash(p)))
	return err == nil
}

// words gives each word's literal value, "" for one that is not literal.
func words(ws []*syntax.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i], _ = wordValue(w)
	}
	return out
}

// wordValue is a word's value when it is literal: plain, quoted, or
// $REPO_DIR followed by literals.
func wordValue(w *syntax.Word) (string, bool) {
	var b strings.Builder
	ok := appendParts(&b, w.Parts)
	return b.String(), ok
}

func appendParts(b *strings.Builder, parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if !appendParts(b, p.Parts) {
				return false
			}
		case *syntax.ParamExp:
			if p.Param == nil || p.Param.Value != "REPO_DIR" || p.Exp != nil || p.Repl != nil || p.Slice != nil || p.Index != nil || p.Length {
				return false
			}
			b.WriteString(bashfile.DefaultRepoDir)
		default:
			return false
		}
	}
	return true
}

// manifestReads knows the dependency installs that read manifests only.
// ok is false for a command it does not know.
func manifestReads(name string, args []string, repo string) (reads, bool) {
	if strings.HasPrefix(name, "python") && len(args) > 2 && args[0] == "-m" && args[1] == "pip" {
		name, args = "pip", args[2:]
	}
	switch {
	case (name == "npm") && len(args) > 0 && (args[0] == "ci" || args[0] == "install" || args[0] == "i"):
		return npmReads(args[1:], repo), true
	case name == "go" && len(args) > 1 && args[0] == "mod" && args[1] == "download":
		return goModReads(args[2:], repo), true
	case (name == "pip" || name == "pip3") && len(args) > 0 && args[0] == "install":
		return pipReads(args[1:], repo), true
	}
	return reads{}, false
}

// npmLifecycle are the package.json scripts npm install runs, which may
// read any of the source.
var npmLifecycle = []string{"preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare", "prepublish"}

func npmReads(args []string, repo string) reads {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			if slices.Contains(args, "-g") || slices.Contains(args, "--global") {
				return reads{} // global tools by name
			}
			return reads{whole: true, why: "`npm install " + a + "` may read any of it"}
		}
	}
	var pkg struct {
		Scripts         map[string]string `json:"scripts"`
		Workspaces      json.RawMessage   `json:"workspaces"`
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	b, err := os.ReadFile(filepath.Join(repo, "package.json"))
	if err != nil || json.Unmarshal(b, &pkg) != nil {
		return reads{whole: true, why: "npm reads a package.json heragent cannot read"}
	}
	for _, s := range npmLifecycle {
		if pkg.Scripts[s] != "" {
			return reads{whole: true, why: "package.json's " + s + " script runs on install"}
		}
	}
	if len(pkg.Workspaces) > 0 {
		return reads{whole: true, why: "npm installs the workspaces' packages"}
	}
	for _, deps := range []map[string]string{pkg.Dependencies, pkg.DevDependencies} {
		for _, v := range deps {
			if strings.HasPrefix(v, "file:") || strings.HasPrefix(v, "link:") || strings.HasPrefix(v, ".") {
				return reads{whole: true, why: "a dependency is a path of the checkout"}
			}
		}
	}
	return reads{manifests: present(repo, "package.json", "package-lock.json", "npm-shrinkwrap.json", ".npmrc")}
}

var goLocalReplace = regexp.MustCompile(`=>\s*\.{1,2}/`)

func goModReads(args []string, repo string) reads {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return reads{} // named modules
	}
	b, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	switch {
	case err != nil:
		return reads{whole: true, why: "go mod download without a go.mod at the top"}
	case goLocalReplace.Match(b):
		return reads{whole: true, why: "go.mod replaces a module by a directory of the checkout"}
	case len(present(repo, "go.work")) > 0:
		return reads{whole: true, why: "go.work names the checkout's modules"}
	}
	return reads{manifests: present(repo, "go.mod", "go.sum")}
}

// pipLocal are requirement lines that read more of the checkout.
var pipLocal = regexp.MustCompile(`(?m)^\s*(?:-e|--editable|-r|--requirement|-c|--constraint|\.|/|file:)|@\s*file:`)

func pipReads(args []string, repo string) reads {
	var r reads
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-r" || a == "--requirement" || a == "-c" || a == "--constraint":
			if i+1 == len(args) {
				return reads{whole: true, why: "pip install " + a + " without a file"}
			}
			i++
			b, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(strings.TrimPrefix(args[i], "./"))))
			if err != nil || pipLocal.Match(b) || !exists(args[i], repo) {
				return reads{whole: true, why: "pip reads " + args[i] + " and what it names"}
			}
			r.manifests = append(r.manifests, path.Clean(strings.TrimPrefix(args[i], "./")))
		case a == "-e" || a == "--editable" || mentions(a, repo):
			return reads{whole: true, why: "pip installs the project from its source"}
		}
	}
	return r
}

// present lists the names that exist at the top of the checkout.
func present(repo string, names ...string) []string {
	var out []string
	for _, n := range names {
		if _, err := os.Lstat(filepath.Join(repo, n)); err == nil {
			out = append(out, n)
		}
	}
	return out
}
