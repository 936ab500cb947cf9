package sandbox

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/docker/docker/api/types/network"
)

// FirewallRules is the nftables ruleset that keeps sandboxes off the
// host: scripts/provision-firewall.sh installs the same file, and a run
// on the engine's host as root installs it again (idempotent, atomic).
//
//go:embed hostfirewall.nft
var FirewallRules string

// FirewallTable is the nftables table FirewallRules defines.
const FirewallTable = "inet heragent"

// Isolation says whether sandboxes are kept from connecting to the host,
// and how (or why not), for the report and `heragent doctor`.
type Isolation struct {
	Network  string   `json:"network"`
	Bridge   string   `json:"bridge,omitempty"`
	Subnets  []string `json:"subnets,omitempty"`
	Enforced bool     `json:"enforced"`
	Detail   string   `json:"detail"`
	// BuildsExposed says the engine's image builds (verify) ran their
	// RUN steps where they could reach the host: podman's API service
	// (4.3.1, both its compatible and its libpod endpoint, whatever
	// networkmode or isolation is asked) runs them in the host's network
	// namespace, kept off the host only when the service runs in the
	// builds' net_cls cgroup (buildcgroup.go). Builds says how builds
	// were isolated, or why not.
	BuildsExposed bool   `json:"builds_exposed,omitempty"`
	Builds        string `json:"builds,omitempty"`
}

// Note is the isolation as one line of a report's notes.
func (i Isolation) Note() string {
	var parts []string
	switch {
	case i.Enforced:
		parts = append(parts, "sandbox isolation: "+i.Detail)
	case i.Detail != "":
		parts = append(parts, "sandbox isolation NOT enforced: "+i.Detail+"; repository code may connect to services listening on the engine's host")
	}
	switch {
	case i.BuildsExposed:
		parts = append(parts, "image builds NOT isolated: podman's API service builds with buildah's chroot isolation and ignores a build's network, so the RUN steps ran in the host's own network namespace, where they can reach every service of the host ("+i.Builds+")")
	case i.Builds != "":
		parts = append(parts, "image builds isolated: "+i.Builds)
	}
	return strings.Join(parts, "; ")
}

// Isolation is the isolation of the sandboxes this Engine started on
// NetworkName; the zero Isolation (no Detail) before the first one.
func (e *Engine) Isolation() Isolation {
	e.netMu.Lock()
	defer e.netMu.Unlock()
	if e.isolation == nil {
		return Isolation{BuildsExposed: e.buildsExposed, Builds: e.builds}
	}
	i := *e.isolation
	i.BuildsExposed, i.Builds = e.buildsExposed, e.builds
	return i
}

// buildNetwork is the network an image build's RUN steps are asked to
// join: NetworkName, which Docker Engine's builder honours (measured on
// 20.10's classic builder) and podman's compatible API ignores; on podman
// the builds are confined by the service's cgroup instead (buildcgroup.go).
func (e *Engine) buildNetwork(ctx context.Context) (string, error) {
	nw, err := e.sandboxNetwork(ctx)
	if err != nil {
		return "", err
	}
	v, err := e.api.ServerVersion(ctx)
	podman := err == nil && len(v.Components) > 0 && strings.Contains(v.Components[0].Name, "Podman")
	e.netMu.Lock()
	confinedBefore := e.builds != "" && !e.buildsExposed
	e.netMu.Unlock()
	if podman && !confinedBefore { // once confined, an Engine's later builds are too
		confined, detail := confineBuilds(ctx, e.Host)
		e.netMu.Lock()
		e.buildsExposed = e.buildsExposed || !confined
		e.builds = detail
		e.netMu.Unlock()
	}
	if !podman {
		e.isolate(ctx, nw, nil) // Docker Engine's bridge exists from the network's creation
	}
	return nw.Name, nil
}

// isolate checks, once per Engine and after a sandbox on n started (the
// bridge exists from then on), that the host firewall keeps sandboxes off
// the host, installing the rules when this process can. When it cannot
// read them (not root) it probes from s instead (nil: it does not).
func (e *Engine) isolate(ctx context.Context, n network.Inspect, s *Sandbox) {
	e.isoMu.Lock() // one check at a time, without holding up sandboxNetwork
	defer e.isoMu.Unlock()
	e.netMu.Lock()
	done := e.isolation != nil && e.isolation.Enforced
	e.netMu.Unlock()
	if done {
		return // checked again otherwise: podman's bridge exists only while a container uses it
	}
	i := Isolation{Network: n.Name}
	for _, c := range n.IPAM.Config {
		i.Subnets = append(i.Subnets, c.Subnet)
	}
	i.Bridge, i.Enforced, i.Detail = checkHost(ctx, e.Host, gateways(n))
	if !i.Enforced && i.Bridge != "" && s != nil && len(gateways(n)) > 0 {
		gw := gateways(n)[0]
		if blocked, why := probeHost(ctx, s, gw); blocked {
			i.Enforced = true
			i.Detail = fmt.Sprintf("sandboxes join engine network %s (bridge %s, gateway %s); heragent could not read the host firewall (%s), but a connection from a sandbox to a listener on the host's 0.0.0.0 through the gateway was dropped", NetworkName, i.Bridge, gw, i.Detail)
		} else if why != "" {
			i.Detail += "; " + why
		}
	}
	e.netMu.Lock()
	e.isolation = &i
	e.netMu.Unlock()
}

// checkHost finds the network's bridge on this host and makes sure the
// firewall rules are in place.
func checkHost(ctx context.Context, host string, gws []string) (bridge string, ok bool, detail string) {
	if !strings.HasPrefix(host, "unix://") {
		return "", false, fmt.Sprintf("the engine at %s may be on another host, whose firewall heragent cannot see (install sandbox/hostfirewall.nft there: scripts/provision-firewall.sh)", host)
	}
	bridge = localBridge(gws)
	switch {
	case bridge == "":
		return "", false, fmt.Sprintf("network %s's gateway %s is on no interface of this host (a rootless engine or one in a VM: its host's firewall is out of heragent's reach)", NetworkName, strings.Join(gws, ", "))
	case !strings.HasPrefix(bridge, BridgePrefix):
		return bridge, false, fmt.Sprintf("network %s's bridge is %s, which the firewall rules (bridges %s*) do not match: remove the network while no sandbox uses it and heragent recreates it", NetworkName, bridge, BridgePrefix)
	}
	if _, err := installFirewall(ctx); err != nil {
		return bridge, false, err.Error()
	}
	return bridge, true, fmt.Sprintf("sandboxes join engine network %s (bridge %s, gateway %s); nftables table `%s` on this host drops every packet arriving from a %s* bridge for an address of the host — the gateway, every interface's address, IPv4 and IPv6 — except DNS to podman's bridge's own address (its resolver) and replies to connections the host opened, and every packet forwarded from it to a host-published port; %s; traffic to other machines (registries, mirrors, the upstream DNS) goes through the engine's own NAT as before",
		NetworkName, bridge, strings.Join(gws, ", "), FirewallTable, BridgePrefix, peersNote())
}

// bridgeNF is the switch by which the kernel hands packets a bridge
// forwards between its own ports (one sandbox to another) to the forward
// hook, where the rules drop them.
const bridgeNF = "/proc/sys/net/bridge/bridge-nf-call-iptables"

// peersNote says whether sandboxes can reach each other, turning
// br_netfilter's switch on first when this process may.
func peersNote() string {
	if os.Geteuid() == 0 {
		os.WriteFile(bridgeNF, []byte("1\n"), 0o644) // as scripts/provision-firewall.sh does; Docker Engine sets it too
	}
	if b, err := os.ReadFile(bridgeNF); err == nil && strings.TrimSpace(string(b)) == "1" {
		return "so is every packet from one sandbox to another (br_netfilter hands bridged packets to that table)"
	}
	return "sandboxes CAN reach each other: br_netfilter is off (" + bridgeNF + " is not 1), so packets between two sandboxes on a bridge never meet the rules"
}

// installFirewall loads FirewallRules (replacing an older copy of the
// table atomically) and checks the kernel has them, returning the table
// as nft lists it. Not root: it only checks, and fails when they are not
// there.
func installFirewall(ctx context.Context) ([]byte, error) {
	nft, err := exec.LookPath("nft")
	if err != nil {
		return nil, fmt.Errorf("nft is not installed on the engine's host: no firewall rule keeps sandboxes off it (apt-get install nftables, then scripts/provision-firewall.sh)")
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if os.Geteuid() == 0 {
		cmd := exec.CommandContext(ctx, nft, "-f", "-")
		cmd.Stdin = strings.NewReader(FirewallRules)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("nft -f sandbox/hostfirewall.nft: %v: %s", err, firstLine(out))
		}
	}
	out, err := exec.CommandContext(ctx, nft, "list", "table", "inet", "heragent").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("cannot check the host firewall (not root? run scripts/provision-firewall.sh as root): nft list table %s: %s", FirewallTable, firstLine(out))
	}
	if !bytes.Contains(out, []byte(`"`+BridgePrefix+`*"`)) || !bytes.Contains(out, []byte("drop")) {
		return nil, fmt.Errorf("nftables table %s on this host is not heragent's ruleset (run scripts/provision-firewall.sh as root)", FirewallTable)
	}
	return out, nil
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
