package loops

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/internal/testrepo"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/sandbox"
)

// Every stage of a pipeline counts: a failing first stage fails the
// command although the last stage exits 0.
func TestPipelineFailsWhenAnyStageFails(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	sb := enginetest.Sandbox(t, e, sandbox.Options{Repo: testrepo.Write(t, map[string]string{"README": "pipes\n"})})
	dir := t.TempDir()
	for i, tc := range []struct {
		text string
		pass bool
	}{
		{"echo graph | cat > /tmp/g.txt", true},
		{"sh -c 'echo half; exit 3' | cat > /tmp/g.txt", false},
		{"./missing-tool render | cat", false},
	} {
		c := pyramid.Command{Text: tc.text, Bucket: pyramid.Entry, Level: pyramid.Runnable}
		got, err := execCommand(context.Background(), sb, c, i+1, 0, filepath.Join(dir, "log"))
		if err != nil {
			t.Fatal(err)
		}
		if got.Passed != tc.pass {
			t.Errorf("%q: passed=%v (exit %d, %s), want %v", tc.text, got.Passed, got.ExitCode, got.Verdict, tc.pass)
		}
	}
}

// A terminal program run on the pseudo-terminal: it sees a tty, draws,
// reads the q typed to it and ends with its own status; without the
// pseudo-terminal it fails the way a terminal UI does.
func TestTerminalProgramOnAPseudoTerminal(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	tui := "#!/bin/bash\n[ -t 0 ] || { echo 'open /dev/tty: no such device or address'; exit 1; }\necho drawing\nread -rsn1 k\n[ \"$k\" = q ]\n"
	sb := enginetest.Sandbox(t, e, sandbox.Options{Repo: testrepo.Write(t, map[string]string{"tui.sh": tui})})
	dir := t.TempDir()
	for i, tty := range []bool{false, true} {
		c := pyramid.Command{Text: "bash tui.sh", Bucket: pyramid.Entry, Level: pyramid.Runnable, TTY: tty}
		got, err := execCommand(context.Background(), sb, c, i+1, 0, filepath.Join(dir, "log"))
		if err != nil {
			t.Fatal(err)
		}
		if got.Passed != tty {
			t.Errorf("tty=%v: passed=%v (exit %d, %s)", tty, got.Passed, got.ExitCode, got.Verdict)
		}
	}
}

// A command's standard input is an empty pipe, as on a CI runner: a read
// ends at once and a seek fails; a terminal program still gets its
// pseudo-terminal.
func TestCommandStdinIsAnEmptyPipe(t *testing.T) {
	t.Parallel()
	e := enginetest.Engine(t)
	sb := enginetest.Sandbox(t, e, sandbox.Options{Repo: testrepo.Write(t, map[string]string{"README": "stdin\n"})})
	dir := t.TempDir()
	for i, tc := range []struct {
		text string
		tty  bool
	}{
		{"[ -p /dev/stdin ] && ! read -r line && echo an empty pipe", false},
		{"[ -t 0 ] && echo a terminal", true},
	} {
		c := pyramid.Command{Text: tc.text, Bucket: pyramid.Entry, Level: pyramid.Runnable, TTY: tc.tty}
		got, err := execCommand(context.Background(), sb, c, i+1, 0, filepath.Join(dir, "log"))
		if err != nil {
			t.Fatal(err)
		}
		if !got.Passed {
			t.Errorf("%q (tty=%v): exit %d, %s", tc.text, tc.tty, got.ExitCode, got.Verdict)
		}
	}
}
