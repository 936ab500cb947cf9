package pyramid

import (
	"path"
	"regexp"
	"strings"
)

// A Python application server's docs serve the reader's application:
// `gunicorn myapp:app --workers 4`, `waitress-serve --port=8041
// myapp:wsgifunc`, `uvicorn main:app`. The checkout has no such module, so
// the server exits at once (ModuleNotFoundError). The use is the server's
// own, the application only its input: readerApp writes the smallest
// application of the kind the command serves — WSGI, or ASGI when the
// command says so — under the name it gives, in a directory of its own put
// on PYTHONPATH (not in the checkout, where a test run could find it), and
// the probe then asks the server for a page as for any other server. Only
// for the repository's own server program: a web framework's docs serve
// an application written with the framework, which a stand-in is not.

// appOperandRe is a module:attribute operand, or --app=module:attribute.
var appOperandRe = regexp.MustCompile(`(?:^|\s)(?:--app[= ])?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):([A-Za-z_]\w*)(?:\s|$)`)

// asgiRe is a command that serves an ASGI application.
var asgiRe = regexp.MustCompile(`(?i)\basgi\b|\buvicorn\b|\bhypercorn\b|\bdaphne\b`)

// readerAppDir is where readerApp writes the application.
const readerAppDir = "/tmp/heragent-app"

const wsgiApp = `def %s(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"hello from heragent\n"]
`

const asgiApp = `async def %s(scope, receive, send):
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"hello from heragent\n"})
`

// readerApp returns cmd preceded by the writing of the application module
// its module:attribute operand names when the checkout (from dir) has no
// such module, and cmd run with that module on PYTHONPATH; cmd unchanged
// otherwise.
func (e *env) readerApp(cmd, dir string) string {
	m, w := appOperandRe.FindStringSubmatch(cmd), strings.Fields(cmd)
	if m == nil || !e.stacks["python"] || len(w) == 0 || e.progs[w[0]] == "" {
		return cmd // a framework's docs (FastAPI's uvicorn main:app) serve an application made with it: not a stand-in
	}
	mod, attr := m[1], m[2]
	top, _, dotted := strings.Cut(mod, ".")
	if e.pyModuleHere(strings.ReplaceAll(mod, ".", "/"), dir) || dotted && e.pyModuleHere(top, dir) {
		return cmd // the repository's own application (gunicorn's examples.streaming_chat.main:app)
	}
	src := strings.ReplaceAll(wsgiApp, "%s", attr)
	if asgiRe.MatchString(cmd) {
		src = strings.ReplaceAll(asgiApp, "%s", attr)
	}
	file := path.Join(readerAppDir, strings.ReplaceAll(mod, ".", "/")+".py")
	mk := "mkdir -p " + quoteArg(path.Dir(file))
	for d := path.Dir(file); d != readerAppDir; d = path.Dir(d) {
		mk += " && : > " + quoteArg(d+"/__init__.py") // a dotted module's packages
	}
	return mk + " && printf '%s' " + quoteArg(src) + " > " + quoteArg(file) +
		" && PYTHONPATH=" + readerAppDir + "${PYTHONPATH:+:$PYTHONPATH} " + cmd
}
