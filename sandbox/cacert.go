package sandbox

import (
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// CACert is one PEM file of CA certificates a sandbox must trust.
type CACert struct {
	Source string `json:"source"` // host path it came from
	PEM    []byte `json:"-"`
	// Subjects names the certificates in the file, for reports.
	Subjects []string `json:"subjects"`
}

// hostCADirs are where distributions keep locally added (not distribution
// provided) CA certificates: Debian/Ubuntu, Fedora/RHEL, Arch, SUSE.
var hostCADirs = []string{
	"/usr/local/share/ca-certificates",
	"/etc/pki/ca-trust/source/anchors",
	"/etc/ca-certificates/trust-source/anchors",
	"/etc/pki/trust/anchors",
}

// In-container locations of the injected certificates.
const (
	// ContainerCADir is scanned (recursively) by Debian's update-ca-certificates,
	// so the certificates survive a later install of the ca-certificates package.
	ContainerCADir = "/usr/local/share/ca-certificates/heragent"
	// ContainerCABundle holds only the injected certificates, for tools that
	// take "extra" CAs (NODE_EXTRA_CA_CERTS).
	ContainerCABundle = "/etc/ssl/heragent-ca.pem"
	// systemBundle is the distribution's merged bundle.
	systemBundle = "/etc/ssl/certs/ca-certificates.crt"
)

// HostCACerts finds the CA certificates the host administrator added on top
// of the distribution's set (corporate or TLS-intercepting proxies). Files
// that hold no certificate are ignored.
func HostCACerts() ([]CACert, error) {
	var out []CACert
	for _, dir := range hostCADirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) || os.IsPermission(err) {
					return fs.SkipDir
				}
				return err
			}
			if d.IsDir() {
				return nil
			}
			c, err := LoadCACert(path)
			if err != nil {
				return nil // not a certificate: not ours to judge
			}
			out = append(out, c)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("scan host CA directory %s: %w", dir, err)
		}
	}
	return dedupeCerts(out), nil
}

// LoadCACert reads a PEM file and checks it holds at least one certificate.
func LoadCACert(path string) (CACert, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return CACert{}, fmt.Errorf("read CA certificate: %w", err)
	}
	c := CACert{Source: path}
	rest := data
	for {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			break
		}
		if b.Type != "CERTIFICATE" {
			continue
		}
		cert, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			return CACert{}, fmt.Errorf("parse CA certificate %s: %w", path, err)
		}
		c.PEM = append(c.PEM, pem.EncodeToMemory(b)...)
		c.Subjects = append(c.Subjects, cert.Subject.String())
	}
	if len(c.Subjects) == 0 {
		return CACert{}, fmt.Errorf("load CA certificate %s: no PEM certificate in file", path)
	}
	return c, nil
}

// CAOptions selects the certificates sandboxes trust.
type CAOptions struct {
	NoHost bool     // do not use the host's extra CAs
	Files  []string // additional PEM files (--ca-cert)
}

// ResolveCACerts returns the host's extra CAs (unless disabled) plus the
// given files. A given file that is missing or not a certificate is an error.
func ResolveCACerts(o CAOptions) ([]CACert, error) {
	var out []CACert
	if !o.NoHost {
		host, err := HostCACerts()
		if err != nil {
			return nil, err
		}
		out = append(out, host...)
	}
	for _, f := range o.Files {
		c, err := LoadCACert(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return dedupeCerts(out), nil
}

func dedupeCerts(in []CACert) []CACert {
	seen := map[string]bool{}
	var out []CACert
	for _, c := range in {
		h := certHash(c.PEM)
		if seen[h] {
			continue
		}
		seen[h] = true
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Source < out[j].Source })
	return out
}

func certHash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:8])
}

// caFiles lays out the certificates as files for the container: one .crt
// per certificate file (named by content, so names never collide) and the
// bundle of all of them.
func caFiles(certs []CACert) map[string][]byte {
	if len(certs) == 0 {
		return nil
	}
	files := map[string][]byte{}
	var bundle []byte
	for _, c := range certs {
		base := strings.TrimSuffix(filepath.Base(c.Source), filepath.Ext(c.Source))
		files[filepath.Join(ContainerCADir, base+"-"+certHash(c.PEM)+".crt")] = c.PEM
		bundle = append(bundle, c.PEM...)
	}
	files[ContainerCABundle] = bundle
	return files
}

// CAEnv points the common TLS clients at the system bundle (which will
// include the injected CAs) or, for Node, at the extra CAs only.
func CAEnv() []string {
	return []string{
		"NODE_EXTRA_CA_CERTS=" + ContainerCABundle,
		"PIP_CERT=" + systemBundle,
		"REQUESTS_CA_BUNDLE=" + systemBundle,
		"CARGO_HTTP_CAINFO=" + systemBundle,
		"GIT_SSL_CAINFO=" + systemBundle,
	}
}

// CAInstallScript makes the injected CAs part of the system trust store.
// When the distribution's bundle exists the certificates are appended to it
// and linked into /etc/ssl/certs, as update-ca-certificates would do, in a
// fraction of its time (it rehashes every certificate); a later
// update-ca-certificates (the ca-certificates package's postinst) keeps them
// because they live in its local directory. Appending is skipped for
// certificates already there (sandboxes started from checkpoints).
const CAInstallScript = `set -e
b=` + systemBundle + `
if [ -f "$b" ]; then
  for c in ` + ContainerCADir + `/*.crt; do
    ln -sf "$c" "/etc/ssl/certs/heragent-$(basename "$c" .crt).pem"
    grep -qF "$(sed -n 2p "$c")" "$b" || cat "$c" >> "$b"
  done
elif command -v update-ca-certificates >/dev/null 2>&1; then
  update-ca-certificates >/dev/null 2>&1
elif command -v update-ca-trust >/dev/null 2>&1; then
  mkdir -p /etc/pki/ca-trust/source/anchors && cp ` + ContainerCADir + `/*.crt /etc/pki/ca-trust/source/anchors/ && update-ca-trust
else
  mkdir -p /etc/ssl/certs && cat ` + ContainerCABundle + ` > "$b"
fi`
