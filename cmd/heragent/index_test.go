package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/bashfile/debindex"
)

func TestIndexLookupExitCodes(t *testing.T) {
	f, err := os.Open("../../bashfile/debindex/testdata/Contents-excerpt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ix, err := debindex.Parse(debindex.Meta{Suite: "bookworm", Arch: "amd64"}, nil, f)
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	if err := ix.Save(filepath.Join(cache, "bookworm-amd64.idx")); err != nil {
		t.Fatal(err)
	}
	// Keep the test's own output quiet.
	devnull, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = devnull, devnull
	t.Cleanup(func() { os.Stdout, os.Stderr = stdout, stderr; devnull.Close() })

	base := []string{"--suite", "bookworm", "--arch", "amd64", "--offline"}
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"found", append([]string{"index", "lookup", "header", "zlib.h", "--cache-dir", cache}, base...), ExitOK},
		{"json", append([]string{"index", "lookup", "cmake", "GTest", "--json", "--cache-dir", cache}, base...), ExitOK},
		{"not found is not an error", append([]string{"index", "lookup", "header", "nosuch.h", "--cache-dir", cache}, base...), ExitOK},
		{"unknown kind", append([]string{"index", "lookup", "bogus", "x", "--cache-dir", cache}, base...), ExitUsage},
		{"missing name", []string{"index", "lookup", "header"}, ExitUsage},
		{"no cache offline", append([]string{"index", "lookup", "header", "zlib.h", "--cache-dir", t.TempDir()}, base...), ExitEnv},
		{"mirror unreachable", []string{"index", "update", "--suite", "bookworm", "--arch", "amd64", "--mirror", "http://127.0.0.1:1/debian", "--cache-dir", t.TempDir()}, ExitEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := run(context.Background(), tt.args); got != tt.want {
				t.Errorf("run(%v) = %d, want %d", tt.args, got, tt.want)
			}
		})
	}
}
