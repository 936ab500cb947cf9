package report

// Event is one step of a run: a line of trajectory.jsonl and what the
// progress display shows.
type Event struct {
	T         float64 `json:"t"`     // seconds since the run started
	Phase     string  `json:"phase"` // setup, command, repair, level, export, done
	Iteration int     `json:"iteration"`
	Message   string  `json:"message"`
	Command   string  `json:"command,omitempty"`
	Level     string  `json:"level,omitempty"`
	ExitCode  *int    `json:"exit_code,omitempty"`
	Data      any     `json:"data,omitempty"` // edits, diagnosis, counts…
}
