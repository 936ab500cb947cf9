// Package config is the user's own knowledge of a repository: a
// heragent.yaml at its top, or the file `--config` names (like
// railpack.json or pack's project.toml). It says what the analysis cannot
// guess: Debian packages to add, environment variables, the commands that
// build, test and run the project (or that must not be run), the
// subdirectory that is the project, and a time limit. It is plain data;
// the pipeline applies it to the Bash File and the pyramid. schema.json
// (Schema) documents it as a JSON Schema.
package config

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// FileName is the configuration file looked for at the top of a
// repository.
const FileName = "heragent.yaml"

// Schema is the JSON Schema of heragent.yaml (config/schema.json).
//
//go:embed schema.json
var Schema []byte

// ErrInvalid marks a configuration file that cannot be used: YAML syntax,
// an unknown key, a wrong type or a bad value. Its message is one line
// naming the file and the line.
var ErrInvalid = errors.New("invalid configuration")

// Config is a parsed heragent.yaml.
type Config struct {
	// Path is the file it was read from (as given, or <repo>/heragent.yaml).
	Path string `yaml:"-" json:"path"`
	// Project is the subdirectory of the repository that is the project,
	// slash-separated and relative ("" for the top).
	Project  Item  `yaml:"project" json:"project,omitempty"`
	Packages Items `yaml:"packages" json:"packages,omitempty"` // Debian packages the Bash File installs
	Env      Env   `yaml:"env" json:"env,omitempty"`           // variables the Bash File exports
	// The commands per level: the user's first, the skipped ones dropped.
	Installable Commands `yaml:"installable" json:"installable"`
	Testable    Commands `yaml:"testable" json:"testable"`
	Runnable    Commands `yaml:"runnable" json:"runnable"`
	// MaxTime is the run's wall-time budget (run --max-time), 0 when unset.
	MaxTime Duration `yaml:"max_time" json:"max_time,omitempty"`
}

// Commands are one level's commands: Use are run first, as given; pyramid
// commands matching a Skip pattern ('*' matches any text) are dropped.
type Commands struct {
	Use  Items `yaml:"use" json:"use,omitempty"`
	Skip Items `yaml:"skip" json:"skip,omitempty"`
}

// Item is a string of the file with the line it is on.
type Item struct {
	Text string `json:"text"`
	Line int    `json:"line"`
}

// Items is a list of strings (a single string is a list of one).
type Items []Item

// Var is one environment variable.
type Var struct {
	Name, Value string
	Line        int
}

// Env is the environment variables in the file's order.
type Env []Var

// Duration is a Go duration written as a string ("45m", "1h30m").
type Duration struct {
	time.Duration
	Line int
}

// Load reads the configuration of a repository: file when given (an
// error when it cannot be read), else <repo>/heragent.yaml when there is
// one. It returns nil, nil when there is neither.
func Load(repo, file string) (*Config, error) {
	if file == "" {
		p := filepath.Join(repo, FileName)
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		file = p
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrInvalid, file, unwrapPath(err))
	}
	c, err := Parse(file, b)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Level is the commands of a level by name (installable, testable,
// runnable).
func (c *Config) Level(name string) Commands {
	switch name {
	case "installable":
		return c.Installable
	case "testable":
		return c.Testable
	case "runnable":
		return c.Runnable
	}
	return Commands{}
}

// Texts is the items' text.
func (is Items) Texts() []string {
	out := make([]string, len(is))
	for i, it := range is {
		out[i] = it.Text
	}
	return out
}

// Skipped returns the Skip pattern that matches a mined command's text:
// the same words, or a pattern where * matches any text.
func (c Commands) Skipped(text string) (Item, bool) {
	t := strings.Join(strings.Fields(text), " ")
	for _, s := range c.Skip {
		p := strings.Join(strings.Fields(s.Text), " ")
		if p == t {
			return s, true
		}
		if !strings.Contains(p, "*") {
			continue
		}
		parts := strings.Split(p, "*")
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		if regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(t) {
			return s, true
		}
	}
	return Item{}, false
}
