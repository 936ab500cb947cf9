package build

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// yamlRoot parses src and returns its top-level mapping node.
func yamlRoot(src []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("parse YAML: %w", err)
	}
	if len(doc.Content) == 0 {
		return &yaml.Node{Kind: yaml.MappingNode}, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("parse YAML: top level is not a mapping")
	}
	return root, nil
}

// yamlBreaks are what YAML ends a line with besides LF: a lone CR, NEL,
// LS and PS (yaml.v3 counts them; no editor, grep or git does).
var yamlBreaks = []string{"\r", "\u0085", "\u2028", "\u2029"}

// fileLines turns the YAML parser's line numbers in f into the file's
// (counted by LF, as everywhere else): fuzzing found a lone CR putting a
// step on line 4 of a 3-line workflow.
func fileLines(src []byte, f *fileFacts) {
	if !bytes.ContainsAny(src, strings.Join(yamlBreaks, "")) {
		return
	}
	at := []int{0, 1} // at[n]: the file's line of YAML line n
	line := 1
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			line++
			at = append(at, line)
			continue
		}
		for _, b := range yamlBreaks {
			if bytes.HasPrefix(src[i:], []byte(b)) && !bytes.HasPrefix(src[i:], []byte("\r\n")) {
				at = append(at, line)
				i += len(b) - 1
				break
			}
		}
	}
	conv := func(n int) int { return at[max(0, min(n, len(at)-1))] }
	for i := range f.deps {
		f.deps[i].line = conv(f.deps[i].line)
	}
	for i := range f.targets {
		f.targets[i].line = conv(f.targets[i].line)
	}
	for i := range f.steps {
		f.steps[i].line = conv(f.steps[i].line)
	}
}

// mapGet returns the value of key in a mapping node.
func mapGet(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return resolveAlias(m.Content[i+1])
		}
	}
	return nil
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		return n.Alias
	}
	return n
}

// mapEach calls fn for each key/value of a mapping node, in order.
func mapEach(m *yaml.Node, fn func(k string, v *yaml.Node)) {
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		fn(m.Content[i].Value, resolveAlias(m.Content[i+1]))
	}
}

// scalarLine is the line where a scalar's text starts.
func scalarLine(n *yaml.Node) int {
	if n.Style == yaml.LiteralStyle || n.Style == yaml.FoldedStyle {
		return n.Line + 1
	}
	return n.Line
}

// scriptSteps turns a scalar or a sequence of scalars into steps.
func scriptSteps(n *yaml.Node, system, job, name string, matrix []string) []step {
	var out []step
	switch n = resolveAlias(n); {
	case n == nil:
	case n.Kind == yaml.ScalarNode && strings.TrimSpace(n.Value) != "":
		out = append(out, step{system: system, job: job, name: name, text: strings.TrimRight(n.Value, "\n"), line: scalarLine(n), matrix: matrix})
	case n.Kind == yaml.SequenceNode && oneShell[system] && changesDir(n):
		out = append(out, step{system: system, job: job, name: name, text: joinLines(n), line: scalarLine(n.Content[0]), matrix: matrix})
	case n.Kind == yaml.SequenceNode:
		for _, e := range n.Content {
			out = append(out, scriptSteps(e, system, job, name, matrix)...)
		}
	}
	return out
}

// oneShell are the CI systems that run a phase's list of commands in one
// shell, so a `- cd tests` item moves the items after it (stb's Travis
// `script: [cd tests, make all]`; GitLab's `script:` likewise).
var oneShell = map[string]bool{"travis": true, "gitlab-ci": true}

// changesDir reports whether a sequence of scalars has an item that is a
// cd: only then does reading it as one block change what it says.
func changesDir(n *yaml.Node) bool {
	has := false
	for _, e := range n.Content {
		e = resolveAlias(e)
		if e == nil || e.Kind != yaml.ScalarNode {
			return false
		}
		if f := strings.Fields(e.Value); len(f) > 0 && f[0] == "cd" {
			has = true
		}
	}
	return has
}

// joinLines is a sequence of scalars as one script, each item on the
// line it has in the file (so a command's line stays its own).
func joinLines(n *yaml.Node) string {
	var b strings.Builder
	first, at := scalarLine(resolveAlias(n.Content[0])), 0
	for _, e := range n.Content {
		e = resolveAlias(e)
		for ; at < scalarLine(e)-first; at++ {
			b.WriteString("\n")
		}
		v := strings.TrimRight(e.Value, "\n")
		b.WriteString(v + "\n")
		at += strings.Count(v, "\n") + 1
	}
	return strings.TrimRight(b.String(), "\n")
}

// matrixOf flattens a strategy matrix into "key=v1,v2" entries, sorted,
// then one "include[i].key=value" entry for each scalar of each include
// entry, in order (a matrix may be made of include entries only: tmux's
// {runner: ubuntu-24.04, make: make}, {runner: macos-26, make: gmake}).
func matrixOf(m *yaml.Node) []string {
	var out, inc []string
	mapEach(m, func(k string, v *yaml.Node) {
		if v.Kind != yaml.SequenceNode {
			return
		}
		if k == "include" {
			for i, e := range v.Content {
				mapEach(e, func(ik string, iv *yaml.Node) {
					if iv.Kind == yaml.ScalarNode {
						inc = append(inc, fmt.Sprintf("include[%d].%s=%s", i, ik, iv.Value))
					}
				})
			}
			return
		}
		if k == "exclude" {
			return
		}
		var vals []string
		for _, e := range v.Content {
			if e.Kind == yaml.ScalarNode {
				vals = append(vals, e.Value)
			}
		}
		out = append(out, k+"="+strings.Join(vals, ","))
	})
	sort.Strings(out)
	return append(out, inc...)
}

func parseGitHubActions(_ string, src []byte, f *fileFacts) error {
	defer fileLines(src, f)
	root, err := yamlRoot(src)
	if err != nil {
		return err
	}
	if n := mapGet(root, "name"); n != nil {
		f.fact("workflow", n.Value)
	}
	rootDir := defaultWorkdir(root)
	mapEach(mapGet(root, "jobs"), func(job string, j *yaml.Node) {
		matrix := matrixOf(mapGet(mapGet(j, "strategy"), "matrix"))
		jobDir := rootDir
		if d := defaultWorkdir(j); d != "" {
			jobDir = d
		}
		if ro := mapGet(j, "runs-on"); ro != nil && ro.Kind == yaml.ScalarNode {
			f.fact("runs_on_"+job, ro.Value)
		}
		if c := mapGet(j, "container"); c != nil {
			img := c
			if c.Kind == yaml.MappingNode {
				img = mapGet(c, "image")
			}
			if img != nil && img.Kind == yaml.ScalarNode {
				name, tag, _ := strings.Cut(img.Value, ":")
				f.deps = append(f.deps, dependency{ecosystem: "docker", name: name, constraint: tag, scope: "ci", line: img.Line, required: true})
			}
		}
		steps := mapGet(j, "steps")
		if steps == nil || steps.Kind != yaml.SequenceNode {
			return
		}
		for _, s := range steps.Content {
			name := ""
			if n := mapGet(s, "name"); n != nil {
				name = n.Value
			}
			if u := mapGet(s, "uses"); u != nil && u.Kind == yaml.ScalarNode {
				action, ver, _ := strings.Cut(u.Value, "@")
				f.deps = append(f.deps, dependency{ecosystem: "github-action", name: action, constraint: ver, scope: "ci", line: u.Line, required: true})
				// the Node.js a job sets up (immutable-js: node-version: '24');
				// a matrix's is the step's matrix
				if v := mapGet(mapGet(s, "with"), "node-version"); action == "actions/setup-node" && v != nil && v.Kind == yaml.ScalarNode && !strings.Contains(v.Value, "${{") {
					f.fact("setup_node_"+job, v.Value)
				}
			}
			dir := jobDir
			if wd := mapGet(s, "working-directory"); wd != nil && wd.Kind == yaml.ScalarNode {
				dir = wd.Value
			}
			for _, st := range scriptSteps(mapGet(s, "run"), "github-actions", job, name, matrix) {
				st.text = inWorkdir(dir, st.text)
				f.steps = append(f.steps, st)
			}
		}
	})
	return nil
}

// defaultWorkdir is a workflow's or job's defaults.run.working-directory.
func defaultWorkdir(n *yaml.Node) string {
	if wd := mapGet(mapGet(mapGet(n, "defaults"), "run"), "working-directory"); wd != nil && wd.Kind == yaml.ScalarNode {
		return wd.Value
	}
	return ""
}

// workspaceRe is the checkout in a GitHub Actions path: the expression
// ${{ github.workspace }} or the variable $GITHUB_WORKSPACE.
var workspaceRe = regexp.MustCompile(`^(?:\$\{\{\s*github\.workspace\s*\}\}|\$\{?GITHUB_WORKSPACE\}?)/?`)

// inWorkdir makes a step's working-directory (utf8.h's
// "${{github.workspace}}/build", a monorepo's "packages/core") the cd its
// run starts with, relative to the checkout, so the miners read the
// directory as they read a cd in the script.
func inWorkdir(dir, text string) string {
	dir = strings.TrimSuffix(workspaceRe.ReplaceAllString(strings.TrimSpace(dir), ""), "/")
	dir = strings.TrimPrefix(dir, "./")
	if dir == "" || dir == "." {
		return text
	}
	if strings.ContainsAny(dir, " \t'\"$") {
		dir = "'" + strings.ReplaceAll(dir, "'", `'\''`) + "'"
	}
	return "cd " + dir + "; " + text // on the run's first line: its lines keep their numbers
}

var gitlabReserved = map[string]bool{"stages": true, "variables": true, "default": true, "include": true, "image": true,
	"services": true, "workflow": true, "before_script": true, "after_script": true, "cache": true, "pages": false}

func parseGitLabCI(_ string, src []byte, f *fileFacts) error {
	defer fileLines(src, f)
	root, err := yamlRoot(src)
	if err != nil {
		return err
	}
	addImage := func(n *yaml.Node) {
		if n != nil && n.Kind == yaml.MappingNode {
			n = mapGet(n, "name")
		}
		if n != nil && n.Kind == yaml.ScalarNode {
			name, tag, _ := strings.Cut(n.Value, ":")
			f.deps = append(f.deps, dependency{ecosystem: "docker", name: name, constraint: tag, scope: "ci", line: n.Line, required: true})
		}
	}
	addImage(mapGet(root, "image"))
	f.steps = append(f.steps, scriptSteps(mapGet(root, "before_script"), "gitlab-ci", "(global)", "before_script", nil)...)
	mapEach(root, func(job string, j *yaml.Node) {
		if gitlabReserved[job] || strings.HasPrefix(job, ".") || j.Kind != yaml.MappingNode {
			return
		}
		addImage(mapGet(j, "image"))
		var matrix []string
		if p := mapGet(mapGet(j, "parallel"), "matrix"); p != nil && p.Kind == yaml.SequenceNode {
			for _, e := range p.Content {
				matrix = append(matrix, matrixOf(e)...)
			}
		}
		for _, phase := range []string{"before_script", "script", "after_script"} {
			f.steps = append(f.steps, scriptSteps(gitlabPhase(root, j, phase, 0), "gitlab-ci", job, phase, matrix)...)
		}
	})
	return nil
}

// gitlabPhase is a job's phase as GitLab resolves it: the job's own key,
// else the nearest of the templates it takes it from — a YAML merge key's
// (<<: *anchor) or the jobs it extends (a name or a list, the later
// overriding the earlier). speex's jobs extend a hidden .autoconf whose
// script holds their `make check`.
func gitlabPhase(root, j *yaml.Node, phase string, depth int) *yaml.Node {
	if n := mapGet(j, phase); n != nil || depth > 8 {
		return n
	}
	var from []*yaml.Node
	if m := mapGet(j, "<<"); m != nil && m.Kind == yaml.SequenceNode {
		for _, a := range m.Content {
			from = append(from, resolveAlias(a))
		}
	} else if m != nil {
		from = append(from, m)
	}
	var ext []*yaml.Node
	switch e := mapGet(j, "extends"); {
	case e != nil && e.Kind == yaml.ScalarNode:
		ext = append(ext, mapGet(root, e.Value))
	case e != nil && e.Kind == yaml.SequenceNode:
		for _, n := range e.Content {
			ext = append([]*yaml.Node{mapGet(root, n.Value)}, ext...) // the last first
		}
	}
	for _, t := range append(from, ext...) {
		if t != nil && t != j && t.Kind == yaml.MappingNode {
			if n := gitlabPhase(root, t, phase, depth+1); n != nil {
				return n
			}
		}
	}
	return nil
}

func parseTravis(_ string, src []byte, f *fileFacts) error {
	defer fileLines(src, f)
	root, err := yamlRoot(src)
	if err != nil {
		return err
	}
	for _, k := range []string{"language", "dist", "os"} {
		if n := mapGet(root, k); n != nil && n.Kind == yaml.ScalarNode {
			f.fact(k, n.Value)
		}
	}
	var matrix []string
	for _, k := range []string{"python", "node_js", "go", "jdk", "compiler", "rust"} {
		if n := mapGet(root, k); n != nil {
			var vals []string
			if n.Kind == yaml.ScalarNode {
				vals = []string{n.Value}
			}
			for _, e := range n.Content {
				vals = append(vals, e.Value)
			}
			matrix = append(matrix, k+"="+strings.Join(vals, ","))
		}
	}
	for _, phase := range []string{"before_install", "install", "before_script", "script", "after_success"} {
		f.steps = append(f.steps, scriptSteps(mapGet(root, phase), "travis", phase, phase, matrix)...)
	}
	return nil
}

func parseCircleCI(_ string, src []byte, f *fileFacts) error {
	defer fileLines(src, f)
	root, err := yamlRoot(src)
	if err != nil {
		return err
	}
	mapEach(mapGet(root, "jobs"), func(job string, j *yaml.Node) {
		if d := mapGet(j, "docker"); d != nil && d.Kind == yaml.SequenceNode {
			for _, e := range d.Content {
				if img := mapGet(e, "image"); img != nil {
					name, tag, _ := strings.Cut(img.Value, ":")
					f.deps = append(f.deps, dependency{ecosystem: "docker", name: name, constraint: tag, scope: "ci", line: img.Line, required: true})
				}
			}
		}
		steps := mapGet(j, "steps")
		if steps == nil || steps.Kind != yaml.SequenceNode {
			return
		}
		for _, s := range steps.Content {
			run := mapGet(s, "run")
			if run == nil {
				continue
			}
			name := ""
			if run.Kind == yaml.MappingNode {
				if n := mapGet(run, "name"); n != nil {
					name = n.Value
				}
				run = mapGet(run, "command")
			}
			f.steps = append(f.steps, scriptSteps(run, "circleci", job, name, nil)...)
		}
	})
	return nil
}
