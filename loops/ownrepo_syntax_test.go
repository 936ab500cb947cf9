package loops

import (
	"os/exec"
	"testing"
)

// The root part of a command run as the unprivileged user is one valid
// shell command list, whatever it gives the user (the repository, Go's
// caches), before `exec "$@"` hands over.
func TestOwnRepoSyntax(t *testing.T) {
	if out, err := exec.Command("bash", "-n", "-c", ownRepo("heragent")+"; exec \"$@\"").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
}
