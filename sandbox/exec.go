package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/pkg/stdcopy"
)

// ExecSpec is one command to run in a sandbox.
type ExecSpec struct {
	Cmd     []string      // argv; when empty, Script runs under bash (or sh)
	Script  string        // shell script text
	Dir     string        // working directory; RepoDir when empty
	Env     []string      // extra environment, KEY=VALUE
	Timeout time.Duration // 0: no limit beyond ctx
	// IdleTimeout, when set, ends the command the same way when it has
	// printed nothing for that long: a hung test, a prompt, a wait for a
	// peer that never comes.
	IdleTimeout time.Duration
	// Settled, when set, is output that says the command's work is done
	// (a test runner's "Jest did not exit one second after the test run
	// has completed."): after it, silence ends the command within
	// SettledIdle instead of IdleTimeout.
	Settled     *regexp.Regexp
	SettledIdle time.Duration
	// LogFile, when set, receives the combined output (appended).
	LogFile string
	// OnOutput, when set, is called with each chunk of output as it arrives.
	OnOutput func([]byte)
	// TailBytes is how much of the end of the output ExecResult keeps
	// (default 4 KiB).
	TailBytes int
}

// ExecResult is what a command did.
type ExecResult struct {
	ExitCode int  `json:"exit_code"`
	TimedOut bool `json:"timed_out,omitempty"`
	Idle     bool `json:"idle,omitempty"` // timed out by IdleTimeout: no output for that long
	// Settled: the silence that ended it came after the Settled output
	// (SettledIdle, not IdleTimeout)
	Settled  bool          `json:"settled,omitempty"`
	Duration time.Duration `json:"duration_ns"`
	Tail     string        `json:"tail"` // last lines of combined stdout+stderr
}

// scriptShell runs a script with bash when the image has it, sh otherwise.
const scriptShell = `if command -v bash >/dev/null 2>&1; then exec bash -c "$1"; else exec sh -c "$1"; fi`

// killAllCmd kills every process in the container but PID 1 (the idle
// init) and itself: the whole tree of a timed-out command, including
// daemons it detached with setsid.
var killAllCmd = []string{"sh", "-c", "kill -9 -1 2>/dev/null; true"}

// Exec runs a command, streaming its combined output to spec.LogFile and
// spec.OnOutput. On timeout every process of the command (in fact every
// process in the sandbox) is killed and the result says TimedOut. A
// cancelled ctx kills the same way and returns ctx's error.
func (s *Sandbox) Exec(ctx context.Context, spec ExecSpec) (ExecResult, error) {
	argv := spec.Cmd
	if len(argv) == 0 {
		argv = []string{"sh", "-c", scriptShell, "heragent", spec.Script}
	}
	dir := spec.Dir
	if dir == "" {
		dir = RepoDir
	}
	tail := newTailBuffer(spec.TailBytes)
	sinks := []io.Writer{tail}
	if spec.LogFile != "" {
		if err := os.MkdirAll(filepath.Dir(spec.LogFile), 0o755); err != nil {
			return ExecResult{}, fmt.Errorf("create log directory: %w", err)
		}
		f, err := os.OpenFile(spec.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return ExecResult{}, fmt.Errorf("open log file: %w", err)
		}
		defer f.Close()
		sinks = append(sinks, f)
	}
	if spec.OnOutput != nil {
		sinks = append(sinks, callbackWriter(spec.OnOutput))
	}
	idle := newIdleWatch(spec.IdleTimeout)
	if spec.Settled != nil && spec.SettledIdle > 0 {
		idle.settle(spec.Settled, spec.SettledIdle)
	}
	defer idle.stop()
	sinks = append(sinks, idle)
	out := &lockedWriter{w: io.MultiWriter(sinks...)}

	api := s.engine.api
	start := time.Now()
	created, err := api.ContainerExecCreate(ctx, s.ID, container.ExecOptions{
		Cmd: argv, Env: spec.Env, WorkingDir: dir, AttachStdout: true, AttachStderr: true,
	})
	if err != nil {
		if stoppedErr(err) {
			return ExecResult{}, fmt.Errorf("%w: %v", ErrSandboxStopped, err)
		}
		return ExecResult{}, fmt.Errorf("create exec: %w", err)
	}
	att, err := api.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return ExecResult{}, fmt.Errorf("attach exec: %w", err)
	}
	defer att.Close()
	done := make(chan error, 1)
	go func() {
		_, err := stdcopy.StdCopy(out, out, att.Reader)
		done <- err
	}()

	var timeout <-chan time.Time
	if spec.Timeout > 0 {
		t := time.NewTimer(spec.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	res := ExecResult{}
	select {
	case err = <-done:
		if err != nil && ctx.Err() == nil {
			return ExecResult{}, fmt.Errorf("read exec output: %w", err)
		}
	case <-timeout:
		res.TimedOut = true
		s.killAll(ctx)
		s.waitStream(done, att.Close)
	case <-idle.fired():
		res.TimedOut, res.Idle = true, true
		s.killAll(ctx)
		s.waitStream(done, att.Close)
		res.Settled = idle.done // the writes have ended
	case <-ctx.Done():
		s.killAll(ctx)
		s.waitStream(done, att.Close)
		return ExecResult{}, ctx.Err()
	}
	res.Duration = time.Since(start)
	res.Tail = tail.String()
	code, err := s.exitCode(ctx, created.ID)
	if err != nil {
		return res, err
	}
	res.ExitCode = code
	return res, nil
}

// killAll kills every process but PID 1, even when ctx is cancelled.
func (s *Sandbox) killAll(ctx context.Context) {
	kctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	api := s.engine.api
	k, err := api.ContainerExecCreate(kctx, s.ID, container.ExecOptions{Cmd: killAllCmd, AttachStdout: true, AttachStderr: true})
	if err != nil {
		return
	}
	att, err := api.ContainerExecAttach(kctx, k.ID, container.ExecAttachOptions{})
	if err != nil {
		return
	}
	_, _ = io.Copy(io.Discard, att.Reader)
	att.Close()
}

// waitStream waits briefly for the output copy to end after a kill, then
// forces it closed.
func (s *Sandbox) waitStream(done <-chan error, closeFn func()) {
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		closeFn()
		<-done
	}
}

// exitCode waits for the engine to record the exec's end.
func (s *Sandbox) exitCode(ctx context.Context, execID string) (int, error) {
	ictx := context.WithoutCancel(ctx)
	for i := 0; ; i++ {
		ins, err := s.engine.api.ContainerExecInspect(ictx, execID)
		if err != nil {
			return -1, fmt.Errorf("inspect exec: %w", err)
		}
		if !ins.Running || i >= 100 {
			return ins.ExitCode, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// tailBuffer keeps the last n bytes written.
type tailBuffer struct {
	n       int
	buf     []byte
	dropped bool // the start of the output was discarded
}

func newTailBuffer(n int) *tailBuffer {
	if n <= 0 {
		n = 4096
	}
	return &tailBuffer{n: n}
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.n {
		// keep one byte more than n: it tells whether the tail starts a line
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.n-1:]...)
		t.dropped = true
	}
	return len(p), nil
}

// String returns the kept tail, starting at a line boundary when cut.
func (t *tailBuffer) String() string {
	if len(t.buf) <= t.n && !t.dropped {
		return string(t.buf)
	}
	start := len(t.buf) - t.n
	if t.buf[start-1] != '\n' { // cut mid-line: start at the next line
		if i := bytes.IndexByte(t.buf[start:], '\n'); i >= 0 && start+i < len(t.buf)-1 {
			start += i + 1
		}
	}
	return string(t.buf[start:])
}

type callbackWriter func([]byte)

func (f callbackWriter) Write(p []byte) (int, error) {
	f(append([]byte(nil), p...))
	return len(p), nil
}

// lockedWriter serialises the stdout and stderr copies.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// stoppedErr is the engine's refusal to exec in a container that is not
// running: 409 on Docker ("is not running"), podman's "container state
// improper".
func stoppedErr(err error) bool {
	msg := err.Error()
	return cerrdefs.IsConflict(err) || strings.Contains(msg, "state improper") || strings.Contains(msg, "is not running")
}
