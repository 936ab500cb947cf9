package bashfile

import (
	"os"
	"path/filepath"
	"regexp"
)

// androidPluginRe finds the Android Gradle plugin in a Gradle build file:
// its classpath coordinate or a plugin id (com.android.application,
// com.android.library, …).
var androidPluginRe = regexp.MustCompile(`com\.android\.tools\.build:gradle|['"(]com\.android\.(?:application|library|test|dynamic-feature)['")]|\bandroid\s*\{`)

// android returns the top-level Gradle file that applies the Android
// Gradle plugin, or "": such a build needs the Android SDK, which no
// Debian package here provides (openh264's Android test apps beside its
// meson build). The Gradle detector leaves it, and the plan says why.
func (r *repo) android() string {
	if r.androidFile == nil {
		f := r.findAndroid()
		r.androidFile = &f
	}
	return *r.androidFile
}

// findAndroid reads the top-level Gradle files once (android caches it).
func (r *repo) findAndroid() string {
	if r.root == "" {
		return ""
	}
	for _, name := range []string{"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"} {
		if !r.top[name] {
			continue
		}
		b, err := os.ReadFile(filepath.Join(r.root, name))
		if err == nil && androidPluginRe.Match(b) {
			return name
		}
	}
	return ""
}
