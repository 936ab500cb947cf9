package pyramid

import (
	"strings"
	"testing"
)

// A Go example that waits without end (gocron's README scheduler waits a
// minute, its examples/elector `select {}`) is built, then run for a while
// and passes on what it printed; one that ends by itself runs as before.
func TestGoForeverExamples(t *testing.T) {
	cmd := `(d=/tmp/heragent-example-1 r=$PWD; cd "$d" && go mod tidy && timeout 60 go run .)`
	waits := "package main\n\nfunc main() {\n\ts.Start()\n\tselect {\n\tcase <-time.After(time.Minute):\n\t}\n}\n"
	got := goForeverExample(cmd, waits)
	if !strings.Contains(got, "go mod tidy && go build -o /tmp/heragent-forever . && { timeout 20 /tmp/heragent-forever 2>&1 | tee") || !strings.HasSuffix(got, "; }; })") {
		t.Errorf("a program waiting a minute: %s", got)
	}
	if got := goForeverExample(cmd, "package main\n\nfunc main() {\n\ttime.Sleep(5 * time.Second)\n}\n"); got != cmd {
		t.Errorf("a program ending by itself was rewritten: %s", got)
	}
	if !goForeverRe.MatchString("\tselect {} // wait forever\n") || goForeverRun("go run ./examples/elector") == "" {
		t.Error("examples/elector's select {} is not a program running until stopped")
	}
	if goForeverRun("cd sub && go run ./x") != "" || goForeverRun("go run ./x --flag") != "" {
		t.Error("a run command that is not one package's `go run` got the forever form")
	}
}
