package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/heragent/heragent/batch"
)

// batchProgress shows a batch's progress on stderr: a bar with an ETA
// redrawn in place on a terminal, one line per finished repository
// otherwise, JSON lines with --json.
type batchProgress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	json  bool
	last  batch.Event
	at    time.Time // when last was received
	drawn bool
	stop  chan struct{}
	done  sync.WaitGroup
}

func newBatchProgress(g *globals, w io.Writer) *batchProgress {
	p := &batchProgress{w: w, json: g.json, stop: make(chan struct{})}
	if f, ok := w.(*os.File); ok && !g.json {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if p.tty {
		p.done.Add(1)
		go func() { // keep the elapsed time and ETA moving between events
			defer p.done.Done()
			t := time.NewTicker(time.Second)
			defer t.Stop()
			for {
				select {
				case <-p.stop:
					return
				case <-t.C:
					p.mu.Lock()
					if p.drawn {
						p.bar()
					}
					p.mu.Unlock()
				}
			}
		}()
	}
	return p
}

func (p *batchProgress) event(ev batch.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last, p.at = ev, time.Now()
	if p.json {
		json.NewEncoder(p.w).Encode(ev)
		return
	}
	line := ""
	switch ev.Kind {
	case "done":
		r := ev.Result
		line = fmt.Sprintf("[%*d/%d] %-7s %s  %s/%s  tests %d/%d/%d  %s", width(ev.Total), ev.Done, ev.Total, r.Status, r.ID,
			dash(r.Level), dash(r.Target), r.Tests.Passed, r.Tests.Failed, r.Tests.Skipped, (time.Duration(r.Seconds) * time.Second).String())
		if r.Error != "" {
			line += "  " + oneLine(r.Error)
		}
	case "skip":
		line = "already done: " + ev.ID
	case "start":
		if !p.tty {
			line = fmt.Sprintf("[%*s/%d] started %s", width(ev.Total), "", ev.Total, ev.ID)
		}
	}
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	if line != "" {
		fmt.Fprintln(p.w, line)
	}
	if p.tty {
		p.bar()
	}
}

// note prints a line that is not a job's event; --json gets it as
// {"kind": "note", "message": …}.
func (p *batchProgress) note(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.json {
		json.NewEncoder(p.w).Encode(struct {
			Kind    string `json:"kind"`
			Message string `json:"message"`
		}{"note", msg})
		return
	}
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintln(p.w, msg)
	if p.tty && p.drawn {
		p.bar()
	}
}

// bar draws the progress bar (the caller holds the lock).
func (p *batchProgress) bar() {
	ev := p.last
	const cells = 30
	filled := 0
	if ev.Total > 0 {
		filled = cells * ev.Done / ev.Total
	}
	elapsed := ev.Elapsed + time.Since(p.at).Seconds()
	eta := "ETA --"
	if ev.ETA >= 0 {
		eta = "ETA " + fmtDur(max(ev.ETA-time.Since(p.at).Seconds(), 0))
	}
	fmt.Fprintf(p.w, "\r\033[K[%s%s] %d/%d  %d running  %d not reached  %s elapsed  %s",
		strings.Repeat("█", filled), strings.Repeat("░", cells-filled), ev.Done, ev.Total, ev.Running, ev.Failed, fmtDur(elapsed), eta)
	p.drawn = true
}

func (p *batchProgress) close() {
	if p.tty {
		close(p.stop)
		p.done.Wait()
		p.mu.Lock()
		if p.drawn {
			fmt.Fprint(p.w, "\r\033[K")
		}
		p.mu.Unlock()
	}
}

func fmtDur(s float64) string { return (time.Duration(s) * time.Second).String() }

func width(n int) int { return len(fmt.Sprint(n)) }

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
