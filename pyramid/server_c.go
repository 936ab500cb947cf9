package pyramid

import (
	"context"
	"path"
	"strings"
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

// serverSource is the source of the server program cmd (run from dir)
// runs, after the steps that build it (`make wsecho && ./wsecho`); ""
// when it runs none.
func (e *env) serverSource(ctx context.Context, cmd, dir string) string {
	for _, av := range argvs(cmd) {
		if len(av) == 0 {
			continue
		}
		run := path.Clean(path.Join(dir, av[0]))
		if src, ok := e.serverPrograms(ctx)[run]; ok {
			return src
		}
		if strings.HasPrefix(av[0], "./") && !strings.Contains(path.Base(run), ".") {
			// a program made beside its main source, outside the build
			// the graph knows (an example's own Makefile: wsecho.cc)
			for _, ext := range []string{".c", ".cc", ".cpp", ".cxx"} {
				if src, err := e.ix.ReadFile(ctx, run+ext, 0, 0, true); err == nil && cMainRe.MatchString(src) && (cServerSrc.MatchString(src) || serverSrc.MatchString(src)) {
					return src
				}
			}
		}
	}
	return ""
}

// cServerPort reports whether cmd starts a server program of the
// repository, and the port to try first: the command's --port, else one
// its source names; the probe also finds the port the server opens.
func (e *env) cServerPort(ctx context.Context, cmd, dir string) (string, bool) {
	src := e.serverSource(ctx, cmd, dir)
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
func (e *env) socketServer(ctx context.Context, cmd, dir string) bool {
	src := e.serverSource(ctx, cmd, dir)
	return src != "" && !serverSrc.MatchString(src) && !httpSrc.MatchString(src)
}

// buildTools are the programs of a step that builds a server before the
// command runs it.
var buildTools = map[string]bool{"make": true, "cmake": true, "ninja": true, "cc": true, "gcc": true, "c++": true, "g++": true, "clang": true, "clang++": true}

// buildPrefix splits a command that builds a program before running it
// (`make wsecho && ./wsecho`) into its build steps and the rest: the
// build runs in the foreground, before the probe's time starts, and only
// the rest is the server started in the background. build is "" when the
// command starts with no build step.
func buildPrefix(cmd string) (build, run string) {
	parts := strings.Split(cmd, " && ")
	n := 0
	for n < len(parts)-1 {
		av := argvs(parts[n])
		if len(av) != 1 || len(av[0]) == 0 || !buildTools[av[0][0]] || strings.Count(parts[n], "'")%2 != 0 || strings.Count(parts[n], `"`)%2 != 0 {
			break
		}
		n++
	}
	return strings.Join(parts[:n], " && "), strings.Join(parts[n:], " && ")
}
