package pyramid

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// An HTTP client's README shows it at work on the internet
// (`requests.get('https://httpbin.org/basic-auth/user/pass')`,
// `await fetch('https://api.github.com/users/x')`, `axios.get(url)`),
// which a sandbox without the network cannot reach and which would prove
// nothing about the client if it could. A careful human runs the same
// example against a server on 127.0.0.1. So an example that makes HTTP
// requests to hosts of the internet gets a local echo server in its own
// runtime — it answers every method 200 with a JSON description of the
// request, httpbin-style (method, url, path, args, headers, data, json) —
// and its URLs point there, the path and query kept.

// echoPort is where the stand-in server listens.
const echoPort = "8765"

var (
	// httpCallRe is a call that makes an HTTP request in Python or JavaScript.
	httpCallRe = regexp.MustCompile(`\b(?:get|post|put|patch|delete|head|options|request|send|stream|urlopen|fetch|axios|got|ky|superagent|needle)\s*\(`)
	// webURLRe is an http(s) URL literal.
	webURLRe = regexp.MustCompile(`https?://[A-Za-z0-9.-]+(?::\d+)?(?:[/?#][^\s'"` + "`" + `)<>\]]*)?`)
)

// echoServers are the stand-in servers by runtime, started as
// `RUN FILE PORT`.
var echoServers = map[string]struct{ file, code string }{
	"python3": {".heragent-echo.py", `import http.server, json, sys, urllib.parse
class H(http.server.BaseHTTPRequestHandler):
    def answer(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n).decode("utf-8", "replace") if n else ""
        u = urllib.parse.urlsplit(self.path)
        try:
            js = json.loads(body) if body else None
        except ValueError:
            js = None
        form = dict(urllib.parse.parse_qsl(body)) if "form" in (self.headers.get("Content-Type") or "") else {}
        out = json.dumps({"method": self.command, "url": "http://" + (self.headers.get("Host") or "") + self.path,
            "path": u.path, "args": dict(urllib.parse.parse_qsl(u.query)), "headers": dict(self.headers),
            "data": body, "json": js, "form": form, "authenticated": True}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(out)
    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = answer
    def log_message(self, *a):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
`},
	"node": {".heragent-echo.cjs", `require('http').createServer((q, s) => {
  let b = '';
  q.on('data', d => { b += d; });
  q.on('end', () => {
    const u = new URL(q.url, 'http://127.0.0.1');
    let j = null;
    try { j = JSON.parse(b); } catch (e) {}
    const o = JSON.stringify({ method: q.method, url: 'http://' + q.headers.host + q.url, path: u.pathname,
      args: Object.fromEntries(u.searchParams), headers: q.headers, data: b, json: j, authenticated: true });
    s.writeHead(200, { 'Content-Type': 'application/json' });
    s.end(q.method === 'HEAD' ? undefined : o);
  });
}).listen(+process.argv[2], '127.0.0.1');
`},
}

// localHTTP points the internet URLs of an example that makes HTTP
// requests at the stand-in server; hosts are the ones it replaced (none:
// the example is left as it is).
func localHTTP(run, code string) (string, []string) {
	if _, ok := echoServers[run]; !ok || !httpCallRe.MatchString(code) {
		return code, nil
	}
	var hosts []string
	seen := map[string]bool{}
	out := webURLRe.ReplaceAllStringFunc(code, func(raw string) string {
		u, err := url.Parse(raw)
		if err != nil || localHost(u.Hostname()) || !strings.Contains(u.Hostname(), ".") {
			return raw
		}
		if !seen[u.Host] {
			seen[u.Host] = true
			hosts = append(hosts, u.Host)
		}
		u.Scheme, u.Host = "http", "127.0.0.1:"+echoPort
		return u.String()
	})
	if len(hosts) == 0 {
		return code, nil
	}
	return out, hosts
}

func localHost(h string) bool {
	return h == "localhost" || h == "0.0.0.0" || h == "::1" || strings.HasPrefix(h, "127.")
}

// withEchoServer runs cmd while the stand-in server of run listens, and
// exits with cmd's status. Proxies are bypassed for 127.0.0.1.
func withEchoServer(run, cmd string) string {
	s := echoServers[run]
	return fmt.Sprintf("printf '%%s' %s > %s && { ( %s %s %s ) >/tmp/heragent-echo.log 2>&1 & srv=$!; "+
		"for i in $(seq 1 50); do (exec 3<>/dev/tcp/127.0.0.1/%[5]s) 2>/dev/null && break; sleep 0.2; done; "+
		"export NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost; %[6]s; st=$?; kill $srv 2>/dev/null; wait $srv 2>/dev/null; exit $st; }",
		quoteArg(s.code), s.file, run, s.file, echoPort, cmd)
}

// withEcho reports a command that starts a stand-in server for its example.
func withEcho(text string) bool {
	for _, s := range echoServers {
		if strings.Contains(text, "> "+s.file+" && ") {
			return true
		}
	}
	return false
}
