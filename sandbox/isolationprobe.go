package sandbox

import (
	"context"
	"fmt"
	"net"
	"sync/atomic"
	"time"
)

// probeHost checks from inside s what the firewall does, when heragent
// cannot read the rules (not root): this process listens on the host's
// 0.0.0.0 and the sandbox connects to it through its gateway gw. It
// returns whether the connection was kept from the host, and false with a
// reason when it could not tell.
func probeHost(ctx context.Context, s *Sandbox, gw string) (blocked bool, why string) {
	l, err := net.Listen("tcp4", "0.0.0.0:0")
	if err != nil {
		return false, "listen on the host: " + err.Error()
	}
	defer l.Close()
	var accepted atomic.Bool
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted.Store(true)
			c.Close()
		}
	}()
	port := l.Addr().(*net.TCPAddr).Port
	script := fmt.Sprintf(`command -v bash >/dev/null 2>&1 || exit 3
timeout 2 bash -c 'exec 3<>/dev/tcp/%s/%d' 2>/dev/null && exit 0
exit 1`, gw, port)
	res, err := s.Exec(ctx, ExecSpec{Script: script, Dir: "/", Timeout: 15 * time.Second})
	switch {
	case err != nil:
		return false, "probe: " + err.Error()
	case res.ExitCode == 3:
		return false, "no bash in the image to probe with"
	case res.ExitCode == 0 || accepted.Load():
		return false, fmt.Sprintf("a sandbox connected to a listener on the host's 0.0.0.0 through gateway %s", gw)
	}
	return true, ""
}
