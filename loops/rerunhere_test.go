package loops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/repair"
)

// A repair of how a command runs (on a pseudo-terminal) leaves the Bash
// File as it was: the command runs again in the same sandbox, the suite
// below it is not run again, no second setup is made — and pyramid.json
// says the proof runs on a terminal, as it ran.
func TestRepairOfHowACommandRunsRunsItAgainHere(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case "[tty] ./tui --demo":
			return 0, "drawing the demo\n"
		case "./tui --demo":
			return 1, "open /dev/tty: no such device or address\n"
		}
		return 1, ""
	}
	p := pyr(12, documented("make test", pyramid.Unit), documented("./tui --demo", pyramid.Entry))
	rep, out := runFake(t, f, RunOptions{File: builtFile(), Pyramid: p, Repairer: repair.RulesBrain{}, MaxTime: time.Hour})
	if rep.Level != pyramid.Runnable || len(rep.Setup) != 1 {
		t.Fatalf("level %s after %d setups (%s); commands %v", rep.Level, len(rep.Setup), rep.WhyNotHigher, f.commandsRun())
	}
	if n := strings.Count(strings.Join(f.commandsRun(), "\n"), "make test"); n != 1 {
		t.Errorf("make test ran %d times: %v", n, f.commandsRun())
	}
	pj, _ := os.ReadFile(filepath.Join(out, "pyramid.json"))
	if !strings.Contains(string(pj), `"tty": true`) {
		t.Errorf("pyramid.json does not run the proof on a terminal:\n%s", pj)
	}
}

// A probe's made-up stdin pipe is dropped when it runs on a
// pseudo-terminal: the terminal is the program's input (tmux still read
// the pipe and failed "not a terminal").
func TestTerminalRunDropsTheMadeUpStdin(t *testing.T) {
	f := newFake()
	f.command = func(_, text string) (int, string) {
		switch text {
		case "make test":
			return 0, "Ran 12 tests in 0.1s\n\nOK\n"
		case "[tty] ./tui":
			return 0, "drawing\n"
		}
		return 1, "open terminal failed: not a terminal\n"
	}
	probe := pyramid.Command{Text: "printf 'hello world\\n' | ./tui", Bucket: pyramid.Entry, Synth: true, Reason: "runs the program on a small text input on stdin"}
	rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(12, documented("make test", pyramid.Unit), probe), Repairer: repair.RulesBrain{}, MaxTime: time.Hour})
	if rep.Level != pyramid.Runnable || len(rep.Setup) != 1 {
		t.Fatalf("level %s after %d setups (%s); commands %v", rep.Level, len(rep.Setup), rep.WhyNotHigher, f.commandsRun())
	}
}

// A probe that, given a terminal, runs until its own `timeout` stops it
// (exit 124) is an interactive program: one that drew its screen there
// (tmux's status line) is at work and proves Runnable; one that only sent
// a terminal library's queries is said so and not repaired, not
// "unknown".
func TestTerminalProbeStoppedByItsOwnTimeout(t *testing.T) {
	for _, tc := range []struct {
		screen string
		want   pyramid.Level
	}{
		{"\x1b[H\x1b[2J\x1b[K\r\n\x1b[K[0] 0:bash* \"host\" 18:33 28-Nov-26\x1b[?25h", pyramid.Runnable},
		{"\x1b[?2026h\x1b[6n\x1b[?25l", pyramid.Testable},
	} {
		f := newFake()
		f.command = func(_, text string) (int, string) {
			switch text {
			case "make test":
				return 0, "Ran 12 tests in 0.1s\n\nOK\n"
			case "[tty] timeout 10 ./tui":
				return 124, tc.screen
			}
			return 1, "open terminal failed: not a terminal\n"
		}
		probe := pyramid.Command{Text: "printf 'hello world\\n' | timeout 10 ./tui", Bucket: pyramid.Entry, Synth: true, Reason: "runs the program on a small text input on stdin"}
		rep, _ := runFake(t, f, RunOptions{File: builtFile(), Pyramid: pyr(12, documented("make test", pyramid.Unit), probe), Repairer: repair.RulesBrain{}, MaxTime: time.Hour})
		if rep.Level != tc.want {
			t.Errorf("%q: level %s, want %s: %s; commands %v", tc.screen, rep.Level, tc.want, rep.WhyNotHigher, f.commandsRun())
		}
		if tc.want == pyramid.Testable && (!strings.Contains(rep.WhyNotHigher, "interactive program") || strings.Contains(rep.WhyNotHigher, "unknown")) {
			t.Errorf("why not higher: %s", rep.WhyNotHigher)
		}
	}
}
