package bashfile

import "strings"

// unsupportedSystem is a build system heragent recognises but does not
// generate commands for: it says so instead of guessing.
type unsupportedSystem struct {
	name  string
	files []string // top-level file names that mark it
}

// unsupportedSystems are checked in this order.
var unsupportedSystems = []unsupportedSystem{
	{"bazel", []string{"MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", "BUILD.bazel"}},
	{"buck", []string{".buckconfig", "BUCK"}},
	{"pants", []string{"pants.toml"}},
	{"scons", []string{"SConstruct", "Sconstruct", "sconstruct"}},
	{"waf", []string{"wscript", "waf"}},
	{"xmake", []string{"xmake.lua"}},
	{"premake", []string{"premake5.lua", "premake4.lua"}},
	{"qmake", nil}, // *.pro at the top
	{"build2", []string{"manifest", "buildfile"}},
	{"sbt", []string{"build.sbt"}},
	{"stack", []string{"stack.yaml"}},
	{"cabal", []string{"cabal.project"}},
	{"mix", []string{"mix.exs"}},
	{"rebar3", []string{"rebar.config"}},
	{"bundler", []string{"Gemfile"}},
	{"composer", []string{"composer.json"}},
	{"dotnet", nil}, // *.sln / *.csproj at the top
	{"swiftpm", []string{"Package.swift"}},
	{"zig", []string{"build.zig"}},
}

// unsupported lists the build systems found that heragent does not handle.
func unsupported(r *repo) []string {
	out := []string{}
	for _, u := range unsupportedSystems {
		found := ""
		switch u.name {
		case "qmake":
			found = topWithSuffix(r, ".pro")
		case "dotnet":
			if found = topWithSuffix(r, ".sln"); found == "" {
				found = topWithSuffix(r, ".csproj")
			}
		case "build2":
			if r.has("manifest") && r.has("buildfile") {
				found = "manifest"
			}
		default:
			found = r.first(u.files...)
		}
		if found != "" {
			out = append(out, u.name+": "+found+" found; not supported, no commands generated for it")
		}
	}
	if f := r.android(); f != "" {
		out = append(out, "android: "+f+" applies the Android Gradle plugin, which needs the Android SDK (not available here); no commands generated for it")
	}
	return out
}

func topWithSuffix(r *repo, suffix string) string {
	for _, f := range r.files {
		if !strings.Contains(f.Path, "/") && strings.HasSuffix(f.Path, suffix) {
			return f.Path
		}
	}
	return ""
}
