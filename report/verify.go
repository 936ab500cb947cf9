package report

import "github.com/heragent/heragent/pyramid"

// VerifyResult is verify.json: whether the exported Dockerfile, built from
// scratch, reproduces the level the run reported.
type VerifyResult struct {
	SchemaVersion int `json:"schema_version"`
	Provenance
	Out          string          `json:"out"`
	Repo         string          `json:"repo"`
	Level        pyramid.Level   `json:"level"`      // what the run reported
	Reproduced   pyramid.Level   `json:"reproduced"` // what the rebuilt image shows
	Match        bool            `json:"match"`
	Mismatches   []string        `json:"mismatches,omitempty"`
	Commands     []CommandResult `json:"commands"`
	BuildSeconds float64         `json:"build_seconds"`
	// BuiltOn names the shared toolchain layer the Dockerfile was built
	// on instead of its BASE (the base image with repository-free
	// toolchain packages); empty: on BASE itself.
	BuiltOn string `json:"built_on,omitempty"`
	// Image is the ID of the image the Dockerfile built; Tag the name it
	// was kept under (verify --tag). An image without a tag is removed
	// when verify ends.
	Image   string  `json:"image,omitempty"`
	Tag     string  `json:"tag,omitempty"`
	Seconds float64 `json:"seconds"`
}
