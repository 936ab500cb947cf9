package sandbox

import "time"

// idleWatch fires when nothing was written to it for a while: a command
// whose output stopped is waiting for something that will not come.
type idleWatch struct {
	d time.Duration
	t *time.Timer
}

// newIdleWatch watches for d of silence; a zero d never fires.
func newIdleWatch(d time.Duration) *idleWatch {
	w := &idleWatch{d: d}
	if d > 0 {
		w.t = time.NewTimer(d)
	}
	return w
}

// Write restarts the wait: the command is still talking.
func (w *idleWatch) Write(p []byte) (int, error) {
	if w.t != nil && len(p) > 0 {
		w.t.Reset(w.d)
	}
	return len(p), nil
}

// fired delivers once the silence lasted d; it is nil (never ready) when
// there is no limit.
func (w *idleWatch) fired() <-chan time.Time {
	if w.t == nil {
		return nil
	}
	return w.t.C
}

func (w *idleWatch) stop() {
	if w.t != nil {
		w.t.Stop()
	}
}
