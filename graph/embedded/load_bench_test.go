package embedded

import (
	"context"
	"os"
	"testing"
)

// BenchmarkOpen measures loading the store file named by HERAGENT_BENCH_DB.
func BenchmarkOpen(b *testing.B) {
	path := os.Getenv("HERAGENT_BENCH_DB")
	if path == "" {
		b.Skip("HERAGENT_BENCH_DB not set")
	}
	for i := 0; i < b.N; i++ {
		s, err := Open(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
