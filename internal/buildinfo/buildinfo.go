// Package buildinfo says which heragent is running: the module version
// and the VCS revision Go stamped into the binary.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Info is what the binary knows of its own build.
type Info struct {
	Version  string `json:"version"`            // module version, "(devel)" for a local build
	Revision string `json:"revision,omitempty"` // VCS commit
	Time     string `json:"time,omitempty"`     // commit time
	Modified bool   `json:"modified,omitempty"` // built from a work tree with changes
	Go       string `json:"go"`
}

// Read returns the running binary's build information.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: "unknown"}
	}
	in := Info{Version: bi.Main.Version, Go: bi.GoVersion}
	if in.Version == "" {
		in.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.time":
			in.Time = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// String is the one-line form: "v1.2.3 (rev 0123456789ab, modified)".
// Go's pseudo-version of a modified work tree already names the revision.
func (in Info) String() string {
	var extra []string
	if in.Revision != "" && !strings.Contains(in.Version, in.Revision[:min(12, len(in.Revision))]) {
		r := in.Revision
		if len(r) > 12 {
			r = r[:12]
		}
		extra = append(extra, "rev "+r)
	}
	if in.Modified {
		extra = append(extra, "modified")
	}
	if len(extra) == 0 {
		return in.Version
	}
	return in.Version + " (" + strings.Join(extra, ", ") + ")"
}

// Version is Read().String().
func Version() string { return Read().String() }
