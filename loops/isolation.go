package loops

// offlineNote is the report's note for --proof-network none.
const offlineNote = "proof network: none — after the Bash File ran, the sandbox was disconnected from every network; the pyramid's commands saw only loopback"

// noteIsolation records in the report whether the run's sandboxes were
// kept off the engine's host, and how (or why not).
func (r *runner) noteIsolation() {
	iso := r.e.Isolation()
	if iso.Detail == "" {
		return
	}
	r.rep.HostIsolated = &iso.Enforced
	r.rep.Notes = append(r.rep.Notes, iso.Note())
}
