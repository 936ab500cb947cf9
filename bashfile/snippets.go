package bashfile

import (
	"fmt"
	"strings"
)

// Shell snippets shared by the detectors and the repair rules: each is one
// statement for a section, idempotent, and proven in bookworm containers.

// GoToolchainProxy is the Go module proxy path of the golang.org/toolchain
// module, whose zips are complete Go distributions.
const GoToolchainProxy = "https://proxy.golang.org/golang.org/toolchain/@v/"

// GoToolchainDir is where GoToolchainInstall puts Go minor (e.g. "1.22").
func GoToolchainDir(minor string) string { return "/usr/local/go" + minor }

// GoToolchainInstall installs the newest patch release of Go minor
// ("1.22") from the Go module proxy's golang.org/toolchain module into
// GoToolchainDir(minor), choosing the release from the module's version
// list when the script runs. Follow it with
// `path_prepend GoToolchainDir(minor)/bin`.
func GoToolchainInstall(minor string) string {
	dir := GoToolchainDir(minor)
	vre := strings.ReplaceAll(minor, ".", `\.`)
	return fmt.Sprintf(`if [ ! -x %[1]s/bin/go ]; then
  pkg_install ca-certificates curl unzip
  arch=$(dpkg --print-architecture)
  v=$(curl -fsSL --retry 5 --retry-all-errors --retry-delay 2 %[2]slist | grep -E "^v0\.0\.1-go%[3]s(\.[0-9]+)?\.linux-${arch}\$" | sort -V | tail -n 1 || true)
  [ -n "$v" ] || { log "no Go %[4]s toolchain on the Go module proxy"; exit 1; }
  log "installing Go toolchain $v"
  curl -fsSL --retry 5 --retry-all-errors --retry-delay 2 -o /tmp/go-toolchain.zip "%[2]s$v.zip"
  rm -rf /tmp/go-toolchain && unzip -q /tmp/go-toolchain.zip -d /tmp/go-toolchain
  mv "/tmp/go-toolchain/golang.org/toolchain@$v" %[1]s
  chmod -R a+rX %[1]s && chmod a+x %[1]s/bin/* %[1]s/pkg/tool/*/*
  rm -rf /tmp/go-toolchain /tmp/go-toolchain.zip
fi`, dir, GoToolchainProxy, vre, minor)
}

// aptMirror sets mirror to the Debian mirror the image's apt sources use
// (list or deb822 format), "" when none is found.
const aptMirror = `mirror=$(grep -rhoE '^(deb|URIs:)[[:space:]]+(\[[^]]*\][[:space:]]+)?[a-z]+://[^[:space:]]+' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null | grep -oE '[a-z]+://[^[:space:]]+' | head -n 1 || true)`

// NewerInstall installs pkgs from the next Debian release (bookworm's is
// trixie), and only them: its suite is added pinned below the release's
// own (priority 100), so nothing else is taken from it, and each package
// is asked for by that suite (pkg/trixie) while its dependencies stay the
// release's — apt refuses rather than upgrade Python itself.
func NewerInstall(pkgs ...string) string {
	return `{
  ` + nextSuite + `
  apt-get install -y -qq --no-install-recommends -o Acquire::Retries=5 $(for p in ` + strings.Join(pkgs, " ") + `; do echo "$p/$next"; done)
}`
}

// nextSuite sets next to the next Debian release and adds its suite,
// pinned below the release's own, once. Fetching its index is bounded (a
// stalled download held gom's run in apt-get update until its time was
// spent): when it fails the suite is taken out again and said so.
const nextSuite = `codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  case "$codename" in bullseye) next=bookworm ;; bookworm) next=trixie ;; trixie) next=forky ;; *) next=testing ;; esac
  if ! grep -rqs -- " $next main" /etc/apt/sources.list.d/heragent-next.list; then
    ` + aptMirror + `
    echo "deb ${mirror:-http://deb.debian.org/debian} $next main" >/etc/apt/sources.list.d/heragent-next.list
    printf 'Package: *\nPin: release n=%s\nPin-Priority: 100\n' "$next" >/etc/apt/preferences.d/heragent-next
    if ! timeout 240 apt-get update -qq -o Acquire::Retries=2 -o Acquire::http::Timeout=30; then
      log "the index of Debian $next could not be fetched in 4 minutes"
      rm -f /etc/apt/sources.list.d/heragent-next.list /etc/apt/preferences.d/heragent-next
      apt-get update -qq -o Acquire::Retries=5 || true
    fi
  fi`

// NewerInstallAvailable is NewerInstall of the packages the next release
// has that install beside this release's: a package it lacks, or one
// whose dependencies this release cannot meet, is logged and left out,
// and the script goes on (a guess at a package's name for a module this
// release does not package).
func NewerInstallAvailable(pkgs ...string) string {
	return `{
  ` + nextSuite + `
  for p in ` + strings.Join(pkgs, " ") + `; do
    if ! apt-cache madison "$p" | grep -q " $next/"; then
      log "Debian $next has no $p"
    elif ! apt-get install -y -qq --no-install-recommends -o Acquire::Retries=5 "$p/$next"; then
      log "$p of Debian $next does not install beside $codename's packages"
    fi
  done
}`
}

// BackportsInstall adds the release's backports suite (on the mirror the
// image already uses, list or deb822 sources) and installs pkgs from it.
func BackportsInstall(pkgs ...string) string {
	return `{
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  if ! grep -rqs -- "$codename-backports" /etc/apt/sources.list /etc/apt/sources.list.d; then
    ` + aptMirror + `
    echo "deb ${mirror:-http://deb.debian.org/debian} $codename-backports main" >/etc/apt/sources.list.d/heragent-backports.list
    apt-get update -qq -o Acquire::Retries=5
  fi
  apt-get install -y -qq --no-install-recommends -o Acquire::Retries=5 -t "$codename-backports" ` + strings.Join(pkgs, " ") + `
}`
}
