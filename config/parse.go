package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/heragent/heragent/bashfile"
)

// Parse reads heragent.yaml's text; file names it in errors. An empty
// file is an empty configuration.
func Parse(file string, data []byte) (*Config, error) {
	c := &Config{Path: file}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, lineError(file, err)
	}
	if err := c.check(); err != nil {
		return nil, lineError(file, err)
	}
	return c, nil
}

// yamlLineRe finds the line yaml.v3 names: "yaml: line 3: …",
// "line 3: field x not found in type …".
var (
	yamlLineRe = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	inTypeRe   = regexp.MustCompile(` in type config\.\w+`)
	notFoundRe = regexp.MustCompile(`field (\S+) not found`)
	// llmKeyRe is a key of the model's settings file (agents.Config),
	// which --config named before it named heragent.yaml.
	llmKeyRe = regexp.MustCompile(`unknown key (provider|model|base_url|api_key|prices|max_cost|max_tokens|cache)$`)
)

// lineError makes err one line: "file:LINE: what". yaml.v3 lists every
// type error on a line of its own; the first is given, with how many more.
func lineError(file string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:")
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return fmt.Errorf("%w: %s: %s", ErrInvalid, file, msg)
	}
	first, more := lines[0], ""
	if len(lines) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(lines)-1)
	}
	first = inTypeRe.ReplaceAllString(first, "")
	first = notFoundRe.ReplaceAllString(first, "unknown key $1")
	if m := llmKeyRe.FindStringSubmatch(first); m != nil {
		more += " (the model's settings file is --llm-config)"
	}
	if m := yamlLineRe.FindStringSubmatch(first); m != nil {
		return fmt.Errorf("%w: %s:%s: %s%s", ErrInvalid, file, m[1], m[2], more)
	}
	return fmt.Errorf("%w: %s: %s%s", ErrInvalid, file, strings.TrimPrefix(first, "yaml: "), more)
}

// atLine is an error at a line of the file, in the form lineError reads.
func atLine(line int, format string, a ...any) error {
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, a...))
}

// UnmarshalYAML reads a string.
func (it *Item) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return atLine(n.Line, "want a string")
	}
	*it = Item{Text: strings.TrimSpace(n.Value), Line: n.Line}
	return nil
}

// UnmarshalYAML reads a string or a list of strings.
func (is *Items) UnmarshalYAML(n *yaml.Node) error {
	nodes := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		nodes = n.Content
	}
	*is = nil
	for _, x := range nodes {
		if x.Kind != yaml.ScalarNode || x.Tag == "!!null" {
			return atLine(x.Line, "want a string or a list of strings")
		}
		*is = append(*is, Item{Text: strings.TrimSpace(x.Value), Line: x.Line})
	}
	return nil
}

// UnmarshalYAML reads a mapping of names to scalar values, in order.
func (e *Env) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return atLine(n.Line, "env: want a mapping of variable names to values")
	}
	*e = nil
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			return atLine(v.Line, "env: %s: want a string, number or boolean", k.Value)
		}
		*e = append(*e, Var{Name: k.Value, Value: v.Value, Line: k.Line})
	}
	return nil
}

// UnmarshalYAML reads a Go duration ("45m", "1h30m").
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil || v <= 0 {
		return atLine(n.Line, "max_time: want a positive duration such as 45m or 1h30m, got %q", n.Value)
	}
	d.Duration, d.Line = v, n.Line
	return nil
}

var (
	envNameRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	// packageRe is a Debian package name, with an optional :arch and
	// =version.
	packageRe = regexp.MustCompile(`^[a-z0-9][a-z0-9+.-]+(:[a-z0-9-]+)?(=[A-Za-z0-9.+~:-]+)?$`)
)

// check validates the values the YAML types cannot: names, paths, shell.
func (c *Config) check() error {
	if c.Project.Text != "" {
		p := path.Clean(c.Project.Text)
		if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, `\`) {
			return atLine(c.Project.Line, "project: want a relative subdirectory of the repository, got %q", c.Project.Text)
		}
		if p == "." {
			p = ""
		}
		c.Project.Text = p
	}
	for _, p := range c.Packages {
		if !packageRe.MatchString(p.Text) {
			return atLine(p.Line, "packages: %q is not a Debian package name", p.Text)
		}
	}
	for _, v := range c.Env {
		if !envNameRe.MatchString(v.Name) {
			return atLine(v.Line, "env: %q is not a variable name", v.Name)
		}
	}
	for _, l := range []string{"installable", "testable", "runnable"} {
		for _, it := range c.Level(l).Use {
			if it.Text == "" {
				return atLine(it.Line, "%s.use: empty command", l)
			}
			if _, err := bashfile.SplitStatements(it.Text); err != nil {
				msg := strings.TrimPrefix(err.Error(), bashfile.ErrInvalid.Error()+": ")
				return atLine(it.Line, "%s.use: not a shell command: %s", l, oneLine(msg))
			}
		}
		for _, it := range c.Level(l).Skip {
			if it.Text == "" {
				return atLine(it.Line, "%s.skip: empty pattern", l)
			}
		}
	}
	return nil
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
