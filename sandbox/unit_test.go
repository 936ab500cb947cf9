package sandbox

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTailBuffer(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		writes []string
		want   string
	}{
		{"short output kept whole", 64, []string{"a\n", "b\n"}, "a\nb\n"},
		{"cut at a line boundary", 8, []string{"line-one\nline-two\nend\n"}, "end\n"},
		{"many small writes", 4, []string{"1\n", "2\n", "3\n", "4\n", "5\n"}, "4\n5\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newTailBuffer(tt.n)
			for _, w := range tt.writes {
				b.Write([]byte(w))
			}
			if got := b.String(); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTarDirKeepsTreeAndSkipsSpecialFiles(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "src", "deep"), 0o755)
	os.WriteFile(filepath.Join(root, "src", "deep", "a.c"), []byte("int main(){}"), 0o644)
	os.WriteFile(filepath.Join(root, "run.sh"), []byte("#!/bin/sh\n"), 0o755)
	os.Symlink("/etc/passwd", filepath.Join(root, "outside-link"))
	if l, err := net.Listen("unix", filepath.Join(root, "sock")); err == nil {
		defer l.Close()
	}
	var buf bytes.Buffer
	if err := tarDir(&buf, root, "repo"); err != nil {
		t.Fatal(err)
	}
	got := map[string]*tar.Header{}
	tr := tar.NewReader(&buf)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got[h.Name] = h
	}
	for _, want := range []string{"repo/", "repo/src/deep/a.c", "repo/run.sh", "repo/outside-link"} {
		if got[want] == nil {
			t.Errorf("missing %s in %v", want, keys(got))
		}
	}
	if got["repo/sock"] != nil {
		t.Error("socket archived")
	}
	if h := got["repo/outside-link"]; h != nil && (h.Typeflag != tar.TypeSymlink || h.Linkname != "/etc/passwd") {
		t.Errorf("symlink followed or changed: %+v", h)
	}
	if h := got["repo/run.sh"]; h != nil && (h.Mode&0o111 == 0 || h.Uid != 0) {
		t.Errorf("mode or owner lost: %+v", h)
	}
}

func keys(m map[string]*tar.Header) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

const testPEM = `-----BEGIN CERTIFICATE-----
MIIBhTCCASugAwIBAgIQIRi6zePL6mKjOipn+dNuaTAKBggqhkjOPQQDAjASMRAw
DgYDVQQKEwdBY21lIENvMB4XDTE3MTAyMDE5NDMwNloXDTE4MTAyMDE5NDMwNlow
EjEQMA4GA1UEChMHQWNtZSBDbzBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABD0d
7VNhbWvZLWPuj/RtHFjvtJBEwOkhbN/BnnE8rnZR8+sbwnc/KhCk3FhnpHZnQz7B
5aETbbIgmuvewdjvSBSjYzBhMA4GA1UdDwEB/wQEAwICpDATBgNVHSUEDDAKBggr
BgEFBQcDATAPBgNVHRMBAf8EBTADAQH/MCkGA1UdEQQiMCCCDmxvY2FsaG9zdDo1
NDUzgg4xMjcuMC4wLjE6NTQ1MzAKBggqhkjOPQQDAgNIADBFAiEA2zpJEPQyz6/l
Wf86aX6PepsntZv2GYlA5UpabfT2EZICICpJ5h/iI+i341gBmLiAFQOyTDT+/wQc
6MF9+Yw1Yy0t
-----END CERTIFICATE-----
`

func TestLoadCACert(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.crt")
	os.WriteFile(good, []byte("comment before\n"+testPEM), 0o644)
	notPEM := filepath.Join(dir, "bad.crt")
	os.WriteFile(notPEM, []byte("not a certificate"), 0o644)
	tests := []struct {
		name    string
		path    string
		wantErr string
	}{
		{"valid PEM", good, ""},
		{"no certificate", notPEM, "no PEM certificate"},
		{"missing file", filepath.Join(dir, "nope.crt"), "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := LoadCACert(tt.path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(c.Subjects) != 1 || !strings.Contains(c.Subjects[0], "Acme") {
				t.Fatalf("got %+v, %v", c, err)
			}
		})
	}
	certs, err := ResolveCACerts(CAOptions{NoHost: true, Files: []string{good, good}})
	if err != nil || len(certs) != 1 {
		t.Fatalf("duplicates not merged: %d %v", len(certs), err)
	}
	files := caFiles(certs)
	if len(files) != 2 || !bytes.Contains(files[ContainerCABundle], []byte("BEGIN CERTIFICATE")) {
		t.Fatalf("caFiles = %v", files)
	}
}

func TestDebootstrapProgressDropsPerPackageLines(t *testing.T) {
	in := "I: Retrieving InRelease \nI: Retrieving adduser 3.134\nI: Validating adduser 3.134\nI: Unpacking required packages...\nI: Unpacking adduser...\nI: Configuring zlib1g:amd64...\nI: Base system installed successfully.\n"
	var out bytes.Buffer
	d := &debootstrapProgress{w: &out}
	for _, chunk := range []string{in[:10], in[10:50], in[50:]} { // lines split across writes
		d.Write([]byte(chunk))
	}
	want := "I: Retrieving InRelease \nI: Unpacking required packages...\nI: Base system installed successfully.\n"
	if out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

func TestCommittedImageFoundAfterCleanupError(t *testing.T) {
	out := "STEP 10/10: LABEL x\nCOMMIT\n--> 81f12f76212\ntime=\"…\" level=error msg=\"error deleting build container\"\n"
	m := committedRe.FindStringSubmatch(out)
	if m == nil || m[1] != "81f12f76212" {
		t.Fatalf("committed image not found: %v", m)
	}
	if committedRe.MatchString("STEP 9/10: RUN make\n--> 0242fc68b4e\n") {
		t.Fatal("an intermediate step taken for the commit")
	}
}

// podman's store losing a layer the cache lookup named is a race another
// process's removal caused: the build goes again without the cache.
func TestStoreRaceIsRetried(t *testing.T) {
	race := fmt.Errorf("build image: %w", errors.New("checking if cached image exists from a previous build: getting top layer info: layer not known"))
	if !storeRaceRe.MatchString(buildErrText(race)) {
		t.Error("layer not known")
	}
	be := &BuildError{Err: errors.New("exit status 1"), Tail: "Error: image not known\n"}
	if !storeRaceRe.MatchString(buildErrText(be)) {
		t.Error("image not known in the tail")
	}
	if storeRaceRe.MatchString(buildErrText(&BuildError{Err: errors.New("exit status 2"), Tail: "make: *** [all] Error 2\n"})) {
		t.Error("a failed step is no race")
	}
}
