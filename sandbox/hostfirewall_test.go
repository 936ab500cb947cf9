package sandbox

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Where heragent cannot see or set the engine host's firewall, the
// isolation is reported as not enforced, saying why.
func TestCheckHostSaysWhyNotEnforced(t *testing.T) {
	tests := []struct {
		name, host string
		gws        []string
		want       string
	}{
		{"remote engine", "tcp://203.0.113.9:2376", []string{"172.18.0.1"}, "another host"},
		{"ssh engine", "ssh://me@build", []string{"172.18.0.1"}, "another host"},
		{"bridge not on this host", "unix:///run/podman/podman.sock", []string{"192.0.2.254"}, "on no interface of this host"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok, detail := checkHost(context.Background(), tt.host, tt.gws)
			if ok || !strings.Contains(detail, tt.want) {
				t.Errorf("enforced %v, detail %q; want not enforced, %q", ok, detail, tt.want)
			}
			if n := (Isolation{Detail: detail}).Note(); !strings.Contains(n, "NOT enforced") {
				t.Errorf("note %q does not say it is not enforced", n)
			}
		})
	}
}

// The bridge of each engine matches the rules' interface pattern, and
// the two engines never share one.
func TestBridgeNamesMatchTheRules(t *testing.T) {
	pm, dk := bridgeName("Podman Engine"), bridgeName("Engine")
	if pm == dk || len(pm) > 15 || len(dk) > 15 {
		t.Fatalf("bridges %q and %q: must differ and fit IFNAMSIZ", pm, dk)
	}
	for _, b := range []string{pm, dk} {
		if !strings.HasPrefix(b, BridgePrefix) || !strings.Contains(FirewallRules, `iifname "`+BridgePrefix+`*"`) {
			t.Errorf("bridge %q is not matched by the rules", b)
		}
	}
}

// The embedded ruleset parses (nft -c: checked, not loaded).
func TestFirewallRulesParse(t *testing.T) {
	nft, err := exec.LookPath("nft")
	if err != nil || os.Geteuid() != 0 {
		t.Skip("needs nft and root")
	}
	cmd := exec.Command(nft, "-c", "-f", "-")
	cmd.Stdin = strings.NewReader(FirewallRules)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nft -c: %v\n%s", err, out)
	}
}

// The podman API service is found by its command line: the socket it
// was given, or podman's default socket when it was given none.
func TestServesSocket(t *testing.T) {
	for _, c := range []struct {
		argv []string
		sock string
		want bool
	}{
		{[]string{"podman", "system", "service", "--time=0", "unix:///run/podman/podman.sock"}, "/run/podman/podman.sock", true},
		{[]string{"/usr/bin/podman", "--log-level=info", "system", "service"}, "/run/podman/podman.sock", true},
		{[]string{"podman", "system", "service", "--time=0", "unix:///tmp/other.sock"}, "/run/podman/podman.sock", false},
		{[]string{"podman", "run", "--rm", "img"}, "/run/podman/podman.sock", false},
		{[]string{"dockerd", "system", "service"}, "/run/podman/podman.sock", false},
	} {
		if got := servesSocket(c.argv, c.sock); got != c.want {
			t.Errorf("servesSocket(%q, %s) = %v, want %v", c.argv, c.sock, got, c.want)
		}
	}
}
