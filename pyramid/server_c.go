package pyramid

import (
	"context"
	"path"
)

// Servers the build produces: a documented command that runs one of the
// repository's programs whose main source is a socket server (memcached's
// README says `./memcached`, which then serves until stopped) is started
// in the background and probed like the synthesized probe of the same
// program, not run in the foreground until the command's time is up.

// serverPrograms maps each program of the repository whose main source
// listens on a socket (cServerSrc, serverSrc) to that source's text, by
// its cleaned run path ("memcached" for ./memcached); read once.
func (e *env) serverPrograms(ctx context.Context) map[string]string {
	if e.servers != nil {
		return e.servers
	}
	e.servers = map[string]string{}
	progs, err := programs(ctx, e)
	if err != nil {
		return e.servers
	}
	for _, p := range progs {
		if p.source == "" || p.lib {
			continue
		}
		src, err := e.ix.ReadFile(ctx, p.source, 0, 0, true)
		if err == nil && (cServerSrc.MatchString(src) || serverSrc.MatchString(src)) {
			e.servers[path.Clean(p.run)] = src
		}
	}
	return e.servers
}

// serverSource is the source of the server program cmd runs first, "" when
// it runs none.
func (e *env) serverSource(ctx context.Context, cmd string) string {
	av := argvs(cmd)
	if len(av) == 0 || len(av[0]) == 0 {
		return ""
	}
	return e.serverPrograms(ctx)[path.Clean(av[0][0])]
}

// cServerPort reports whether cmd starts a server program of the
// repository, and the port to try first: the command's --port, else one
// its source names; the probe also finds the port the server opens.
func (e *env) cServerPort(ctx context.Context, cmd string) (string, bool) {
	src := e.serverSource(ctx, cmd)
	if src == "" {
		return "", false
	}
	if m := portFlagRe.FindStringSubmatch(cmd); m != nil {
		return m[2], true
	}
	if m := portRe.FindStringSubmatch(src); m != nil {
		return m[1], true
	}
	return "8080", true
}

// socketServer reports a server program of the repository that speaks a
// protocol of its own (not HTTP): a connection is its answer.
func (e *env) socketServer(ctx context.Context, cmd string) bool {
	src := e.serverSource(ctx, cmd)
	return src != "" && !serverSrc.MatchString(src) && !httpSrc.MatchString(src)
}
