package build

import (
	"encoding/xml"
	"fmt"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
	"golang.org/x/mod/modfile"
)

func parseGoMod(rel string, src []byte, f *fileFacts) error {
	mf, err := modfile.Parse(rel, src, nil)
	if err != nil {
		// Unknown directives from a newer Go: read what can be read.
		lax, lerr := modfile.ParseLax(rel, src, nil)
		if lerr != nil {
			return fmt.Errorf("parse go.mod: %w", err)
		}
		mf = lax
	}
	if mf.Module != nil {
		f.fact("module", mf.Module.Mod.Path)
	}
	if mf.Go != nil {
		f.fact("go", mf.Go.Version)
	}
	if mf.Toolchain != nil {
		f.fact("toolchain", mf.Toolchain.Name)
	}
	for _, r := range mf.Require {
		scope := "runtime"
		if r.Indirect {
			scope = "indirect"
		}
		f.deps = append(f.deps, dependency{ecosystem: "go", name: r.Mod.Path, constraint: r.Mod.Version, scope: scope, line: r.Syntax.Start.Line, required: true})
	}
	return nil
}

func parseCargo(_ string, src []byte, f *fileFacts) error {
	var ct struct {
		Package struct {
			Name        string `toml:"name"`
			RustVersion string `toml:"rust-version"`
			Edition     string `toml:"edition"`
		} `toml:"package"`
		Dependencies      map[string]any `toml:"dependencies"`
		DevDependencies   map[string]any `toml:"dev-dependencies"`
		BuildDependencies map[string]any `toml:"build-dependencies"`
		Bin               []struct {
			Name string `toml:"name"`
			Path string `toml:"path"`
		} `toml:"bin"`
	}
	if _, err := toml.Decode(string(src), &ct); err != nil {
		return fmt.Errorf("parse Cargo.toml: %w", err)
	}
	f.fact("name", ct.Package.Name)
	if ct.Package.RustVersion != "" {
		f.fact("rust_version", ct.Package.RustVersion)
	}
	if ct.Package.Edition != "" {
		f.fact("edition", ct.Package.Edition)
	}
	addTableDeps(f, src, "cargo", "runtime", ct.Dependencies)
	addTableDeps(f, src, "cargo", "dev", ct.DevDependencies)
	addTableDeps(f, src, "cargo", "build", ct.BuildDependencies)
	for _, b := range ct.Bin {
		f.targets = append(f.targets, target{kind: "executable", name: b.Name, command: b.Path, line: lineOf(src, `"`+b.Name+`"`, 1)})
	}
	return nil
}

func parsePom(_ string, src []byte, f *fileFacts) error {
	var pom struct {
		ArtifactID   string `xml:"artifactId"`
		Dependencies []struct {
			GroupID    string `xml:"groupId"`
			ArtifactID string `xml:"artifactId"`
			Version    string `xml:"version"`
			Scope      string `xml:"scope"`
		} `xml:"dependencies>dependency"`
		Properties struct {
			Inner []byte `xml:",innerxml"`
		} `xml:"properties"`
	}
	if err := xml.Unmarshal(src, &pom); err != nil {
		return fmt.Errorf("parse pom.xml: %w", err)
	}
	f.fact("name", pom.ArtifactID)
	if m := regexp.MustCompile(`<maven\.compiler\.(?:source|release)>([^<]+)<`).FindSubmatch(pom.Properties.Inner); m != nil {
		f.fact("java_version", string(m[1]))
	}
	for _, d := range pom.Dependencies {
		scope := d.Scope
		if scope == "" {
			scope = "runtime"
		}
		name := d.GroupID + ":" + d.ArtifactID
		f.deps = append(f.deps, dependency{ecosystem: "maven", name: name, constraint: d.Version, scope: scope, line: lineOf(src, "<artifactId>"+d.ArtifactID+"<", 1), required: true})
	}
	return nil
}

// gradleDep matches `implementation 'g:a:v'` and `testImplementation("g:a:v")`.
var gradleDep = regexp.MustCompile(`(?m)^\s*(implementation|api|compileOnly|runtimeOnly|testImplementation|testRuntimeOnly|annotationProcessor|kapt|compile|testCompile)\s*\(?\s*["']([^"':]+):([^"':]+)(?::([^"']+))?["']`)

func parseGradle(_ string, src []byte, f *fileFacts) error {
	for _, m := range gradleDep.FindAllSubmatchIndex(src, -1) {
		conf := string(src[m[2]:m[3]])
		scope := "runtime"
		if strings.HasPrefix(conf, "test") {
			scope = "test"
		}
		c := ""
		if m[8] >= 0 {
			c = string(src[m[8]:m[9]])
		}
		f.deps = append(f.deps, dependency{ecosystem: "gradle", name: string(src[m[4]:m[5]]) + ":" + string(src[m[6]:m[7]]), constraint: c, scope: scope, line: lineAt(src, m[0]), required: true})
	}
	return nil
}

// addTableDeps records a TOML dependency table (Cargo, Poetry) whose values
// are either a version string or a table with a "version" key.
func addTableDeps(f *fileFacts, src []byte, ecosystem, scope string, m map[string]any) {
	for _, name := range sortedMapKeys(m) {
		c := ""
		switch v := m[name].(type) {
		case string:
			c = v
		case map[string]any:
			c, _ = v["version"].(string)
		}
		f.deps = append(f.deps, dependency{ecosystem: ecosystem, name: name, constraint: c, scope: scope, line: keyLine(src, name), required: true})
	}
}
