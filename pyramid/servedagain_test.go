package pyramid

import (
	"strings"
	"testing"
)

// A program that timed out saying it serves on a port is run again as a
// server probe on that port; one that said nothing of the kind is not.
func TestServedAgain(t *testing.T) {
	c := Command{Text: "python -m web.tutorial.hello", Bucket: Entry, Level: Runnable, Reason: "runs the module"}
	for out, port := range map[string]string{
		"[01/Dec/2026:06:30:00] ENGINE Serving on http://127.0.0.1:8080\n": "8080",
		"Listening on port 3000\n": "3000",
		"INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n": "8000",
		"server started at localhost:4000\n":                                        "4000",
	} {
		s, ok := ServedAgain(c, out)
		if !ok || !s.Background || s.Serve != c.Text || !strings.Contains(s.Text, "http://127.0.0.1:"+port+"/") {
			t.Errorf("%q: %v %+v", out, ok, s)
		}
	}
	for _, out := range []string{"processing 10:30 frames\n", "done\n", "running test 12 of 40\n"} {
		if _, ok := ServedAgain(c, out); ok {
			t.Errorf("%q: served again", out)
		}
	}
}
