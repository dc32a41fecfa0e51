package menu

import (
	"strconv"
	"strings"
)

// Count is a whole number of the menu document that is not money (a daily
// stock, a number of flames, a kitchen print offset); Quantity is a decimal
// one (a weight, a quantity). Both read a JSON number or the text a form
// typed ("40", "0,5"; empty is 0) and are written as numbers.
//
// A value that is not such a number is kept as it came (Raw, Invalid) when a
// stored carte is read, so that nothing is lost, but a save or an import
// refuses it naming its JSON path and the carte's file (DECISIONS
// "Unsupported value" in a JSON world): no new document holds one.
type Count struct {
	N int64
	// Raw is the value as received (compact JSON) when it is not a whole number.
	Raw     []byte
	Invalid bool
}

// Quantity: see Count.
type Quantity struct {
	// Text is the number in JSON form ("0.5"), empty for 0.
	Text    string
	Raw     []byte
	Invalid bool
}

// Int is a count's value (0 when invalid).
func (c Count) Int() int64 { return c.N }

// Float is a quantity's value (0 when invalid or empty).
func (q Quantity) Float() float64 {
	f, _ := strconv.ParseFloat(q.Text, 64)
	return f
}

func (c Count) isZero() bool    { return c.N == 0 && !c.Invalid }
func (q Quantity) isZero() bool { return q.Text == "" && !q.Invalid }

func (c Count) appendJSON(buf []byte) []byte {
	if c.Invalid {
		return append(buf, c.Raw...)
	}
	return strconv.AppendInt(buf, c.N, 10)
}

func (q Quantity) appendJSON(buf []byte) []byte {
	switch {
	case q.Invalid:
		return append(buf, q.Raw...)
	case q.Text == "":
		return append(buf, '0')
	}
	return append(buf, q.Text...)
}

// numberText normalises a number as a form types it: spaces trimmed, a
// comma for the decimal point; empty is 0. ok is false when the result is
// not a JSON number (NaN, Infinity, "12 €"…).
func numberText(s string) (string, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
	if s == "" {
		return "0", true
	}
	s = strings.TrimPrefix(s, "+")
	if strings.HasPrefix(s, ".") {
		s = "0" + s
	} else if strings.HasPrefix(s, "-.") {
		s = "-0" + s[1:]
	}
	s = strings.TrimSuffix(s, ".")
	return s, isNumber([]byte(s))
}

// parseCount reads a whole number from number text (JSON grammar).
func parseCount(text string) (int64, bool) {
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return n, true
	}
	// 40.0 or 4e1 are whole numbers too.
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != float64(int64(f)) || f > 1<<53 || f < -(1<<53) {
		return 0, false
	}
	return int64(f), true
}

// parseQuantity reads a decimal from number text (JSON grammar) and gives
// its canonical form ("" for 0).
func parseQuantity(text string) (string, bool) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return "", false
	}
	if f == 0 {
		return "", true
	}
	return strconv.FormatFloat(f, 'f', -1, 64), true
}
