package repair

// timeout: the run hit its time limit. The log is cut short, so other
// diagnoses may be missing. First answer: run again with a longer limit;
// after that, record it. A command cut for printing nothing (hung) is
// the hung rule's, after the rules that read a cause in its log.
type timeout struct{}

func (timeout) Name() string { return "timeout" }

func (timeout) Diagnose(f Failure) []Diagnosis {
	if !f.TimedOut || f.Idle {
		return nil
	}
	return []Diagnosis{{Kind: Timeout, Subject: f.Command, Evidence: lastLine(f.Log)}}
}

func (r timeout) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != Timeout || d.Rule != r.Name() {
		return Proposal{}, false
	}
	if ctx.tried(r.Name(), d) > 0 {
		return record(d, "still over the time limit after one longer retry"), true
	}
	return Proposal{Diagnosis: d, Action: ActionRetryLonger, Reason: "the time limit cut the run short: retry once with a longer limit"}, true
}
