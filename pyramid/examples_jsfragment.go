package pyramid

import (
	"regexp"
	"strings"
)

// A README's JavaScript block is often a fragment: espree's
// `const ast = espree.parse(code);` passes `code`, which the page leaves
// to the reader. Run, it stops on "ReferenceError: code is not defined"
// and takes the place of a whole example further down (`espree.tokenize('let
// foo = "bar"', …)`). A block passing a bare name to a call that it
// neither declares, imports nor gets as a parameter, and that is no
// JavaScript global, is such a fragment.

var (
	// jsBareArgRe is a bare name passed to a call: `(code)`, `, opts)`.
	jsBareArgRe = regexp.MustCompile(`[(,]\s*([A-Za-z_$][\w$]*)\s*[,)]`)
	// jsDeclRe declares names: const/let/var (destructuring too),
	// function, class, import, catch, a loop's variable.
	jsDeclRe = regexp.MustCompile(`\b(?:const|let|var)\s+(\{[^}]*\}|\[[^\]]*\]|[\w$]+)|\b(?:function\*?|class)\s+([\w$]+)|\bimport\s+([^;'"]+?)\s+from\b|\bcatch\s*\(\s*([\w$]+)`)
	// jsParamsRe are a function's parameters: function (a, b), (a, b) =>, a =>.
	jsParamsRe = regexp.MustCompile(`\bfunction\*?\s*[\w$]*\s*\(([^)]*)\)|\(([^()]*)\)\s*=>|\b([\w$]+)\s*=>`)
	jsWordRe   = regexp.MustCompile(`[A-Za-z_$][\w$]*`)
)

// jsGlobals are the names a script has without declaring them.
var jsGlobals = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`undefined null true false this arguments NaN Infinity globalThis console process require module exports __dirname __filename
		Buffer setTimeout setInterval clearTimeout clearInterval setImmediate queueMicrotask fetch URL URLSearchParams TextEncoder TextDecoder AbortController
		Object Array String Number Boolean Symbol BigInt Math JSON Date RegExp Error TypeError RangeError SyntaxError Promise Map Set WeakMap WeakSet Proxy Reflect
		Uint8Array Int8Array Uint16Array Int16Array Uint32Array Int32Array Float32Array Float64Array ArrayBuffer DataView parseInt parseFloat isNaN isFinite
		encodeURIComponent decodeURIComponent encodeURI decodeURI window document navigator location performance structuredClone crypto async await new typeof void`) {
		jsGlobals[n] = true
	}
}

// jsFragment reports a block that passes a name it never defines to a
// call, and the name.
func jsFragment(code string) (string, bool) {
	src := stripJSLiterals(code)
	declared := map[string]bool{}
	for _, m := range jsDeclRe.FindAllStringSubmatch(src, -1) {
		for _, g := range m[1:] {
			for _, w := range jsWordRe.FindAllString(g, -1) {
				declared[w] = true
			}
		}
	}
	for _, m := range jsParamsRe.FindAllStringSubmatch(src, -1) {
		for _, g := range m[1:] {
			for _, w := range jsWordRe.FindAllString(g, -1) {
				declared[w] = true
			}
		}
	}
	for _, m := range jsBareArgRe.FindAllStringSubmatch(src, -1) {
		if n := m[1]; !declared[n] && !jsGlobals[n] {
			return n, true
		}
	}
	return "", false
}

// jsLiteralRe is a JavaScript string, template or comment, whose words
// name nothing.
var jsLiteralRe = regexp.MustCompile("(?s)`(?:[^`\\\\]|\\\\.)*`|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'|//[^\\n]*|/\\*.*?\\*/")

func stripJSLiterals(code string) string { return jsLiteralRe.ReplaceAllString(code, `""`) }
