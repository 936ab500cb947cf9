package build

import (
	"path"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// An include under a preprocessor condition that names another operating
// system (`#if defined(ANDROID)` around c-ares's <jni.h>, `#ifdef _WIN32`
// around <winsock2.h>, `#ifdef __APPLE__`) is not one a Linux build
// reads: the graph records the platform, and the planner does not
// install a package (a JDK, for <jni.h>) for it.

// foreignPlatformRe names the macros of other platforms.
var foreignPlatformRe = regexp.MustCompile(`\b(_WIN32|_WIN64|WIN32|WIN64|_WINDOWS|_MSC_VER|__MINGW32__|__MINGW64__|__CYGWIN__|_WIN32_WCE|` +
	`__APPLE__|__MACH__|TARGET_OS_[A-Z_]+|__ANDROID__|ANDROID|__FreeBSD__|__NetBSD__|__OpenBSD__|__DragonFly__|__sun|__SVR4|_AIX|__hpux|` +
	`__HAIKU__|__EMSCRIPTEN__|__wasi__|WATT32|__VMS|VMS|__OS2__|__QNXNTO__|__QNX__|__vxworks|__ZEPHYR__|ESP_PLATFORM|ARDUINO|__MVS__|` +
	`__DJGPP__|MSDOS|__amigaos__|__riscos__|__GNU__)\b`)

// foreignFileRe names a source file of another platform (libpcap's
// pcap-hurd.c, pcap-win32.c; a port's os_darwin.c): its includes are
// read only there, whatever conditions surround them.
var foreignFileRe = regexp.MustCompile(`(?i)(^|[-_.])(hurd|gnu-mach|win32|win64|windows|wince|darwin|macos|osx|haiku|solaris|sunos|aix|hpux|qnx|vxworks|os2|amiga|msdos|dos|vms|zos)([-_.]|$)`)

// linuxPlatformRe names Linux or any Unix: a condition that also names
// one holds here.
var linuxPlatformRe = regexp.MustCompile(`\b(__linux__|__linux|linux|__gnu_linux__|__unix__|__unix|unix|__GLIBC__|_POSIX_VERSION|__ELF__)\b`)

// negatedRe is a condition's operand negated: `!defined(X)`, `!X`.
var negatedRe = regexp.MustCompile(`!\s*(defined\s*\(?\s*)?$`)

// foreignGuard returns the other platform whose source file holds n or
// whose preprocessor condition encloses it, or "": the then-branch of a condition naming it (not
// negated, and not beside Linux or Unix), or the else-branch of one that
// excludes only it (`#ifndef _WIN32 … #else <here>`).
func (w *walker) foreignGuard(n *sitter.Node) string {
	if m := foreignFileRe.FindStringSubmatch(path.Base(w.rel)); m != nil {
		return m[2]
	}
	inElse := false
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "preproc_else":
			inElse = true
			continue
		case "preproc_ifdef":
			name := w.field(p, "name")
			ifndef := p.ChildCount() > 0 && strings.TrimSpace(p.Child(0).Type()) == "#ifndef"
			if foreignPlatformRe.FindString(name) == name && name != "" && ifndef == inElse {
				return name
			}
		case "preproc_if", "preproc_elif":
			cond := w.field(p, "condition")
			if inElse {
				if m := foreignPlatformRe.FindStringIndex(cond); m != nil && strings.TrimSpace(negatedRe.ReplaceAllString(cond[:m[0]], "")) == "" &&
					negatedRe.MatchString(cond[:m[0]]) && !strings.ContainsAny(cond, "|&") {
					return cond[m[0]:m[1]]
				}
			} else if g := positiveForeign(cond); g != "" {
				return g
			}
			if p.Type() == "preproc_elif" {
				inElse = true // an #elif is its parent's alternative
				continue
			}
		}
		inElse = false
	}
	return ""
}

// positiveForeign is the first other platform cond requires (named, not
// negated), "" when it names none or also names Linux or Unix.
func positiveForeign(cond string) string {
	if linuxPlatformRe.MatchString(cond) {
		return ""
	}
	for _, m := range foreignPlatformRe.FindAllStringIndex(cond, -1) {
		if !negatedRe.MatchString(cond[:m[0]]) {
			return cond[m[0]:m[1]]
		}
	}
	return ""
}
