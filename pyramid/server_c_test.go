package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A documented run of the repository's own socket server (memcached's
// README: `./memcached`, then "telnet 127.0.0.1 11211") is started in the
// background and proved by a connection, not run in the foreground until
// its time is up; its main is the source named after it although another
// main sits beside it and the parser missed its own; the program's
// --version stays a last resort behind it.
func TestDocumentedCServerIsProbed(t *testing.T) {
	ix := tempIndex(t, "kvd", map[string]string{
		"configure.ac": "AC_INIT([kvd], [1.0])\nAM_INIT_AUTOMAKE\nAC_PROG_CC\nAC_OUTPUT([Makefile])\n",
		"Makefile.am":  "bin_PROGRAMS = kvd\nnoinst_PROGRAMS = sizes\nkvd_SOURCES = kvd.c\n",
		"sizes.c":      "#include <stdio.h>\nint main(int argc, char **argv) { printf(\"%zu\\n\", sizeof(long)); return 0; }\n",
		"kvd.c": "#include <sys/socket.h>\n#define KVD_PORT 11311\nstruct conn { int sfd; };\nstruct settings { int backlog; } settings;\n" +
			"static int serve(struct conn *next) {\n    if (listen(next->sfd, settings.backlog) != 0) return -1;\n    return 0;\n}\n" +
			"#define MAIN_DECL int main\nMAIN_DECL (int argc, char **argv) { struct conn c = {0}; return serve(&c); }\n",
		"README.md": "# kvd\n\nRun it:\n\n```\n./kvd\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{Stacks: []string{"autotools"}})
	if err != nil {
		t.Fatal(err)
	}
	var served, lastResort bool
	for _, c := range p.Commands {
		switch {
		case c.Level != Runnable:
		case c.Text == "./kvd":
			t.Errorf("the server runs in the foreground: %+v", c)
		case c.Background && c.Serve == "./kvd":
			served = true
			if !strings.Contains(c.Text, "/dev/tcp/127.0.0.1/11311") || strings.Contains(c.Text, "curl") {
				t.Errorf("not a connection to its port: %s", c.Text)
			}
		case c.Text == "./kvd --version":
			lastResort = served
		}
	}
	if !served || !lastResort {
		t.Errorf("served %v, --version after it %v: %+v", served, lastResort, p.Commands)
	}
}

// A Go framework's README example written inside a subshell (echo's
// `e.Start(":8080")`, fiber's `app.Listen(":3000")`) is a server on the
// port its code names: before, it ran in the foreground until its own
// timeout stopped it.
func TestGoExampleServer(t *testing.T) {
	e := fixtureEnv(t, "c-cmake")
	for code, want := range map[string]string{
		`e := echo.New()\n  e.GET("/", hello)\n  if err := e.Start(":8080"); err != nil {\n  }\n`: "8080",
		`app := fiber.New()\n  log.Fatal(app.Listen(":3000"))\n`:                                  "3000",
	} {
		cmd := `(d=/tmp/heragent-example-1 r=$PWD; rm -rf "$d" && mkdir -p "$d" && printf '%s' $'package main\n\nfunc main() {\n  ` + code + `}\n' > "$d/main.go" && cd "$d" && go mod tidy && timeout 60 go run .)`
		if port, ok := serverPort(context.Background(), e, cmd, ""); !ok || port != want {
			t.Errorf("%q: server %v on %q, want %s", code, ok, port, want)
		}
	}
	if _, ok := serverPort(context.Background(), e, `(d=/tmp/x; printf '%s' $'package main\nfunc main() { fmt.Println(strings.Repeat("a:1", 2)) }\n' > "$d/main.go" && go run .)`, ""); ok {
		t.Error("a program that prints is no server")
	}
}

// A server started as a module (`python -m pkg.tutorial.hello`, cherrypy's
// tutorials: cherrypy.quickstart) is read from the module's file; a module
// that prints is no server.
func TestPythonModuleServer(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"setup.py":                "from setuptools import setup\nsetup(name='web')\n",
		"web/__init__.py":         "",
		"web/tutorial/hello.py":   "import web\nclass Hello: pass\nif __name__ == '__main__':\n    web.quickstart(Hello(), config={'server.socket_port': 8081})\n",
		"web/tutorial/printer.py": "print('hello')\n",
	})
	if _, ok := serverPort(context.Background(), e, "python -m web.tutorial.hello", ""); !ok {
		t.Error("the module's quickstart is a server")
	}
	if _, ok := serverPort(context.Background(), e, "python -m web.tutorial.printer", ""); ok {
		t.Error("a module that prints is no server")
	}
}
