package pyramid

import (
	"context"
	"reflect"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

func TestMissingInputs(t *testing.T) {
	have := map[string]bool{"testdata/in.json": true}
	exists := func(p string) bool { return have[p] }
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"yq '.a.b[0].c' file.yaml", []string{"file.yaml"}},
		{"yq '.a' < data.yml", []string{"data.yml"}},
		{"cat file.xml | yq -p xml", []string{"file.xml"}},
		{"yq -o json file.yaml > out.json", []string{"file.yaml"}},
		{"tool convert -o out/result.csv input/data.csv", []string{"input/data.csv"}},
		{"jq . testdata/in.json", nil},
		{"ccache gcc -c hello.c", []string{"hello.c"}},
		{"tool ../etc/passwd.txt /abs/x.json", nil},
		{"yq ea '.' path/to/*.yml", nil},
		{"jsonschema --instance sample.json sample.schema", []string{"sample.json", "sample.schema"}},
		{"protoc --cpp_out=. person.proto", []string{"person.proto"}},
		// a tool's source input is written; the program an interpreter
		// runs, and what go or cargo build, are not
		{"node ./bin/uglifyjs example.js -c -m", []string{"example.js"}},
		{"uglifyjs file1.js file2.js -o part1.js", []string{"file1.js", "file2.js"}},
		{"python -m black my_file.py", []string{"my_file.py"}},
		{"node --trace-warnings app.js", nil},
		{"python3 my_script.py data.csv", []string{"data.csv"}},
		{"go run hello.go", nil},
		{"lessc styles.css", []string{"styles.css"}},
		// through wrappers (jq's docs: the script pipenv's python runs)
		{"pipenv run python3 validate_manual_schema.py content/manual/**/*.yml", nil},
		{"timeout 60 node app.js", nil},
		{"env GOFLAGS=-mod=mod go run main.go", nil},
		// a test of a path reads nothing: a package named like a file
		{"{ [ -e node_modules/big.js ] || ln -s \"$PWD\" node_modules/big.js; } && node x.cjs", nil},
		{"test -f lib/chart.js && node x.cjs", nil},
	} {
		if got := missingInputs(tc.text, exists); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.text, got, tc.want)
		}
	}
}

// A schema validator's inputs: the instance is the JSON sample, the
// schema (by extension or by name) one it is valid against.
func TestSampleForSchemas(t *testing.T) {
	for f, want := range map[string]string{"sample.schema": schemaSample, "person.schema.json": schemaSample, "schema.json": schemaSample, "data.json": sampleInputs["json"]} {
		if got := sampleFor(f); got != want {
			t.Errorf("%s: %q", f, got)
		}
	}
}

// An example's code names a data file it reads: a file of that name in
// the checkout (docs/samples/) is copied where the example runs, else a
// sample of its kind is written; files already there need nothing.
func TestExampleInputs(t *testing.T) {
	ix := repoIndex(t, map[string]string{"README.md": "# x\n", "docs/samples/xgconsole.xml": "<Profile/>\n", "data.json": "{}\n"})
	e, err := newEnv(context.Background(), ix, bashfile.Layout{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	code := `doc.load_file("xgconsole.xml"); load("data.json"); open('conf/app.ini')`
	want := "cp docs/samples/xgconsole.xml xgconsole.xml && mkdir -p conf && printf '%s' $'[section]\\nkey = value\\n' > conf/app.ini && "
	if got := exampleInputs(context.Background(), e, code, noShown); got != want {
		t.Errorf("exampleInputs:\n%s\nwant\n%s", got, want)
	}
	// Netpbm images too (Pillow's tutorial: Image.open("hopper.ppm"),
	// the checkout's Tests/images/hopper.ppm)
	ix = repoIndex(t, map[string]string{"README.md": "# x\n", "Tests/images/hopper.ppm": "P6\n1 1\n255\nabc"})
	if e, err = newEnv(context.Background(), ix, bashfile.Layout{}, nil); err != nil {
		t.Fatal(err)
	}
	if got := exampleInputs(context.Background(), e, `im = Image.open("hopper.ppm")`, noShown); got != "cp Tests/images/hopper.ppm hopper.ppm && " {
		t.Errorf("a .ppm: %q", got)
	}
}

// The script a Python interpreter runs, through wrappers; modules and
// code strings are none.
func TestPyScript(t *testing.T) {
	for in, want := range map[string]string{
		"pipenv run python3 validate_manual_schema.py content/manual/**/*.yml": "validate_manual_schema.py",
		"python tools/gen.py --out x":                                          "tools/gen.py",
		"python -m pytest tests/":                                              "",
		"python3 -c 'print(1)'":                                                "",
		"node app.js":                                                          "",
		"timeout 60 python3 -u serve.py":                                       "serve.py",
		"python3 /usr/share/x/script.py":                                       "",
	} {
		if got := pyScript(words(in)); got != want {
			t.Errorf("pyScript(%q) = %q, want %q", in, got, want)
		}
	}
}
