package sandbox

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/client"
)

// RepoDir is where the repository is copied inside every sandbox.
const RepoDir = "/repo"

// Limits caps a sandbox's resources. Zero fields take DefaultLimits.
type Limits struct {
	CPUs        float64 `json:"cpus"`
	MemoryBytes int64   `json:"memory_bytes"`
	Pids        int64   `json:"pids"`
	// RepoBytes caps the repository copied in (CheckRepoSize).
	RepoBytes int64 `json:"repo_bytes"`
}

// DefaultLimits leaves the machine usable while a build runs: all cores
// (builds are CPU bound and the host is idle otherwise), 8 GiB, 4096
// tasks, a repository of at most DefaultMaxRepoSize.
func DefaultLimits() Limits {
	return Limits{CPUs: float64(runtime.NumCPU()), MemoryBytes: 8 << 30, Pids: 4096, RepoBytes: DefaultMaxRepoSize}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.CPUs <= 0 {
		l.CPUs = d.CPUs
	}
	if l.MemoryBytes <= 0 {
		l.MemoryBytes = d.MemoryBytes
	}
	if l.Pids <= 0 {
		l.Pids = d.Pids
	}
	if l.RepoBytes <= 0 {
		l.RepoBytes = d.RepoBytes
	}
	return l
}

// SandboxOptions describes a sandbox to create.
type Options struct {
	Image   string   // base or checkpoint image
	Repo    string   // host directory copied to RepoDir; empty for none
	CACerts []CACert // CAs the sandbox trusts on top of its own
	Limits  Limits
	Env     []string // extra environment, KEY=VALUE
	RunID   string   // labels the container; a random one when empty
	Caches  []Cache  // cache volumes to mount (DefaultCaches); none when empty
	// Network is NetworkNone for a sandbox with no network at all;
	// otherwise it joins NetworkName, which the host firewall keeps off
	// the host (hostfirewall.go).
	Network string
}

// Sandbox is a running container heragent created. Run commands with Exec;
// always Close it (Engine.Close also removes forgotten ones).
type Sandbox struct {
	engine *Engine
	ID     string
	RunID  string
	env    []string
}

// NewRunID returns a short random identifier for labelling a run.
func NewRunID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ImageExists reports whether ref is present in the engine.
func (e *Engine) ImageExists(ctx context.Context, ref string) (bool, error) {
	_, ok, err := e.imageEnv(ctx, ref)
	return ok, err
}

// imageEnv returns the environment ref's configuration sets, and whether
// the image exists.
func (e *Engine) imageEnv(ctx context.Context, ref string) ([]string, bool, error) {
	ins, err := e.api.ImageInspect(ctx, ref)
	switch {
	case err == nil:
		if ins.Config == nil {
			return nil, true, nil
		}
		return ins.Config.Env, true, nil
	case client.IsErrNotFound(err):
		return nil, false, nil
	default:
		return nil, false, fmt.Errorf("inspect image %s: %w", ref, err)
	}
}

// NewSandbox creates and starts a container from o.Image, with the
// repository and CA certificates copied in before its first process runs.
// The host checkout is only read: it is streamed in as a tar archive, never
// mounted.
func (e *Engine) NewSandbox(ctx context.Context, o Options) (*Sandbox, error) {
	lim := o.Limits.withDefaults()
	if o.Repo != "" {
		if err := CheckRepoDir(o.Repo); err != nil {
			return nil, err
		}
		if err := CheckRepoSize(o.Repo, lim.RepoBytes); err != nil {
			return nil, err
		}
	}
	imgEnv, ok, err := e.imageEnv(ctx, o.Image)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s (build it with `heragent image bootstrap`)", ErrImageMissing, o.Image)
	}
	if o.RunID == "" {
		o.RunID = NewRunID()
	}
	env := append([]string{"DEBIAN_FRONTEND=noninteractive", "LANG=C.UTF-8"}, o.Env...)
	cafiles := caFiles(o.CACerts)
	if cafiles != nil {
		env = append(env, CAEnv()...)
	}
	env = append(env, cacheEnv(imgEnv, o.Caches)...)
	mounts, err := e.cacheMounts(ctx, o.Caches)
	if err != nil {
		return nil, err
	}
	netMode := container.NetworkMode(NetworkNone)
	var nw network.Inspect
	if o.Network != NetworkNone {
		if nw, err = e.sandboxNetwork(ctx); err != nil {
			return nil, err
		}
		netMode = container.NetworkMode(nw.Name)
	}
	cfg := &container.Config{
		Image:      o.Image,
		Entrypoint: []string{},
		Cmd:        []string{"sleep", "infinity"}, // PID 1; work happens in execs
		// PID 1 ignores SIGTERM: without these a forced removal waits
		// podman's 10 s stop timeout before it kills (measured: 11.7 s vs
		// 0.7 s per sandbox).
		StopSignal:  "SIGKILL",
		StopTimeout: &zeroStop,
		WorkingDir:  RepoDir,
		Env:         env,
		Labels:      map[string]string{LabelManaged: "true", LabelKind: KindSandbox, LabelRun: o.RunID, LabelOwner: Self().String()},
	}
	pids := lim.Pids
	host := &container.HostConfig{Resources: container.Resources{
		NanoCPUs:  int64(lim.CPUs * 1e9),
		Memory:    lim.MemoryBytes,
		PidsLimit: &pids,
	},
		// A name lookup through the engine's bridge can go unanswered for
		// a few seconds while other containers start and stop (seen in CI
		// as apt's "Temporary failure resolving"): the resolver asks more
		// often and waits less for each answer than glibc's 5 s × 2.
		DNSOptions:  []string{"timeout:2", "attempts:5"},
		Mounts:      mounts,
		NetworkMode: netMode,
	}
	name := "heragent-" + o.RunID + "-" + NewRunID()[:6]
	// Not cancelled midway: an engine may create the container and the
	// cancelled call never learn its ID, which nothing would then remove
	// until gc (seen when a setup was cancelled the moment it started one).
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
	resp, err := e.api.ContainerCreate(cctx, cfg, host, nil, nil, name)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("create container from %s: %w", o.Image, err)
	}
	e.track(resp.ID)
	if ctx.Err() != nil {
		e.removeContainer(ctx, resp.ID)
		return nil, ctx.Err()
	}
	s := &Sandbox{engine: e, ID: resp.ID, RunID: o.RunID, env: env}
	if err := s.prepare(ctx, o, cafiles); err != nil {
		_ = s.Close(ctx)
		return nil, err
	}
	if o.Network != NetworkNone {
		e.isolate(ctx, nw, s) // its bridge exists now that a container on it runs
	}
	return s, nil
}

func (s *Sandbox) prepare(ctx context.Context, o Options, cafiles map[string][]byte) error {
	api := s.engine.api
	if cafiles != nil {
		var buf bytes.Buffer
		if err := tarFiles(&buf, cafiles); err != nil {
			return fmt.Errorf("archive CA certificates: %w", err)
		}
		if err := api.CopyToContainer(ctx, s.ID, "/", &buf, container.CopyToContainerOptions{}); err != nil {
			return fmt.Errorf("copy CA certificates into container: %w", err)
		}
	}
	if o.Repo != "" {
		if err := s.CopyDir(ctx, o.Repo, RepoDir); err != nil {
			return err
		}
	}
	if err := api.ContainerStart(ctx, s.ID, container.StartOptions{}); err != nil {
		return fmt.Errorf("start container: %w", err)
	}
	if cafiles != nil {
		res, err := s.Exec(ctx, ExecSpec{Script: CAInstallScript, Dir: "/"})
		if err != nil {
			return fmt.Errorf("install CA certificates: %w", err)
		}
		if res.ExitCode != 0 {
			return fmt.Errorf("install CA certificates: exit %d: %s", res.ExitCode, res.Tail)
		}
	}
	if len(o.Caches) > 0 { // a test run as another user compiles too
		res, err := s.Exec(ctx, ExecSpec{Cmd: append([]string{"chmod", "1777"}, cacheTargets(o.Caches)...), Dir: "/"})
		if err != nil || res.ExitCode != 0 {
			return fmt.Errorf("open cache volumes: %v (exit %d)", err, res.ExitCode)
		}
	}
	return nil
}

// CopyDir streams the host directory src into the container at dst (an
// absolute path whose parent exists). Works before and after start.
func (s *Sandbox) CopyDir(ctx context.Context, src, dst string) error {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(tarDir(pw, src, dst[1:])) }()
	err := s.engine.api.CopyToContainer(ctx, s.ID, "/", pr, container.CopyToContainerOptions{})
	pr.CloseWithError(err) // unblock the writer if the engine stopped reading
	if err != nil {
		return fmt.Errorf("copy %s into container: %w", src, err)
	}
	return nil
}

// CopyFiles writes in-memory files at absolute container paths.
func (s *Sandbox) CopyFiles(ctx context.Context, files map[string][]byte) error {
	var buf bytes.Buffer
	if err := tarFiles(&buf, files); err != nil {
		return err
	}
	if err := s.engine.api.CopyToContainer(ctx, s.ID, "/", &buf, container.CopyToContainerOptions{}); err != nil {
		return fmt.Errorf("copy files into container: %w", err)
	}
	return nil
}

// Commit saves the container's filesystem as an image labelled as a
// heragent checkpoint (plus labels), so later sandboxes can start from it.
// ref may be empty (untagged image). The image would inherit the
// container's LabelManaged=true; it is overridden so that containers others
// start from the checkpoint are never taken for heragent's.
func (s *Sandbox) Commit(ctx context.Context, ref string, labels map[string]string) (string, error) {
	changes := []string{"LABEL " + LabelKind + "=" + KindCheckpoint, "LABEL " + LabelManaged + "=false"}
	for k, v := range labels {
		changes = append(changes, "LABEL "+k+"="+v)
	}
	resp, err := s.engine.api.ContainerCommit(ctx, s.ID, container.CommitOptions{
		Reference: ref,
		Pause:     true,
		Changes:   changes,
		// podman's compatible API rejects a commit without a config body.
		Config: &container.Config{},
	})
	if err != nil {
		return "", fmt.Errorf("commit container %.12s: %w", s.ID, err)
	}
	return resp.ID, nil
}

// ReadFile copies one file out of the container (at most max bytes).
func (s *Sandbox) ReadFile(ctx context.Context, path string, max int64) ([]byte, error) {
	rc, _, err := s.engine.api.CopyFromContainer(ctx, s.ID, path)
	if err != nil {
		return nil, fmt.Errorf("copy %s from container: %w", path, err)
	}
	defer rc.Close()
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if err != nil {
			return nil, fmt.Errorf("copy %s from container: %w", path, err)
		}
		if h.Typeflag == tar.TypeReg {
			return io.ReadAll(io.LimitReader(tr, max))
		}
	}
}

// Close removes the container. Safe to call more than once and after the
// context was cancelled.
// zeroStop is the sandboxes' stop timeout in seconds.
var zeroStop = 0

func (s *Sandbox) Close(ctx context.Context) error {
	return s.engine.removeContainer(ctx, s.ID)
}

// CheckRepoDir checks p is an existing directory; errors wrap ErrBadRepo.
func CheckRepoDir(p string) error {
	fi, err := os.Stat(p)
	switch {
	case os.IsNotExist(err):
		return fmt.Errorf("%w: %s does not exist", ErrBadRepo, p)
	case err != nil:
		return fmt.Errorf("%w: %v", ErrBadRepo, err)
	case !fi.IsDir():
		return fmt.Errorf("%w: %s is a file, not a directory", ErrBadRepo, p)
	}
	return nil
}

// ImageID resolves ref to the image's ID; a missing image wraps
// ErrImageMissing.
func (e *Engine) ImageID(ctx context.Context, ref string) (string, error) {
	ins, err := e.api.ImageInspect(ctx, ref)
	if err != nil {
		if client.IsErrNotFound(err) {
			return "", fmt.Errorf("%w: %s (build it with `heragent image bootstrap`)", ErrImageMissing, ref)
		}
		return "", fmt.Errorf("inspect image %s: %w", ref, err)
	}
	return ins.ID, nil
}

// ImageLabels returns an image's labels.
func (e *Engine) ImageLabels(ctx context.Context, ref string) (map[string]string, error) {
	ins, err := e.api.ImageInspect(ctx, ref)
	if err != nil {
		return nil, fmt.Errorf("inspect image %s: %w", ref, err)
	}
	if ins.Config == nil {
		return nil, nil
	}
	return ins.Config.Labels, nil
}

// Labelled returns the ID of an image carrying label=value, or "" when
// none does.
func (e *Engine) Labelled(ctx context.Context, label, value string) (string, error) {
	// All: an untagged checkpoint another checkpoint was committed on is
	// an "intermediate" image, which the default listing hides.
	imgs, err := e.listImages(ctx, image.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", label+"="+value))})
	if err != nil {
		return "", fmt.Errorf("list images: %w", err)
	}
	if len(imgs) == 0 {
		return "", nil
	}
	return imgs[0].ID, nil
}
