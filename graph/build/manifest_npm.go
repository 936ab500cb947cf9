package build

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

func parsePackageJSON(_ string, src []byte, f *fileFacts) error {
	var pj struct {
		Name                 string            `json:"name"`
		Main                 string            `json:"main"`
		Type                 string            `json:"type"`
		Engines              map[string]string `json:"engines"`
		Scripts              map[string]string `json:"scripts"`
		Bin                  json.RawMessage   `json:"bin"`
		Dependencies         map[string]string `json:"dependencies"`
		DevDependencies      map[string]string `json:"devDependencies"`
		PeerDependencies     map[string]string `json:"peerDependencies"`
		OptionalDependencies map[string]string `json:"optionalDependencies"`
		PackageManager       string            `json:"packageManager"`
		Workspaces           json.RawMessage   `json:"workspaces"`
	}
	if err := json.Unmarshal(src, &pj); err != nil {
		return fmt.Errorf("parse package.json: %w", err)
	}
	f.fact("name", pj.Name)
	if pj.Main != "" {
		f.fact("main", pj.Main)
	}
	if pj.Type != "" {
		f.fact("module_type", pj.Type)
	}
	if pj.PackageManager != "" {
		f.fact("package_manager", pj.PackageManager)
	}
	for k, v := range pj.Engines {
		f.fact("engines_"+k, v)
	}
	if len(pj.Workspaces) > 0 {
		f.fact("workspaces", true)
	}
	for _, grp := range []struct {
		scope string
		m     map[string]string
	}{{"runtime", pj.Dependencies}, {"dev", pj.DevDependencies}, {"peer", pj.PeerDependencies}, {"optional", pj.OptionalDependencies}} {
		for _, name := range sortedMapKeys(grp.m) {
			f.deps = append(f.deps, dependency{ecosystem: "npm", name: name, constraint: grp.m[name], scope: grp.scope, line: lineOf(src, `"`+name+`"`, 1), required: grp.scope != "optional"})
		}
	}
	for _, name := range sortedMapKeys(pj.Scripts) {
		f.targets = append(f.targets, target{kind: "script", name: name, command: pj.Scripts[name], line: lineOf(src, `"`+name+`"`, lineOf(src, `"scripts"`, 1))})
	}
	if len(pj.Bin) > 0 {
		var one string
		var many map[string]string
		switch {
		case json.Unmarshal(pj.Bin, &one) == nil:
			name := pj.Name
			if i := strings.LastIndexByte(name, '/'); i >= 0 {
				name = name[i+1:]
			}
			f.targets = append(f.targets, target{kind: "bin", name: name, command: one, line: lineOf(src, `"bin"`, 1)})
		case json.Unmarshal(pj.Bin, &many) == nil:
			for _, name := range sortedMapKeys(many) {
				f.targets = append(f.targets, target{kind: "bin", name: name, command: many[name], line: lineOf(src, `"bin"`, 1)})
			}
		}
	}
	return nil
}

func sortedMapKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
