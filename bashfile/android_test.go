package bashfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Gradle build that applies the Android Gradle plugin is not planned
// (it needs the Android SDK) and the plan says why; a plain Java Gradle
// build still is.
func TestAndroidGradleBuildIsNotPlanned(t *testing.T) {
	for _, c := range []struct {
		name, file, text string
		android          bool
	}{
		{"classpath", "build.gradle", "buildscript {\n  dependencies { classpath 'com.android.tools.build:gradle:3.5.3' }\n}\n", true},
		{"plugins id", "build.gradle.kts", "plugins {\n  id(\"com.android.library\")\n}\n", true},
		{"java", "build.gradle", "plugins { id 'java' }\nrepositories { mavenCentral() }\n", false},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		r := &repo{files: files(c.file, "meson.build"), top: map[string]bool{c.file: true, "meson.build": true}, stacks: map[string]bool{}, root: dir}
		if got := (gradleDetector{}).Detect(r); got == c.android {
			t.Errorf("%s: gradle Detect = %v", c.name, got)
		}
		said := strings.Contains(strings.Join(unsupported(r), "\n"), "android: "+c.file)
		if said != c.android {
			t.Errorf("%s: unsupported = %q", c.name, unsupported(r))
		}
	}
}
