package pyramid

import (
	"context"
	"strings"
	"testing"
)

// The docs serve the reader's application: the smallest one of the kind
// the command serves is written under the name it gives, outside the
// checkout; the repository's own application module is served as it is.
func TestReaderApp(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"pyproject.toml":                  "[project]\nname = \"gunicorn\"\n",
		"gunicorn/__init__.py":            "",
		"examples/streaming_chat/main.py": "app = None\n",
	})
	e.stacks["python"] = true
	e.progs["gunicorn"], e.progs["waitress-serve"] = "gunicorn", "waitress-serve"
	if got := e.readerApp("uvicorn main:app --reload", ""); got != "uvicorn main:app --reload" {
		t.Errorf("another project's server got a stand-in application: %s", got)
	}
	wsgi := e.readerApp("gunicorn myapp:app --workers 4", "")
	if !strings.Contains(wsgi, "def app(environ, start_response)") || !strings.Contains(wsgi, "> /tmp/heragent-app/myapp.py") ||
		!strings.HasSuffix(wsgi, "PYTHONPATH=/tmp/heragent-app${PYTHONPATH:+:$PYTHONPATH} gunicorn myapp:app --workers 4") {
		t.Errorf("WSGI: %s", wsgi)
	}
	if asgi := e.readerApp("gunicorn main:app --worker-class asgi", ""); !strings.Contains(asgi, "async def app(scope, receive, send)") {
		t.Errorf("ASGI: %s", asgi)
	}
	if w := e.readerApp("waitress-serve --port=8041 --app=pkg.web:wsgifunc", ""); !strings.Contains(w, "def wsgifunc(") || !strings.Contains(w, "/tmp/heragent-app/pkg/__init__.py") {
		t.Errorf("dotted: %s", w)
	}
	for _, own := range []string{"gunicorn examples.streaming_chat.main:app", "gunicorn gunicorn.app.wsgiapp:run", "gunicorn --check-config APP_MODULE"} {
		if got := e.readerApp(own, ""); got != own {
			t.Errorf("%q became %q", own, got)
		}
	}
}

// The reader's module:app of a server's documented use is no placeholder
// (gunicorn's README: gunicorn myapp:app), and waitress-serve is a server.
func TestReaderAppCommandsAreServers(t *testing.T) {
	if why := hardDrop("gunicorn myapp:app --workers 4"); why != "" {
		t.Errorf("gunicorn myapp:app dropped: %s", why)
	}
	if why := hardDrop("cp myapp.conf /etc/"); why == "" {
		t.Error("a placeholder file outside an app operand was kept")
	}
	if !startsServer("waitress-serve --port=8041 myapp:wsgifunc") {
		t.Error("waitress-serve is not taken for a server")
	}
}

// A README program serving with its framework's module-level run()
// (bottle's `run(host='localhost', port=8080)`) is a server: started in
// the background and answered on its port, not run in the foreground
// until its minute is up.
func TestReadmeRunCallServes(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"setup.py":  "from setuptools import setup\nsetup(name='bottle', py_modules=['bottle'])\n",
		"bottle.py": "def route(p):\n    return lambda f: f\n\ndef run(host='', port=0):\n    pass\n",
		"README.md": "# bottle\n\n```python\nfrom bottle import route, run\n\n@route('/hello')\ndef index():\n    return 'hi'\n\nrun(host='localhost', port=8080)\n```\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Commands {
		if c.Why[0].Source == "readme" && strings.Contains(c.Text, "from bottle import") {
			if !c.Background || !strings.Contains(c.Text, "8080") {
				t.Errorf("not served: %+v", c)
			}
			return
		}
	}
	t.Fatalf("no README example in %v", p.Commands)
}
