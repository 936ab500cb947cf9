package sandbox

import (
	"regexp"
	"testing"
	"time"
)

// Output that says the work is done shortens the silence that ends the
// command, even when the line arrives in pieces; other output does not.
func TestIdleWatchSettles(t *testing.T) {
	re := regexp.MustCompile(`Jest did not exit one second after the test run has completed`)
	w := newIdleWatch(time.Hour)
	defer w.stop()
	w.settle(re, 10*time.Millisecond)
	w.Write([]byte("Tests: 237 passed, 240 total\n"))
	if w.d != time.Hour {
		t.Fatalf("settled on %q", "Tests:")
	}
	w.Write([]byte("Jest did not exit one second "))
	w.Write([]byte("after the test run has completed.\n"))
	if w.d != 10*time.Millisecond {
		t.Fatalf("not settled: %s", w.d)
	}
	select {
	case <-w.fired():
	case <-time.After(5 * time.Second):
		t.Fatal("did not fire after the settled silence")
	}
	// no limit: nothing to shorten
	n := newIdleWatch(0)
	n.settle(re, time.Millisecond)
	n.Write([]byte("Jest did not exit one second after the test run has completed.\n"))
	if n.fired() != nil {
		t.Fatal("a watch without a limit fires")
	}
}
