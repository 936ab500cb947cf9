package pyramid

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// A server that listens on a port its command and source do not say
// (memcached's 11211 where the probe guessed 8080) passes by the port it
// opened, which the probe names; a port that was open before the server
// started is not its answer.
func TestBackgroundProbeFindsTheServersPort(t *testing.T) {
	if _, err := os.Stat("/proc/net/tcp"); err != nil {
		t.Skip("no /proc/net/tcp on this host")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 on this host")
	}
	busy, err := net.Listen("tcp", "127.0.0.1:0") // open before the probe: not the server's
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	busyPort := strconv.Itoa(busy.Addr().(*net.TCPAddr).Port)
	server := "python3 -c 'import socket,time; s=socket.socket(); s.bind((\"127.0.0.1\", " + port + ")); s.listen(1); time.sleep(60)'"
	out, err := exec.Command("bash", "-c", tcpServerProbe(server, "1")).CombinedOutput()
	if err != nil {
		t.Fatalf("the probe did not find the server's port: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "accepts connections on 127.0.0.1:"+port) || strings.Contains(string(out), "127.0.0.1:"+busyPort) {
		t.Fatalf("the probe names the wrong port (server %s, open before %s):\n%s", port, busyPort, out)
	}
}
