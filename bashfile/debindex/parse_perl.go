package debindex

import "strings"

// perlModule is the module name of a .pm file under Perl's directories
// (usr/share/perl5, usr/lib/<multiarch>/perl5/<version>, usr/share/perl/
// <version>, usr/lib/<multiarch>/perl/<version>, …/perl-base):
// usr/share/perl5/XML/Parser.pm → "XML::Parser".
func perlModule(path string) (string, bool) {
	rel, ok := strings.CutSuffix(path, ".pm")
	if !ok {
		return "", false
	}
	switch {
	case strings.HasPrefix(rel, "usr/share/perl5/"):
		rel = strings.TrimPrefix(rel, "usr/share/perl5/")
	case strings.HasPrefix(rel, "usr/share/perl/"):
		_, rel, ok = strings.Cut(strings.TrimPrefix(rel, "usr/share/perl/"), "/") // the version
	case strings.HasPrefix(rel, "usr/lib/"):
		ma, r, _ := strings.Cut(strings.TrimPrefix(rel, "usr/lib/"), "/")
		if !isMultiarch(ma) {
			return "", false
		}
		switch dir, r2, _ := strings.Cut(r, "/"); dir {
		case "perl5", "perl":
			_, rel, ok = strings.Cut(r2, "/") // the version
		case "perl-base":
			rel = r2
		default:
			return "", false
		}
	default:
		return "", false
	}
	if !ok || rel == "" {
		return "", false
	}
	return strings.ReplaceAll(rel, "/", "::"), true
}
