package tenancy

import "testing"

// The guest restaurant rule (second document): by SIRET, or by pseudo
// lowercased and trimmed.
func TestGuestMatches(t *testing.T) {
	r := Restaurant{Siret: "73282932000074", Pseudo: " Bastille "}
	for _, c := range []struct {
		allowed []string
		want    bool
	}{
		{[]string{"73282932000074"}, true},
		{[]string{"bastille"}, true},
		{[]string{"  BASTILLE"}, true},
		{[]string{"bastil"}, false},
		{[]string{""}, false},
		{nil, false},
	} {
		if got := GuestMatches(c.allowed, r); got != c.want {
			t.Errorf("GuestMatches(%q) = %v, want %v", c.allowed, got, c.want)
		}
	}
}
