package retrieval

// FileInfo describes a File node.
type FileInfo struct {
	Path      string         `json:"path"`
	Language  string         `json:"language,omitempty"`
	Kind      string         `json:"kind"`
	Ecosystem string         `json:"ecosystem,omitempty"`
	Size      int64          `json:"size"`
	Lines     int64          `json:"lines,omitempty"`
	Lockfile  bool           `json:"lockfile,omitempty"`
	Skipped   string         `json:"skipped,omitempty"` // reason the content was not parsed
	Invalid   string         `json:"invalid,omitempty"` // parse error of a manifest/build/CI file
	Facts     map[string]any `json:"facts,omitempty"`   // manifest facts: go, toolchain, engines_node, main, build_backend, enable_testing …
}

// FileQuery filters FindFiles; zero fields match everything.
type FileQuery struct {
	Glob            string // path.Match pattern against the path, or against the base name when it has no '/'; "**/" prefix matches any depth
	Kind            string // graph.FileKind
	Language        string // go-enry language name, case-insensitive
	ExcludeInvolved bool   // leave out files already served by ReadFile
}

// TextHit is a search result: a document section or a CI/Docker step.
type TextHit struct {
	Label   string `json:"label"` // TextChunk or Step
	Path    string `json:"path"`
	Line    int64  `json:"line"`
	EndLine int64  `json:"end_line,omitempty"`
	Heading string `json:"heading,omitempty"`
	Text    string `json:"text"`
}

// TreeNode is a directory tree entry.
type TreeNode struct {
	Name     string      `json:"name"`
	Path     string      `json:"path"`
	Dir      bool        `json:"dir,omitempty"`
	Kind     string      `json:"kind,omitempty"`
	Files    int         `json:"files,omitempty"` // files below a directory cut off by the depth
	Children []*TreeNode `json:"children,omitempty"`
}

// EntryPoint is a way into the program: a main function, a script with a
// shebang, a package.json bin, a [project.scripts] entry, a build target
// producing an executable.
type EntryPoint struct {
	Kind     string `json:"kind"` // main, bin, executable
	Name     string `json:"name"` // symbol or target name
	Path     string `json:"path"` // file defining it
	Line     int64  `json:"line"` // 1-based
	Language string `json:"language,omitempty"`
	Command  string `json:"command,omitempty"` // bin script path / console-script spec / target sources
}

// Include is one #include (or import) of a file.
type Include struct {
	Path     string `json:"path"` // including file
	Line     int64  `json:"line"`
	Target   string `json:"target"` // as written
	System   bool   `json:"system"` // <…>
	Resolved string `json:"resolved,omitempty"`
	// Platform is the other operating system a preprocessor condition
	// limits the include to (`#ifdef _WIN32`), "" for one a Linux build reads.
	Platform string `json:"platform,omitempty"`
}

// UnresolvedInclude is a header the code includes that is not in the
// repository (a system or third-party header), with who includes it.
type UnresolvedInclude struct {
	Header    string     `json:"header"`
	System    bool       `json:"system"`
	Includers []Location `json:"includers"`
}

// Location is a file:line.
type Location struct {
	Path string `json:"path"`
	Line int64  `json:"line"`
}

// Dependency is a declared dependency.
type Dependency struct {
	Ecosystem  string   `json:"ecosystem"` // npm, pypi, go, cargo, maven, gradle, cmake, pkg-config, meson, autoconf-lib, autoconf-header, program, docker, github-action
	Name       string   `json:"name"`
	Constraint string   `json:"constraint,omitempty"`
	Scope      string   `json:"scope,omitempty"` // runtime, dev, build, optional, test, peer, indirect, ci
	Required   bool     `json:"required"`
	Components []string `json:"components,omitempty"`
	Path       string   `json:"path"`
	Line       int64    `json:"line"`
}

// CIStep is a shell step of a CI workflow or Dockerfile.
type CIStep struct {
	System string   `json:"system"` // github-actions, gitlab-ci, travis, circleci, dockerfile
	Job    string   `json:"job,omitempty"`
	Name   string   `json:"name,omitempty"`
	Text   string   `json:"text"`
	Path   string   `json:"path"`
	Line   int64    `json:"line"`
	Order  int64    `json:"order"`
	Matrix []string `json:"matrix,omitempty"` // "key=v1,v2"
}

// DocSection is a section of a document with its code blocks.
type DocSection struct {
	Path    string      `json:"path"`
	Order   int64       `json:"order"`
	Heading string      `json:"heading,omitempty"`
	Level   int64       `json:"level,omitempty"`
	Line    int64       `json:"line"`
	EndLine int64       `json:"end_line"`
	Text    string      `json:"text"`
	Code    []CodeBlock `json:"code,omitempty"`
}

// CodeBlock is a fenced code block.
type CodeBlock struct {
	Lang    string `json:"lang,omitempty"`
	Code    string `json:"code"`
	Line    int64  `json:"line"` // first line of the code
	EndLine int64  `json:"end_line"`
}

// Target is something a build file or manifest can run or produce.
type Target struct {
	Kind    string   `json:"kind"` // executable, library, test, make, script, bin
	Name    string   `json:"name"`
	Command string   `json:"command,omitempty"`
	Sources []string `json:"sources,omitempty"`
	Path    string   `json:"path"`
	Line    int64    `json:"line"`
}
