package campaigns

import (
	"strings"
	"testing"
)

func TestSMSParts(t *testing.T) {
	for _, c := range []struct {
		name         string
		text         string
		parts, chars int
		ucs2         bool
	}{
		{"empty", "", 0, 0, false},
		{"plain", "Bonjour", 1, 7, false},
		{"accents of GSM 03.38", "éèùìòÇÉà", 1, 8, false},
		{"160 septets", strings.Repeat("a", 160), 1, 160, false},
		{"161 septets", strings.Repeat("a", 161), 2, 161, false},
		{"306 septets", strings.Repeat("a", 306), 2, 306, false},
		{"307 septets", strings.Repeat("a", 307), 3, 307, false},
		{"euro counts two", "10€", 1, 4, false},
		{"extension at the limit", strings.Repeat("a", 159) + "€", 2, 161, false},
		{"ê is not GSM-7", "Fête", 1, 4, true},
		{"lower-case ç is not GSM-7", "garçon", 1, 6, true},
		{"â î ô û", "âîôû", 1, 4, true},
		{"70 UCS-2", "ç" + strings.Repeat("a", 69), 1, 70, true},
		{"71 UCS-2", "ç" + strings.Repeat("a", 70), 2, 71, true},
		{"134 UCS-2", "ç" + strings.Repeat("a", 133), 2, 134, true},
		{"135 UCS-2", "ç" + strings.Repeat("a", 134), 3, 135, true},
		{"emoji is a surrogate pair", "🍔", 1, 2, true},
	} {
		parts, chars, ucs2 := SMSParts(c.text)
		if parts != c.parts || chars != c.chars || ucs2 != c.ucs2 {
			t.Errorf("%s: %d parts %d chars ucs2 %v, want %d %d %v", c.name, parts, chars, ucs2, c.parts, c.chars, c.ucs2)
		}
	}
}

func TestWithStopLine(t *testing.T) {
	for in, want := range map[string]string{
		"Promo -20 %":                  "Promo -20 %\nSTOP au 36111",
		"Promo -20 %\n\n":              "Promo -20 %\nSTOP au 36111",
		"Promo -20 % STOP au 36111":    "Promo -20 % STOP au 36111",
		"Promo -20 %\nstop au 36111  ": "Promo -20 %\nstop au 36111",
		"":                             "STOP au 36111",
	} {
		if got := WithStopLine(in, ""); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if got := WithStopLine("Salut", "STOP 38000"); got != "Salut\nSTOP 38000" {
		t.Errorf("configured line: %q", got)
	}
}
