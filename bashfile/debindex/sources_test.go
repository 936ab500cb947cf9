package debindex

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseSourcesList(t *testing.T) {
	in := `# comment
deb http://ftp.de.debian.org/debian bookworm main contrib
deb [arch=amd64 signed-by=/usr/share/keyrings/x.gpg] http://security.debian.org/debian-security bookworm-security main
deb-src http://deb.debian.org/debian bookworm main
deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main # trailing comment
garbage line
`
	got, err := ParseSourcesList(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []AptSource{
		{Types: []string{"deb"}, URIs: []string{"http://ftp.de.debian.org/debian"}, Suites: []string{"bookworm"}, Components: []string{"main", "contrib"}, Enabled: true},
		{Types: []string{"deb"}, URIs: []string{"http://security.debian.org/debian-security"}, Suites: []string{"bookworm-security"}, Components: []string{"main"}, Enabled: true},
		{Types: []string{"deb-src"}, URIs: []string{"http://deb.debian.org/debian"}, Suites: []string{"bookworm"}, Components: []string{"main"}, Enabled: true},
		{Types: []string{"deb"}, URIs: []string{"https://packages.cloud.google.com/apt"}, Suites: []string{"cloud-sdk-bookworm"}, Components: []string{"main"}, Enabled: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestParseDeb822Sources(t *testing.T) {
	in := `Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main

Types: deb deb-src
URIs: http://mirror.example/debian
Suites: bookworm
Components: main
Enabled: no
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 -----END PGP PUBLIC KEY BLOCK-----
`
	got, err := ParseDeb822Sources(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d sources, want 3: %+v", len(got), got)
	}
	if want := (AptSource{Types: []string{"deb"}, URIs: []string{"http://deb.debian.org/debian"}, Suites: []string{"bookworm", "bookworm-updates"}, Components: []string{"main"}, Enabled: true}); !reflect.DeepEqual(got[0], want) {
		t.Errorf("got[0] = %+v", got[0])
	}
	if got[2].Enabled || !reflect.DeepEqual(got[2].Types, []string{"deb", "deb-src"}) {
		t.Errorf("got[2] = %+v", got[2])
	}
}

func TestMirrorFor(t *testing.T) {
	srcs := []AptSource{
		{Types: []string{"deb"}, URIs: []string{"http://deb.debian.org/debian-security"}, Suites: []string{"bookworm-security"}, Components: []string{"main"}, Enabled: true},
		{Types: []string{"deb"}, URIs: []string{"http://disabled.example/debian"}, Suites: []string{"bookworm"}, Components: []string{"main"}},
		{Types: []string{"deb-src"}, URIs: []string{"http://src.example/debian"}, Suites: []string{"bookworm"}, Components: []string{"main"}, Enabled: true},
		{Types: []string{"deb"}, URIs: []string{"http://third.party/apt"}, Suites: []string{"bookworm"}, Components: []string{"main"}, Enabled: true},
		{Types: []string{"deb"}, URIs: []string{"http://ftp.fr.debian.org/debian/"}, Suites: []string{"bookworm", "bookworm-updates"}, Components: []string{"main"}, Enabled: true},
	}
	tests := []struct {
		suite, want string
		ok          bool
	}{
		{"bookworm", "http://ftp.fr.debian.org/debian", true},
		{"bookworm-security", "http://deb.debian.org/debian-security", true},
		{"trixie", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.suite, func(t *testing.T) {
			got, ok := MirrorFor(srcs, tt.suite)
			if got != tt.want || ok != tt.ok {
				t.Errorf("MirrorFor(%s) = %q, %v; want %q, %v", tt.suite, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestReadAptSources(t *testing.T) {
	root := t.TempDir()
	d := filepath.Join(root, "etc/apt/sources.list.d")
	os.MkdirAll(d, 0o755)
	os.WriteFile(filepath.Join(d, "debian.sources"), []byte("Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm\nComponents: main\n"), 0o644)
	os.WriteFile(filepath.Join(d, "old.list.disabled"), []byte("deb http://ignored.example/debian bookworm main\n"), 0o644)
	srcs, err := ReadAptSources(root)
	if err != nil {
		t.Fatal(err)
	}
	if u, ok := MirrorFor(srcs, "bookworm"); !ok || u != "http://mirror.example/debian" {
		t.Errorf("mirror = %q, %v (sources %+v)", u, ok, srcs)
	}
	os.WriteFile(filepath.Join(root, "etc/os-release"), []byte("ID=debian\nVERSION_CODENAME=\"trixie\"\n"), 0o644)
	o, err := Options{AptRoot: root, CacheDir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	// The host's Debian mirror serves every suite; it beats a default the
	// host may not reach.
	if o.Suite != "trixie" || o.Mirror != "http://mirror.example/debian" {
		t.Errorf("defaults: suite %q mirror %q", o.Suite, o.Mirror)
	}
}

func TestHostMirror(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "etc/apt/sources.list.d"), 0o755)
	os.WriteFile(filepath.Join(root, "etc/apt/sources.list"), []byte(`deb [arch=amd64] http://mirror.example/debian bookworm main
deb http://security.example/debian-security bookworm-security main
`), 0o644)
	os.WriteFile(filepath.Join(root, "etc/apt/sources.list.d/other.sources"), []byte(`Types: deb
URIs: http://other.example/debian
Suites: trixie
Components: main

Types: deb
URIs: https://third-party.example/apt
Suites: nodistro
Components: main
`), 0o644)
	tests := []struct{ suite, want string }{
		{"bookworm", "http://mirror.example/debian"},
		{"trixie", "http://other.example/debian"},
		{"sid", "http://mirror.example/debian"}, // any Debian archive beats the default
	}
	for _, tt := range tests {
		if got := HostMirror(root, tt.suite); got != tt.want {
			t.Errorf("HostMirror(%s) = %s, want %s", tt.suite, got, tt.want)
		}
	}
	if got := HostMirror(t.TempDir(), "bookworm"); got != DefaultMirror {
		t.Errorf("no sources: %s", got)
	}
}
