package sandbox

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/client"
)

// Sandboxes join heragent's own engine network instead of the engine's
// default one, so the host firewall rules (hostfirewall.go) can tell
// their packets apart by the bridge they arrive on, and nothing else on
// the engine is touched: containers on the default network (other tools,
// runs of an older heragent) keep the network they had.
const (
	// NetworkName is the engine network every sandbox joins.
	NetworkName = "heragent"
	// NetworkNone runs a sandbox with no network at all (loopback only).
	NetworkNone = "none"
	// BridgePrefix starts the name of the bridge of NetworkName on every
	// engine; the firewall rules match it ("heragent-*").
	BridgePrefix = "heragent-"
	// KindNetwork labels the network heragent created.
	KindNetwork = "network"
	// bridgeOption names a bridge network's Linux bridge on Docker Engine
	// and on podman's compatible API.
	bridgeOption = "com.docker.network.bridge.name"
)

// bridgeName is the Linux bridge of NetworkName on an engine: one per
// engine kind, so podman and Docker Engine on one host never share one.
func bridgeName(platform string) string {
	if strings.Contains(strings.ToLower(platform), "podman") {
		return BridgePrefix + "pm0"
	}
	return BridgePrefix + "dk0"
}

// sandboxNetwork returns NetworkName, creating it the first time: a bridge
// network named for the firewall rules, its subnet chosen by the engine.
// Two processes creating it at once both succeed (the loser finds the
// winner's).
func (e *Engine) sandboxNetwork(ctx context.Context) (network.Inspect, error) {
	e.netMu.Lock()
	defer e.netMu.Unlock()
	if e.network != nil {
		return *e.network, nil
	}
	n, err := e.api.NetworkInspect(ctx, NetworkName, network.InspectOptions{})
	if client.IsErrNotFound(err) {
		n, err = e.createNetwork(ctx)
	}
	if err != nil {
		return network.Inspect{}, err
	}
	e.network = &n
	return n, nil
}

func (e *Engine) createNetwork(ctx context.Context) (network.Inspect, error) {
	platform := ""
	if v, err := e.api.ServerVersion(ctx); err == nil && len(v.Components) > 0 {
		platform = v.Components[0].Name // "Podman Engine" or "Engine"
	}
	_, err := e.api.NetworkCreate(ctx, NetworkName, network.CreateOptions{
		Driver:  "bridge",
		Options: map[string]string{bridgeOption: bridgeName(platform)},
		Labels:  map[string]string{LabelKind: KindNetwork},
	})
	if err != nil && !cerrdefs.IsConflict(err) && !strings.Contains(err.Error(), "already exists") {
		return network.Inspect{}, fmt.Errorf("create network %s: %w", NetworkName, err)
	}
	n, err := e.api.NetworkInspect(ctx, NetworkName, network.InspectOptions{})
	if err != nil {
		return network.Inspect{}, fmt.Errorf("inspect network %s: %w", NetworkName, err)
	}
	return n, nil
}

// Gateways are the network's gateway addresses (the host's side of its
// bridge).
func gateways(n network.Inspect) []string {
	var gws []string
	for _, c := range n.IPAM.Config {
		if c.Gateway != "" {
			gws = append(gws, c.Gateway)
		}
	}
	return gws
}

// localBridge finds the host interface holding one of the gateway
// addresses: the network's bridge when the engine runs on this host (and
// in this network namespace: not rootless, not in a VM); "" otherwise.
func localBridge(gws []string) string {
	ifs, err := net.Interfaces()
	if err != nil {
		return ""
	}
	for _, ifc := range ifs {
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			for _, gw := range gws {
				if ipn.IP.Equal(net.ParseIP(gw)) {
					return ifc.Name
				}
			}
		}
	}
	return ""
}

// Offline disconnects the sandbox from every network: from then on its
// processes see only their loopback interface (`--proof-network none`).
func (s *Sandbox) Offline(ctx context.Context) error {
	ins, err := s.engine.api.ContainerInspect(ctx, s.ID)
	if err != nil {
		return fmt.Errorf("inspect container %.12s: %w", s.ID, err)
	}
	if ins.NetworkSettings == nil {
		return nil
	}
	var errs []error
	for name := range ins.NetworkSettings.Networks {
		if err := s.engine.api.NetworkDisconnect(ctx, name, s.ID, true); err != nil {
			errs = append(errs, fmt.Errorf("disconnect container %.12s from %s: %w", s.ID, name, err))
		}
	}
	return errors.Join(errs...)
}
