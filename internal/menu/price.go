package menu

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// Price is an amount of the menu document in integer cents. The document's
// JSON holds prices as numbers or as typed text ("9,90"); text is
// normalised (comma to dot, empty to 0) and text that is not a number is
// kept as typed so that validation can name it and refuse the save
// (DECISIONS: refused, never saved as 0).
type Price struct {
	Cents int64
	// Raw is the value as received when it is not a number; empty otherwise.
	Raw string
	// Invalid marks a value that is not a number.
	Invalid bool
}

// Cents builds a price.
func Cents(c int64) Price { return Price{Cents: c} }

// ParsePrice reads price text the way the spec's forms do.
func ParsePrice(text string) Price {
	if p, ok := plainDecimal(text); ok {
		return p
	}
	return parsePriceGeneral(text)
}

func parsePriceGeneral(text string) Price {
	s := strings.TrimSpace(strings.ReplaceAll(text, ",", "."))
	if s == "" {
		return Price{}
	}
	if m := decimalText.FindStringSubmatch(s); m != nil {
		return decimalCents(m[1], m[2], m[3])
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f > 1e12 || f < -1e12 {
		return Price{Raw: text, Invalid: true}
	}
	c := f * 100
	if c < 0 {
		return Price{Cents: int64(c - 0.5)}
	}
	return Price{Cents: int64(c + 0.5)}
}

var decimalText = regexp.MustCompile(`^([+-]?)(\d{1,12})(?:\.(\d*))?$`)

// plainDecimal reads the common shapes ("9.9", "12", "-3,50") without the
// regular expression: digits, an optional sign and one separator, up to
// twelve digits before it. Anything else goes the long way.
func plainDecimal(s string) (Price, bool) {
	i, neg := 0, false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	start := i
	var units int64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		units = units*10 + int64(s[i]-'0')
		i++
	}
	if i == start || i-start > 12 {
		return Price{}, false
	}
	var cents int64
	if i < len(s) {
		if s[i] != '.' && s[i] != ',' {
			return Price{}, false
		}
		i++
		digits := 0
		round := false
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return Price{}, false
			}
			switch digits {
			case 0:
				cents += int64(c-'0') * 10
			case 1:
				cents += int64(c - '0')
			case 2:
				round = c >= '5'
			}
			digits++
		}
		if round {
			cents++
		}
	}
	c := units*100 + cents
	if neg {
		c = -c
	}
	return Price{Cents: c}, true
}

// decimalCents rounds a decimal text to cents, half away from zero, without
// going through binary floats (1,005 is 1,01, not 1,00).
func decimalCents(sign, whole, frac string) Price {
	frac += "000"
	units, _ := strconv.ParseInt(whole, 10, 64)
	cents, _ := strconv.ParseInt(frac[:2], 10, 64)
	c := units*100 + cents
	if frac[2] >= '5' {
		c++
	}
	if sign == "-" {
		c = -c
	}
	return Price{Cents: c}
}

// String is the value as the messages show it ("9.9", or the raw text).
func (p Price) String() string {
	if p.Invalid {
		return p.Raw
	}
	return strconv.FormatFloat(float64(p.Cents)/100, 'f', -1, 64)
}

// Negative reports a price below zero.
func (p Price) Negative() bool { return !p.Invalid && p.Cents < 0 }

// UnmarshalJSON accepts a number, a string, or null (0).
func (p *Price) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	switch {
	case s == "null":
		*p = Price{}
	case strings.HasPrefix(s, `"`):
		var text string
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		*p = ParsePrice(text)
	default:
		*p = ParsePrice(s)
		if p.Invalid {
			return &json.UnmarshalTypeError{Value: "number " + s, Type: reflect.TypeOf(int64(0))}
		}
	}
	return nil
}

// appendPrice writes a price as MarshalJSON does, without allocating: the
// exact decimal of the cents, trailing zeros dropped, which is what
// strconv.FormatFloat(cents/100, 'f', -1, 64) gives for any price.
func appendPrice(buf []byte, cents int64, raw string, invalid bool) []byte {
	if invalid {
		b, _ := json.Marshal(raw)
		return append(buf, b...)
	}
	if cents < 0 {
		buf = append(buf, '-')
		cents = -cents
	}
	buf = strconv.AppendInt(buf, cents/100, 10)
	switch frac := cents % 100; {
	case frac == 0:
	case frac%10 == 0:
		buf = append(buf, '.', byte('0'+frac/10))
	default:
		buf = append(buf, '.', byte('0'+frac/10), byte('0'+frac%10))
	}
	return buf
}

// MarshalJSON writes a number (or the refused text, which validation
// prevents from being stored).
func (p Price) MarshalJSON() ([]byte, error) {
	if p.Invalid {
		return json.Marshal(p.Raw)
	}
	return []byte(p.String()), nil
}
