package pyramid

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A server that fails to start (gunicorn without its app module) ends
// the probe's wait: the check runs a few times, not thirty.
func TestBackgroundProbeStopsWhenTheServerFails(t *testing.T) {
	counts := filepath.Join(t.TempDir(), "checks")
	script := backgroundProbe("sh -c 'echo no module app; exit 3'", "echo check >> "+counts)
	out, err := exec.Command("bash", "-c", script).CombinedOutput()
	if err == nil {
		t.Fatalf("the probe of a failed server passed: %s", out)
	}
	b, _ := os.ReadFile(counts)
	if n := strings.Count(string(b), "check"); n == 0 || n > 5 {
		t.Fatalf("checked %d times, want a few: the wait should end with the server", n)
	}
	if !strings.Contains(string(out), "no module app") {
		t.Fatalf("the server's log tail is missing: %s", out)
	}
}
