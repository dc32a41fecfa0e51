package tenancy

import "context"

// Country is a franchise's or restaurant's country as the spec describes it
// (code, countryName, timeZone, GMTOfsset), with its currency and languages.
type Country struct {
	Code           string
	Name           string
	TimeZone       string
	GMTOffset      string
	CurrencyCode   string
	CurrencySymbol string
	Languages      []Language
}

// Language is a language a country offers for the menus.
type Language struct {
	ID        int
	Code      string
	Label     string
	IsDefault bool
}

var (
	langFR = Language{ID: 1, Code: "fr", Label: "Francais"}
	langEN = Language{ID: 2, Code: "en", Label: "Anglais"}
	langAR = Language{ID: 3, Code: "ar", Label: "Arabe"}
	langES = Language{ID: 4, Code: "es", Label: "Espagnol"}
	langTR = Language{ID: 5, Code: "tr", Label: "Turc"}
)

func langs(def Language, others ...Language) []Language {
	def.IsDefault = true
	return append([]Language{def}, others...)
}

// countries are the seven country time zones of the spec (CA, MA, NC, FR,
// SA, PF, CH).
var countries = map[string]Country{
	"FR": {Code: "FR", Name: "France", TimeZone: "Europe/Paris", GMTOffset: "+01:00", CurrencyCode: "EUR", CurrencySymbol: "€", Languages: langs(langFR, langEN, langES, langTR)},
	"MA": {Code: "MA", Name: "Maroc", TimeZone: "Africa/Casablanca", GMTOffset: "+01:00", CurrencyCode: "MAD", CurrencySymbol: "DH", Languages: langs(langFR, langAR, langEN)},
	"CH": {Code: "CH", Name: "Suisse", TimeZone: "Europe/Zurich", GMTOffset: "+01:00", CurrencyCode: "CHF", CurrencySymbol: "CHF", Languages: langs(langFR, langEN)},
	"CA": {Code: "CA", Name: "Canada", TimeZone: "America/Toronto", GMTOffset: "-05:00", CurrencyCode: "CAD", CurrencySymbol: "$", Languages: langs(langFR, langEN)},
	"NC": {Code: "NC", Name: "Nouvelle-Calédonie", TimeZone: "Pacific/Noumea", GMTOffset: "+11:00", CurrencyCode: "XPF", CurrencySymbol: "F", Languages: langs(langFR, langEN)},
	"SA": {Code: "SA", Name: "Arabie saoudite", TimeZone: "Asia/Riyadh", GMTOffset: "+03:00", CurrencyCode: "SAR", CurrencySymbol: "SAR", Languages: langs(langAR, langEN, langFR)},
	"PF": {Code: "PF", Name: "Polynésie française", TimeZone: "Pacific/Tahiti", GMTOffset: "-10:00", CurrencyCode: "XPF", CurrencySymbol: "F", Languages: langs(langFR, langEN)},
}

// CountryByCode returns the country with code; unknown codes fall back to
// France, the product's default.
func CountryByCode(code string) Country {
	if c, ok := countries[code]; ok {
		return c
	}
	return countries["FR"]
}

// KnownCountry reports whether code is one of the supported countries.
func KnownCountry(code string) bool {
	_, ok := countries[code]
	return ok
}

// Currency is the ISO code of the currency a restaurant counts in: its
// country's (a Geneva restaurant in CHF, a Casablanca one in MAD), or
// franchiseCurrency when its country is unknown to Brigade. Every amount of
// a restaurant's orders is in this currency; amounts of restaurants of
// different currencies are never added together.
func (r Restaurant) Currency(franchiseCurrency string) string {
	if c, ok := countries[r.CountryCode]; ok {
		return c.CurrencyCode
	}
	if franchiseCurrency != "" {
		return franchiseCurrency
	}
	return countries["FR"].CurrencyCode
}

// RestaurantCurrency is r.Currency with its franchise's currency read only
// when r's country is unknown (the common case costs no query).
func (s *Service) RestaurantCurrency(ctx context.Context, r Restaurant) (string, error) {
	if KnownCountry(r.CountryCode) {
		return r.Currency(""), nil
	}
	f, err := franchiseByID(ctx, s.db, r.FranchiseID)
	if err != nil {
		return "", err
	}
	return r.Currency(f.Currency), nil
}
