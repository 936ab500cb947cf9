// Package deploy runs repository code in containers: the sandbox on the
// Docker Engine API, base images, the execution and feedback loops, and the
// exports that reproduce a run.
package deploy

import "errors"

// Sentinel errors callers branch on (the CLI maps them to exit code 3).
var (
	// ErrEngineUnavailable means no Docker-compatible engine answered.
	ErrEngineUnavailable = errors.New("container engine unavailable")
	// ErrImageMissing means the base image is not present in the engine.
	ErrImageMissing = errors.New("base image missing")
)

// ErrBadRepo means the repository path given is not a usable directory.
var ErrBadRepo = errors.New("bad repository")
