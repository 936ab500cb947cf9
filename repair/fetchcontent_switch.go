package repair

import (
	"regexp"
	"slices"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// A project that downloads a dependency at configure time often has an
// option choosing the installed one instead: parallel-hashmap's
// PHMAP_DOWNLOAD_GTEST (ON: download), yaml-cpp's YAML_USE_SYSTEM_GTEST
// (OFF: its own copy), spdlog's SPDLOG_FMT_EXTERNAL. Offline, the option
// is set the installed way and Debian's package of the dependency's CMake
// package (the project's own find_package of it) is installed.

// cmakeOptionDeclRe is an option() with its description and default, and
// cmakeCacheBoolRe a cache variable of type BOOL with its default (sol2's
// set(SOL2_BUILD_LUA TRUE CACHE BOOL "Always build Lua, …")).
var (
	cmakeOptionDeclRe = regexp.MustCompile(`(?im)^\s*option\s*\(\s*(\w+)\s+"([^"]*)"\s*(\w*)`)
	cmakeCacheBoolRe  = regexp.MustCompile(`(?im)^\s*set\s*\(\s*(\w+)\s+(\w+)\s+CACHE\s+BOOL\b`)
)

// findPackageRe is a find_package call's package name.
var findPackageRe = regexp.MustCompile(`(?i)\bfind_package\s*\(\s*([\w.+-]+)`)

// installedWords in an option's name choose the installed dependency;
// downloadWords choose the project's download or its bundled copy.
var (
	installedWords = []string{"SYSTEM", "EXTERNAL", "INSTALLED", "FIND"}
	downloadWords  = []string{"DOWNLOAD", "FETCH", "BUNDLE", "VENDOR", "BUILTIN", "INTERNAL"}
)

// dependencyTokens are the upper-case names a project's options and
// find_package calls may give the dependency: its own, and the others
// Debian ships the same sources as (googletest, gtest).
func dependencyTokens(name string) []string {
	norm := func(s string) string {
		return strings.ToUpper(strings.NewReplacer("-", "", "_", "", ".", "").Replace(s))
	}
	toks := []string{norm(name)}
	if src, ok := bashfile.SubmoduleSources[strings.ToLower(name)]; ok {
		for k, v := range bashfile.SubmoduleSources {
			if v == src && !slices.Contains(toks, norm(k)) {
				toks = append(toks, norm(k))
			}
		}
	}
	return toks
}

// namesDependency says whether an identifier names the dependency.
func namesDependency(id string, toks []string) bool {
	id = strings.ToUpper(strings.ReplaceAll(id, "_", ""))
	for _, t := range toks {
		if len(t) >= 3 && strings.Contains(id, t) {
			return true
		}
	}
	return false
}

// downloadSwitch is the -D flag that makes the project use the installed
// dependency, with the Debian packages of its CMake package; "" when the
// project has no such option, it is already set that way, or Debian has
// no package for it.
func downloadSwitch(ctx *Context, d Diagnosis, name, configure string) (string, []string) {
	files := append(strings.Fields(d.Detail), "CMakeLists.txt")
	flag, cmakeNames := switchIn(ctx, files, dependencyTokens(name))
	if lead, _, ok := strings.Cut(strings.ReplaceAll(name, "_", "-"), "-"); flag == "" && ok && len(lead) >= 3 {
		// the download's name qualifies the dependency's (sol2's
		// lua-vanilla): the options and find_package calls name the lead
		flag, cmakeNames = switchIn(ctx, files, dependencyTokens(lead))
	}
	if flag == "" || strings.Contains(configure, flag[:strings.IndexByte(flag, '=')+1]) {
		return "", nil
	}
	for _, n := range append(cmakeNames, name) {
		if ps := lookup(ctx, func(i PackageIndex) []string { return i.CMakePackage(n) }, hintFold(cmakeHints, n)); len(ps) > 0 {
			return flag, ps
		}
	}
	return "", nil
}

// switchIn reads files for the option switching a dependency named by
// toks to the installed one (its -D flag, "" for none) and the names the
// dependency's find_package calls give it.
func switchIn(ctx *Context, files []string, toks []string) (flag string, cmakeNames []string) {
	for _, f := range files {
		text := ctx.readRepo(f)
		decls := cmakeOptionDeclRe.FindAllStringSubmatch(text, -1)
		for _, m := range cmakeCacheBoolRe.FindAllStringSubmatch(text, -1) {
			decls = append(decls, []string{m[0], m[1], "", m[2]})
		}
		for _, m := range decls {
			if flag == "" && namesDependency(m[1], toks) {
				flag = switchFlag(m[1], strings.ToUpper(m[3]))
			}
			if on := strings.ToUpper(m[3]); flag == "" && (on == "ON" || on == "TRUE") && buildsDependency(m[1], toks) {
				flag = "-D" + m[1] + "=OFF"
			}
		}
		for _, m := range findPackageRe.FindAllStringSubmatch(text, -1) {
			if namesDependency(m[1], toks) && !slices.Contains(cmakeNames, m[1]) {
				cmakeNames = append(cmakeNames, m[1])
			}
		}
	}
	return flag, cmakeNames
}

// buildsDependency reports an option named as building the dependency
// itself, on by default (sol2's SOL2_BUILD_LUA: "Always build Lua, do not
// search for it in the system"): off, the project finds the installed
// one. Not for a dependency Debian ships the sources of (googletest),
// whose X_BUILD_GTEST may be the tests' own switch.
func buildsDependency(opt string, toks []string) bool {
	for _, t := range toks {
		if _, src := bashfile.SubmoduleSources[strings.ToLower(t)]; src {
			return false
		}
	}
	opt = strings.ToUpper(opt)
	return slices.ContainsFunc(toks, func(t string) bool { return len(t) >= 3 && strings.HasSuffix(opt, "BUILD_"+t) })
}

// switchFlag is the -D flag choosing the installed dependency with the
// option opt whose default is def; "" when opt says neither way or its
// default is already the installed one.
func switchFlag(opt, def string) string {
	has := func(words []string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return strings.Contains(strings.ToUpper(opt), w) })
	}
	on := def == "ON" || def == "TRUE" || def == "YES" || def == "1"
	switch {
	case has(installedWords) && !on:
		return "-D" + opt + "=ON"
	case has(downloadWords) && !has(installedWords) && (on || def == ""):
		return "-D" + opt + "=OFF"
	}
	return ""
}
