package agents

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Limits on what goes into a prompt, so a long build log never blows the
// context window.
const (
	maxLogChars    = 6000  // a failure log
	maxToolChars   = 4000  // one tool answer
	maxPromptChars = 48000 // all messages of a conversation
)

// errorLine marks log lines kept whatever their position.
var errorLine = regexp.MustCompile(`(?i)\b(error|fatal|failed|failure|not found|no such file|cannot|undefined reference|traceback|exception|panic|denied|missing)\b`)

// TruncateLog keeps the head and the tail of a log and the error lines in
// between, within max characters, saying what was left out.
func TruncateLog(log string, max int) string {
	if len(log) <= max {
		return log
	}
	lines := strings.Split(log, "\n")
	headN, tailN := 15, 40
	if len(lines) <= headN+tailN {
		return log[:max/3] + "\n[… " + fmt.Sprint(len(log)-max*2/3) + " characters left out …]\n" + log[len(log)-max/3:]
	}
	var mid []string
	for _, l := range lines[headN : len(lines)-tailN] {
		if errorLine.MatchString(l) {
			mid = append(mid, l)
		}
	}
	if len(mid) > 30 {
		mid = append(mid[:10], mid[len(mid)-20:]...)
	}
	out := strings.Join(lines[:headN], "\n") + fmt.Sprintf("\n[… %d lines left out; the error lines among them follow …]\n", len(lines)-headN-tailN)
	if len(mid) > 0 {
		out += strings.Join(mid, "\n") + "\n[… end of error lines …]\n"
	}
	out += strings.Join(lines[len(lines)-tailN:], "\n")
	if len(out) > max {
		// Long lines: keep both ends of what we have.
		out = out[:max/3] + "\n[… left out …]\n" + out[len(out)-max*2/3:]
	}
	return out
}

// volatile matches what changes from one run to the next without meaning
// anything (timestamps, durations, temporary names, container ids): it is
// masked in prompts so the same failure gives the same prompt, which keeps
// the response cache and replays exact.
var volatile = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?`), "<time>"},
	{regexp.MustCompile(`\b\d\d:\d\d:\d\d(\.\d+)?\b`), "<time>"},
	{regexp.MustCompile(`\b\d+(\.\d+)?\s?(ms|µs|us|ns|s|sec|seconds)\b`), "<dur>"},
	{regexp.MustCompile(`/tmp/[A-Za-z0-9._-]*[0-9][A-Za-z0-9._-]*`), "/tmp/<tmp>"},
	{regexp.MustCompile(`\b[0-9a-f]{64}\b`), "<id>"},
	{regexp.MustCompile(`\b[0-9a-f]{12}\b`), "<id>"},
}

// Scrub masks volatile text.
func Scrub(s string) string {
	for _, v := range volatile {
		s = v.re.ReplaceAllString(s, v.with)
	}
	return s
}

// PromptLog is a log as it goes into a prompt: scrubbed and truncated.
func PromptLog(log string) string {
	return TruncateLog(Scrub(log), maxLogChars)
}

// clip cuts s to max characters, saying so.
func clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max] + fmt.Sprintf("\n[… %d more characters left out; ask a narrower question …]", len(s)-max)
}

// redact replaces every secret in s.
func redact(s string, secrets ...string) string {
	for _, k := range secrets {
		if len(k) >= 4 {
			s = strings.ReplaceAll(s, k, "[redacted]")
		}
	}
	return s
}

// redactErr returns err with the secrets taken out of its text.
func redactErr(err error, secrets ...string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if r := redact(msg, secrets...); r != msg {
		return errors.New(r)
	}
	return err
}
