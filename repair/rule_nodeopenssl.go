package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// nodeLegacyOpenSSL: an old build tool (webpack 4, react-scripts 4) hashes
// with MD4, which the OpenSSL 3 of Node.js 17+ refuses
// (ERR_OSSL_EVP_UNSUPPORTED). Node's own switch turns the legacy provider
// back on for every later node process.
type nodeLegacyOpenSSL struct{}

var nodeOpenSSLMatches = []match{
	// code: 'ERR_OSSL_EVP_UNSUPPORTED'  /  Error: error:0308010C:digital envelope routines::unsupported
	{NodeLegacyOpenSSL, regexp.MustCompile(`()ERR_OSSL_EVP_UNSUPPORTED|error:0308010C:digital envelope routines::unsupported`)},
}

func (nodeLegacyOpenSSL) Name() string { return "node-legacy-openssl" }

func (nodeLegacyOpenSSL) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, nodeOpenSSLMatches, nil))
}

func (r nodeLegacyOpenSSL) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NodeLegacyOpenSSL {
		return Proposal{}, false
	}
	return edit(d, "an old build tool hashes with MD4, which Node.js 17+ refuses: enable OpenSSL's legacy provider",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: "persist_env NODE_OPTIONS --openssl-legacy-provider", Why: why(r, d)}), true
}
