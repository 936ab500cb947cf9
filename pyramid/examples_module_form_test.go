package pyramid

import "testing"

// fastify's README shows its import both ways in one block; the ES
// module form is kept.
func TestOneModuleForm(t *testing.T) {
	in := "// ESM\nimport Fastify from 'fastify'\n\nconst fastify = Fastify({\n  logger: true\n})\n// CommonJS\nconst fastify = require('fastify')({\n  logger: true\n})\n\nfastify.get('/', async () => ({ hello: 'world' }))\nfastify.listen({ port: 3000 })\n"
	want := "// ESM\nimport Fastify from 'fastify'\n\nconst fastify = Fastify({\n  logger: true\n})\n// CommonJS\nfastify.get('/', async () => ({ hello: 'world' }))\nfastify.listen({ port: 3000 })\n"
	if got := oneModuleForm(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// one form only: unchanged
	for _, s := range []string{
		"const fastify = require('fastify')({ logger: true })\nfastify.listen({ port: 3000 })\n",
		"import { parse } from 'cookie'\nconst other = require('cookie')\n",
	} {
		if got := oneModuleForm(s); got != s {
			t.Errorf("changed %q to %q", s, got)
		}
	}
	if got := oneModuleForm("import { parse as p } from 'x'\nconst p = require('x').parse\np('a')\n"); got != "import { parse as p } from 'x'\np('a')\n" {
		t.Errorf("named import: %q", got)
	}
}

// An old document's Python 2 print statements become calls.
func TestPy2Prints(t *testing.T) {
	for in, want := range map[string]string{
		"resp = Response(body='Hello')\nprint resp\n": "resp = Response(body='Hello')\nprint(resp)\n",
		"for x in y:\n    print x, x.name\n":          "for x in y:\n    print(x, x.name)\n",
		"print(resp)\n":                               "print(resp)\n",
		"print >>sys.stderr, 'x'\n":                   "print >>sys.stderr, 'x'\n",
		"print = 3\n":                                 "print = 3\n",
		"printer = 1\nprint_it(x)\n":                  "printer = 1\nprint_it(x)\n",
		"print resp.status  # '200 OK'\n":             "print(resp.status)  # '200 OK'\n",
		"print 'a'; print 'b'\n":                      "print 'a'; print 'b'\n",
	} {
		if got := py2Prints(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// Brackets in strings do not count, and an apostrophe in a comment ends
// at its line.
func TestOneModuleFormStrings(t *testing.T) {
	in := "import r from 'r'\nconst r = require('p')('/user/:id(') // don't\nr.go()\n"
	if got, want := oneModuleForm(in), "import r from 'r'\nr.go()\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The CommonJS form shown first goes too.
func TestOneModuleFormRequireFirst(t *testing.T) {
	in := "// CommonJS\nconst fastify = require('fastify')({ logger: true })\n// ESM\nimport Fastify from 'fastify'\nconst fastify = Fastify({ logger: true })\nfastify.listen({ port: 3000 })\n"
	want := "// CommonJS\n// ESM\nimport Fastify from 'fastify'\nconst fastify = Fastify({ logger: true })\nfastify.listen({ port: 3000 })\n"
	if got := oneModuleForm(in); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// rimraf's README destructures the same names both ways, under "// or".
func TestOneModuleFormDestructuring(t *testing.T) {
	in := "import { rimraf, rimrafSync } from 'rimraf'\n// or\nconst { rimraf, rimrafSync } = require('rimraf')\n"
	if got, want := oneModuleForm(in), "import { rimraf, rimrafSync } from 'rimraf'\n// or\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, s := range []string{
		"const { a: b } = require('x')\nconst c = 1\n",
		"import { a } from 'x'\nconst { b } = require('y')\n",
	} {
		if got := oneModuleForm(s); got != s {
			t.Errorf("changed %q to %q", s, got)
		}
	}
	if got := boundNames("{ a, b: c, d = 1 }"); len(got) != 3 || got[0] != "a" || got[1] != "c" || got[2] != "d" {
		t.Errorf("boundNames: %q", got)
	}
}

// async's README reads a file with fs it never requires.
func TestWithBuiltins(t *testing.T) {
	for in, want := range map[string]string{
		"var async = require('async')\nfs.readFile(f, cb)\n":         "const fs = require('fs')\nvar async = require('async')\nfs.readFile(f, cb)\n",
		"import async from 'async'\nconst p = path.join('a', 'b')\n": "import path from 'path'\nimport async from 'async'\nconst p = path.join('a', 'b')\n",
		"const fs = require('fs')\nfs.readFileSync(f)\n":             "const fs = require('fs')\nfs.readFileSync(f)\n",
		"import { promises as fs } from 'fs'\nfs.readFile(f)\n":      "import { promises as fs } from 'fs'\nfs.readFile(f)\n",
		"each(files, function(path) { path.length })\n":              "each(files, function(path) { path.length })\n",
		"each(files, (path) => path.length)\n":                       "each(files, (path) => path.length)\n",
		"obj.fs.read()\n":                                            "obj.fs.read()\n",
	} {
		if got := withBuiltins(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// A block of alternatives each importing the package runs with the first
// import only; different imports and other lines stay.
func TestWithoutRepeatedImports(t *testing.T) {
	in := "// 1) for-await\nimport readdirp from 'readdirp';\nfor await (const e of readdirp('.')) console.log(e.path);\n// 2) stream\nimport readdirp from 'readdirp'\nimport fs from 'fs';\nconst x = require('y');\nconst x = require('y');\nreaddirp('.').on('data', console.log);\n"
	want := "// 1) for-await\nimport readdirp from 'readdirp';\nfor await (const e of readdirp('.')) console.log(e.path);\n// 2) stream\nimport fs from 'fs';\nconst x = require('y');\nreaddirp('.').on('data', console.log);\n"
	if got := withoutRepeatedImports(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
