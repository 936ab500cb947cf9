package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// A C library without a version function and without an example still
// has an API a user starts with: a constructor taking nothing
// (c-algorithms' `Queue *queue_new(void);`, rax's `rax *raxNew(void);`),
// functions that answer about what it made (`int queue_is_empty(Queue
// *queue);`) and one that frees it. ObjectProbes writes that smallest
// consumer — make the object, print the answers, free it — links it with
// the built library and runs it: a probe heragent made up, graded as one,
// where the library's build left nothing else to run.

// ObjectAPI is a constructor a header declares, with the queries and the
// destructor of the type it returns.
type ObjectAPI struct {
	Header  string // slash path relative to the repository
	Type    string // as declared: "Queue", "struct bn"
	New     string
	Queries []ObjectQuery
	Free    string
	// Init: New initialises an object the caller holds (libogg's
	// `int ogg_sync_init(ogg_sync_state *oy);`, speex_bits_init): the
	// consumer declares one of the complete Type and passes its address.
	Init bool
}

// ObjectQuery is a function of one object answering a printable value.
type ObjectQuery struct {
	Name   string
	Format string // printf conversion
	Cast   string // the cast before the call
}

var (
	// objectAttr are the export macros and storage words before a type.
	objectAttr = `(?:(?:extern|static\s+inline|inline|[A-Z][A-Z0-9_]*)\s+)*`
	// objectNewRe is a constructor: a pointer to a named type from a
	// function taking nothing, named as one that makes.
	objectNewRe = regexp.MustCompile(`(?m)^[ \t]*` + objectAttr + `((?:struct[ \t]+)?[A-Za-z_]\w*)[ \t]*\*[ \t]*(\w+)[ \t]*\([ \t]*(?:void)?[ \t]*\)[ \t]*;`)
	// objectInitRe initialises an object its caller holds, its one
	// argument: `extern int ogg_sync_init(ogg_sync_state *oy);`.
	objectInitRe = regexp.MustCompile(`(?m)^[ \t]*` + objectAttr + `(?:int|void)[ \t]+(\w*?(?:_init|_initiali[sz]e|[a-z0-9]Init)(?:_\w*)?)[ \t]*\([ \t]*((?:struct[ \t]+)?[A-Za-z_]\w*)[ \t]*\*[ \t]*\w*[ \t]*\)[ \t]*;`)
	// objectVerbRe names the verb of a constructor as a word of its name:
	// queue_new, raxNew, check_list_create, ZSTD_createCCtx (not
	// get_default_allocator); objectSharedRe names one returning a shared
	// instance, which is not the caller's to free.
	objectVerbRe   = regexp.MustCompile(`(?:^|_)(?:new|create|alloc)(?:_|[A-Z0-9]|$)|[a-z0-9](?:New|Create|Alloc)(?:[A-Z0-9_]|$)`)
	objectSharedRe = regexp.MustCompile(`(?i)get|default|global|instance|current|singleton|shared`)
	// objectMutatorRe names functions that change or walk what they are
	// given rather than answer about it.
	objectMutatorRe = regexp.MustCompile(`(?i)pop|push|remove|clear|free|destroy|delete|release|take|reset|next|prev|iter|insert|append|set|add|sort|shrink|grow|lock|init|close|open|put|unref|fork|run|stop|start|load|save|write|read|flush|consume|relocate|verify|wait|accept|poll|recv|send|connect|listen|dispatch|loop|process|join`)
	// objectCxxRe is a C++ header, which a C consumer cannot include.
	objectCxxRe = regexp.MustCompile(`(?m)^\s*(?:class|namespace|template)\b`)
	// objectSkipDir holds headers of tests, legacy and compatibility
	// code (commonmark's api_test/harness.h, zstd's lib/legacy).
	objectSkipDir = regexp.MustCompile(`(?i)test|legacy|compat|internal|private`)
	// objectFreeRe names a destructor.
	objectFreeRe = regexp.MustCompile(`(?i)free|destroy|delete|release`)
)

// objectReturns are the answer types a consumer prints, with how.
var objectReturns = map[string][2]string{
	"int": {"%d", "(int)"}, "unsigned": {"%u", "(unsigned)"}, "unsigned int": {"%u", "(unsigned)"}, "bool": {"%d", "(int)"},
	"long": {"%ld", "(long)"}, "unsigned long": {"%lu", "(unsigned long)"}, "size_t": {"%zu", "(size_t)"},
	"uint64_t": {"%llu", "(unsigned long long)"}, "int64_t": {"%lld", "(long long)"},
	"uint32_t": {"%u", "(unsigned)"}, "int32_t": {"%d", "(int)"}, "double": {"%g", "(double)"},
	"const char *": {"%s", "(const char *)"}, "char *": {"%s", "(const char *)"},
}

// ObjectAPIs reads the checkout's public headers for constructors with at
// least one query of what they make.
func ObjectAPIs(repo fs.FS) []ObjectAPI {
	var out []ObjectAPI
	want := func(p string) bool {
		return strings.HasSuffix(p, ".h") && !objectSkipDir.MatchString(path.Dir(p)) && !depHeaderDir.MatchString(p) && !strings.ContainsAny(p, " '\"$`\\")
	}
	walkHeaderFiles(repo, want, func(p string) {
		b, err := fs.ReadFile(repo, p)
		if err != nil {
			return
		}
		if text := cCommentRe.ReplaceAllString(string(b), " "); !objectCxxRe.MatchString(text) {
			out = append(out, headerObjects(p, text)...)
		}
	})
	return out
}

// headerObjects are the object APIs of one header's text: constructors,
// then initialisers of a type the header defines whole.
func headerObjects(header, text string) []ObjectAPI {
	var out []ObjectAPI
	for _, m := range objectNewRe.FindAllStringSubmatch(text, -1) {
		typ := strings.Join(strings.Fields(m[1]), " ")
		if objectReturns[typ][0] != "" || typ == "void" || typ == "char" || typ == "const" || !objectVerbRe.MatchString(m[2]) || objectSharedRe.MatchString(m[2]) {
			continue
		}
		if api := objectQueries(ObjectAPI{Header: header, Type: typ, New: m[2]}, text); len(api.Queries) > 0 {
			out = append(out, api)
		}
	}
	for _, m := range objectInitRe.FindAllStringSubmatch(text, -1) {
		typ := strings.Join(strings.Fields(m[2]), " ")
		if objectReturns[typ][0] != "" || typ == "void" || typ == "char" || !definesType(text, typ) {
			continue
		}
		api := objectQueries(ObjectAPI{Header: header, Type: typ, New: m[1], Init: true}, text)
		if api.Free = ""; len(api.Queries) > 0 { // its destructor may free the object itself (ogg_sync_destroy)
			out = append(out, api)
		}
	}
	return out
}

// definesType reports whether text defines typ whole, so a consumer may
// hold one: `typedef struct { … } T;` or `struct T { … }`.
func definesType(text, typ string) bool {
	if tag, ok := strings.CutPrefix(typ, "struct "); ok {
		return regexp.MustCompile(`\bstruct[ \t]+` + regexp.QuoteMeta(tag) + `[ \t\n]*\{`).MatchString(text)
	}
	return regexp.MustCompile(`\}[ \t\n]*` + regexp.QuoteMeta(typ) + `[ \t]*;`).MatchString(text)
}

// objectQueries fills in api's queries and destructor from text: the
// functions of one api.Type pointer.
func objectQueries(api ObjectAPI, text string) ObjectAPI {
	param := `\([ \t]*(?:const[ \t]+)?` + strings.ReplaceAll(regexp.QuoteMeta(api.Type), " ", `[ \t]+`) + `[ \t]*\*[ \t]*(?:const[ \t]+)?\w*[ \t]*\)[ \t]*;`
	queryRe := regexp.MustCompile(`(?m)^[ \t]*` + objectAttr + `((?:const[ \t]+)?(?:unsigned[ \t]+)?\w+(?:[ \t]*\*)?)[ \t]*\b(\w+)[ \t]*` + param)
	for _, q := range queryRe.FindAllStringSubmatch(text, -1) {
		ret := strings.Join(strings.Fields(strings.ReplaceAll(q[1], "*", " *")), " ")
		switch how, ok := objectReturns[ret]; {
		case ret == "void" && objectFreeRe.MatchString(q[2]) && api.Free == "":
			api.Free = q[2]
		case ok && !objectMutatorRe.MatchString(q[2]) && len(api.Queries) < 4:
			api.Queries = append(api.Queries, ObjectQuery{Name: q[2], Format: how[0], Cast: how[1]})
		}
	}
	return api
}

// ObjectProbes makes Runnable probes that compile a consumer of the built
// library from its object APIs (ObjectAPIs): libs and gen as LinkProbes
// takes them. At most two, those whose names are most like the
// library's first; none without a library.
func ObjectProbes(apis []ObjectAPI, libs, gen []string, repoName string) []Command {
	name := projectName(repoName)
	lib, ok := bestLib(libs, name)
	if !ok || len(apis) == 0 {
		return nil
	}
	stem := libStem(path.Base(lib))
	sort.SliceStable(apis, func(i, j int) bool {
		si := strings.Contains(strings.ToLower(apis[i].New), stem) || strings.Contains(strings.ToLower(apis[i].New), name)
		sj := strings.Contains(strings.ToLower(apis[j].New), stem) || strings.Contains(strings.ToLower(apis[j].New), name)
		if si != sj {
			return si
		}
		return len(apis[i].Queries) > len(apis[j].Queries)
	})
	var out []Command
	for _, a := range apis[:min(len(apis), 2)] {
		out = append(out, objectProbe(a, lib, genIncludeDirs(gen)))
	}
	return out
}

// objectProbe is the command that writes, builds and runs a's consumer.
func objectProbe(a ObjectAPI, lib string, genDirs []string) Command {
	incDir, include := includeOf(a.Header)
	src := []string{"#include <stdio.h>", "#include " + include, "int main(void) {"}
	if a.Init {
		src = append(src, "  "+a.Type+" s, *o = &s;", "  "+a.New+"(o);", `  puts("`+a.New+`(): initialised a `+a.Type+`");`)
	} else {
		src = append(src, "  "+a.Type+" *o = "+a.New+"();",
			`  if (o == NULL) { puts("`+a.New+`() returned NULL"); return 1; }`,
			`  puts("`+a.New+`(): made a `+a.Type+`");`)
	}
	for _, q := range a.Queries {
		src = append(src, `  printf("`+q.Name+`: `+q.Format+`\n", `+q.Cast+q.Name+`(o));`)
	}
	if a.Free != "" {
		src = append(src, "  "+a.Free+"(o);")
	}
	src = append(src, "  return 0;", "}")
	flags := strings.Join(genIncludeFlags([]string{"-I" + incDir}, map[string]bool{incDir: true}, genDirs), " ")
	link, sys := linkArgs(lib)
	text := "printf '%s\\n' " + shellQuoteAll(src) + " > /tmp/heragent-object.c && cc -o /tmp/heragent-object /tmp/heragent-object.c " +
		flags + " " + link + sys + " && timeout 10 /tmp/heragent-object"
	why := []Provenance{{Source: "built", File: lib, Note: "a library the build produced"}, {Source: "header", File: a.Header, Note: "declares " + a.New + "()"},
		{Source: "synthesized", Note: "a consumer program making the library's object and asking about it"}}
	return Command{Text: text, Bucket: Entry, Level: Runnable, Synth: true, Why: why, Expect: []string{a.Queries[0].Name + ": "},
		Reason: "compiles a program that includes " + a.Header + ", links the built " + path.Base(lib) + ", makes a " + a.Type + " with " + a.New + "() and prints what its functions answer"}
}
