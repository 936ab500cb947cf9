package pyramid

import (
	"io/fs"
	"path"
	"regexp"
)

// An example program of a C library often shows the library with another
// one (hiredis's example-libev.c through adapters/libev.h, which includes
// <ev.h>; libevent's examples of OpenSSL): it compiles only where that
// library is installed, which the project's build does not need. The
// examples that need nothing but the library and the system's C library
// are tried first: foreignIncludes counts what an example reaches that is
// neither the repository's nor the system's.

// systemHeaderRe are the C library's, POSIX's and Linux's headers (a C++
// standard header has no extension).
var systemHeaderRe = regexp.MustCompile(`^(?:(?:assert|complex|ctype|errno|fenv|float|inttypes|iso646|limits|locale|math|setjmp|signal|stdalign|stdarg|stdatomic|stdbool|stddef|stdint|stdio|stdlib|stdnoreturn|string|tgmath|threads|time|uchar|wchar|wctype|unistd|fcntl|pthread|dirent|dlfcn|getopt|glob|grp|pwd|libgen|netdb|poll|sched|semaphore|strings|syslog|termios|utime|regex|fnmatch|spawn|endian|byteswap|malloc|alloca|execinfo|err|ifaddrs|langinfo|iconv|search|ftw|wordexp|utmp|paths|memory|features|sysexits)\.h|(?:sys|netinet|arpa|net|linux|asm|bits)/[\w/]+\.h|[a-z_]+)$`)

// platformHeaderRe are other systems' headers, included under their own
// #ifdef (hiredis's example.c: <winsock2.h> under _MSC_VER): no need here.
var platformHeaderRe = regexp.MustCompile(`(?i)^(?:windows|winsock2?|ws2tcpip|io|direct|conio|tchar|process|intrin|crtdbg)\.h$|^(?:CoreFoundation|Foundation|mach|TargetConditionals|AvailabilityMacros)\b`)

// foreignIncludes counts the headers the example rel (its source code)
// includes, and those the repository's headers it includes include in
// turn (one level), that are neither the repository's own nor the
// system's.
func foreignIncludes(fsys fs.FS, headers []string, rel, code string) int {
	n := 0
	seen := map[string]bool{}
	var walk func(self, code string, depth int)
	walk = func(self, code string, depth int) {
		dir := path.Dir(self)
		for _, m := range cIncludeRe.FindAllStringSubmatch(code, -1) {
			inc := m[1]
			if seen[inc] || systemHeaderRe.MatchString(inc) || platformHeaderRe.MatchString(inc) {
				continue
			}
			seen[inc] = true
			file := path.Join(dir, inc) // beside the including file
			if _, err := fs.Stat(fsys, file); err != nil || file == self {
				d, ok := headerDir(headers, inc)
				if file = path.Join(d, inc); !ok || file == self {
					n++ // (adapters/ae.h's <ae.h> is not itself)
					continue
				}
			}
			if depth > 0 {
				if b, err := fs.ReadFile(fsys, file); err == nil {
					walk(file, string(b), depth-1)
				}
			}
		}
	}
	walk(rel, code, 1)
	return n
}
