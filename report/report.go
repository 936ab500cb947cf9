// Package report is the plain data a run produces and others read:
// report.json (Report and its records), the trajectory's Event, the brain's
// decisions and model usage, and verify.json. It imports no container
// engine: batch, agents and the CLI read it without the Docker SDK.
package report

import (
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/pyramid/results"
	"github.com/heragent/heragent/repair"
)

// SetupRun is one run of the Bash File.
type SetupRun struct {
	Iteration      int     `json:"iteration"`
	ExitCode       int     `json:"exit_code"`
	TimedOut       bool    `json:"timed_out,omitempty"`
	Seconds        float64 `json:"seconds"`
	FailedSection  string  `json:"failed_section,omitempty"`
	FromCheckpoint string  `json:"from_checkpoint,omitempty"` // the section a checkpoint skipped to
	Log            string  `json:"log"`                       // relative to the output directory
	Tail           string  `json:"tail,omitempty"`
}

// CommandResult is one pyramid command run.
type CommandResult struct {
	Iteration int            `json:"iteration"`
	Text      string         `json:"text"`
	Dir       string         `json:"dir,omitempty"`
	Level     pyramid.Level  `json:"level"`
	Bucket    pyramid.Bucket `json:"bucket"`
	ExitCode  int            `json:"exit_code"`
	TimedOut  bool           `json:"timed_out,omitempty"`
	Idle      bool           `json:"idle,omitempty"` // cut because it printed nothing for the idle limit
	Seconds   float64        `json:"seconds"`
	Counts    results.Counts `json:"counts"`
	Passed    bool           `json:"passed"`
	// Tolerated: the command proved Testable although some tests failed
	// (pyramid.Tolerable), after no repair fixed them.
	Tolerated bool `json:"tolerated,omitempty"`
	// Cut: the command proved Testable on the tests that passed before its
	// time or idle limit stopped it (pyramid.CutShort), graded subset.
	Cut bool `json:"cut,omitempty"`
	// Evidence grades a passing command: for Testable suite, subset or
	// smoke; for Runnable goal, documented, probe or last_resort.
	Evidence string `json:"evidence,omitempty"`
	// Proof marks the commands that proved the reported level's steps in
	// the state whose exports were written: what verify re-runs.
	Proof   bool   `json:"proof,omitempty"`
	Verdict string `json:"verdict"`
	Log     string `json:"log"`
	Tail    string `json:"tail,omitempty"`
}

// RepairRecord is one repair decision.
type RepairRecord struct {
	Iteration int              `json:"iteration"`
	Phase     repair.Phase     `json:"phase"`
	Command   string           `json:"command,omitempty"`
	Diagnosis repair.Diagnosis `json:"diagnosis"`
	Rule      string           `json:"rule"`
	Action    repair.Action    `json:"action"`
	Edits     []string         `json:"edits,omitempty"`
	Reason    string           `json:"reason,omitempty"`
	Brain     string           `json:"brain"`
	// Release: the newer Debian release a recorded limit names (repair.Proposal).
	Release string `json:"release,omitempty"`
	// Rejected says why an applied repair was rolled back (the Bash File
	// stopped running to the end, or a level already proved was lost);
	// a rejected edit is never tried again in the run.
	Rejected string `json:"rejected,omitempty"`
	// Key identifies the change (its edits) so a rejected one is known
	// when it is proposed again.
	Key string `json:"-"`
	// RejectedLog is the log (relative to the output directory) that
	// showed the failure the repair led to.
	RejectedLog string `json:"rejected_log,omitempty"`
}

// LevelStep is what one state of the Bash File proved: the file after
// Iteration repairs, run to the end (or not) and judged.
type LevelStep struct {
	Iteration        int           `json:"iteration"`
	Level            pyramid.Level `json:"level"`
	TestableEvidence string        `json:"testable_evidence,omitempty"`
	RunnableEvidence string        `json:"runnable_evidence,omitempty"`
	// At is when the state's proof was complete, in seconds since the
	// run began (the analysis included).
	At float64 `json:"at_seconds"`
	// Best marks the state the exports come from.
	Best bool `json:"best,omitempty"`
	// RolledBack says why the search left this state for the best one.
	RolledBack string `json:"rolled_back,omitempty"`
	// Unjudged says why the state's weaker proof did not count: a repair
	// came before the command that proved the best state ran, and the
	// search went on from the repaired state.
	Unjudged string `json:"unjudged,omitempty"`
}

// SchemaVersion is report.json's and verify.json's schema version: 2 added
// provenance, evidence grades, proofs and the level history.
const SchemaVersion = 2

// Report is report.json: how far the run got and the evidence.
type Report struct {
	SchemaVersion int `json:"schema_version"`
	Provenance
	RunID        string        `json:"run_id"`
	Repo         string        `json:"repo"`
	Image        string        `json:"image"`
	Brain        string        `json:"brain"`
	Target       pyramid.Level `json:"target"`
	Level        pyramid.Level `json:"level"`
	WhyNotHigher string        `json:"why_not_higher,omitempty"`
	Runnable     string        `json:"runnable,omitempty"` // the command the entrypoint runs
	// RunnableEvidence says what kind of command proved Runnable:
	// "goal" (the user's), "documented" (mined from the repository),
	// "probe" (made up by heragent: a built program on a small input, a
	// library consumer, a server answering) or "last_resort" (--version,
	// --help, an import: proves the program starts, not that it works).
	RunnableEvidence string `json:"runnable_evidence,omitempty"`
	// TestableEvidence grades the command that proved Testable: "suite"
	// (the project's test suite: most of the tests found, or its
	// documented test command without a selector), "subset" (one test,
	// one package, a fuzz target, a doctest) or "smoke" (a program
	// started; no test ran).
	TestableEvidence string `json:"testable_evidence,omitempty"`
	// TestsFound is roughly how many tests the repository has (the
	// graph's test functions); TestsRun how many the proving command ran
	// (passed, failed or errors); TestsRatio their ratio when both are known.
	TestsFound int            `json:"tests_found"`
	TestsRun   int            `json:"tests_run"`
	TestsRatio float64        `json:"tests_ratio,omitempty"`
	Stacks     []string       `json:"stacks,omitempty"`
	Tests      results.Counts `json:"tests"` // of the Testable command that proved the level
	// LevelSeconds is when the reported level was proved (the best
	// state's At); Seconds is the whole run.
	LevelSeconds float64 `json:"level_seconds,omitempty"`
	// History is every state the search judged, in order.
	History    []LevelStep        `json:"level_history"`
	Iterations int                `json:"iterations"`
	Seconds    float64            `json:"seconds"`
	Phases     map[string]float64 `json:"phase_seconds"`
	Setup      []SetupRun         `json:"setup_runs"`
	Commands   []CommandResult    `json:"commands"`
	Repairs    []RepairRecord     `json:"repairs"`
	Notes      []string           `json:"notes,omitempty"`
	// Config is the user's configuration the run applied (heragent.yaml,
	// --config, --bash-file), nil when there was none.
	Config *Config `json:"config,omitempty"`
	// ProofNetwork is "none" when the feedback phase ran with no network
	// (--proof-network none; verify re-proves the same way).
	ProofNetwork string `json:"proof_network,omitempty"`
	// HostIsolated says whether the host firewall kept the run's sandboxes
	// from connecting to the engine's host; the notes say how, or why not.
	HostIsolated *bool      `json:"host_isolated,omitempty"`
	Decisions    []Decision `json:"decisions,omitempty"` // every agent decision and its brain
	Lessons      []string   `json:"lessons,omitempty"`   // reflections after failed attempts
	LLM          *Usage     `json:"llm,omitempty"`       // model tokens and cost, per role
}

// Config is what the user's own configuration changed in a run's plan.
type Config struct {
	File    string   `json:"file"`    // the file read
	Applied []string `json:"applied"` // what it changed, one line each
}
