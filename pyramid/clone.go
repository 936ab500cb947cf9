package pyramid

// Clone returns a deep copy: a run marks and extends its own pyramid
// without changing the caller's.
func (p *Pyramid) Clone() *Pyramid {
	if p == nil {
		return &Pyramid{}
	}
	q := *p
	q.Commands = make([]Command, len(p.Commands))
	for i, c := range p.Commands {
		if c.Why != nil {
			c.Why = append([]Provenance{}, c.Why...)
		}
		if c.Expect != nil {
			c.Expect = append([]string{}, c.Expect...)
		}
		q.Commands[i] = c
	}
	return &q
}
