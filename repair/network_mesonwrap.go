package repair

import (
	"net/url"
	"regexp"
	"strings"
)

// mesonWrapRe is meson giving up on a subproject it would download for a
// dependency the system lacks: "ERROR: Git program not found, cannot
// download debugbreak.wrap via git." (Criterion's debugbreak, klib,
// boxfort). Installing git would only move the failure to the clone: the
// wrap's host is what the sandbox cannot reach.
var mesonWrapRe = regexp.MustCompile(`cannot download (\S+)\.wrap\b|Automatic wrap-based subproject downloading is disabled`)

// wrapURLRe is a wrap file's url or source_url line.
var wrapURLRe = regexp.MustCompile(`(?m)^\s*(?:source_)?url\s*=\s*(\S+)`)

// mesonWrap diagnoses a meson subproject download as needing the network,
// naming the host of the wrap file's URL when the repository has it.
func mesonWrap(f Failure, kind Kind) *Diagnosis {
	for _, l := range logLines(f.Log) {
		m := mesonWrapRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		d := &Diagnosis{Kind: kind, Evidence: strings.TrimSpace(l)}
		if m[1] != "" && f.Repo != nil {
			if b, err := f.Repo.ReadFile("subprojects/" + m[1] + ".wrap"); err == nil {
				if u := wrapURLRe.FindSubmatch(b); u != nil {
					if p, err := url.Parse(string(u[1])); err == nil && p.Host != "" {
						d.Subject = p.Host
						d.Evidence += " (subprojects/" + m[1] + ".wrap: " + string(u[1]) + ")"
					}
				}
			}
		}
		return d
	}
	return nil
}
