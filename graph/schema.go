// Package graph is the knowledge graph of a repository: its schema (node
// labels, edge types and their documented properties), the Store interface
// its backends implement, and the Summary a build reports.
//
// The builder lives in graph/build, the backends in graph/embedded (default,
// in-process, one bbolt file) and graph/neo4jstore (Neo4j through
// neo4j-go-driver/v5, parameterised Cypher only). graph/storetest holds the
// conformance suite both backends pass. See graph/README.md.
package graph

// Label is a node label. Labels are a closed set: backends may rely on a
// label being one of AllLabels (the Neo4j backend writes them into Cypher
// text, so it validates them against this list first).
type Label string

// Node labels and the properties each carries (all property values are
// string, int64, bool or []string; see Props).
const (
	// Repository is the root: props name, path (absolute path at build time).
	Repository Label = "Repository"
	// Directory: props path ("." for the root).
	Directory Label = "Directory"
	// File: props path, name, ext, language (go-enry), kind (FileKind),
	// size, hash (sha256 hex of the content), mtime (unix ns), lines,
	// generated/vendored (bool), lockfile (bool), ecosystem (for manifests),
	// skipped (reason, when the content was not parsed), invalid (parse error
	// of a manifest/build/CI file; its facts may be partial), and fact_<name>
	// string facts of manifests (fact_go, fact_toolchain, fact_engines_node,
	// fact_main, fact_build_backend, fact_python_requires, fact_project,
	// fact_enable_testing, fact_module …).
	File Label = "File"
	// Symbol: props name, kind (SymbolKind), path, line, end_line, language,
	// parent (enclosing class/impl, may be empty).
	Symbol Label = "Symbol"
	// Declaration is an include/import/use/source: props path (declaring
	// file), line, kind (include, import, use, source), target (as written),
	// system (bool: #include <…>), resolved (repo path it resolves to, "" if
	// outside the repo).
	Declaration Label = "Declaration"
	// Dependency: props ecosystem (npm, pypi, go, cargo, maven, gradle, cmake,
	// pkg-config, meson, autoconf-lib, autoconf-header, docker, github-action),
	// name, constraint (version constraint as written, may be empty), scope
	// (runtime, dev, build, optional, test), path (declaring file), line,
	// required (bool, for build-system checks), components ([]string).
	Dependency Label = "Dependency"
	// Target is something a build file or manifest can run or produce: props
	// kind (TargetKind), name, path (declaring file), line, command (script
	// body or recipe, may be empty), sources ([]string).
	Target Label = "Target"
	// Step is a command a CI file or Dockerfile runs: props path, line,
	// system (github-actions, gitlab-ci, travis, circleci, dockerfile), job,
	// name, text (the shell text), matrix ([]string "key=v1,v2"), order.
	Step Label = "Step"
	// TextChunk is a section of a document: props path, order, heading,
	// level, line, end_line, text, code_langs ([]string) and codes ([]string),
	// code_lines ([]string of "start-end"): the fenced code blocks in it.
	TextChunk Label = "TextChunk"
)

// AllLabels lists every node label.
var AllLabels = []Label{Repository, Directory, File, Symbol, Declaration, Dependency, Target, Step, TextChunk}

// EdgeType is a relationship type; like labels, a closed set.
type EdgeType string

// Edge types (from → to).
const (
	Contains           EdgeType = "CONTAINS"            // Repository|Directory → Directory|File
	Defines            EdgeType = "DEFINES"             // File → Symbol|Target
	Includes           EdgeType = "INCLUDES"            // File → Declaration (C/C++ #include)
	Imports            EdgeType = "IMPORTS"             // File → Declaration (import/use/require/source)
	ResolvesTo         EdgeType = "RESOLVES_TO"         // Declaration → File inside the repo
	DeclaresDependency EdgeType = "DECLARES_DEPENDENCY" // File → Dependency
	HasText            EdgeType = "HAS_TEXT"            // File → TextChunk
	NextChunk          EdgeType = "NEXT_CHUNK"          // TextChunk → TextChunk (document order)
	HasStep            EdgeType = "HAS_STEP"            // File → Step
	NextStep           EdgeType = "NEXT_STEP"           // Step → Step (same job, in order)
)

// AllEdgeTypes lists every edge type.
var AllEdgeTypes = []EdgeType{Contains, Defines, Includes, Imports, ResolvesTo, DeclaresDependency, HasText, NextChunk, HasStep, NextStep}

// ValidLabel reports whether l is in AllLabels.
func ValidLabel(l Label) bool {
	for _, x := range AllLabels {
		if x == l {
			return true
		}
	}
	return false
}

// ValidEdgeType reports whether t is in AllEdgeTypes.
func ValidEdgeType(t EdgeType) bool {
	for _, x := range AllEdgeTypes {
		if x == t {
			return true
		}
	}
	return false
}

// FileKind classifies a file by its role in setting up the project.
type FileKind string

// File kinds.
const (
	KindSource   FileKind = "source"
	KindTest     FileKind = "test"
	KindManifest FileKind = "manifest"
	KindBuild    FileKind = "build"
	KindCI       FileKind = "ci"
	KindDoc      FileKind = "doc"
	KindScript   FileKind = "script"
	KindConfig   FileKind = "config"
	KindData     FileKind = "data"
)

// SymbolKind classifies a Symbol.
type SymbolKind string

// Symbol kinds.
const (
	SymFunction SymbolKind = "function"
	SymMethod   SymbolKind = "method"
	SymClass    SymbolKind = "class" // class, struct, interface, trait, enum
	SymMain     SymbolKind = "main"  // a program entry point
	SymTest     SymbolKind = "test"  // a test function
)

// TargetKind classifies a Target.
type TargetKind string

// Target kinds.
const (
	TargetExecutable TargetKind = "executable" // add_executable, meson executable(), bin_PROGRAMS, Cargo [[bin]]
	TargetLibrary    TargetKind = "library"    // add_library, meson library()
	TargetTest       TargetKind = "test"       // add_test, meson test(), check_PROGRAMS/TESTS
	TargetMake       TargetKind = "make"       // a Makefile target
	TargetScript     TargetKind = "script"     // package.json scripts
	TargetBin        TargetKind = "bin"        // package.json bin, [project.scripts], console_scripts
	TargetCustom     TargetKind = "custom"     // CMake add_custom_target: a named step, its commands
)

// Node is a labelled node with an ID unique within its repository.
// Owner is the repository path of the file whose parse produced the node
// ("" for nodes the builder derives from the whole tree); an incremental
// rebuild replaces everything an owner produced at once.
type Node struct {
	ID    string `json:"id"`
	Label Label  `json:"label"`
	Owner string `json:"owner,omitempty"`
	Props Props  `json:"props"`
}

// Edge is a typed relationship between two node IDs of one repository.
type Edge struct {
	From  string   `json:"from"`
	To    string   `json:"to"`
	Type  EdgeType `json:"type"`
	Owner string   `json:"owner,omitempty"`
}

// Key identifies an edge.
func (e Edge) Key() string { return e.From + "\x00" + string(e.Type) + "\x00" + e.To }

// LangIndentedShell is the language of a Markdown indented code block
// that opens with a command (rswier/c4's README: `gcc -o c4 c4.c` with no
// fence and no prompt).
const LangIndentedShell = "indented-shell"

// LangIndented is the language of a Markdown indented code block that may
// hold commands but is no sure shell session (one in a list item: seqtk's
// `seqtk seq -a in.fq.gz > out.fa`).
const LangIndented = "indented"
