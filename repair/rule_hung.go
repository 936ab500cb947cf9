package repair

// hung: a command printed nothing for its idle limit and was ended. It
// waits for something that does not come — a peer that did not start, an
// answer on stdin, a privilege it lacks — so a longer limit would not
// help. Consulted after the rules that read a cause in the log (network,
// non-root, test environment); what is left is recorded with the last
// thing the command printed.
type hung struct{}

func (hung) Name() string { return "hung" }

func (hung) Diagnose(f Failure) []Diagnosis {
	if !f.TimedOut || !f.Idle {
		return nil
	}
	return []Diagnosis{{Kind: Timeout, Subject: f.Command, Evidence: lastLine(f.Log)}}
}

func (r hung) Propose(d Diagnosis, _ *Context) (Proposal, bool) {
	if d.Kind != Timeout || d.Rule != r.Name() {
		return Proposal{}, false
	}
	return record(d, "the command printed nothing for minutes and was stopped: it waits for something that does not come (a peer that did not start, input, a privilege it lacks); a longer limit would not help"), true
}
