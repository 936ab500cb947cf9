package sandbox

import (
	"context"
	"fmt"
	"github.com/heragent/heragent/bashfile/debindex"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Check statuses.
const (
	StatusOK   = "ok"
	StatusWarn = "warn"
	StatusFail = "fail"
	StatusSkip = "skip"
)

// Check is one line of `heragent doctor`.
type Check struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Detail string `json:"detail"`
	Hint   string `json:"hint,omitempty"`
}

// Registry is a package source a sandbox may need.
type Registry struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// RegistryResult says whether a sandbox reached a registry.
type RegistryResult struct {
	Registry
	Reachable bool   `json:"reachable"`
	Detail    string `json:"detail"`
}

// DefaultRegistries are the sources setup scripts commonly use. The Debian
// archive is the host's own mirror.
func DefaultRegistries(suite string) []Registry {
	return []Registry{
		{"debian", debindex.HostMirror("/", suite) + "/dists/" + suite + "/Release"},
		{"npm", "https://registry.npmjs.org/"},
		{"go-proxy", "https://proxy.golang.org/"},
		{"pypi", "https://pypi.org/simple/"},
		{"maven-central", "https://repo.maven.apache.org/maven2/"},
		{"crates.io", "https://index.crates.io/config.json"},
		{"github", "https://github.com/"},
		{"docker-hub", "https://registry-1.docker.io/v2/"},
	}
}

// DoctorOptions configures Doctor.
type DoctorOptions struct {
	Image      string
	CACerts    []CACert
	NoHostCA   bool // host CAs were turned off (--no-host-ca), for the report
	Registries []Registry
}

// DoctorReport is the outcome of Doctor. OK is false when something that
// heragent run needs (engine, base image, CA injection) is broken.
type DoctorReport struct {
	Engine     *Version         `json:"engine,omitempty"`
	Checks     []Check          `json:"checks"`
	Registries []RegistryResult `json:"registries"`
	OK         bool             `json:"ok"`
}

func (r *DoctorReport) add(c Check) { r.Checks = append(r.Checks, c) }

// Doctor checks the engine, the base image, CA injection (inside a real
// container), disk space and which registries a container reaches.
func Doctor(ctx context.Context, o DoctorOptions) DoctorReport {
	r := DoctorReport{Registries: []RegistryResult{}}
	e, err := Connect(ctx)
	if err != nil {
		r.add(Check{"engine", StatusFail, err.Error(), "run scripts/provision-engine.sh, or set DOCKER_HOST to a Docker or podman socket"})
		return r
	}
	defer e.Close()
	v, err := e.Version(ctx)
	if err != nil {
		r.add(Check{"engine", StatusFail, err.Error(), ""})
		return r
	}
	r.Engine = &v
	r.add(Check{"engine", StatusOK, fmt.Sprintf("%s %s at %s, API %s", v.Platform, v.ServerVersion, v.Host, v.APIVersion), ""})
	r.add(diskCheck(v.RootDir))

	caDetail := "no extra CA certificates on the host"
	if o.NoHostCA {
		caDetail = "host CA certificates not used (--no-host-ca)"
	}
	if n := len(o.CACerts); n > 0 {
		var names []string
		for _, c := range o.CACerts {
			names = append(names, c.Source)
		}
		caDetail = fmt.Sprintf("%d extra CA file(s): %s", n, strings.Join(names, ", "))
	}
	r.add(Check{"host-ca", StatusOK, caDetail, ""})

	ok, err := e.ImageExists(ctx, o.Image)
	switch {
	case err != nil:
		r.add(Check{"base-image", StatusFail, err.Error(), ""})
		return r
	case !ok:
		r.add(Check{"base-image", StatusFail, o.Image + " not present", "run `heragent image bootstrap` (or pass --image)"})
		return r
	}
	r.add(Check{"base-image", StatusOK, o.Image + " present", ""})

	if err := containerChecks(ctx, e, o, &r); err != nil {
		r.add(Check{"sandbox", StatusFail, err.Error(), ""})
		return r
	}
	r.OK = true
	for _, c := range r.Checks {
		if c.Status == StatusFail {
			r.OK = false
		}
	}
	return r
}

// isolationCheck reports whether sandboxes are kept off the host: a
// warning, not a failure, when they are not (a remote engine may be
// firewalled by its own host).
func isolationCheck(i Isolation) Check {
	if i.Enforced {
		return Check{"host-isolation", StatusOK, i.Detail, ""}
	}
	return Check{"host-isolation", StatusWarn, i.Detail, "run scripts/provision-firewall.sh as root on the engine's host"}
}

func diskCheck(root string) Check {
	path := root
	if _, err := os.Stat(path); path == "" || err != nil {
		path = "/"
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return Check{"disk", StatusWarn, err.Error(), ""}
	}
	free := float64(st.Bavail) * float64(st.Bsize) / (1 << 30)
	c := Check{"disk", StatusOK, fmt.Sprintf("%.1f GiB free at %s", free, path), ""}
	if free < 10 {
		c.Status, c.Hint = StatusWarn, "builds and checkpoint images need several GiB; run `heragent gc --checkpoints`"
	}
	return c
}

// probeScript installs curl when missing (plain-http apt works without any
// CA), checks every injected CA made it into the system bundle, then probes
// each registry in parallel, printing "REG <index> <curl exit> <http code>".
func probeScript(regs []Registry) string {
	var b strings.Builder
	b.WriteString(`command -v curl >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq --no-install-recommends curl ca-certificates; } >/dev/null 2>&1 || echo NOCURL
for f in ` + ContainerCADir + `/*.crt; do
  [ -f "$f" ] || continue
  grep -qF "$(sed -n 2p "$f")" ` + systemBundle + ` 2>/dev/null && echo "CA ok $f" || echo "CA missing $f"
done
`)
	for i, reg := range regs {
		fmt.Fprintf(&b, "( code=$(curl -s -o /dev/null -m 10 -w '%%{http_code}' '%s'); echo \"REG %d $? $code\" ) &\n", reg.URL, i)
	}
	b.WriteString("wait\n")
	return b.String()
}

// curlErrors names the curl exit codes a registry probe commonly gives.
var curlErrors = map[int]string{
	6: "DNS lookup failed", 7: "connection refused", 28: "timed out",
	35: "TLS handshake failed", 56: "connection reset", 60: "TLS certificate not trusted",
}

func containerChecks(ctx context.Context, e *Engine, o DoctorOptions, r *DoctorReport) error {
	s, err := e.NewSandbox(ctx, Options{Image: o.Image, CACerts: o.CACerts})
	if err != nil {
		return err
	}
	defer s.Close(ctx)
	start := time.Now()
	res, err := s.Exec(ctx, ExecSpec{Script: probeScript(o.Registries), Dir: "/", Timeout: 3 * time.Minute, TailBytes: 64 << 10})
	if err != nil {
		return fmt.Errorf("run probe in container: %w", err)
	}
	r.add(Check{"sandbox", StatusOK, fmt.Sprintf("container started and probed in %.1fs", time.Since(start).Seconds()), ""})
	r.add(isolationCheck(e.Isolation()))
	var caOK, caMissing int
	tlsUntrusted := 0
	for _, line := range strings.Split(res.Tail, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "CA" && f[1] == "ok":
			caOK++
		case len(f) >= 2 && f[0] == "CA":
			caMissing++
		case len(f) >= 3 && f[0] == "REG":
			i, _ := strconv.Atoi(f[1])
			rc, _ := strconv.Atoi(f[2])
			if i < 0 || i >= len(o.Registries) {
				continue
			}
			rr := RegistryResult{Registry: o.Registries[i], Reachable: rc == 0}
			if rc == 0 && len(f) >= 4 {
				rr.Detail = "HTTP " + f[3]
			} else {
				rr.Detail = curlErrors[rc]
				if rr.Detail == "" {
					rr.Detail = fmt.Sprintf("curl exit %d", rc)
				}
				if rc == 60 {
					tlsUntrusted++
				}
			}
			r.Registries = append(r.Registries, rr)
		}
	}
	sort.SliceStable(r.Registries, func(i, j int) bool { return r.Registries[i].Name < r.Registries[j].Name })
	switch {
	case len(o.CACerts) == 0 && tlsUntrusted > 0:
		r.add(Check{"ca-injection", StatusWarn, fmt.Sprintf("%d registries present certificates the container does not trust", tlsUntrusted), "pass the proxy's CA with --ca-cert FILE"})
	case len(o.CACerts) == 0:
		r.add(Check{"ca-injection", StatusSkip, "nothing to inject", ""})
	case caMissing > 0 || caOK == 0:
		r.add(Check{"ca-injection", StatusFail, fmt.Sprintf("%d of %d CA files missing from the container's trust store", caMissing, caOK+caMissing), ""})
	case tlsUntrusted > 0:
		r.add(Check{"ca-injection", StatusFail, fmt.Sprintf("CAs installed but %d registries still fail TLS verification", tlsUntrusted), "pass the missing CA with --ca-cert FILE"})
	default:
		r.add(Check{"ca-injection", StatusOK, fmt.Sprintf("%d CA file(s) trusted inside the container", caOK), ""})
	}
	return nil
}
