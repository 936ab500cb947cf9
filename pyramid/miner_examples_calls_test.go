package pyramid

import "testing"

// README calls of a package's default export without its import: the
// import is added and each call printed (not one a method chain goes on
// from); blocks with TypeScript syntax,
// with imports of their own, or without a call are left alone.
func TestImplicitImport(t *testing.T) {
	for _, tc := range []struct{ code, pkg, want string }{
		{"ms('2 days')  // 172800000\nms('1d')\n", "ms", "import * as heragent_pkg from 'ms'\nconst ms = heragent_pkg.ms ?? heragent_pkg.default ?? heragent_pkg\nconsole.log(ms('2 days')) // 172800000\nconsole.log(ms('1d'))\n"},
		{"leftPad('foo', 5)\n", "left-pad", "import * as heragent_pkg from 'left-pad'\nconst leftPad = heragent_pkg.leftPad ?? heragent_pkg.default ?? heragent_pkg\nconsole.log(leftPad('foo', 5))\n"},
		{"type Unit = 'ms' | 's'\nms('1s')\n", "ms", ""},
		{"import ms from 'ms'\nms('1s')\n", "ms", ""},
		{"const x = 1\n", "ms", ""},
		// the head of a method chain (sade's README): the chain is the statement, not printed
		{"sade('foo')\n\n  .command('greet <noun>')\n  .action(noun => console.log(noun));\n", "sade", "import * as heragent_pkg from 'sade'\nconst sade = heragent_pkg.sade ?? heragent_pkg.default ?? heragent_pkg\nsade('foo')\n\n  .command('greet <noun>')\n  .action(noun => console.log(noun));\n"},
	} {
		if got := implicitImport(tc.code, tc.pkg); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.code, got, tc.want)
		}
	}
}
