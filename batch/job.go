// Package batch runs heragent over a list of repositories: parallel runs,
// a time limit per repository, a result record per repository written
// atomically so an interrupted batch resumes without redoing or losing
// finished work, and summaries (JSONL, Markdown, self-contained HTML).
//
// Each repository runs as its own `heragent run` process (see Runner):
// process isolation, a clean stop through the process group on Ctrl-C or
// timeout, and exactly the behaviour of a single run.
package batch

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/heragent/heragent/source"
)

// ErrBadList means the repository list cannot be used.
var ErrBadList = errors.New("bad repository list")

// Job is one repository of a batch, with its per-repository options.
type Job struct {
	ID      string   `json:"id,omitempty"`      // directory name of its results; derived when empty
	Repo    string   `json:"repo"`              // a directory or git URL (source.Parse syntax)
	Ref     string   `json:"ref,omitempty"`     // branch, tag or commit; same as Repo#Ref
	Level   string   `json:"level,omitempty"`   // level to reach; the batch default when empty
	Goal    []string `json:"goal,omitempty"`    // --goal commands
	Expect  []string `json:"expect,omitempty"`  // --expect regexes
	Timeout Duration `json:"timeout,omitempty"` // per-repository time limit; the batch default when zero
	Args    []string `json:"args,omitempty"`    // extra `heragent run` flags
	Line    int      `json:"-"`                 // line in the list file
}

// Reference is the repository reference `heragent run` takes.
func (j Job) Reference() string {
	if j.Ref == "" {
		return j.Repo
	}
	return j.Repo + "#" + j.Ref
}

// Duration is a time.Duration written as "20m" in JSON.
type Duration time.Duration

// UnmarshalJSON reads "20m", "1h30m" or a number of seconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var secs float64
		if err2 := json.Unmarshal(b, &secs); err2 != nil {
			return fmt.Errorf("duration: want \"20m\" or seconds: %w", err)
		}
		*d = Duration(secs * float64(time.Second))
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("duration: %w", err)
	}
	*d = Duration(v)
	return nil
}

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

var slugRE = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// ParseList reads a repository list: one reference per line, blank lines
// and lines starting with # ignored, a " #" starting a trailing comment; or
// a JSON object per line ({"repo": …, "ref": …, "level": …, "goal": […],
// "expect": […], "timeout": "20m", "args": […], "id": …}). The two forms may
// be mixed. Relative paths are taken relative to the list's directory.
func ParseList(path string) ([]Job, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadList, err)
	}
	defer f.Close()
	base := filepath.Dir(path)
	var jobs []Job
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var j Job
		if strings.HasPrefix(line, "{") {
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&j); err != nil {
				return nil, fmt.Errorf("%w: %s:%d: %v", ErrBadList, path, n, err)
			}
		} else {
			if i := strings.Index(line, " #"); i >= 0 {
				line = strings.TrimSpace(line[:i])
			}
			if strings.ContainsAny(line, " \t") {
				return nil, fmt.Errorf("%w: %s:%d: one reference per line (use a JSON line for options)", ErrBadList, path, n)
			}
			j.Repo = line
		}
		j.Line = n
		if err := j.normalise(base); err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %v", ErrBadList, path, n, err)
		}
		if m, ok := seen[j.ID]; ok {
			return nil, fmt.Errorf("%w: %s:%d: same repository and options as line %d", ErrBadList, path, n, m)
		}
		seen[j.ID] = n
		jobs = append(jobs, j)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadList, path, err)
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("%w: %s names no repository", ErrBadList, path)
	}
	return jobs, nil
}

// normalise checks the job, makes relative paths absolute against base and
// derives its ID.
func (j *Job) normalise(base string) error {
	j.Repo = strings.TrimSpace(j.Repo)
	if j.Repo == "" {
		return errors.New(`no "repo"`)
	}
	if j.Ref != "" && strings.Contains(j.Repo, "#") {
		return errors.New(`both "ref" and a #revision in "repo"`)
	}
	if !source.IsURL(j.Repo) && !filepath.IsAbs(j.Repo) {
		j.Repo = filepath.Join(base, j.Repo)
	}
	if _, err := source.Parse(j.Reference()); err != nil {
		return err
	}
	if j.Timeout < 0 {
		return errors.New("negative timeout")
	}
	if j.ID == "" {
		j.ID = deriveID(*j)
	}
	j.ID = strings.Trim(slugRE.ReplaceAllString(j.ID, "-"), "-.")
	if j.ID == "" {
		return errors.New(`empty "id"`)
	}
	return nil
}

// deriveID is <name>-<8 hex of the reference and options>: stable across
// resumes, distinct for the same repository at two revisions or levels.
func deriveID(j Job) string {
	r, _ := source.Parse(j.Reference())
	key, _ := json.Marshal([]any{j.Reference(), j.Level, j.Goal, j.Expect, j.Args})
	sum := sha256.Sum256(key)
	return r.Name() + "-" + hex.EncodeToString(sum[:4])
}
