package agents_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heragent/heragent/agents"
)

// TestRunQuery: the queries the model calls answer other clients as data,
// with the same argument checks.
func TestRunQuery(t *testing.T) {
	ix, _ := fixture(t, "c-cmake")
	ctx := context.Background()
	if q := agents.Queries(); len(q) != len(agents.QueryNames()) || len(q) < 10 || q[0].Args["type"] != "object" {
		t.Fatalf("Queries: %+v", q)
	}
	for _, tc := range []struct{ name, args, want string }{
		{"unresolved_includes", "", "zlib.h"},
		{"find_files", `{"kind":"build"}`, "CMakeLists.txt"},
		{"read_file", `{"path":"CMakeLists.txt","from":1,"to":2}`, "cmake_minimum_required"},
		{"entry_points", "{}", "main"},
	} {
		v, err := agents.RunQuery(ctx, ix, tc.name, []byte(tc.args))
		b, _ := json.Marshal(v)
		if err != nil || !strings.Contains(string(b), tc.want) {
			t.Errorf("%s %s: %v %s, want %q", tc.name, tc.args, err, b, tc.want)
		}
	}
	for _, tc := range []struct{ name, args string }{
		{"drop_tables", "{}"},
		{"find_files", `{"kind":"spaceship"}`},
		{"read_file", `{"nope":1}`},
	} {
		if _, err := agents.RunQuery(ctx, ix, tc.name, []byte(tc.args)); err == nil {
			t.Errorf("%s %s: no error", tc.name, tc.args)
		}
	}
}
