package loops

import (
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/heragent/heragent/report"
)

// trajectory writes events as JSON lines and forwards them to a callback.
type trajectory struct {
	mu    sync.Mutex
	start time.Time
	w     io.Writer
	enc   *json.Encoder
	fn    func(report.Event)
	// pull, when set, yields events recorded elsewhere (the brain's model
	// exchanges and decisions); they are written before each event.
	pull func() []report.Event
}

func newTrajectory(w io.Writer, fn func(report.Event)) *trajectory {
	return &trajectory{start: time.Now(), w: w, enc: json.NewEncoder(w), fn: fn}
}

func (t *trajectory) emit(e report.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Since(t.start).Seconds()
	var evs []report.Event
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
