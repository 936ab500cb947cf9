package report

import "time"

// Provenance says what produced a result and from what: which heragent,
// which revision of the repository, when, on which engine and base image.
type Provenance struct {
	// Heragent is heragent's module version and VCS revision.
	Heragent string `json:"heragent_version"`
	// Commit is the repository's git commit, or "tree:<sha256>" of its
	// files when it is not a git checkout.
	Commit string `json:"commit"`
	// Dirty is set when the git checkout had changes not committed.
	Dirty     bool      `json:"dirty,omitempty"`
	StartedAt time.Time `json:"started_at"`
	EndedAt   time.Time `json:"ended_at"`
	// Engine names the container engine: "Podman Engine 4.3.1 (API 1.41)".
	Engine string `json:"engine"`
	// ImageDigest is the base image's ID (sha256:…).
	ImageDigest string `json:"image_digest"`
}
