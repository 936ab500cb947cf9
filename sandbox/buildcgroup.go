package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Podman's API service runs an image build's RUN steps with buildah's
// chroot isolation in the host's own network namespace, whatever network
// the build asks for (4.3.1, compatible and libpod endpoints alike): the
// bridge rules never see them. They are kept off the host another way:
// the service runs in the net_cls cgroup BuildsCgroup, whose class every
// process it spawns inherits, and the output chain of hostfirewall.nft
// drops what a process of that class sends to an address of the host
// (DNS aside). Containers the service starts live in network namespaces
// of their own, where the host's output chain does not apply.

// BuildsCgroup is the net_cls cgroup podman's API service runs in.
const BuildsCgroup = "heragent-builds"

// BuildsClassID is its net_cls class, the one hostfirewall.nft matches.
const BuildsClassID = 0x00480001

// netClsRoot is where the net_cls hierarchy is (or gets) mounted.
var netClsRoot = "/sys/fs/cgroup/net_cls"

// tmpfsMagic is statfs's type of a cgroup v1 (or hybrid) /sys/fs/cgroup.
const tmpfsMagic = 0x01021994

// confineBuilds puts the podman API service that serves host into
// BuildsCgroup (as root on the engine's host) and reports whether its
// image builds are kept off the host: every service process is in the
// cgroup and the firewall's output chain is loaded. detail says how, or
// why not.
func confineBuilds(ctx context.Context, host string) (bool, string) {
	sock, ok := strings.CutPrefix(host, "unix://")
	if !ok {
		return false, "the engine at " + host + " may be on another host"
	}
	pids := podmanServices(sock)
	if len(pids) == 0 {
		return false, "no podman API service process serving " + sock + " was found on this host"
	}
	if os.Geteuid() == 0 {
		if err := makeBuildsCgroup(); err != nil {
			return false, err.Error()
		}
		for _, pid := range pids {
			os.WriteFile(filepath.Join(netClsRoot, BuildsCgroup, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0o644)
		}
	}
	for _, pid := range pids {
		if !inBuildsCgroup(pid) {
			return false, fmt.Sprintf("podman's API service (pid %d) is not in the net_cls cgroup %s (run scripts/provision-firewall.sh as root)", pid, BuildsCgroup)
		}
	}
	table, err := installFirewall(ctx) // loads the rules as root, else only lists them
	if err != nil {
		return false, err.Error()
	}
	if !bytes.Contains(table, []byte("meta cgroup "+strconv.Itoa(BuildsClassID))) {
		return false, fmt.Sprintf("nftables table %s has no rule for the builds' class (run scripts/provision-firewall.sh as root)", FirewallTable)
	}
	return true, fmt.Sprintf("podman runs a build's RUN steps in the host's network namespace; its API service (pid %s) runs in the net_cls cgroup %s (class %#x), which they inherit, and nftables table `%s` drops what that class sends to any address of the host but DNS",
		joinInts(pids), BuildsCgroup, BuildsClassID, FirewallTable)
}

// podmanServices are the processes of `podman system service` listening
// on sock (named on their command line, or the default socket).
func podmanServices(sock string) []int {
	dirs, _ := os.ReadDir("/proc")
	var out []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		if err != nil || len(b) == 0 {
			continue
		}
		if servesSocket(strings.Split(strings.TrimRight(string(b), "\x00"), "\x00"), sock) {
			out = append(out, pid)
		}
	}
	return out
}

// servesSocket reports whether argv is `podman … system service … URI`
// serving sock (no URI: podman's default socket for root).
func servesSocket(argv []string, sock string) bool {
	if len(argv) < 3 || filepath.Base(argv[0]) != "podman" {
		return false
	}
	sys, svc, uri := false, false, ""
	for _, a := range argv[1:] {
		switch {
		case a == "system":
			sys = true
		case a == "service" && sys:
			svc = true
		case svc && strings.Contains(a, "://"):
			uri = a
		}
	}
	if !svc {
		return false
	}
	if uri == "" {
		return sock == "/run/podman/podman.sock"
	}
	return uri == "unix://"+sock || uri == "unix:"+sock
}

// makeBuildsCgroup mounts the net_cls hierarchy when it is not (on a
// cgroup v1 or hybrid host, where /sys/fs/cgroup is a tmpfs of
// hierarchies) and makes BuildsCgroup with its class.
func makeBuildsCgroup() error {
	if _, err := os.Stat(filepath.Join(netClsRoot, "net_cls.classid")); err != nil {
		var st syscall.Statfs_t
		if err := syscall.Statfs(filepath.Dir(netClsRoot), &st); err != nil || st.Type != tmpfsMagic {
			return fmt.Errorf("%s is not a cgroup v1 tree (a cgroup v2-only host): podman's builds are not confined", filepath.Dir(netClsRoot))
		}
		if err := os.MkdirAll(netClsRoot, 0o755); err != nil {
			return fmt.Errorf("make %s: %v", netClsRoot, err)
		}
		if err := syscall.Mount("net_cls", netClsRoot, "cgroup", 0, "net_cls"); err != nil {
			return fmt.Errorf("mount the net_cls cgroup at %s: %v", netClsRoot, err)
		}
	}
	dir := filepath.Join(netClsRoot, BuildsCgroup)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("make the net_cls cgroup %s: %v", dir, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "net_cls.classid"), []byte(strconv.Itoa(BuildsClassID)), 0o644); err != nil {
		return fmt.Errorf("set the class of %s: %v", dir, err)
	}
	return nil
}

// inBuildsCgroup reports whether pid is in BuildsCgroup of net_cls.
func inBuildsCgroup(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", pid))
	if err != nil {
		return false
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.SplitN(l, ":", 3)
		if len(f) == 3 && strings.Contains(","+f[1]+",", ",net_cls,") && f[2] == "/"+BuildsCgroup {
			return true
		}
	}
	return false
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
