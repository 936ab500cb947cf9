package build

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/heragent/heragent/graph/embedded"
)

// BenchmarkBuild measures a cold build and an unchanged-repository rebuild
// of the repository named by HERAGENT_BENCH_REPO with the embedded store.
func BenchmarkBuild(b *testing.B) {
	repo := os.Getenv("HERAGENT_BENCH_REPO")
	if repo == "" {
		b.Skip("HERAGENT_BENCH_REPO not set")
	}
	ctx := context.Background()
	b.Run("cold", func(b *testing.B) {
		files := 0
		for i := 0; i < b.N; i++ {
			dir := b.TempDir()
			s, err := embedded.Open(ctx, filepath.Join(dir, "graph.db"))
			if err != nil {
				b.Fatal(err)
			}
			w, _ := strconv.Atoi(os.Getenv("HERAGENT_BENCH_WORKERS"))
			sum, err := Build(ctx, s, repo, Options{Workers: w})
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
			files = sum.Files
			if st, err := os.Stat(filepath.Join(dir, "graph.db")); err == nil {
				b.ReportMetric(float64(st.Size())/(1<<20), "dbMiB")
			}
		}
		// Throughput over the whole operation: open, build, sync, close.
		b.ReportMetric(float64(files)*float64(b.N)/b.Elapsed().Seconds(), "files/s")
		reportPeakRSS(b)
	})
	// incremental: an unchanged repository, store file opened afresh each
	// time (as a new heragent process would), then closed.
	b.Run("incremental", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "graph.db")
		s, err := embedded.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Build(ctx, s, repo, Options{}); err != nil {
			b.Fatal(err)
		}
		s.Close()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			s, err := embedded.Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			sum, err := Build(ctx, s, repo, Options{})
			if err != nil {
				b.Fatal(err)
			}
			if sum.Parsed != 0 {
				b.Fatalf("unchanged rebuild parsed %d files", sum.Parsed)
			}
			s.Close()
		}
		reportPeakRSS(b)
	})
}

// reportPeakRSS reports the process's peak resident set so far.
func reportPeakRSS(b *testing.B) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "peakRSS-MiB") // Linux: KiB
	}
}
