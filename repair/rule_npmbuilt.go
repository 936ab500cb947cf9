package repair

import (
	"encoding/json"
	"path"
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// npmBuilt: the package's build script failed in setup, but what it
// builds is committed: package.json's main and bin files are in the
// checkout (he's grunt build regenerates he.js from data with dev tools
// whose unpinned versions have moved on since). The package is used
// from those files, as its published tarball would be; the repair takes
// the build script out of the Bash File and says why. Without them the
// build is needed, and another rule (or none) must explain its failure.
type npmBuilt struct{}

var (
	// npm: "> he@1.2.0 build" before the script's own output; yarn 1:
	// "yarn run v1.22.19"; pnpm: "> he@1.2.0 build /repo"
	npmBuildBannerRe = regexp.MustCompile(`^(?:> \S+ build(?: /\S*)?|yarn run v[\d.]+)$`)
	// the Bash File's build script command
	jsBuildRe = regexp.MustCompile(`^(?:npm|yarn|pnpm) run build$`)
)

func (npmBuilt) Name() string { return "npm-built" }

func (npmBuilt) Diagnose(f Failure) []Diagnosis {
	if f.Phase != PhaseSetup || f.Section != "" && f.Section != bashfile.Build {
		return nil
	}
	for _, l := range logLines(f.Log) {
		if npmBuildBannerRe.MatchString(l) {
			return []Diagnosis{{Kind: BuildScript, Subject: "build", Evidence: strings.TrimSpace(l)}}
		}
	}
	return nil
}

func (r npmBuilt) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != BuildScript {
		return Proposal{}, false
	}
	_, cmd := ctx.find(bashfile.Build, jsBuildRe.MatchString)
	if cmd == "" {
		return Proposal{}, false
	}
	files := committedOutputs(ctx)
	if len(files) == 0 {
		return Proposal{}, false // the build makes what the package runs: it must pass
	}
	return edit(d, "the package's build script failed, and what it builds is committed ("+strings.Join(files, ", ")+"): the package is used from those files, as its published package would be",
		bashfile.Edit{Op: bashfile.OpRemove, Section: bashfile.Build, Match: cmd, Why: why(r, d)}), true
}

// committedOutputs are package.json's main and bin files when every one
// of them is in the checkout; nil when one is missing or none is named.
func committedOutputs(ctx *Context) []string {
	var pkg struct {
		Main string          `json:"main"`
		Bin  json.RawMessage `json:"bin"`
	}
	if json.Unmarshal([]byte(ctx.readRepo("package.json")), &pkg) != nil {
		return nil
	}
	files := []string{}
	if pkg.Main != "" {
		files = append(files, pkg.Main)
	}
	var one string
	var many map[string]string
	if json.Unmarshal(pkg.Bin, &one) == nil && one != "" {
		files = append(files, one)
	} else if json.Unmarshal(pkg.Bin, &many) == nil {
		for _, f := range many {
			files = append(files, f)
		}
	}
	var out []string
	for _, f := range files {
		p := path.Clean(strings.TrimPrefix(f, "./"))
		if ctx.readRepo(p) == "" && ctx.readRepo(p+".js") == "" {
			return nil
		}
		out = append(out, p)
	}
	return out
}
