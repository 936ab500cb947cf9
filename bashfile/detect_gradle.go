package bashfile

import "context"

// gradleDetector: a top-level build.gradle(.kts). The Gradle wrapper when
// committed, else Debian's gradle; builds without running the tests.
type gradleDetector struct{}

func (gradleDetector) Name() string { return "gradle" }

func (gradleDetector) Detect(r *repo) bool {
	return (r.stacks["gradle"] || r.has("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts")) && r.android() == ""
}

func (d gradleDetector) Apply(ctx context.Context, p *planner) error {
	file := p.repo.first("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle")
	if err := p.install(Runtimes, ev(d.Name(), file, 0, "a JDK (Debian's default, 17)"), "default-jdk-headless", "ca-certificates"); err != nil {
		return err
	}
	gradle := "gradle"
	if p.repo.onDisk("gradlew") {
		gradle = "./gradlew"
		if err := p.add(Runtimes, "chmod +x gradlew", ev(d.Name(), "gradlew", 0, "the Gradle wrapper pins the project's Gradle version")); err != nil {
			return err
		}
		p.note("the Gradle wrapper downloads Gradle from services.gradle.org, which may be unreachable")
	} else {
		if err := p.install(Runtimes, ev(d.Name(), file, 0, "Gradle from Debian (4.4: old)"), "gradle"); err != nil {
			return err
		}
		p.note("no Gradle wrapper: Debian's gradle is 4.4, older than most builds expect")
	}
	p.note("Gradle resolves dependencies from Maven Central / the Gradle plugin portal, which may be unreachable from here")
	return p.add(Build, gradle+" --no-daemon assemble", ev(d.Name(), file, 0, "compile and assemble; tests run later, from the test pyramid"))
}
