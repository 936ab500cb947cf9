package bashfile

import (
	"context"
	"fmt"
)

// cargoDetector: a top-level Cargo.toml. Debian's cargo and rustc (1.63);
// fetches (honouring Cargo.lock) and builds.
type cargoDetector struct{}

func (cargoDetector) Name() string { return "cargo" }

func (cargoDetector) Detect(r *repo) bool { return r.stacks["cargo"] || r.has("Cargo.toml") }

// debianRust is the Rust version of Debian bookworm.
const debianRust = "1.63"

func (d cargoDetector) Apply(ctx context.Context, p *planner) error {
	const file = "Cargo.toml"
	if err := p.install(Runtimes, ev(d.Name(), file, 0, "Rust from Debian (1.63)"), "cargo", "rustc", "ca-certificates"); err != nil {
		return err
	}
	if v := p.repo.fact(file, "rust_version"); v != "" && !versionAtMost(v, debianRust) {
		p.note(fmt.Sprintf("Cargo.toml rust-version is %s; Debian's Rust is %s", v, debianRust))
	}
	p.note("cargo fetches crates from crates.io, which may be unreachable from here")
	fetch := "cargo fetch"
	if p.repo.has("Cargo.lock") {
		fetch = "cargo fetch --locked"
	}
	if err := p.addProject(Runtimes, fetch, ev(d.Name(), p.repo.first("Cargo.lock", file), 0, "crates as Cargo.lock pins them")); err != nil {
		return err
	}
	return p.add(Build, "cargo build", ev(d.Name(), file, 0, "build; tests run later, from the test pyramid"))
}
