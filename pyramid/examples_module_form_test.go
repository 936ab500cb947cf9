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
