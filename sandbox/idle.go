package sandbox

import (
	"regexp"
	"time"
)

// idleWatch fires when nothing was written to it for a while: a command
// whose output stopped is waiting for something that will not come.
// Once the output says the work is done (settle), a shorter silence is
// enough: what lingers then is a process that does not exit.
type idleWatch struct {
	d time.Duration
	t *time.Timer

	settled  *regexp.Regexp
	settledD time.Duration
	carry    []byte // the end of the output so far, for a line split across writes
	done     bool
}

// newIdleWatch watches for d of silence; a zero d never fires.
func newIdleWatch(d time.Duration) *idleWatch {
	w := &idleWatch{d: d}
	if d > 0 {
		w.t = time.NewTimer(d)
	}
	return w
}

// settle shortens the silence to d once output matches re (only for a
// watch with a limit).
func (w *idleWatch) settle(re *regexp.Regexp, d time.Duration) {
	if w.t != nil && d < w.d {
		w.settled, w.settledD = re, d
	}
}

// carryBytes is how much of the output's end is kept to match a line
// that arrives in pieces.
const carryBytes = 512

// Write restarts the wait: the command is still talking.
func (w *idleWatch) Write(p []byte) (int, error) {
	if w.t == nil || len(p) == 0 {
		return len(p), nil
	}
	if w.settled != nil && !w.done {
		buf := append(w.carry, p...)
		if w.settled.Match(buf) {
			w.done, w.d, w.carry = true, w.settledD, nil
		} else {
			w.carry = append([]byte(nil), buf[max(0, len(buf)-carryBytes):]...)
		}
	}
	w.t.Reset(w.d)
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
