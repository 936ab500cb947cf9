package sandbox

import (
	"context"
	"strings"
)

// LabelSuite names the Debian suite of an image `heragent image bootstrap`
// made.
const LabelSuite = "io.heragent.suite"

// PublicBase names the image an exported Dockerfile's ARG BASE defaults
// to for a run on ref: the registry image pinned by its digest when ref
// came from a registry; debian:<suite> for an image `heragent image
// bootstrap` made (debootstrap of that suite from Debian's archive, never
// in a registry, so there is no digest to pin); else ref itself.
func (e *Engine) PublicBase(ctx context.Context, ref string) string {
	ins, err := e.api.ImageInspect(ctx, ref)
	if err != nil {
		return ref
	}
	var labels map[string]string
	if ins.Config != nil {
		labels = ins.Config.Labels
	}
	return publicBase(ref, ins.RepoTags, ins.RepoDigests, labels)
}

func publicBase(ref string, tags, digests []string, labels map[string]string) string {
	for _, d := range digests {
		repo, digest, ok := strings.Cut(d, "@")
		if !ok || local(repo) {
			continue
		}
		for _, t := range tags {
			if i := strings.LastIndex(t, ":"); i > 0 && t[:i] == repo {
				return t + "@" + digest // debian:bookworm@sha256:…
			}
		}
		return d
	}
	if s := labels[LabelSuite]; s != "" && labels[LabelKind] == KindBase {
		return "debian:" + s
	}
	return ref
}

// local reports whether an image repository never left this host.
func local(repo string) bool {
	return repo == "localhost" || strings.HasPrefix(repo, "localhost/") || strings.HasPrefix(repo, "localhost:")
}
