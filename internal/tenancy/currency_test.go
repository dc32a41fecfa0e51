package tenancy

import "testing"

func TestRestaurantCurrency(t *testing.T) {
	cases := []struct {
		country, franchise, want string
	}{
		{"FR", "EUR", "EUR"},
		{"CH", "EUR", "CHF"},
		{"MA", "EUR", "MAD"},
		{"PF", "EUR", "XPF"},
		{"ZZ", "CAD", "CAD"}, // unknown country: the franchise's currency
		{"", "", "EUR"},
	}
	for _, c := range cases {
		if got := (Restaurant{CountryCode: c.country}).Currency(c.franchise); got != c.want {
			t.Errorf("%s (franchise %s): %s, want %s", c.country, c.franchise, got, c.want)
		}
	}
}
