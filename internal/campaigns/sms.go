package campaigns

import "strings"

// gsmBasic is the GSM 03.38 default alphabet: one septet each.
const gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"

// gsmExtended are the characters of the extension table: an escape and a
// septet, two in all.
const gsmExtended = "^{}\\[~]|€\f"

// DefaultStopLine is the mandatory opt-out line of a marketing SMS.
const DefaultStopLine = "STOP au 36111"

// WithStopLine returns the SMS as sent: the body ending with the STOP line,
// added on a line of its own when the body does not already end with it.
func WithStopLine(body, stop string) string {
	body = strings.TrimRight(strings.ReplaceAll(body, "\r\n", "\n"), " \n")
	if stop == "" {
		stop = DefaultStopLine
	}
	if strings.HasSuffix(strings.ToUpper(body), strings.ToUpper(stop)) {
		return body
	}
	if body == "" {
		return stop
	}
	return body + "\n" + stop
}

// SMSParts counts a text as an SMS: its length in the encoding it needs
// (GSM-7 septets, extension characters counting two, or UCS-2 code units
// as soon as one character is outside GSM 03.38), and the parts it is sent
// in: one up to 160 septets (70 UCS-2), then 153 (67) per part.
func SMSParts(text string) (parts, length int, ucs2 bool) {
	for _, r := range text {
		switch {
		case strings.ContainsRune(gsmBasic, r):
			length++
		case strings.ContainsRune(gsmExtended, r):
			length += 2
		default:
			ucs2 = true
		}
	}
	single, multi := 160, 153
	if ucs2 {
		single, multi = 70, 67
		length = 0
		for _, r := range text {
			if r > 0xFFFF {
				length += 2 // a surrogate pair (most emoji)
			} else {
				length++
			}
		}
	}
	switch {
	case length == 0:
		return 0, 0, ucs2
	case length <= single:
		return 1, length, ucs2
	default:
		return (length + multi - 1) / multi, length, ucs2
	}
}
