package pyramid

import (
	"testing"
	"time"

	"github.com/heragent/heragent/pyramid/results"
)

func TestJudge(t *testing.T) {
	ran := results.Counts{Passed: 3}
	tests := []struct {
		name string
		cmd  Command
		out  Outcome
		want bool
	}{
		{"build exit 0", Command{Bucket: Build}, Outcome{}, true},
		{"build exit 2", Command{Bucket: Build}, Outcome{ExitCode: 2}, false},
		{"timeout", Command{Bucket: Smoke}, Outcome{TimedOut: true}, false},
		{"unit without tests", Command{Bucket: Unit}, Outcome{Output: "nothing to do"}, false},
		{"unit with tests", Command{Bucket: Unit}, Outcome{Counts: ran}, true},
		{"unit with failures exit 0", Command{Bucket: Unit}, Outcome{Counts: results.Counts{Passed: 3, Failed: 1}}, false},
		{"unit failing", Command{Bucket: Unit}, Outcome{ExitCode: 1, Counts: results.Counts{Passed: 3, Failed: 1}}, false},
		{"smoke", Command{Bucket: Smoke}, Outcome{Output: "prog 1.2"}, true},
		{"entry with traceback", Command{Bucket: Entry}, Outcome{Output: "Traceback (most recent call last):\n  File \"x\"\nValueError"}, false},
		{"entry with go panic", Command{Bucket: Entry}, Outcome{Output: "panic: boom\n\ngoroutine 1 [running]:\nmain.main()"}, false},
		{"entry segfault", Command{Bucket: Entry}, Outcome{Output: "Segmentation fault (core dumped)"}, false},
		{"entry asan", Command{Bucket: Integration}, Outcome{Output: "==12==ERROR: AddressSanitizer: heap-use-after-free"}, false},
		{"entry ok", Command{Bucket: Entry}, Outcome{Output: "hello"}, true},
		{"goal with landmarks", Command{Bucket: Entry, Expect: []string{`accuracy: 0\.\d+`, "Training completed"}}, Outcome{Output: "epoch 1\naccuracy: 0.93\nTraining completed\n"}, true},
		{"goal missing a landmark", Command{Bucket: Entry, Expect: []string{`accuracy: 0\.\d+`, "Training completed"}}, Outcome{Output: "accuracy: 0.93\n"}, false},
		// Test targets with no framework (lz4's make check, zlib's make test).
		{"test target reports success", Command{Bucket: Unit}, Outcome{Output: "+ lz4 -t x.lz4\nTest Passed: dictionary is effective.\n"}, true},
		{"test target all completed", Command{Bucket: Unit}, Outcome{Output: "Basic tests completed \n 25 59 All tests completed\n"}, true},
		{"zlib test OK", Command{Bucket: Unit}, Outcome{Output: "\t*** zlib test OK ***\n"}, true},
		{"a test script ends with OK", Command{Bucket: Unit}, Outcome{Output: "CC: cc\nTESTING...\ntest_btree_delete\ntest_clone_pop\nOK\n\n"}, true},
		{"OK in the middle is no verdict", Command{Bucket: Unit}, Outcome{Output: "OK\nnow benchmarking\n"}, false},
		{"unittest ran no test", Command{Bucket: Unit}, Outcome{Output: "\n----------------------------------------------------------------------\nRan 0 tests in 0.000s\n\nOK\n"}, false}, // libsecret's discover found no module
		{"a test script says it passes", Command{Bucket: Unit}, Outcome{Output: "(node:96) [DEP0005] DeprecationWarning: Buffer() is deprecated\ntest-browser.js passes\ntest-node.js passes\n"}, true},
		{"a program saying something passes is no test", Command{Bucket: Unit}, Outcome{Output: "the request passes\n"}, false},
		{"one kind of tests failed", Command{Bucket: Unit}, Outcome{Output: "Unit tests: OK\nFuzz tests: FAILED\n"}, false},
		{"rax-test unit tests OK", Command{Bucket: Unit}, Outcome{Output: "Unit tests: OK\nPerforming regression tests: OK\n"}, true},
		{"zero failed is still success", Command{Bucket: Unit}, Outcome{Output: "all 12 tests passed, 0 tests failed\n"}, true},
		{"a runner's own closing word, no count", Command{Bucket: Unit}, Outcome{Output: "[18/18] .build/unit/runner\n\nUnit testing complete. 0 failures in 1032103 checks.\n"}, true},
		{"its failures", Command{Bucket: Unit}, Outcome{Output: "Unit testing complete. 3 failures in 1032103 checks.\n"}, false},
		{"test target reports a failure", Command{Bucket: Unit}, Outcome{Output: "Test Passed: a\n2 tests failed\n"}, false},
		{"expected error output is no failure", Command{Bucket: Unit}, Outcome{Output: "Failed to initialize context\nframe concatenation tests completed\nTest completed\n"}, true},
		{"test target FAIL line", Command{Bucket: Unit}, Outcome{Output: "tests passed: 3\nFAIL roundtrip\n"}, false},
		{"exit 1 with success words", Command{Bucket: Unit}, Outcome{ExitCode: 1, Output: "All tests passed\n"}, false},
		{"prose mentioning panic is fine", Command{Bucket: Entry}, Outcome{Output: "don't panic: all good"}, true},
		// A probe that got only the usage did not use the program; asked for it, it may.
		{"probe answered by its usage", Command{Bucket: Entry, Synth: true}, Outcome{Output: "ahost, version 1.34\n\nusage: ahost [-h] host|addr ...\n"}, false},
		{"help asked for", Command{Bucket: Entry, Synth: true, Reason: "last resort: asks the program for its usage"}, Outcome{Output: "usage: ahost [-h] host|addr ...\n"}, true},
		{"documented run printing usage", Command{Bucket: Entry}, Outcome{Output: "Usage: tool FILE\n"}, true},
		{"usage later in real output", Command{Bucket: Entry, Synth: true}, Outcome{Output: "a\nb\nc\nusage: x\n"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Judge(tt.cmd, tt.out)
			if v.Passed != tt.want {
				t.Fatalf("Judge = %+v, want passed=%v", v, tt.want)
			}
			if v.Reason == "" {
				t.Error("empty reason")
			}
		})
	}
}

func TestTolerable(t *testing.T) {
	tests := []struct {
		c    results.Counts
		want bool
	}{
		{results.Counts{Passed: 27, Failed: 1}, true},   // json-c without xxd
		{results.Counts{Passed: 607, Failed: 12}, true}, // requests without network
		{results.Counts{Passed: 9, Failed: 1}, true},
		{results.Counts{Passed: 8, Failed: 2}, false},
		{results.Counts{Passed: 0, Errors: 3}, false},
		{results.Counts{Passed: 285, Skipped: 66}, true}, // rsync: its skip list did not match the container's
	}
	for _, tt := range tests {
		if got := Tolerable(tt.c); got != tt.want {
			t.Errorf("Tolerable(%+v) = %v, want %v", tt.c, got, tt.want)
		}
	}
}

func TestVerboseRerun(t *testing.T) {
	failed := results.Counts{Passed: 27, Failed: 1, Frameworks: []string{"ctest"}}
	tests := []struct {
		cmd    Command
		counts results.Counts
		want   string
	}{
		{Command{Text: "make test", Dir: "build"}, failed, "ctest --timeout 290 --rerun-failed --output-on-failure"},
		{Command{Text: "ctest --test-dir build"}, failed, "ctest --timeout 290 --test-dir build --rerun-failed --output-on-failure"},
		{Command{Text: "ctest --test-dir build --output-on-failure"}, failed, ""},
		{Command{Text: "make test", Dir: "build"}, results.Counts{Passed: 28, Frameworks: []string{"ctest"}}, ""},
		{Command{Text: "pytest"}, results.Counts{Passed: 9, Failed: 1, Frameworks: []string{"pytest"}}, ""},
	}
	for _, tt := range tests {
		got, ok := VerboseRerun(tt.cmd, tt.counts)
		if ok != (tt.want != "") || got.Text != tt.want || ok && got.Dir != tt.cmd.Dir {
			t.Errorf("VerboseRerun(%q) = %q, %v; want %q", tt.cmd.Text, got.Text, ok, tt.want)
		}
	}
}

func TestDependencyCheck(t *testing.T) {
	run := Command{Text: "python -m pytest -q", Dir: "sub", Bucket: Unit, Level: Testable}
	if c, ok := DependencyCheck(run, results.Counts{Passed: 1111, Failed: 177, Frameworks: []string{"pytest"}}, ""); !ok || c.Text != "python3 -m pip check" || c.Dir != "sub" || !c.Synth {
		t.Errorf("a failing pytest run: %+v, %v", c, ok)
	}
	if _, ok := DependencyCheck(run, results.Counts{Passed: 12, Frameworks: []string{"pytest"}}, ""); ok {
		t.Error("nothing failed: nothing to diagnose")
	}
	if _, ok := DependencyCheck(Command{Text: "npm test"}, results.Counts{Passed: 3, Failed: 1, Frameworks: []string{"jest"}}, ""); ok {
		t.Error("pip check after a JavaScript suite")
	}
	tb := "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n  File \"/repo/httpx/_api.py\", line 195, in get\n" +
		"  File \"/usr/lib/python3/dist-packages/httpcore/_sync/connection_pool.py\", line 52, in __init__\nTypeError: unexpected keyword\n"
	if _, ok := DependencyCheck(Command{Text: "python -c 'import httpx; httpx.get(url)'"}, results.Counts{}, tb); !ok {
		t.Error("a traceback")
	}
	if _, ok := DependencyCheck(Command{Text: "python app.py"}, results.Counts{}, "app.py: no such file\n"); ok {
		t.Error("no traceback")
	}
}

// A program that reports only a failure and exits 0 (hiredis's examples
// without a server: "Error: Connection refused") is no real use; output
// that does something beside an error line, or mentions errors as data,
// is judged by its exit status as before.
func TestJudgeEntryPrintingOnlyAnError(t *testing.T) {
	c := Command{Text: "./example", Bucket: Entry}
	for out, want := range map[string]bool{
		"Error: Connection refused\n":                         false,
		"example: cannot open config.ini\nfatal: giving up\n": false,
		"connect: No such file or directory\n":                false,
		// a supervisor whose child failed (lighttpd-angel)
		"/repo/src/lighttpd-angel.c.107: child (pid=3782) exited normally with exitcode: 1\n": false,
		"worker exited with status 0\n":      true,
		"PING: PONG\nError: key not found\n": true,
		`{"error": null, "ok": true}` + "\n": true,
		"3 errors found in input\n":          true,
		"":                                   true,
		// the program's output after the build's transcript
		"-- Build files have been written to: /repo/build\n[ 50%] Built target hiredis\n[100%] Built target example\nError: Connection refused\n": false,
		"[2/2] Linking C executable example\nPING: PONG\n":   true,
		"-- Configuring done\n[100%] Built target example\n": true,
	} {
		if v := Judge(c, Outcome{Output: out}); v.Passed != want {
			t.Errorf("%q: passed %v (%s), want %v", out, v.Passed, v.Reason, want)
		}
	}
	if v := Judge(Command{Text: "make", Bucket: Build}, Outcome{Output: "error: nothing to do\n"}); !v.Passed {
		t.Errorf("a build step is judged by its exit status: %s", v.Reason)
	}
}

// A terminal UI on the pseudo-terminal that the quit keys did not end
// passes when it drew a screen (tmux's status line, its shell taking the
// q's), not when it only sent the queries a terminal library waits on
// (fzf's cursor position, lazygit's device attributes), crashed, or was
// no terminal run.
func TestJudgeTerminalUIStillRunning(t *testing.T) {
	tmux := "\x1b[?1049h\x1b[22;0;0t\x1b[?1h\x1b=\x1b[H\x1b[2J\x1b[?12l\x1b[?25h\x1b]10;?\x1b\\\x1b[1;1H\x1b[K\r\n\x1b[K\r\n\x1b[K\x1b[30m\x1b[42m\r\n[0] \x1b[4m0:bash*\x1b(B\x1b[m\x1b[30m\x1b[42m\x1b[39X\x1b[39C\"9f551a930e75\" 18:33 28-Nov-26\x1b(B\x1b[m\x1b[1;27Hqqqqqq\x07"
	fzf := "\x1b[?2026h\x1b[?7l\x1b[?25l\x1b[6n\x1b[?2004$p\x1b[6n\x1b[0m\x1b[?25h\x1b[J\x1b[-1A\x1b[G\x1b[K\r\r\x1b[1A\x1b[0G"
	lazygit := "\x1b[?2048$p\x1b[?1000$p\x1b[?u\x1b[?4m\x1b[>q\x1b[c\x1b[?1049h\x1b[22;2t\x1b[?1h\x1b=\x1b(B\x1b)0\x1b[?25l\x1b[?7l\x1b[H\x1b[J\x1b[18t"
	tty := Command{Text: "./tmux", Bucket: Entry, TTY: true}
	for _, tc := range []struct {
		name string
		c    Command
		o    Outcome
		want bool
	}{
		{"tmux drew its status line", tty, Outcome{TimedOut: true, Output: tmux}, true},
		{"stopped by its own timeout", Command{Text: "timeout 10 ./tmux", Bucket: Entry, TTY: true}, Outcome{ExitCode: 124, Output: tmux}, true},
		{"only a cursor position query", tty, Outcome{TimedOut: true, Output: fzf}, false},
		{"only capability queries", tty, Outcome{TimedOut: true, Output: lazygit}, false},
		{"a crash after drawing", tty, Outcome{TimedOut: true, Output: tmux + "\r\npanic: boom\n\ngoroutine 1 [running]:\n"}, false},
		{"not on a terminal, drawing until stopped (cmatrix)", Command{Text: "./cmatrix", Bucket: Smoke}, Outcome{TimedOut: true, Output: tmux}, true},
		{"not on a terminal, idle after drawing", Command{Text: "./tmux", Bucket: Entry}, Outcome{TimedOut: true, Idle: time.Minute, Output: tmux}, false},
		{"a test program drawing is no smoke", Command{Text: "./t", Bucket: Unit}, Outcome{TimedOut: true, Output: tmux}, false},
		{"hung without output is no screen", tty, Outcome{TimedOut: true, Idle: time.Minute, Output: ""}, false},
	} {
		if v := Judge(tc.c, tc.o); v.Passed != tc.want {
			t.Errorf("%s: passed %v (%s), want %v", tc.name, v.Passed, v.Reason, tc.want)
		}
	}
}

// A windowed program given the virtual display it asked for, still
// running when stopped (glfw's boing animates until its window closes),
// is at work; one that crashed is not, nor one that never asked for a
// display.
func TestJudgeWindowedProgramStillRunning(t *testing.T) {
	gui := Command{Text: "./build/examples/boing", Bucket: Entry, Display: true}
	wayland := "error: XDG_RUNTIME_DIR is invalid or not set in the environment.\n"
	for _, tc := range []struct {
		name string
		c    Command
		o    Outcome
		want bool
	}{
		{"animating until stopped", gui, Outcome{TimedOut: true, Idle: time.Minute, Output: wayland}, true},
		{"its own timeout", gui, Outcome{ExitCode: 124, Output: wayland}, true},
		{"a crash", gui, Outcome{TimedOut: true, Output: wayland + "Segmentation fault (core dumped)\n"}, false},
		{"no display asked for", Command{Text: "./build/examples/boing", Bucket: Entry}, Outcome{TimedOut: true, Output: wayland}, false},
		{"a test suite is no window", Command{Text: "make test", Bucket: Unit, Display: true}, Outcome{TimedOut: true}, false},
	} {
		if v := Judge(tc.c, tc.o); v.Passed != tc.want {
			t.Errorf("%s: passed %v (%s), want %v", tc.name, v.Passed, v.Reason, tc.want)
		}
	}
}

// A checker run on the input its command wrote exits 1 with findings at
// lines of that file (pydocstyle on the docs' test.py): its work, a pass;
// exit 1 without them, another exit status, or a crash, a failure.
func TestJudgeCheckerFindings(t *testing.T) {
	write := `{ test -e test.py || printf '%s' $'def greet(name):\n    return 1\n' > test.py; } && pydocstyle test.py`
	for _, tc := range []struct {
		text, out string
		exit      int
		want      bool
	}{
		{write, "test.py:1 at module level:\n        D100: Missing docstring in public module\n", 1, true},
		{write, "pydocstyle: error: no such option\n", 1, false},
		{write, "test.py:1 at module level:\n        D100: Missing docstring in public module\n", 2, false},
		{write, "test.py:1: oops\nTraceback (most recent call last):\n  File \"x.py\", line 1\nValueError: x\n", 1, false},
		{"pydocstyle other.py", "other.py:1 at module level:\n", 1, false},
		{"printf 'x' > .heragent-example-1.py && python3 .heragent-example-1.py", ".heragent-example-1.py:1: error\n", 1, false},
	} {
		if v := Judge(Command{Text: tc.text, Bucket: Entry}, Outcome{ExitCode: tc.exit, Output: tc.out}); v.Passed != tc.want {
			t.Errorf("%q exit %d: passed %v (%s), want %v", tc.out, tc.exit, v.Passed, v.Reason, tc.want)
		}
	}
}

// A documented worker that said it waits for work and was stopped after
// the silence that follows (rq's `rq worker high low`) is at work; one
// that hung saying nothing of the kind is not, nor one naming a port (a
// server, answered on it by the server probe), nor a test suite.
func TestJudgeWorkerWaitingForWork(t *testing.T) {
	worker := Command{Text: "rq worker high low", Bucket: Entry}
	rq := "09:36:15 Worker rq:worker:d07 started with PID 1384, version 2.6.0\n09:36:15 *** Listening on high, low...\n09:36:15 Worker d07: cleaning registries for queue: high\n"
	for _, tc := range []struct {
		name string
		c    Command
		o    Outcome
		want bool
	}{
		{"rq's worker", worker, Outcome{TimedOut: true, Idle: 20 * time.Second, Output: rq}, true},
		{"silent", worker, Outcome{TimedOut: true, Idle: 5 * time.Minute, Output: "starting\n"}, false},
		{"a server", worker, Outcome{TimedOut: true, Idle: 20 * time.Second, Output: "worker started\nListening on http://127.0.0.1:8000\n"}, false},
		{"a crash", worker, Outcome{TimedOut: true, Idle: 20 * time.Second, Output: rq + "Segmentation fault (core dumped)\n"}, false},
		{"a test suite", Command{Text: "pytest", Bucket: Unit}, Outcome{TimedOut: true, Idle: 20 * time.Second, Output: rq}, false},
	} {
		if v := Judge(tc.c, tc.o); v.Passed != tc.want {
			t.Errorf("%s: passed %v (%s), want %v", tc.name, v.Passed, v.Reason, tc.want)
		}
	}
	if SettledFor(worker) == Settled || SettledFor(Command{Text: "pytest", Bucket: Unit}) != Settled {
		t.Error("the silence after a ready word ends Runnable uses only")
	}
}
