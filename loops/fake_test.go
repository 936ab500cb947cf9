package loops

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// fakeEngine is a scripted container engine: no process runs. A setup
// section's outcome comes from setup (given the rendered Bash File and the
// section's function), a pyramid command's from command; what the build
// made is built (listBuilt's output). Checkpoints are images with labels.
type fakeEngine struct {
	setup   func(script, section string) (int, string)
	command func(script, text string) (int, string)
	built   string

	mu      sync.Mutex
	images  map[string]map[string]string // id → labels
	open    int                          // sandboxes not closed
	created int
	repos   []string                    // each sandbox's repository ("" for none), in order
	froms   []string                    // each sandbox's image, in order
	runs    []string                    // "section" or "cmd: text", in order
	limits  map[string][2]time.Duration // command text → its time and idle limits
	built2  []string                    // Dockerfiles built
	builds  []sandbox.BuildOptions      // their options
	// buildFails, when set, fails a build with its error
	buildFails func(sandbox.BuildOptions) error
	// commitTakes is how long each commit takes
	commitTakes time.Duration
}

func newFake() *fakeEngine {
	return &fakeEngine{images: map[string]map[string]string{"sha256:base": {}},
		setup:   func(string, string) (int, string) { return 0, "" },
		command: func(string, string) (int, string) { return 127, "command not found" }}
}

func (f *fakeEngine) ImageID(_ context.Context, ref string) (string, error) {
	if ref == "base" {
		return "sha256:base", nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.images[ref]; ok {
		return ref, nil
	}
	return "", fmt.Errorf("%w: %s", sandbox.ErrImageMissing, ref)
}

func (f *fakeEngine) Labelled(_ context.Context, label, value string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, ls := range f.images {
		if ls[label] == value {
			return id, nil
		}
	}
	return "", nil
}

func (f *fakeEngine) NewSandbox(_ context.Context, o sandbox.Options) (Sandbox, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.open++
	f.created++
	f.repos = append(f.repos, o.Repo)
	f.froms = append(f.froms, o.Image)
	return &fakeSandbox{f: f, files: map[string][]byte{}}, nil
}

func (f *fakeEngine) BuildImage(_ context.Context, o sandbox.BuildOptions) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.built2 = append(f.built2, o.Dockerfile)
	f.builds = append(f.builds, o)
	if f.buildFails != nil {
		if err := f.buildFails(o); err != nil {
			return "", err
		}
	}
	id := fmt.Sprintf("sha256:built%d", len(f.built2))
	f.images[id] = map[string]string{}
	return id, nil
}

func (f *fakeEngine) Version(context.Context) (sandbox.Version, error) {
	return sandbox.Version{Platform: "Fake Engine", ServerVersion: "1.0", APIVersion: "1.41"}, nil
}

func (f *fakeEngine) GC(context.Context, sandbox.GCOptions) (sandbox.GCResult, error) {
	return sandbox.GCResult{}, nil
}

// EvictCheckpoints records the cap it was asked to keep.
func (f *fakeEngine) EvictCheckpoints(_ context.Context, limit int64) (sandbox.Evicted, error) {
	f.record(fmt.Sprintf("evict %d", limit))
	return sandbox.Evicted{Images: []string{}}, nil
}

func (f *fakeEngine) Isolation() sandbox.Isolation {
	return sandbox.Isolation{Network: sandbox.NetworkName, Enforced: true, Detail: "fake engine"}
}

func (f *fakeEngine) record(s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.runs = append(f.runs, s)
}

// commandsRun lists the pyramid commands run, in order.
func (f *fakeEngine) commandsRun() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, r := range f.runs {
		if t, ok := strings.CutPrefix(r, "cmd: "); ok {
			out = append(out, t)
		}
	}
	return out
}

type fakeSandbox struct {
	f       *fakeEngine
	files   map[string][]byte
	closed  bool
	stopped bool // a command killed the container's main process
}

func (s *fakeSandbox) Exec(_ context.Context, spec sandbox.ExecSpec) (sandbox.ExecResult, error) {
	if s.stopped {
		return sandbox.ExecResult{}, fmt.Errorf("%w: container state improper", sandbox.ErrSandboxStopped)
	}
	code, out := 0, ""
	switch {
	case len(spec.Cmd) == 3 && spec.Cmd[0] == "bash" && spec.Cmd[1] == "/heragent/setup.sh":
		s.f.record(spec.Cmd[2])
		code, out = s.f.setup(string(s.files["/heragent/setup.sh"]), spec.Cmd[2])
	case len(spec.Cmd) == 3 && spec.Cmd[0] == "bash" && spec.Cmd[1] == tailScript:
		s.f.record("tail " + spec.Cmd[2]) // the build commands after its checkpoint
		code, out = s.f.setup(string(s.files[tailScript]), spec.Cmd[2])
	case len(spec.Cmd) > 0:
		text := commandText(spec.Cmd)
		if len(spec.Cmd) > 4 && spec.Cmd[1] == "-c" && strings.Contains(spec.Cmd[2], "/dev/tcp/") {
			text = "[service] " + text // after a service's start line
		}
		if spec.Cmd[0] == "xvfb-run" {
			text = "[display] " + text // run under a virtual X display
		}
		if m := ttyTextRe.FindStringSubmatch(spec.Cmd[len(spec.Cmd)-1]); m != nil {
			text = "[tty] " + m[1] // run on a pseudo-terminal (onTTY)
		}
		s.f.record("cmd: " + text)
		s.f.limit(text, spec.Timeout, spec.IdleTimeout)
		code, out = s.f.command(string(s.files["/heragent/setup.sh"]), text)
	case strings.Contains(spec.Script, "-printf 'lib %P"):
		out = s.f.built
	}
	if spec.LogFile != "" {
		if err := os.MkdirAll(filepath.Dir(spec.LogFile), 0o755); err != nil {
			return sandbox.ExecResult{}, err
		}
		lf, err := os.OpenFile(spec.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return sandbox.ExecResult{}, err
		}
		lf.WriteString(out)
		lf.Close()
	}
	if code == fakeStopped {
		s.stopped = true
		code = 137
	}
	res := sandbox.ExecResult{ExitCode: code, Duration: time.Millisecond, Tail: out}
	// A scripted exit code of fakeTimedOut is a cut by the time limit,
	// fakeIdle one by the idle limit.
	switch code {
	case fakeTimedOut:
		res.ExitCode, res.TimedOut, res.Duration = 137, true, spec.Timeout
	case fakeIdle:
		res.ExitCode, res.TimedOut, res.Idle = 137, true, true
	}
	return res, nil
}

const (
	fakeTimedOut = -1000
	fakeIdle     = -1001
	fakeStopped  = -1002 // killed, and the container with it
)

func (f *fakeEngine) limit(text string, timeout, idle time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.limits == nil {
		f.limits = map[string][2]time.Duration{}
	}
	f.limits[text] = [2]time.Duration{timeout, idle}
}

// commandText is the pyramid command execCommand wrapped in its script.
// ttyTextRe finds the command line inside onTTY's script -qefc argument.
var ttyTextRe = regexp.MustCompile(`script -qefc .*\|\| exit 1\\+n(.*?)\\+n'`)

func commandText(argv []string) string {
	script := argv[len(argv)-1]
	lines := strings.SplitN(script, "\n", 4)
	return strings.TrimSpace(lines[len(lines)-1])
}

func (s *fakeSandbox) CopyFiles(_ context.Context, files map[string][]byte) error {
	for k, v := range files {
		s.files[k] = v
	}
	return nil
}

func (s *fakeSandbox) ReadFile(context.Context, string, int64) ([]byte, error) {
	return nil, os.ErrNotExist
}

func (s *fakeSandbox) Commit(_ context.Context, _ string, labels map[string]string) (string, error) {
	time.Sleep(s.f.commitTakes)
	s.f.mu.Lock()
	defer s.f.mu.Unlock()
	id := fmt.Sprintf("sha256:ckpt%d", len(s.f.images))
	s.f.images[id] = labels
	return id, nil
}

func (s *fakeSandbox) Offline(context.Context) error {
	s.f.record("offline")
	return nil
}

func (s *fakeSandbox) Close(context.Context) error {
	s.f.mu.Lock()
	defer s.f.mu.Unlock()
	if !s.closed {
		s.closed = true
		s.f.open--
	}
	return nil
}

// runFake runs the loops over the fake engine (on an empty repository
// unless o names one) and returns the report and the output directory.
func runFake(t *testing.T, f *fakeEngine, o RunOptions) (*report.Report, string) {
	t.Helper()
	if o.Repo == "" {
		o.Repo = t.TempDir()
		os.WriteFile(filepath.Join(o.Repo, "README"), []byte("fixture\n"), 0o644)
	}
	if o.Out == "" {
		o.Out = filepath.Join(t.TempDir(), "out")
	}
	if o.Image == "" {
		o.Image = "base"
	}
	if o.MaxTime == 0 {
		o.MaxTime = time.Minute
	}
	rep, err := Run(context.Background(), f, o)
	if err != nil {
		t.Fatal(err)
	}
	if f.open != 0 {
		t.Errorf("%d sandboxes left open", f.open)
	}
	return rep, o.Out
}

// scripted is a Repairer whose proposals the test decides.
type scripted func(f repair.Failure, file *bashfile.File) []repair.Proposal

func (s scripted) Name() string { return "rules" }

func (s scripted) Propose(_ context.Context, f repair.Failure, file *bashfile.File, _ []repair.Proposal) []repair.Proposal {
	if s == nil {
		return nil
	}
	return s(f, file)
}

var _ Engine = (*fakeEngine)(nil)
