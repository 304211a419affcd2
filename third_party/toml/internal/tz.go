package internal

import (
	"sync"
	"time"
)

// Timezones used for local datetime, date, and time TOML types.
//
// The exact way times and dates without a timezone should be interpreted is not
// well-defined in the TOML specification and left to the implementation. These
// defaults to current local timezone offset of the computer, but this can be
// changed by changing these variables before decoding.
//
// TODO:
// Ideally we'd like to offer people the ability to configure the used timezone
// by setting Decoder.Timezone and Encoder.Timezone; however, this is a bit
// tricky: the reason we use three different variables for this is to support
// round-tripping – without these specific TZ names we wouldn't know which
// format to use.
//
// There isn't a good way to encode this right now though, and passing this sort
// of information also ties in to various related issues such as string format
// encoding, encoding of comments, etc.
//
// So, for the time being, just put this in internal until we can write a good
// comprehensive API for doing all of this.
//
// The reason they're exported is because they're referred from in e.g.
// internal/tag.
//
// Note that this behaviour is valid according to the TOML spec as the exact
// behaviour is left up to implementations.
//
// The variables are pointers made at start-up, so that they can be compared;
// the zones they hold are filled in by LoadLocal, on first use, because
// finding the local offset reads /etc/localtime, which every program linking
// this package would otherwise pay for at start-up.
var (
	LocalDatetime = &time.Location{}
	LocalDate     = &time.Location{}
	LocalTime     = &time.Location{}
)

var loadLocal sync.Once

// LoadLocal fills in LocalDatetime, LocalDate and LocalTime; call it before
// using them.
func LoadLocal() {
	loadLocal.Do(func() {
		_, off := time.Now().Zone()
		*LocalDatetime = *time.FixedZone("datetime-local", off)
		*LocalDate = *time.FixedZone("date-local", off)
		*LocalTime = *time.FixedZone("time-local", off)
	})
}
