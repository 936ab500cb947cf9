package sandbox_test

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

// hostListener listens on 0.0.0.0 (a free port) as a local model server
// or Redis would, answering "HOST" and counting the connections.
func hostListener(t *testing.T) (port int, accepted *atomic.Int32) {
	t.Helper()
	l, err := net.Listen("tcp4", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	accepted = &atomic.Int32{}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Write([]byte("HOST\n"))
			c.Close()
		}
	}()
	return l.Addr().(*net.TCPAddr).Port, accepted
}

// hostAddrs are the host's IPv4 addresses but loopback: its primary
// address, every bridge's gateway.
func hostAddrs(t *testing.T) []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && ipn.IP.To4() != nil && !ipn.IP.IsLoopback() {
			out = append(out, ipn.IP.String())
		}
	}
	return out
}

// probeScript tries, in parallel, to connect to port on the sandbox's own
// default gateway and on each address; it prints "REACHED <addr>" for
// each it reached and "tried <addr>" for every one.
func probeScript(port int, addrs []string) string {
	return fmt.Sprintf(`h=$(awk '$2=="00000000"{print $3; exit}' /proc/net/route)
gw=$(printf '%%d.%%d.%%d.%%d' 0x${h:6:2} 0x${h:4:2} 0x${h:2:2} 0x${h:0:2})
for a in $gw %s; do
  ( if timeout 3 bash -c "exec 3<>/dev/tcp/$a/%d && head -c 4 <&3" >/dev/null 2>&1; then echo "REACHED $a"; fi; echo "tried $a" ) &
done
wait`, strings.Join(addrs, " "), port)
}

// mirrorProbe asks the host's Debian mirror (what every setup's apt
// reaches) for a file over plain HTTP and prints the status line.
func mirrorProbe(t *testing.T) string {
	u, err := url.Parse(debindex.HostMirror("/", "bookworm"))
	if err != nil || u.Scheme != "http" {
		t.Skipf("the host's Debian mirror %q is not plain http: no probe for it", u)
	}
	port := u.Port()
	if port == "" {
		port = "80"
	}
	return fmt.Sprintf(`timeout 20 bash -c 'exec 3<>/dev/tcp/%[1]s/%[2]s && printf "HEAD %[3]s/dists/bookworm/Release HTTP/1.1\r\nHost: %[1]s\r\nConnection: close\r\n\r\n" >&3 && head -1 <&3'`,
		u.Hostname(), port, strings.TrimSuffix(u.Path, "/"))
}

// TestSandboxCannotReachHost starts a listener on the host's 0.0.0.0 and
// a sandbox on each engine: connecting to it through the sandbox's
// gateway or any address of the host must fail, while the Debian mirror
// the setup installs from stays reachable (by name: DNS works). A sandbox
// taken offline (--proof-network none) reaches nothing.
func TestSandboxCannotReachHost(t *testing.T) {
	enginetest.Each(t, func(t *testing.T, e *sandbox.Engine) {
		ctx := context.Background()
		port, accepted := hostListener(t)
		mirror := mirrorProbe(t)
		s := enginetest.Sandbox(t, e, sandbox.Options{})
		res, err := s.Exec(ctx, sandbox.ExecSpec{Script: probeScript(port, hostAddrs(t)), Dir: "/"})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(res.Tail, "REACHED") || accepted.Load() > 0 || !strings.Contains(res.Tail, "tried") {
			t.Errorf("a sandbox connected to the host's listener (%d connection(s)):\n%s", accepted.Load(), res.Tail)
		}
		// The mirror is another machine: one slow answer (timeout's 124)
		// is its load, not the isolation; three in a row are not.
		var mres sandbox.ExecResult
		for try := 0; try < 3; try++ {
			if mres, err = s.Exec(ctx, sandbox.ExecSpec{Script: mirror, Dir: "/"}); err == nil && strings.Contains(mres.Tail, "HTTP/1.") {
				break
			}
		}
		if err != nil || !strings.Contains(mres.Tail, "HTTP/1.") {
			t.Errorf("the Debian mirror is unreachable from the sandbox (3 tries): %v exit %d\n%s", err, mres.ExitCode, mres.Tail)
		}
		iso := e.Isolation()
		t.Logf("%s", iso.Note())
		if os.Geteuid() == 0 && strings.HasPrefix(e.Host, "unix://") && !iso.Enforced {
			t.Errorf("root on the engine's host, yet isolation is not enforced: %s", iso.Detail)
		}

		// What a run that cannot read the rules (not root) relies on.
		gw, err := sandbox.SandboxGateway(ctx, e)
		if err != nil || gw == "" {
			t.Fatalf("no gateway: %v", err)
		}
		if blocked, why := sandbox.ProbeHost(ctx, s, gw); !blocked {
			t.Errorf("the isolation probe through %s did not find the host blocked: %s", gw, why)
		}

		if err := s.Offline(ctx); err != nil {
			t.Fatalf("Offline: %v", err)
		}
		none := enginetest.Sandbox(t, e, sandbox.Options{Network: sandbox.NetworkNone})
		for name, sb := range map[string]*sandbox.Sandbox{"offline": s, "none": none} {
			if res, err := sb.Exec(ctx, sandbox.ExecSpec{Script: mirror, Dir: "/"}); err != nil || strings.Contains(res.Tail, "HTTP/1.") {
				t.Errorf("%s sandbox reached the Debian mirror: %v\n%s", name, err, res.Tail)
			}
		}
	})
}

// TestImageBuildCannotReachHost builds a Dockerfile whose RUN step
// connects to a listener on the host (verify builds run the repository's
// setup this way). Docker Engine's builder joins the sandbox network and
// is kept off the host; podman's API service runs RUN steps in the host's
// network namespace whatever is asked (4.3.1), and is kept off the host
// by the net_cls cgroup heragent puts it in (buildcgroup.go). Root on the
// engine's host, neither may reach the listener; otherwise Isolation
// must say builds are exposed whenever one did.
func TestImageBuildCannotReachHost(t *testing.T) {
	enginetest.Each(t, func(t *testing.T, e *sandbox.Engine) {
		ctx := context.Background()
		port, accepted := hostListener(t)
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "probe.sh"), []byte(probeScript(port, hostAddrs(t))), 0o644); err != nil {
			t.Fatal(err)
		}
		df := "FROM " + enginetest.Image() + "\nCOPY probe.sh /probe.sh\nRUN bash /probe.sh\n"
		var log strings.Builder
		runID := sandbox.NewRunID()
		t.Cleanup(func() { e.GC(context.Background(), sandbox.GCOptions{RunID: runID, Checkpoints: true}) })
		if _, err := e.BuildImage(ctx, sandbox.BuildOptions{Context: dir, Dockerfile: df, NoCache: true, RunID: runID, Log: &log}); err != nil {
			t.Fatalf("build: %v\n%s", err, log.String())
		}
		if !strings.Contains(log.String(), "tried") {
			t.Fatalf("the probe did not run:\n%s", log.String())
		}
		reached := strings.Contains(log.String(), "REACHED") || accepted.Load() > 0
		iso := e.Isolation()
		switch {
		case reached && !iso.BuildsExposed:
			t.Errorf("a build's RUN step connected to the host's listener, yet Isolation says builds are isolated:\n%s", log.String())
		case os.Geteuid() == 0 && strings.HasPrefix(e.Host, "unix://") && (reached || iso.BuildsExposed):
			// podman: its API service confined to the builds' net_cls cgroup
			t.Errorf("root on the engine's host, yet a build reached the host (%v) or is reported exposed: %s\n%s", reached, iso.Note(), log.String())
		}
		t.Logf("reached the host: %v; %s", reached, iso.Note())
	})
}

// peerListener is a script that listens on port inside a sandbox, in the
// background, answering "PEER": what a test suite's server does.
func peerListener(port int) string {
	return fmt.Sprintf(`setsid perl -MIO::Socket::INET -e '$s=IO::Socket::INET->new(LocalPort=>%d,Listen=>5,ReuseAddr=>1) or die; while($c=$s->accept){print $c "PEER\n"; close $c}' >/dev/null 2>&1 </dev/null &
for i in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/%d) 2>/dev/null && break; sleep 0.1; done
hostname -I`, port, port)
}

// TestSandboxesCannotReachEachOther starts a listener in one sandbox and
// connects to it from another on the same engine network: a repository's
// test suite must not reach another run's sandbox (a batch runs several
// side by side). The listener answers in its own sandbox, and the
// Debian mirror stays reachable from the other.
func TestSandboxesCannotReachEachOther(t *testing.T) {
	enginetest.Each(t, func(t *testing.T, e *sandbox.Engine) {
		ctx := context.Background()
		const port = 8111
		a := enginetest.Sandbox(t, e, sandbox.Options{})
		res, err := a.Exec(ctx, sandbox.ExecSpec{Script: peerListener(port), Dir: "/"})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("listener: %v exit %d\n%s", err, res.ExitCode, res.Tail)
		}
		addr := strings.Fields(res.Tail)
		if len(addr) == 0 {
			t.Fatalf("the listening sandbox has no address:\n%s", res.Tail)
		}
		connect := func(a string) string {
			return fmt.Sprintf(`timeout 3 bash -c 'exec 3<>/dev/tcp/%s/%d && head -1 <&3' || echo blocked`, a, port)
		}
		if res, _ := a.Exec(ctx, sandbox.ExecSpec{Script: connect("127.0.0.1"), Dir: "/"}); !strings.Contains(res.Tail, "PEER") {
			t.Fatalf("the listener does not answer in its own sandbox:\n%s", res.Tail)
		}
		b := enginetest.Sandbox(t, e, sandbox.Options{})
		res, err = b.Exec(ctx, sandbox.ExecSpec{Script: connect(addr[0]), Dir: "/"})
		if err != nil || strings.Contains(res.Tail, "PEER") || !strings.Contains(res.Tail, "blocked") {
			t.Errorf("a sandbox reached another's listener at %s:%d: %v\n%s", addr[0], port, err, res.Tail)
		}
		if res, err := b.Exec(ctx, sandbox.ExecSpec{Script: mirrorProbe(t), Dir: "/"}); err != nil || !strings.Contains(res.Tail, "HTTP/1.") {
			t.Errorf("the Debian mirror is unreachable from the sandbox: %v\n%s", err, res.Tail)
		}
		t.Logf("%s", e.Isolation().Note())
	})
}
