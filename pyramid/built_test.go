package pyramid

import (
	"strings"
	"testing"
)

func TestBuiltProbesRanksTheProductFirst(t *testing.T) {
	tests := []struct {
		repo  string
		bins  []string
		first string
	}{
		{"lz4", []string{"tests/frametest", "programs/lz4", "lz4", "examples/simple_buffer"}, "./lz4"},
		{"cJSON", []string{"build/cJSON_test", "build/tests/parse_examples", "build/fuzzing/afl"}, "./build/cJSON_test"},
		{"zstd", []string{"programs/zstd", "tests/fuzzer", "contrib/pzstd/pzstd"}, "./programs/zstd"},
		{"json-c", []string{"build/apps/json_parse", "build/CMakeFiles/3.25.1/CompilerIdC/a.out", "build/tests/test1"}, "./build/apps/json_parse"},
		{"libevent", []string{"build/bin/regress", "build/bin/event-read-fifo", "build/bin/bench"}, "./build/bin/event-read-fifo"},
		{"fmt", []string{"build/bin/args-test", "build/bin/format-test", "build/bin/os-test", "build/bin/printf"}, "./build/bin/printf"},
	}
	for _, tt := range tests {
		t.Run(tt.repo, func(t *testing.T) {
			cs := BuiltProbes(tt.bins, tt.repo)
			if len(cs) == 0 {
				t.Fatal("no probes")
			}
			if !strings.HasSuffix(cs[0].Text, "timeout 10 "+tt.first) {
				t.Fatalf("first probe %q, want one of %s", cs[0].Text, tt.first)
			}
			for _, c := range cs {
				if c.Level != Runnable || !c.Synth || strings.Contains(c.Text, "CMakeFiles") || strings.Contains(c.Text, "/tests/") {
					t.Fatalf("bad probe %+v", c)
				}
			}
		})
	}
}

func TestBuiltProbesNothingBuilt(t *testing.T) {
	if cs := BuiltProbes([]string{"build/tests/t1", "x/CMakeFiles/a.out", "build/meson-private/sanitycheckc.exe", "build/bin/a-test", "build/bin/b-test", "build/bin/test-c"}, "foo"); len(cs) != 0 {
		t.Fatalf("probes for test binaries only: %+v", cs)
	}
}
