package sandbox_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/heragent/heragent/internal/enginetest"
	"github.com/heragent/heragent/sandbox"
)

// BenchmarkSandboxRoundTrip measures what every pyramid command pays at
// least once: create a sandbox, copy a 10 MB repository in, run `true`,
// remove the sandbox.
func BenchmarkSandboxRoundTrip(b *testing.B) {
	e := enginetest.Engine(b)
	repo := b.TempDir()
	for i := 0; i < 100; i++ { // 100 files of 100 KiB in 10 directories
		p := filepath.Join(repo, fmt.Sprintf("d%d", i%10), fmt.Sprintf("f%d.bin", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		data := make([]byte, 100<<10)
		rand.Read(data)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	b.SetBytes(100 * 100 << 10)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := e.NewSandbox(ctx, sandbox.Options{Image: enginetest.Image(), Repo: repo})
		if err != nil {
			b.Fatal(err)
		}
		res, err := s.Exec(ctx, sandbox.ExecSpec{Cmd: []string{"true"}})
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("exec: %v %+v", err, res)
		}
		if err := s.Close(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
