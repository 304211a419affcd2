package attach

import (
	"math"
	"unicode"
)

// Tokens estimates how many tokens s takes, per script: about four bytes
// a token for ASCII (English and code), two characters for other
// alphabets (accented Latin, Greek, Cyrillic, Arabic…), and one for each
// CJK ideograph, kana or hangul syllable. Real tokenizers differ by model;
// callers that learn the provider's counts scale this estimate.
func Tokens(s string) int {
	var c counter
	c.add(s)
	return c.tokens()
}

// counter accumulates the estimate over pieces of text, so that cutting a
// file line by line costs one pass.
type counter struct {
	ascii, other, cjk int
}

func (c *counter) add(s string) {
	for _, r := range s {
		switch {
		case r < 0x80:
			c.ascii++
		case isCJK(r):
			c.cjk++
		default:
			c.other++
		}
	}
}

func (c counter) tokens() int {
	return int(math.Ceil(float64(c.ascii)/4 + float64(c.other)/2 + float64(c.cjk)))
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
