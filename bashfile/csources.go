package bashfile

// cSourcesOnly: C or C++ code and no build system or package manifest
// at all — a header-only library (thread-pool's include/BS_thread_pool.hpp),
// or sources its users compile into their programs (crypto-algorithms'
// aes.c … with aes_test.c). The pyramid compiles them and their own
// test programs with the system compiler (its sourcesCompile and
// headersCompile), so the script installs that compiler up front, not
// one failed command later. The packages of the headers it includes are
// left to the repairs: without a build file nothing says which optional
// parts are built (nginx's auto/configure includes GeoIP's and GD's
// headers only for modules it is asked for).
func (p *planner) cSourcesOnly() error {
	if len(p.plan.Stacks) > 0 || len(p.plan.Unsupported) > 0 || !p.repo.hasLanguage("C", "C++") {
		return nil
	}
	why := ev("c", "", 0, "C/C++ sources without a build system: the compiler their users compile them with")
	return p.install(Base, why, "build-essential")
}
