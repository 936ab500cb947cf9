package repair

import (
	"regexp"

	"github.com/heragent/heragent/bashfile"
)

// soundDevice: a program or test opens the default sound device and a
// container has no sound card. ALSA's configuration then names a card
// that is not there ("Unknown PCM default", miniaudio's "snd_pcm_open()
// failed when trying to open an appropriate default device", aplay's
// "audio open error"), SDL finds "No available audio device". As a
// display is given by Xvfb, a sound device is given by ALSA's null
// plugin: /etc/asound.conf makes it the default, so playback discards
// its samples and capture records silence. The program then runs as it
// would on a machine with a card; the report says what it played to.
type soundDevice struct{}

var soundMatches = []match{
	{NeedsAudio, regexp.MustCompile(`()(?:\(snd_pcm_open_noupdate\) Unknown PCM default|snd_pcm_open\(\) failed|\baudio open error: No such file or directory|cannot find card '0'|No available audio device|[Cc]ouldn't open audio device)`)},
}

// nullSound makes ALSA's null plugin the default sound device.
const nullSound = `printf 'pcm.!default {\n  type null\n}\n' > /etc/asound.conf`

func (soundDevice) Name() string { return "sound-device" }

func (soundDevice) Diagnose(f Failure) []Diagnosis { return firstOnly(scan(f.Log, soundMatches, nil)) }

func (r soundDevice) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != NeedsAudio {
		return Proposal{}, false
	}
	if ctx.File == nil {
		return record(d, "the command needs a sound card, which a container here does not have: "+d.Evidence), true
	}
	if ctx.File.Contains("/etc/asound.conf") {
		return record(d, "the command needs a sound device although ALSA's default is the null device: "+d.Evidence), true
	}
	return edit(d, "the command needs a sound card, which a container does not have ("+d.Evidence+"): ALSA's default device is made its null device, which discards what is played and records silence",
		bashfile.Edit{Op: bashfile.OpAppend, Section: bashfile.Runtimes, Command: nullSound, Why: why(r, d)}), true
}
