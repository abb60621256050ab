package bankfile

import (
	"strconv"
	"strings"
)

// folded maps accented Latin letters to their base letter so a name such
// as "Zoë Müller" reaches the bank as "Zoe Muller" rather than as spaces.
var folded = map[rune]string{
	'À': "A", 'Á': "A", 'Â': "A", 'Ã': "A", 'Ä': "A", 'Å': "A", 'Æ': "AE", 'Ç': "C", 'È': "E", 'É': "E", 'Ê': "E", 'Ë': "E",
	'Ì': "I", 'Í': "I", 'Î': "I", 'Ï': "I", 'Ð': "D", 'Ñ': "N", 'Ò': "O", 'Ó': "O", 'Ô': "O", 'Õ': "O", 'Ö': "O", 'Ø': "O",
	'Ù': "U", 'Ú': "U", 'Û': "U", 'Ü': "U", 'Ý': "Y", 'ß': "ss", 'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a",
	'æ': "ae", 'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ð': "d", 'ñ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y",
	'Ā': "A", 'ā': "a", 'Ē': "E", 'ē': "e", 'Ī': "I", 'ī': "i", 'Ō': "O", 'ō': "o", 'Ū': "U", 'ū': "u", // te reo Māori macrons
	'Ł': "L", 'ł': "l", 'Œ': "OE", 'œ': "oe", 'Š': "S", 'š': "s", 'Ž': "Z", 'ž': "z", '’': "'", '‘': "'",
}

// charset is the set of ASCII characters a format's text fields accept
// (besides letters and digits).
type charset struct {
	punct string
	upper bool // the format wants capitals only
}

var (
	// BECS direct entry character set (letters, digits and this punctuation).
	becsChars = charset{punct: " &'()*+,-./:;<=>?@[]^_"}
	// Bacs: capitals, digits, space and . & / -
	bacsChars = charset{punct: " .&/-", upper: true}
	// NZ IB4B: letters, digits and - ' & / # ? : _ . space; commas would
	// break the comma-separated fields.
	nzChars = charset{punct: " -'&/#?:_."}
	// DBS GIRO: letters, digits and space.
	sgChars = charset{punct: " "}
)

// clean folds s to the character set: accents dropped, anything else a
// space, runs of spaces collapsed, trimmed.
func (c charset) clean(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	put := func(r rune) {
		if r == ' ' {
			space = b.Len() > 0
			return
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if c.upper && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		b.WriteRune(r)
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			put(r)
		case r < 128 && strings.ContainsRune(c.punct, r):
			put(r)
		default:
			if f, ok := folded[r]; ok {
				for _, fr := range f {
					if fr < 128 && (fr >= 'A' && fr <= 'Z' || fr >= 'a' && fr <= 'z' || strings.ContainsRune(c.punct, fr)) {
						put(fr)
					} else {
						put(' ')
					}
				}
				continue
			}
			put(' ')
		}
	}
	return b.String()
}

// left is s cut to n bytes and padded with spaces on the right (s is ASCII).
func left(s string, n int) string {
	if len(s) >= n {
		return s[:n]
	}
	return s + strings.Repeat(" ", n-len(s))
}

// right is s padded on the left with pad to n bytes (s is ASCII and at
// most n long: callers validate widths first).
func right(s string, n int, pad byte) string {
	if len(s) >= n {
		return s[len(s)-n:]
	}
	return strings.Repeat(string(pad), n-len(s)) + s
}

// cents is a zero-filled amount of minor units n digits wide.
func cents(units int64, n int) string { return right(strconv.FormatInt(units, 10), n, '0') }
