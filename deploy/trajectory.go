package deploy

import (
	"encoding/json"
	"io"
	"sync"
	"time"
)

// Event is one step of a run: a line of trajectory.jsonl and what the
// progress display shows.
type Event struct {
	T         float64 `json:"t"`     // seconds since the run started
	Phase     string  `json:"phase"` // setup, command, repair, level, export, done
	Iteration int     `json:"iteration"`
	Message   string  `json:"message"`
	Command   string  `json:"command,omitempty"`
	Level     string  `json:"level,omitempty"`
	ExitCode  *int    `json:"exit_code,omitempty"`
	Data      any     `json:"data,omitempty"` // edits, diagnosis, counts…
}

// trajectory writes events as JSON lines and forwards them to a callback.
type trajectory struct {
	mu    sync.Mutex
	start time.Time
	w     io.Writer
	enc   *json.Encoder
	fn    func(Event)
	// pull, when set, yields events recorded elsewhere (the brain's model
	// exchanges and decisions); they are written before each event.
	pull func() []Event
}

func newTrajectory(w io.Writer, fn func(Event)) *trajectory {
	return &trajectory{start: time.Now(), w: w, enc: json.NewEncoder(w), fn: fn}
}

func (t *trajectory) emit(e Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Since(t.start).Seconds()
	var evs []Event
	if t.pull != nil {
		evs = t.pull()
	}
	for _, x := range append(evs, e) {
		x.T = now
		_ = t.enc.Encode(x)
		if t.fn != nil {
			t.fn(x)
		}
	}
}
