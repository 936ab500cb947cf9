package main

import (
	"errors"
	"strings"

	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/sandbox"
)

// Exit codes, documented in the package comment and the README.
const (
	ExitOK          = 0
	ExitBelowLevel  = 1
	ExitUsage       = 2
	ExitEnv         = 3
	ExitInterrupted = 130
)

// exitError carries an exit code with an error.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError marks err as a usage or input error (exit 2).
func usageError(err error) error { return &exitError{code: ExitUsage, err: err} }

// envError marks err as an environment error (exit 3).
func envError(err error) error { return &exitError{code: ExitEnv, err: err} }

// belowLevelError marks a run that finished below the asked level (exit 1).
func belowLevelError(err error) error { return &exitError{code: ExitBelowLevel, err: err} }

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, sandbox.ErrBadRepo), errors.Is(err, pipeline.ErrInput):
		return ExitUsage
	case errors.Is(err, sandbox.ErrEngineUnavailable), errors.Is(err, sandbox.ErrImageMissing):
		return ExitEnv
	case isCobraUsage(err):
		return ExitUsage
	default:
		return ExitEnv
	}
}

// isCobraUsage recognises cobra's own flag and argument errors, which it
// returns as plain errors.
func isCobraUsage(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most", "required flag"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// oneLine collapses a possibly multi-line message into one line, keeping
// every line (cobra's "Did you mean this?" and its candidates, a list of
// valid values): "; " between lines, a space after one that introduces
// the next (ending in ':' or '?').
func oneLine(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if b.Len() > 0 {
			if t := b.String(); strings.HasSuffix(t, ":") || strings.HasSuffix(t, "?") {
				b.WriteString(" ")
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}
