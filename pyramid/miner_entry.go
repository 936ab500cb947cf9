package pyramid

import (
	"context"
	"encoding/json"
	"strings"
)

// mineEntry mines the entry points a repository declares a command for:
// the package.json start script and Dockerfile CMD / ENTRYPOINT. Entry
// points without a documented invocation (main functions, executables,
// console scripts) are left to synthesis.
func mineEntry(ctx context.Context, e *env) ([]Command, error) {
	var out []Command
	ts, err := e.ix.Targets(ctx, "script")
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		if t.Path != "package.json" || t.Name != "start" {
			continue
		}
		c := Command{Text: "npm start", Bucket: Entry, Reason: "runs the package's start script: " + t.Command,
			Why: []Provenance{{Source: "package.json", File: t.Path, Line: int(t.Line), Note: "scripts.start"}}}
		out = append(out, c)
	}
	steps, err := e.ix.CISteps(ctx)
	if err != nil {
		return nil, err
	}
	for _, s := range steps {
		if s.System != "dockerfile" || (s.Name != "CMD" && s.Name != "ENTRYPOINT") {
			continue
		}
		text := execForm(s.Text)
		v := classify(text)
		if v.Drop != "" || v.Bucket.Level() != Runnable {
			continue
		}
		c := Command{Text: text, Bucket: Entry, Reason: "the container's " + s.Name + ": " + v.Reason,
			Why: []Provenance{{Source: "dockerfile", File: s.Path, Line: int(s.Line), Note: s.Name}}}
		out = append(out, c)
	}
	return out, nil
}

// execForm turns a Dockerfile exec form ["a", "b"] into a shell command.
func execForm(s string) string {
	s = strings.TrimSpace(s)
	var argv []string
	if strings.HasPrefix(s, "[") && json.Unmarshal([]byte(s), &argv) == nil {
		for i, a := range argv {
			if strings.ContainsAny(a, " \t'\"$") {
				argv[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
			}
		}
		return strings.Join(argv, " ")
	}
	return s
}
