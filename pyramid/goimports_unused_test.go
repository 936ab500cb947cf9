package pyramid

import "testing"

// golang-set's README program imports "fmt" and prints nothing: the
// import goes, the module's and a blank one stay, a used one stays.
func TestWithoutUnusedImports(t *testing.T) {
	const mod = "github.com/deckarep/golang-set/v2"
	for _, tc := range []struct{ code, want string }{
		{"package main\n\nimport (\n  \"fmt\"\n  mapset \"github.com/deckarep/golang-set/v2\"\n)\n\nfunc main() {\n  s := mapset.NewSet[string]()\n  s.Add(\"a\")\n}\n",
			"package main\n\nimport (\n  mapset \"github.com/deckarep/golang-set/v2\"\n)\n\nfunc main() {\n  s := mapset.NewSet[string]()\n  s.Add(\"a\")\n}\n"},
		{"package main\n\nimport \"os\"\nimport mapset \"github.com/deckarep/golang-set/v2\"\nimport _ \"embed\"\n\nfunc main() { mapset.NewSet[int]() }\n",
			"package main\n\nimport mapset \"github.com/deckarep/golang-set/v2\"\nimport _ \"embed\"\n\nfunc main() { mapset.NewSet[int]() }\n"},
		{"package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n\tmapset \"github.com/deckarep/golang-set/v2\"\n)\n\nfunc main() { fmt.Println(mapset.NewSet[int](), strings.ToUpper(\"x\")) }\n", ""},
		{"package main\nthis is no Go\n", ""},
		// a package named otherwise than its path (bbolt is bolt) stays
		{"package main\n\nimport (\n\t\"go.etcd.io/bbolt\"\n\tmapset \"github.com/deckarep/golang-set/v2\"\n)\n\nfunc main() { bolt.Open(); mapset.NewSet[int]() }\n", ""},
		{"package main\n\nimport (\n\t\"fmt\"; \"os\"\n\tmapset \"github.com/deckarep/golang-set/v2\"\n)\n\nfunc main() { mapset.NewSet[int]() }\n",
			"package main\n\nimport (\n\tmapset \"github.com/deckarep/golang-set/v2\"\n)\n\nfunc main() { mapset.NewSet[int]() }\n"},
	} {
		want := tc.want
		if want == "" {
			want = tc.code
		}
		if got := withoutUnusedImports(tc.code, mod); got != want {
			t.Errorf("withoutUnusedImports(%q) =\n%s\nwant\n%s", tc.code, got, want)
		}
	}
}
