// Package sandbox is the container engine adapter: sandboxes on the Docker
// Engine API (Docker Engine or podman, through the official SDK), command
// execution, checkpoints, image builds, base images, gc and doctor. It knows
// nothing of levels: the loops (package loops) decide what to run.
package sandbox

import "errors"

// Sentinel errors callers branch on (the CLI maps them to exit code 3).
var (
	// ErrEngineUnavailable means no Docker-compatible engine answered.
	ErrEngineUnavailable = errors.New("container engine unavailable")
	// ErrImageMissing means the base image is not present in the engine.
	ErrImageMissing = errors.New("base image missing")
)

// ErrSandboxStopped means the sandbox's container is no longer running
// (its main process was killed: out of memory, or a command killed every
// process), so nothing more can run in it.
var ErrSandboxStopped = errors.New("the sandbox stopped")

// ErrBadRepo means the repository path given is not a usable directory.
var ErrBadRepo = errors.New("bad repository")
