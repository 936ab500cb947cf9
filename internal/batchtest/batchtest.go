// Package batchtest gives batch and worker tests the real heragent binary
// and a throwaway Redis server. When CI=true a missing redis-server fails
// the test; elsewhere it skips.
package batchtest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// Binary builds cmd/heragent once per test process and returns its path.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..")
		dir, err := os.MkdirTemp("", "heragent-batchtest-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "heragent")
		cmd := exec.Command("go", "build", "-buildvcs=auto", "-o", binPath, "./cmd/heragent")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// Root is the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	abs, _ := filepath.Abs(filepath.Join(filepath.Dir(file), "..", ".."))
	return abs
}

// Redis starts redis-server on a free local port, without persistence, and
// returns its redis:// URL; it is stopped when the test ends.
func Redis(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("redis-server required when CI=true (scripts/provision-redis.sh installs it)")
		}
		t.Skip("redis-server not installed (apt-get install redis-server)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for i := 0; i < 100; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			fmt.Fprint(c, "PING\r\n")
			line, _ := bufio.NewReader(c).ReadString('\n')
			c.Close()
			if strings.HasPrefix(line, "+PONG") {
				return "redis://" + addr
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("redis-server did not answer on %s", addr)
	return ""
}
