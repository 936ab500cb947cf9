package bashfile

import "context"

// mavenDetector: a top-level pom.xml. The Maven wrapper when committed,
// else Debian's maven; packages without running the tests.
type mavenDetector struct{}

func (mavenDetector) Name() string { return "maven" }

func (mavenDetector) Detect(r *repo) bool { return r.stacks["maven"] || r.has("pom.xml") }

func (d mavenDetector) Apply(ctx context.Context, p *planner) error {
	const pom = "pom.xml"
	if err := p.install(Runtimes, ev(d.Name(), pom, 0, "a JDK (Debian's default, 17)"), "default-jdk-headless", "ca-certificates"); err != nil {
		return err
	}
	mvn := "mvn"
	if p.repo.onDisk("mvnw") {
		mvn = "./mvnw"
		if err := p.add(Runtimes, "chmod +x mvnw", ev(d.Name(), "mvnw", 0, "the Maven wrapper pins the project's Maven version")); err != nil {
			return err
		}
		p.note("the Maven wrapper downloads Maven from repo.maven.apache.org (or its configured URL), which may be unreachable")
	} else if err := p.install(Runtimes, ev(d.Name(), pom, 0, "Maven from Debian"), "maven"); err != nil {
		return err
	}
	p.note("Maven resolves dependencies from Maven Central, which may be unreachable from here")
	return p.add(Build, mvn+" -B -q -DskipTests package", ev(d.Name(), pom, 0, "compile and package; tests run later, from the test pyramid"))
}
