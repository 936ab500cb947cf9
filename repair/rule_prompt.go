package repair

import (
	"regexp"
	"strings"

	"github.com/heragent/heragent/bashfile"
)

// interactivePrompt: something waited for an answer nobody gives (tzdata's
// area question, apt's "Do you want to continue?"). The repair makes the
// script non-interactive: DEBIAN_FRONTEND and TZ, or -y on apt.
type interactivePrompt struct{}

var promptMatches = []match{
	// tzdata: Please select the geographic area in which you live. / Geographic area:
	{InteractivePrompt, regexp.MustCompile(`(?:Please select the geographic area|^Geographic area:)()`)},
	// keyboard-configuration: Please select the layout matching the keyboard
	{InteractivePrompt, regexp.MustCompile(`Please select the (layout) matching the keyboard`)},
	// apt without -y: Do you want to continue? [Y/n] Abort.
	{InteractivePrompt, regexp.MustCompile(`Do you want to continue\? \[Y/n\] (Abort)`)},
}

var (
	aptInstallRe = regexp.MustCompile(`\bapt(?:-get)? install\b`)
	aptYesRe     = regexp.MustCompile(`\s(-y|--yes|--assume-yes|-\w*y\w*)\b`)
)

func (interactivePrompt) Name() string { return "interactive-prompt" }

func (interactivePrompt) Diagnose(f Failure) []Diagnosis {
	ds := scan(f.Log, promptMatches, func(s string) string {
		switch s {
		case "Abort":
			return "apt"
		case "layout":
			return "keyboard-configuration"
		}
		return "tzdata"
	})
	if len(ds) > 1 {
		ds = ds[:1]
	}
	return ds
}

func (r interactivePrompt) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != InteractivePrompt {
		return Proposal{}, false
	}
	w := why(r, d)
	if d.Subject == "apt" {
		for _, id := range []bashfile.SectionID{bashfile.Base, bashfile.Runtimes, bashfile.Build, bashfile.Packages, bashfile.Context} {
			i, text := ctx.find(id, func(t string) bool {
				return aptInstallRe.MatchString(t) && !aptYesRe.MatchString(t)
			})
			if i >= 0 {
				loc := aptInstallRe.FindStringIndex(text)
				fixed := text[:loc[1]] + " -y" + text[loc[1]:]
				return edit(d, "apt asked for confirmation: install with -y",
					bashfile.Edit{Op: bashfile.OpReplace, Section: id, Match: text, Command: fixed, Why: w}), true
			}
		}
		return none(d, "apt asked for confirmation but no apt install without -y is in the Bash File"), true
	}
	return edit(d, strings.TrimSpace(d.Subject+" asked a question: configure packages non-interactively with UTC as the time zone"),
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Context, Command: "export DEBIAN_FRONTEND=noninteractive", Why: w},
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Context, Command: "persist_env TZ Etc/UTC", Why: w},
	), true
}
