package batch

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/heragent/heragent/report"
)

// Spec is where one run writes and how it is labelled.
type Spec struct {
	Out    string        // `heragent run --out`
	Log    string        // its stderr goes here
	RunID  string        // `heragent run --run-id`: labels its containers
	Level  string        // the batch's default level
	Limit  time.Duration // the batch's default per-repository time limit
	Worker string        // host:pid, for the record
}

// Runner runs one repository and reports its result. Interrupted results
// (the context was cancelled) are not records.
type Runner interface {
	Run(ctx context.Context, j Job, s Spec) Result
}

// ExecRunner runs `heragent run` as a child process in its own process
// group. On cancellation or timeout the group gets SIGTERM (heragent
// removes its containers and exits), then SIGKILL after Grace. The child
// also gets SIGTERM if the batch process itself dies (PR_SET_PDEATHSIG),
// so a killed batch leaves no run — and no container — behind.
type ExecRunner struct {
	Binary string        // the heragent executable; os.Executable() when empty
	Args   []string      // flags added to every `heragent run` (--image, --no-checkpoints…)
	Grace  time.Duration // between SIGTERM and SIGKILL (default 60s)
	// EngineWaits are the pauses before a run that exited 3 (no
	// container engine: a restarted API service, a daemon coming back)
	// is started again; nil: DefaultEngineWaits. A batch left running
	// would otherwise record every repository of those seconds as an
	// error, one a second.
	EngineWaits []time.Duration
}

// DefaultEngineWaits bound what a lost engine costs a repository to 40 s.
var DefaultEngineWaits = []time.Duration{10 * time.Second, 30 * time.Second}

// exitEnv is heragent's exit code for an environment error (the engine).
const exitEnv = 3

// Run implements Runner.
func (x ExecRunner) Run(ctx context.Context, j Job, s Spec) Result {
	res := Result{ID: j.ID, Repo: j.Reference(), RunID: s.RunID, Worker: s.Worker, Started: time.Now().UTC()}
	level := j.Level
	if level == "" {
		level = s.Level
	}
	res.Target = level
	limit := time.Duration(j.Timeout)
	if limit <= 0 {
		limit = s.Limit
	}
	fail := func(format string, a ...any) Result {
		res.Status, res.Error = StatusError, fmt.Sprintf(format, a...)
		res.Finished = time.Now().UTC()
		res.Seconds = res.Finished.Sub(res.Started).Seconds()
		return res
	}
	bin, err := x.binary()
	if err != nil {
		return fail("locate heragent executable: %v", err)
	}
	args := append([]string{"run", j.Reference(), "--out", s.Out, "--json", "--run-id", s.RunID}, x.runArgs(j, level)...)
	if limit > 0 && !hasFlag(args, "--max-time") {
		// the run spends its own budget and writes its best level and its
		// exports; the time limit stays a safety net behind it
		args = append(args, "--max-time", runBudget(limit).String())
	}
	if err := os.MkdirAll(filepath.Dir(s.Log), 0o755); err != nil {
		return fail("create log directory: %v", err)
	}
	if err := os.MkdirAll(filepath.Dir(s.Out), 0o755); err != nil {
		return fail("create output directory: %v", err)
	}
	logf, err := os.Create(s.Log)
	if err != nil {
		return fail("create log: %v", err)
	}
	defer logf.Close()

	runCtx, cancel := context.WithCancel(ctx)
	if limit > 0 {
		runCtx, cancel = context.WithTimeout(ctx, limit)
	}
	defer cancel()
	code, err := x.execRetrying(runCtx, bin, args, logf)
	res.Finished = time.Now().UTC()
	res.Seconds = res.Finished.Sub(res.Started).Seconds()
	res.ExitCode = code
	switch {
	case err != nil:
		return fail("start heragent run: %v", err)
	case ctx.Err() != nil:
		res.Interrupted = true
		return res
	case runCtx.Err() != nil:
		res.Status, res.Error = StatusTimeout, fmt.Sprintf("stopped after the %s time limit", limit)
		return res
	case code == 0 || code == 1:
		if err := res.fromReport(s.Out); err != nil {
			res.Status, res.Error = StatusError, err.Error()
			return res
		}
		res.Status = StatusOK
		if code == 1 {
			res.Status = StatusBelow
		}
		return res
	}
	res.Status, res.Error = StatusError, lastError(s.Log, code)
	return res
}

// binary is the heragent executable the children run.
func (x ExecRunner) binary() (string, error) {
	if x.Binary != "" {
		return x.Binary, nil
	}
	return os.Executable()
}

// runArgs are the flags of j's run that shape it: level, goals, the
// batch's flags and the job's own.
func (x ExecRunner) runArgs(j Job, level string) []string {
	var args []string
	if level != "" {
		args = append(args, "--level", level)
	}
	for _, g := range j.Goal {
		args = append(args, "--goal", g)
	}
	for _, e := range j.Expect {
		args = append(args, "--expect", e)
	}
	return append(append(args, x.Args...), j.Args...)
}

// execRetrying runs the child, and again after each of EngineWaits while
// it exits for want of an engine.
func (x ExecRunner) execRetrying(ctx context.Context, bin string, args []string, logf *os.File) (int, error) {
	waits := x.EngineWaits
	if waits == nil {
		waits = DefaultEngineWaits
	}
	code, err := x.exec(ctx, bin, args, logf, nil)
	for _, w := range waits {
		if err != nil || code != exitEnv || ctx.Err() != nil {
			break
		}
		fmt.Fprintf(logf, "heragent batch: the run exited %d (environment: no container engine?); trying again in %s\n", exitEnv, w)
		select {
		case <-ctx.Done():
			return code, nil
		case <-time.After(w):
		}
		code, err = x.exec(ctx, bin, args, logf, nil)
	}
	return code, err
}

// exec runs the child, its stderr to logf (and its stdout to out, when
// not nil), and returns its exit code; it stops the child's process
// group when ctx ends.
func (x ExecRunner) exec(ctx context.Context, bin string, args []string, logf, out *os.File) (int, error) {
	grace := x.Grace
	if grace <= 0 {
		grace = 60 * time.Second
	}
	cmd := exec.Command(bin, args...)
	cmd.Stderr = logf
	if out != nil {
		cmd.Stdout = out
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	started, done := make(chan error, 1), make(chan error, 1)
	go func() {
		// PDEATHSIG fires when the thread that forked the child exits:
		// keep this goroutine on its thread for the child's whole life.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		done <- cmd.Wait()
	}()
	if err := <-started; err != nil {
		return -1, err
	}
	var werr error
	select {
	case werr = <-done:
	case <-ctx.Done():
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case werr = <-done:
		case <-time.After(grace):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			werr = <-done
		}
	}
	var ee *exec.ExitError
	if werr != nil && !errors.As(werr, &ee) {
		return -1, werr
	}
	return cmd.ProcessState.ExitCode(), nil
}

// fromReport fills the result from <out>/report.json.
func (r *Result) fromReport(out string) error {
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		return fmt.Errorf("read report: %w", err)
	}
	var rep report.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return fmt.Errorf("read report: %w", err)
	}
	r.Level, r.Target, r.Iterations, r.Evidence = string(rep.Level), string(rep.Target), rep.Iterations, rep.RunnableEvidence
	r.TestEvidence, r.TestsFound, r.TestsRun = rep.TestableEvidence, rep.TestsFound, rep.TestsRun
	r.Tests = Tests{Passed: rep.Tests.Passed, Failed: rep.Tests.Failed + rep.Tests.Errors, Skipped: rep.Tests.Skipped}
	r.CostUSD = reportCost(b)
	if rep.WhyNotHigher != "" && r.Level != r.Target {
		r.Error = rep.WhyNotHigher
	}
	return nil
}

// reportCost reads the model cost from report.json (report.Report's
// "llm": {"total": {"cost_usd": …}}) when the run used a model; the rules
// brain is free and its reports carry none.
func reportCost(b []byte) *float64 {
	var v struct {
		LLM *struct {
			Total struct {
				CostUSD float64 `json:"cost_usd"`
			} `json:"total"`
		} `json:"llm"`
	}
	if json.Unmarshal(b, &v) != nil || v.LLM == nil {
		return nil
	}
	return &v.LLM.Total.CostUSD
}

// lastError is the run's one-line error ("heragent: …") from its log.
func lastError(log string, code int) string {
	msg := fmt.Sprintf("heragent run exited %d", code)
	if code < 0 {
		msg = "heragent run was killed"
	}
	f, err := os.Open(log)
	if err != nil {
		return msg
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if l := sc.Text(); strings.HasPrefix(l, "heragent: ") {
			msg = fmt.Sprintf("exit %d: %s", code, strings.TrimPrefix(l, "heragent: "))
		}
	}
	return msg
}

// runBudget is the --max-time a run gets under a per-repository time
// limit: the limit less the analysis and the export (2 minutes, or a
// tenth of the limit when that is more), at least half of it.
func runBudget(limit time.Duration) time.Duration {
	margin := max(2*time.Minute, limit/10)
	return max(limit-margin, limit/2).Round(time.Second)
}

// hasFlag reports whether args set flag (as "--flag v" or "--flag=v").
func hasFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == flag || strings.HasPrefix(a, flag+"=") {
			return true
		}
	}
	return false
}
