package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/client"
)

// Labels heragent puts on what it creates. Containers carry
// LabelManaged=true; images carry LabelKind (checkpoint or base) and never
// LabelManaged=true, because containers inherit their image's labels and a
// container someone else starts from our image is not ours to remove.
const (
	LabelManaged = "io.heragent.managed" // "true" on heragent's containers only
	LabelKind    = "io.heragent.kind"    // KindSandbox, KindCheckpoint or KindBase
	LabelRun     = "io.heragent.run"     // the run that created the object
	LabelOwner   = "io.heragent.owner"   // the process that created it (Owner.String): gc spares a live one's

	KindSandbox    = "sandbox"
	KindCheckpoint = "checkpoint"
	KindBase       = "base"
	// KindExport marks an image built from an exported Dockerfile (over
	// the base image's kind it inherits): gc never removes one.
	KindExport = "export"
)

// DefaultImage is the base image `heragent image bootstrap` builds.
const DefaultImage = "localhost/heragent/debian:bookworm"

// Engine is a connection to a Docker-compatible engine. It remembers every
// container it created so Close can remove the ones still alive, whatever
// path (success, error, panic, Ctrl-C) led there.
type Engine struct {
	api  dockerAPI
	Host string // the engine address actually used

	mu   sync.Mutex
	live map[string]struct{} // containers created and not yet removed

	netMu     sync.Mutex
	isoMu     sync.Mutex       // held while the isolation is checked (isolate)
	network   *network.Inspect // NetworkName, once looked up or created
	isolation *Isolation       // once the first sandbox on it started
	// buildsExposed: an image build ran on podman, whose builds ignore
	// the network asked for, and its service is not confined
	// (buildcgroup.go); builds says how builds are isolated or why not.
	buildsExposed bool
	builds        string
}

// socketCandidates are tried in order when DOCKER_HOST is unset.
func socketCandidates() []string {
	c := []string{"/var/run/docker.sock", "/run/podman/podman.sock"}
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" {
		c = append(c, filepath.Join(d, "podman", "podman.sock"), filepath.Join(d, "docker.sock"))
	}
	return c
}

// Connect opens the engine named by DOCKER_HOST (or, when unset, the first
// Docker or podman socket found), negotiates the API version and checks the
// engine answers. A failure wraps ErrEngineUnavailable.
func Connect(ctx context.Context) (*Engine, error) {
	opts := []client.Opt{client.FromEnv, client.WithAPIVersionNegotiation()}
	host := os.Getenv("DOCKER_HOST")
	if host == "" {
		host = "unix:///var/run/docker.sock"
		for _, s := range socketCandidates() {
			if fi, err := os.Stat(s); err == nil && fi.Mode()&os.ModeSocket != 0 {
				host = "unix://" + s
				break
			}
		}
		opts = append(opts, client.WithHost(host))
	}
	cli, err := client.NewClientWithOpts(opts...)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrEngineUnavailable, host, err)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := cli.Ping(pctx); err != nil {
		cli.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w at %s (start one with scripts/provision-engine.sh or set DOCKER_HOST): %v", ErrEngineUnavailable, host, shortErr(err))
	}
	return newEngine(cli, host), nil
}

func newEngine(api dockerAPI, host string) *Engine {
	return &Engine{api: api, Host: host, live: map[string]struct{}{}}
}

// Version describes the engine for `heragent doctor`.
type Version struct {
	Host          string `json:"host"`
	APIVersion    string `json:"api_version"`
	ServerVersion string `json:"server_version"`
	Platform      string `json:"platform"`
	RootDir       string `json:"root_dir,omitempty"`
}

// Version reports the negotiated API version and the server's identity.
func (e *Engine) Version(ctx context.Context) (Version, error) {
	sv, err := e.api.ServerVersion(ctx)
	if err != nil {
		return Version{}, fmt.Errorf("query engine version: %w", err)
	}
	v := Version{Host: e.Host, APIVersion: e.api.ClientVersion(), ServerVersion: sv.Version, Platform: sv.Platform.Name}
	if len(sv.Components) > 0 && (v.Platform == "" || strings.Contains(v.Platform, "/")) {
		v.Platform = sv.Components[0].Name // podman: "Podman Engine" (its platform is "linux/amd64/debian-12")
		if v.Platform == "Engine" {
			v.Platform = "Docker Engine" // Debian's docker.io names no platform
		}
	}
	if info, err := e.api.Info(ctx); err == nil {
		v.RootDir = info.DockerRootDir
	}
	return v, nil
}

func (e *Engine) track(id string) {
	e.mu.Lock()
	e.live[id] = struct{}{}
	e.mu.Unlock()
}

// removeContainer force-removes a container even when ctx is already
// cancelled (cleanup must survive Ctrl-C).
func (e *Engine) removeContainer(ctx context.Context, id string) error {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 60*time.Second)
	defer cancel()
	err := e.api.ContainerRemove(rctx, id, container.RemoveOptions{Force: true, RemoveVolumes: true})
	if err != nil && !client.IsErrNotFound(err) {
		return fmt.Errorf("remove container %.12s: %w", id, err)
	}
	e.mu.Lock()
	delete(e.live, id)
	e.mu.Unlock()
	return nil
}

// Close removes every container this Engine created that is still present,
// then closes the connection. Call it in a defer right after Connect.
func (e *Engine) Close() error {
	e.mu.Lock()
	ids := make([]string, 0, len(e.live))
	for id := range e.live {
		ids = append(ids, id)
	}
	e.mu.Unlock()
	var errs []error
	for _, id := range ids {
		errs = append(errs, e.removeContainer(context.Background(), id))
	}
	errs = append(errs, e.api.Close())
	return errors.Join(errs...)
}

// shortErr keeps engine errors to their first line.
func shortErr(err error) string {
	s := err.Error()
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
