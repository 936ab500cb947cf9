// Package outmark marks the directories heragent writes its outputs to
// (a run's --out and its staging directory), so that one inside a
// repository — `heragent run .` writes ./heragent-out/<name> — is never
// taken for part of it: not copied into sandboxes or a verify build's
// context, not hashed into checkpoint keys, not indexed by the graph.
package outmark

import (
	"os"
	"path/filepath"
)

// Name is the marker file.
const Name = ".heragent-output"

// Write marks dir as heragent's.
func Write(dir string) error {
	return os.WriteFile(filepath.Join(dir, Name), []byte("heragent outputs: never part of a repository\n"), 0o644)
}

// Is reports whether dir is marked.
func Is(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, Name))
	return err == nil
}
