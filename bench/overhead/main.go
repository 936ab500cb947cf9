// Command overhead measures what a run costs against what its result
// costs to reproduce: for each run of a `heragent batch` directory, the
// run's seconds, the seconds `heragent verify` takes to rebuild the
// exported Dockerfile from scratch and re-run the proof commands, their
// ratio (the overhead of finding the environment over building it once
// known), and where the run's time went (the report's phase split). Then
// the medians and the batch's throughput.
//
//	go run ./bench/overhead [--verify BIN] [--same-as DIR] [--only ID]... BATCH_DIR > table.md
//
// With --verify, a run whose outputs have no verify.json is verified
// with BIN first (one at a time, so the timings are not shared with
// another build). With --same-as, a run whose exported setup.sh and
// Dockerfile are byte for byte those of the same id's run in the batch
// directory DIR takes that run's verification instead (the same
// Dockerfile builds the same way): a change to how runs reach their
// result is then measured without verifying everything again. Runs that reached no level have nothing to verify and
// are listed without a ratio.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// phases are the report's phase_seconds keys, in pipeline order.
var phases = []string{"graph", "plan", "pyramid", "setup", "commands", "export"}

// row is one run and its verification.
type row struct {
	rec    batch.Result
	rep    *report.Report
	ver    *report.VerifyResult
	err    string // why there is no ratio
	reused bool   // the verification of an identical export in another batch
}

// ratio is run seconds ÷ verify seconds, 0 when either is missing.
func (r row) ratio() float64 {
	if r.rep == nil || r.ver == nil || r.ver.Seconds <= 0 {
		return 0
	}
	return r.rep.Seconds / r.ver.Seconds
}

type onlyFlag []string

func (o *onlyFlag) String() string     { return strings.Join(*o, ",") }
func (o *onlyFlag) Set(s string) error { *o = append(*o, s); return nil }

func main() {
	bin := flag.String("verify", "", "heragent binary: verify runs that have no verify.json")
	same := flag.String("same-as", "", "batch directory whose verification a run with identical exports takes")
	var only onlyFlag
	flag.Var(&only, "only", "only this batch id (repeatable)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: overhead [--verify BIN] [--only ID]... BATCH_DIR")
		os.Exit(2)
	}
	dir := batch.Dir(flag.Arg(0))
	recs, err := dir.Records()
	if err != nil {
		fmt.Fprintln(os.Stderr, "overhead:", err)
		os.Exit(2)
	}
	var rows []row
	for _, id := range selected(recs, only) {
		rows = append(rows, measure(dir, recs[id], *bin, *same))
	}
	write(os.Stdout, rows)
}

// selected is the ids to measure, sorted: only's when given (an id
// without a record is reported on stderr), else every record's.
func selected(recs map[string]batch.Result, only []string) []string {
	var ids []string
	for id := range recs {
		if len(only) == 0 {
			ids = append(ids, id)
		}
	}
	for _, id := range only {
		if _, ok := recs[id]; ok {
			ids = append(ids, id)
		} else {
			fmt.Fprintf(os.Stderr, "overhead: %s: no record in the batch directory\n", id)
		}
	}
	sort.Strings(ids)
	return ids
}

// measure reads one run's report and verification, verifying with bin
// when there is none yet.
func measure(dir batch.Dir, rec batch.Result, bin, same string) row {
	r := row{rec: rec}
	if rec.Out == "" {
		r.err = "no outputs: " + string(rec.Status)
		return r
	}
	out := filepath.Join(string(dir), rec.Out)
	r.rep = new(report.Report)
	if err := readJSON(filepath.Join(out, "report.json"), r.rep); err != nil {
		r.rep, r.err = nil, err.Error()
		return r
	}
	if r.rep.Level == "" || r.rep.Level == pyramid.None {
		r.err = "no level to verify"
		return r
	}
	vpath := filepath.Join(out, "verify.json")
	if _, err := os.Stat(vpath); err != nil && same != "" {
		if p, ok := sameExports(out, batch.Dir(same), rec.ID); ok {
			vpath, r.reused = p, true
		}
	}
	if _, err := os.Stat(vpath); err != nil && bin != "" {
		fmt.Fprintf(os.Stderr, "overhead: verifying %s\n", rec.ID)
		cmd := exec.Command(bin, "verify", out, "--quiet", "--from-base") // the clean build the ratio is taken against
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		_ = cmd.Run() // a mismatch exits 1 and still writes verify.json
	}
	r.ver = new(report.VerifyResult)
	if err := readJSON(vpath, r.ver); err != nil {
		r.ver, r.err = nil, "not verified"
	}
	return r
}

// sameExports returns the verify.json of id's run in other when its
// setup.sh and Dockerfile are those in out.
func sameExports(out string, other batch.Dir, id string) (string, bool) {
	recs, err := other.Records()
	if err != nil || recs[id].Out == "" {
		return "", false
	}
	theirs := filepath.Join(string(other), recs[id].Out)
	for _, f := range []string{"setup.sh", "Dockerfile"} {
		a, err1 := os.ReadFile(filepath.Join(out, f))
		b, err2 := os.ReadFile(filepath.Join(theirs, f))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			return "", false
		}
	}
	p := filepath.Join(theirs, "verify.json")
	_, err = os.Stat(p)
	return p, err == nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

func write(w io.Writer, rows []row) {
	fmt.Fprintf(w, "| run | level | run s | to level s | verify s (build) | ratio | %s | verify |\n", strings.Join(phases, " | "))
	fmt.Fprintf(w, "|---|---|---|---|---|---|%s---|\n", strings.Repeat("---|", len(phases)))
	var ratios, runs, toLevel []float64
	for _, r := range rows {
		fmt.Fprintln(w, line(r))
		if x := r.ratio(); x > 0 {
			ratios = append(ratios, x)
		}
		if r.rep != nil {
			runs = append(runs, r.rep.Seconds)
			toLevel = append(toLevel, levelSeconds(r.rep))
		}
	}
	fmt.Fprintf(w, "\n%d runs, %d verified: overhead ratio median %s, p90 %s; run median %s s; time to the final level median %s s\n",
		len(rows), len(ratios), num(quantile(ratios, 0.5), 2), num(quantile(ratios, 0.9), 2),
		num(quantile(runs, 0.5), 0), num(quantile(toLevel, 0.5), 0))
	if n, wall := throughput(rows); wall > 0 {
		fmt.Fprintf(w, "batch wall time %s for %d runs: %.1f repositories an hour\n", wall.Round(time.Second), n, float64(n)/wall.Hours())
	}
}

// line is one row of the table.
func line(r row) string {
	cells := []string{r.rec.ID, r.rec.Level}
	if r.rep == nil {
		cells = append(cells, "–", "–")
	} else {
		cells = append(cells, num(r.rep.Seconds, 0), num(levelSeconds(r.rep), 0))
	}
	switch {
	case r.ver != nil:
		cells = append(cells, fmt.Sprintf("%s (%s)", num(r.ver.Seconds, 0), num(r.ver.BuildSeconds, 0)), num(r.ratio(), 2))
	default:
		cells = append(cells, "–", "–")
	}
	for _, p := range phases {
		if r.rep == nil {
			cells = append(cells, "–")
			continue
		}
		cells = append(cells, num(r.rep.Phases[p], 0))
	}
	switch {
	case r.ver != nil && r.ver.Match && r.reused:
		cells = append(cells, "match (same exports as the other batch's)")
	case r.ver != nil && r.ver.Match:
		cells = append(cells, "match")
	case r.ver != nil:
		cells = append(cells, "mismatch: reproduced "+string(r.ver.Reproduced))
	default:
		cells = append(cells, r.err)
	}
	return "| " + strings.Join(cells, " | ") + " |"
}

// levelSeconds is when the final level was proved (the whole run for
// reports that do not say).
func levelSeconds(rep *report.Report) float64 {
	if rep.LevelSeconds > 0 {
		return rep.LevelSeconds
	}
	return rep.Seconds
}

// throughput is the runs and the wall time from the first start to the
// last finish.
func throughput(rows []row) (int, time.Duration) {
	var first, last time.Time
	for _, r := range rows {
		if first.IsZero() || r.rec.Started.Before(first) {
			first = r.rec.Started
		}
		if r.rec.Finished.After(last) {
			last = r.rec.Finished
		}
	}
	return len(rows), last.Sub(first)
}

// quantile is the q-quantile of xs (nearest rank), 0 for none.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(q*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}

func num(x float64, prec int) string {
	if x == 0 {
		return "–"
	}
	return fmt.Sprintf("%.*f", prec, x)
}
