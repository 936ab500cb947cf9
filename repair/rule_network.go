package repair

import (
	"fmt"
	"regexp"
	"strings"
)

// network: a host or registry could not be reached. During setup (or an
// install command) that is NetworkUnreachable; in a test it is
// NeedsNetwork. Neither is fixed by editing the script: both are recorded,
// with the host and whether TLS interception (missing CA) is the cause —
// except that a setup failure that looks transient (a name lookup that
// failed "temporarily", a reset or timed-out connection) is first retried
// once, unchanged.
type network struct{}

var (
	networkHostRes = []*regexp.Regexp{
		regexp.MustCompile(`Could not resolve host: ([\w.-]+)`),                               // curl, git
		regexp.MustCompile(`Temporary failure resolving '([^']+)'`),                           // apt
		regexp.MustCompile(`Could not resolve '([^']+)'`),                                     // apt
		regexp.MustCompile(`getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([\w.-]+)`),                   // node, npm
		regexp.MustCompile(`dial tcp: lookup ([\w.-]+)`),                                      // go
		regexp.MustCompile(`host='([\w.-]+)', port=\d+\): Max retries`),                       // pip, requests
		regexp.MustCompile(`Could not transfer artifact .* from/to \S+ \((https?://[^)]+)\)`), // maven
		regexp.MustCompile(`request to (https?://[^/\s]+)\S* failed`),                         // npm
	}
	networkRes = []*regexp.Regexp{
		regexp.MustCompile(`urlopen error \[Errno -?\d+\]`),
		regexp.MustCompile(`Name or service not known|Temporary failure in name resolution|Network is unreachable|No route to host`),
		regexp.MustCompile(`Couldn't resolve host name|Could not connect to server|Connection timed out`),
		regexp.MustCompile(`npm ERR! code (?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET)`),
		regexp.MustCompile(`\(from versions: none\)`), // pip could not list any version: index unreachable
	}
	// transientRe marks a failure that may pass on a second try: a name
	// lookup that failed temporarily, a connection reset or timed out.
	transientRe = regexp.MustCompile(`Temporary failure resolving|Temporary failure in name resolution|EAI_AGAIN|Connection timed out|Connection reset by peer|ETIMEDOUT|ECONNRESET|i/o timeout`)
	tlsRe       = regexp.MustCompile(`certificate verify failed|SSL certificate problem|x509: certificate signed by unknown authority|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN|unable to get local issuer certificate`)
	// installRe marks a command as installing dependencies, not testing.
	installRe = regexp.MustCompile(`\b(pip3? install|npm (ci|install|i)\b|yarn( install)?$|mvn|gradle|cargo (build|fetch)|go (mod download|get)|apt(-get)? (update|install)|git (clone|submodule))`)
)

// Transient reports whether log shows a network failure that may pass on
// a second try.
func Transient(log string) bool { return transientRe.MatchString(log) }

func (network) Name() string { return "network" }

func (network) Diagnose(f Failure) []Diagnosis {
	kind := NetworkUnreachable
	if f.Phase == PhaseCommand && !installRe.MatchString(f.Command) {
		kind = NeedsNetwork
	}
	var d *Diagnosis
	for _, l := range append(logLines(f.Log), cmakeMessages(f.Log)...) {
		if tlsRe.MatchString(l) {
			return []Diagnosis{{Kind: kind, Subject: "tls", Evidence: strings.TrimSpace(l)}}
		}
		if d != nil && d.Subject != "" {
			continue
		}
		for _, re := range networkHostRes {
			if g := re.FindStringSubmatch(l); g != nil {
				d = &Diagnosis{Kind: kind, Subject: g[1], Evidence: strings.TrimSpace(l)}
				break
			}
		}
		if d == nil {
			for _, re := range networkRes {
				if re.MatchString(l) {
					d = &Diagnosis{Kind: kind, Evidence: strings.TrimSpace(l)}
					break
				}
			}
		}
	}
	if d == nil {
		d = mesonWrap(f, kind)
	}
	if d == nil {
		return nil
	}
	if d.Subject == "" && strings.Contains(d.Evidence, "from versions: none") {
		d.Subject = "pypi"
	}
	return []Diagnosis{*d}
}

func (network) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	switch {
	case d.Kind == NeedsNetwork:
		return record(d, "the command needs network access the sandbox does not have: "+d.Evidence), true
	case d.Kind != NetworkUnreachable:
		return Proposal{}, false
	case d.Subject == "tls":
		return record(d, "TLS is intercepted and the sandbox does not trust the proxy's CA: inject the host's extra CA certificates"), true
	case d.Subject == "pypi":
		return record(d, "PyPI is unreachable from here: Python dependencies must come from Debian python3-* packages"), true
	}
	host := d.Subject
	if host == "" {
		host = "a registry"
	}
	if transientRe.MatchString(d.Evidence) && ctx.tried(network{}.Name(), d) == 0 {
		return Proposal{Diagnosis: d, Action: ActionRetry, Reason: fmt.Sprintf("%s could not be reached (%s): the failure may be transient, retry once", host, d.Evidence)}, true
	}
	return record(d, fmt.Sprintf("%s is unreachable from the sandbox and no mirror is known: %s", host, d.Evidence)), true
}
