package pyramid

// Servers among the programs: started in the background and probed on
// 127.0.0.1, then stopped.

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// serverPort reports whether cmd (run from dir) starts a server, and its
// port, from the command and the source of the file it runs.
func serverPort(ctx context.Context, e *env, cmd, dir string) (string, bool) {
	src, cmd := writtenFiles(cmd) // a file the command writes is source, not command words
	if src == "" && strings.Contains(cmd, "printf '%s' $'") {
		src = cmd // an example written inside a subshell (a Go module's: d=/tmp/heragent-example-1 …)
	}
	if f := strings.Fields(cmd); len(f) >= 2 && (f[0] == "npm" || f[0] == "yarn") {
		name := f[1]
		if name == "run" && len(f) > 2 {
			name = f[2]
		}
		if ts, err := e.ix.Targets(ctx, "script"); err == nil {
			for _, t := range ts {
				if t.Path == path.Join(dir, "package.json") && t.Name == name {
					cmd += " " + t.Command // judge the script the package runs
				}
			}
		}
	}
	for _, w := range strings.Fields(cmd) {
		w = strings.Trim(w, `"'`)
		if strings.HasPrefix(w, "-") || strings.ContainsAny(w, "$|<>") {
			continue
		}
		rel := path.Join(dir, strings.TrimPrefix(w, "./"))
		mod := path.Join(dir, strings.ReplaceAll(w, ".", "/")) // python -m pkg.mod
		for _, cand := range []string{rel, rel + ".js", path.Join(rel, "index.js"), rel + ".py", path.Join(rel, "app.py"), mod + ".py", path.Join(mod, "__main__.py")} {
			if !strings.HasSuffix(cand, ".js") && !strings.HasSuffix(cand, ".py") && !strings.HasSuffix(cand, ".mjs") {
				continue
			}
			if s, err := e.ix.ReadFile(ctx, cand, 0, 0, true); err == nil {
				src += s + "\n"
				break
			}
		}
	}
	if m := portFlagRe.FindStringSubmatch(cmd); m != nil && (startsServer(cmd) || serverSrc.MatchString(src)) {
		return m[2], true
	}
	switch {
	case strings.Contains(cmd, "flask") && strings.Contains(cmd, " run"):
		return "5000", true
	case strings.Contains(cmd, "http.server") || strings.Contains(cmd, "uvicorn") || strings.Contains(cmd, "gunicorn") || strings.Contains(cmd, "runserver"):
		return "8000", true
	}
	if port, ok := e.cServerPort(ctx, cmd, dir); ok {
		return port, true
	}
	if !serverSrc.MatchString(src) && !startsServer(cmd) {
		return "", false
	}
	if m := portRe.FindStringSubmatch(src + "\n" + cmd); m != nil {
		return m[1], true
	}
	if strings.Contains(cmd, "node") || strings.Contains(cmd, "npm") {
		return "3000", true
	}
	return "8080", true
}

// startsServer tells a server by the command's words: one of serverWords
// (`hugo server`, `python -m http.server`, `node server.js`), `--reload`,
// `flask run`, or a program named …-server (`./src/redis-server`) or
// …-serve (`waitress-serve`). A word
// of an argument is not enough: `openvpn --genkey tls-crypt-v2-server
// v2crypt-server.key` writes a key file.
func startsServer(cmd string) bool {
	if flaskRunRe.MatchString(cmd) {
		return true
	}
	program := true // the next word names the program run
	for _, f := range strings.Fields(cmd) {
		w := strings.Trim(f, `"'()`)
		base := path.Base(w)
		if ext := path.Ext(base); scriptExts[ext] {
			base = strings.TrimSuffix(base, ext)
		}
		switch {
		case w == "--reload" || serverWords[base]:
			return true
		case program && (strings.HasSuffix(base, "-server") || strings.HasSuffix(base, "_server") || strings.HasSuffix(base, "-serve")):
			return true
		case w == "&&" || w == "||" || w == ";" || w == "|":
			program = true
		case program && !strings.Contains(w, "=") && !launchers[base] && !strings.HasPrefix(w, "-") && strings.Trim(w, "0123456789") != "":
			program = false
		}
	}
	return false
}

var (
	flaskRunRe  = regexp.MustCompile(`\bflask\s+(?:--app\s+\S+\s+)?run\b`)
	serverWords = map[string]bool{"serve": true, "server": true, "runserver": true, "uvicorn": true, "gunicorn": true, "http.server": true}
	scriptExts  = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".py": true}
	launchers   = map[string]bool{"node": true, "python": true, "python3": true, "exec": true, "env": true, "nohup": true, "sudo": true, "timeout": true}
)

var portFlagRe = regexp.MustCompile(`(--port[= ]|-p\s+|PORT=)(\d{2,5})\b`)

// serverize turns Runnable commands that start a server into background
// probes on localhost.
func serverize(ctx context.Context, e *env, cs []Command) []Command {
	for i, c := range cs {
		if c.Background || c.Bucket.Level() != Runnable || c.Expect != nil || c.LastResort() || withEcho(c.Text) {
			continue // a client run against the stand-in server is no server
		}
		if port, ok := serverPort(ctx, e, c.Text, c.Dir); ok {
			text := e.readerApp(c.Text, c.Dir)
			build, run := buildPrefix(text)
			probe, reason := serverProbe(run, port), "; a server: started in the background and proved by an HTTP answer on 127.0.0.1:"+port
			if e.socketServer(ctx, c.Text, c.Dir) {
				probe, reason = tcpServerProbe(run, port), "; a server of its own protocol: started in the background and proved by a connection it accepts on 127.0.0.1"
			}
			if build != "" {
				probe, reason = build+" && { "+probe+"; }", reason+", once `"+build+"` has built it"
			}
			cs[i].Text, cs[i].Background, cs[i].Serve, cs[i].Reason = probe, true, text, c.Reason+reason
		}
	}
	return cs
}

// tcpServerProbe is serverProbe for a server that does not speak HTTP:
// it passes when the port accepts a connection.
func tcpServerProbe(cmd, port string) string {
	return backgroundProbe(cmd, "(exec 3<>/dev/tcp/127.0.0.1/"+port+") 2>/dev/null && ok=0")
}

// serverProbe starts cmd in the background in its own process group,
// waits up to 30 s for an HTTP answer on 127.0.0.1:port (curl, or a bare
// TCP connect when curl is missing), stops the whole group and exits 0
// only if the server answered. The server's log tail is printed.
func serverProbe(cmd, port string) string {
	return backgroundProbe(cmd, fmt.Sprintf("if command -v curl >/dev/null; then curl -sS -o /dev/null --max-time 2 http://127.0.0.1:%[1]s/ && ok=0; "+
		"else (exec 3<>/dev/tcp/127.0.0.1/%[1]s) 2>/dev/null && ok=0; fi", port))
}

// listeningPorts is a shell function printing the hexadecimal ports of
// the sandbox's listening TCP sockets (/proc/net/tcp, tcp6: state 0A),
// and newListener the check that one opened since the probe began
// accepts a connection: the port a server chose when neither its
// command nor its source says it (memcached's 11211, a broker's 1883,
// a program that reads its port from a configuration file). The port
// found is written to the server's log, which the probe prints.
const (
	listeningPorts = `lp() { cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '$4=="0A" {split($2,a,":"); print a[2]}' | sort -u | tr '\n' ' '; }; before=" $(lp)"; `
	newListener    = `for h in $(lp); do case "$before " in *" $h "*) continue ;; esac; p=$((16#$h)); ` +
		`if (exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null; then echo "heragent: the server accepts connections on 127.0.0.1:$p" >>/tmp/heragent-server.log; ok=0; break; fi; done`
)

// backgroundProbe runs check (which sets ok=0 on success) once a second
// for up to 30 s while cmd runs in the background; failing that, a port
// the server opened since it started that accepts a connection passes
// too (newListener). A server that exits
// with a failure ends the wait at once (gunicorn without its app module:
// 30 s for each of six such uses); one that exits 0 may have put itself
// in the background (nginx, a daemon), so the checks go on.
func backgroundProbe(cmd, check string) string {
	// "( " with a space: a command that is a subshell itself would make
	// "((", which bash reads as arithmetic
	return "set -m; " + listeningPorts + "( " + cmd + " ) >/tmp/heragent-server.log 2>&1 & pid=$!; ok=1; for i in $(seq 1 30); do " + check + "; [ $ok = 0 ] || " + newListener + "; [ $ok = 0 ] && break; " +
		"if ! kill -0 $pid 2>/dev/null; then wait $pid 2>/dev/null || break; fi; sleep 1; done; " +
		"kill -- -$pid 2>/dev/null || kill $pid 2>/dev/null; wait $pid 2>/dev/null; tail -n 20 /tmp/heragent-server.log; exit $ok"
}

// goToolDir is a directory of a Go module's generators and maintenance
// tools (testify's _codegen, _readme-gofmt; internal/tools; hack/).
var goToolDir = regexp.MustCompile(`(^|/)_?(codegen|gen|generate|generator|gofmt|fmt|lint|linter|readme[\w-]*|tools?|scripts?|ci|hack|mage|build)(/|$)`)

// goNested are the directories of the checkout's nested Go modules, read once.
func goNested(ctx context.Context, e *env) []string {
	if e.goNested == nil {
		e.goNested = append([]string{}, bashfile.NestedGoModules(ctx, e.ix)...)
	}
	return e.goNested
}

// nestedModuleOf is the innermost nested module directory holding dir, "".
func nestedModuleOf(dir string, nested []string) string {
	best := ""
	for _, n := range nested {
		if (dir == n || strings.HasPrefix(dir, n+"/")) && len(n) > len(best) {
			best = n
		}
	}
	return best
}
