package pyramid

import (
	"os/exec"
	"strings"
	"testing"
)

// An example that loops until stopped (schedule's README) runs for a
// while and passes on what it printed, not after the minute's timeout.
func TestExampleCommandForever(t *testing.T) {
	loop := "import time\nwhile True:\n    print('tick')\n    time.sleep(1)\n"
	got := exampleCommand("python3", "x", "", loop, 1)
	if !strings.Contains(got, "timeout 20 python3 -u .heragent-example-1.py 2>&1 | tee") || strings.Contains(got, "timeout 60") {
		t.Errorf("forever loop: %s", got)
	}
	for _, code := range []string{"x = 1\nwhile x < 3:\n    x += 1\n", "def f():\n    while True:\n        pass\n"} {
		if got := exampleCommand("python3", "x", "", code, 1); !strings.Contains(got, "timeout 60 python3") {
			t.Errorf("%q is no top-level forever loop: %s", code, got)
		}
	}
	if !foreverRe.MatchString("setInterval(() => console.log(1), 1000)\n") || !foreverRe.MatchString("while (true) {\n}\n") {
		t.Error("JavaScript forever loops")
	}
	// a watcher started at the top level lives as long as its watch (chokidar's README)
	for _, code := range []string{"chokidar.watch('.').on('all', (event, path) => {\n  console.log(event, path);\n});\n", "const watcher = fs.watch('dir')\n"} {
		if !foreverRe.MatchString(code) {
			t.Errorf("%q watches until stopped", code)
		}
	}
	if foreverRe.MatchString("function f() {\n  return chokidar.watch('.')\n}\n") {
		t.Error("a watch inside a function is no top-level one")
	}
}

// loopRun's shell: something printed and still running (124) or ended
// cleanly passes; silence or an error fails.
func TestLoopRunShell(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	for script, pass := range map[string]bool{
		"echo tick; sleep 60":     true, // stopped by the timeout
		"echo tick >&2; sleep 60": true, // a log on stderr
		"echo done":               true,
		"sleep 60":                false, // silence
		"echo tick; exit 3":       false,
	} {
		cmd := strings.Replace(loopRun("bash", "-c '"+script+"'"), "timeout 20", "timeout 1", 1)
		err := exec.Command("bash", "-c", cmd).Run()
		if (err == nil) != pass {
			t.Errorf("%q: err %v, want pass %v", script, err, pass)
		}
	}
}
