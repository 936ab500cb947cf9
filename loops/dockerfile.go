package loops

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/sandbox"
)

// Dockerfile renders a Dockerfile that materialises the environment from
// the public base image, buildable by any Docker (classic builder or
// BuildKit) or podman without heragent. Its build context is the export
// directory with the repository in repo/: the scripts are COPY'd from
// there, and .dockerignore (DockerIgnore) keeps the reports out. Each
// section of setup.sh before the build is a layer of its own, run before
// the repository is copied when it reads nothing of it (PlanLayers), so a
// source edit re-runs only the build. The CA of a TLS-intercepting proxy
// is a build arg every builder takes (or, edited in, a BuildKit/podman
// secret), trusted during each step and removed after it.
func (x Export) Dockerfile() string {
	var b strings.Builder
	b.WriteString(x.header())
	fmt.Fprintf(&b, "ARG BASE=%s\nFROM ${BASE}\n", x.base())
	b.WriteString("ARG HERAGENT_CA_PEM=\"\"\n")
	fmt.Fprintf(&b, "ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8\nWORKDIR %s\n", sandbox.RepoDir)
	fmt.Fprintf(&b, "COPY setup.sh %s /heragent/\n", buildCAName)
	for _, l := range x.layers() {
		if c := copyLines(l.Copy); c != "" {
			fmt.Fprintf(&b, "# %s\n%s", l.Why, c)
		}
		spec, _ := bashfile.Spec(l.Section)
		fmt.Fprintf(&b, "# %s\nRUN sh %s bash %s %s\n", spec.Title, imageBuildCAPath, imageSetupPath, spec.Func)
	}
	fmt.Fprintf(&b, "COPY entrypoint.sh /heragent/\n")
	b.WriteString(x.labels())
	fmt.Fprintf(&b, "ENTRYPOINT [\"bash\", %q]\n", imageEntrypointPath)
	return b.String()
}

// header is the Dockerfile's comment: how to build it, on each engine,
// with and without a registry and behind a TLS-intercepting proxy.
func (x Export) header() string {
	name := x.Name
	if name == "" {
		name = "my-env"
	}
	get := "cp -a /path/to/the/checkout repo"
	if x.Source != "" {
		get = "git clone " + x.Source + " repo"
		if x.Revision != "" {
			get += " && git -C repo checkout " + x.Revision
		}
	}
	return `# Dockerfile exported by heragent: the environment setup.sh prepares, one
# layer per section, the repository copied as late as the sections allow.
#
# Build it in this directory, with the repository in repo/ beside it
# (.dockerignore keeps the reports, logs and repo/.git out of the context):
#   ` + get + `
#   docker build -t ` + name + ` .       # Docker Engine: classic builder or BuildKit
#   podman build -t ` + name + ` .
#   docker run --rm ` + name + `         # runs the command that proved the level
# BASE is the public image the environment was proved on. Without a
# registry, use the image ` + "`heragent image bootstrap`" + ` makes:
#   --build-arg BASE=` + sandbox.DefaultImage + `
#
# Behind a TLS-intercepting proxy, give the build the proxy's CA certificate:
#   --build-arg HERAGENT_CA_PEM="$(cat proxy-ca.crt)"
# Every builder takes it. Each step trusts it and removes it from the
# image's trust store afterwards, but a build arg's value stays visible in
# ` + "`docker history`" + ` (a CA certificate is public, not a key). With BuildKit or
# podman a secret leaves no trace:
#   sed 's|^RUN sh /heragent/|RUN --mount=type=secret,id=ca sh /heragent/|' Dockerfile > Dockerfile.secret
#   DOCKER_BUILDKIT=1 docker build --secret id=ca,src=proxy-ca.crt -f Dockerfile.secret -t ` + name + ` .
#   podman build --secret id=ca,src=proxy-ca.crt -f Dockerfile.secret -t ` + name + ` .
`
}

func (x Export) base() string {
	if x.Base != "" {
		return x.Base
	}
	return x.BaseImage
}

// layers are the Dockerfile's RUNs; without a plan, the repository first
// and every section after it.
func (x Export) layers() []Layer {
	if x.Layers != nil {
		return x.Layers
	}
	return []Layer{
		{Section: bashfile.Base, Copy: []string{wholeRepo}, Why: "the repository, before every section"},
		{Section: bashfile.Runtimes},
		{Section: bashfile.Build},
	}
}

// copyLines copies repository paths from the context's repo/ to where
// setup.sh expects them, one COPY per directory.
func copyLines(paths []string) string {
	var b strings.Builder
	byDir := map[string][]string{}
	var dirs []string
	for _, p := range paths {
		if p == wholeRepo {
			fmt.Fprintf(&b, "COPY %s/ ./\n", contextRepo)
			continue
		}
		d := path.Dir(p)
		if _, ok := byDir[d]; !ok {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], p)
	}
	for _, d := range dirs {
		args := []string{}
		for _, p := range byDir[d] {
			args = append(args, fmt.Sprintf("%q", contextRepo+"/"+p))
		}
		dest := "./"
		if d != "." {
			dest = "./" + d + "/"
		}
		fmt.Fprintf(&b, "COPY [%s, %q]\n", strings.Join(args, ", "), dest)
	}
	return b.String()
}

// labels renders the OCI labels and heragent's, last so that a new
// revision or level changes no layer. The kind label overrides the one
// the bootstrap image carries: gc never removes an exported image.
func (x Export) labels() string {
	created := x.Created
	if created.IsZero() {
		created = time.Now()
	}
	ls := []Label{}
	if x.Source != "" {
		ls = append(ls, Label{"org.opencontainers.image.source", x.Source})
	}
	if x.Revision != "" {
		ls = append(ls, Label{"org.opencontainers.image.revision", x.Revision})
	}
	ls = append(ls, Label{"org.opencontainers.image.created", "${CREATED}"})
	ls = append(ls, x.Labels...)
	ls = append(ls, Label{sandbox.LabelKind, sandbox.KindExport})
	var b strings.Builder
	fmt.Fprintf(&b, "# created: when heragent proved the environment (--build-arg CREATED=... to stamp the build)\nARG CREATED=%s\nLABEL", created.UTC().Format(time.RFC3339))
	for i, l := range ls {
		v := labelValue(l.Value)
		if l.Value == "${CREATED}" {
			v = `"${CREATED}"`
		}
		sep := " \\\n      "
		if i == 0 {
			sep = " "
		}
		fmt.Fprintf(&b, "%s%s=%s", sep, l.Key, v)
	}
	b.WriteString("\n")
	return b.String()
}

// labelValue quotes a LABEL value: no variable expansion, one line.
func labelValue(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`, "\n", " ", "\r", " ")
	return `"` + r.Replace(s) + `"`
}
