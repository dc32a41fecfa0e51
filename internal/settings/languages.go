package settings

import (
	"context"
	"fmt"
	"strings"

	"brigade/internal/tenancy"
)

// Language is a language of the franchise's menus.
type Language struct {
	ID        int    `json:"id"`
	IsDefault bool   `json:"isDefault"`
	Label     string `json:"label"`
	Code      string `json:"code"`
	IsActive  bool   `json:"isActive"`
}

// Languages is the franchise's language list and the country it was built
// for: when the franchise's country changes, the list is replaced by the
// new country's languages (spec §4).
type Languages struct {
	Country   string     `json:"country"`
	Languages []Language `json:"languages"`
}

// French is the language used when none is configured (spec §4).
var French = Language{ID: 1, IsDefault: true, Label: "Francais", Code: "fr", IsActive: true}

// CountryLanguages is a country's language list: its default language is
// default and active, the others offered inactive.
func CountryLanguages(country string) Languages {
	c := tenancy.CountryByCode(country)
	v := Languages{Country: c.Code}
	for _, l := range c.Languages {
		v.Languages = append(v.Languages, Language{ID: l.ID, IsDefault: l.IsDefault, Label: l.Label, Code: l.Code, IsActive: l.IsDefault})
	}
	if len(v.Languages) == 0 {
		v.Languages = []Language{French}
	}
	return v
}

func (s *Service) franchiseCountry(ctx context.Context, p tenancy.Principal) (string, error) {
	f, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return "", err
	}
	return f.CountryCode, nil
}

// applyLanguageRules keeps exactly one default, which is active; with no
// language at all the list is French alone.
func applyLanguageRules(v *Languages) error {
	if len(v.Languages) == 0 {
		v.Languages = []Language{French}
		return nil
	}
	codes := map[string]bool{}
	defaults := 0
	for i := range v.Languages {
		l := &v.Languages[i]
		l.Code = strings.ToLower(strings.TrimSpace(l.Code))
		l.Label = strings.TrimSpace(l.Label)
		if l.Code == "" || l.Label == "" {
			return invalid(fmt.Sprintf("languages[%d]", i), "Chaque langue a un code et un libellé.")
		}
		if codes[l.Code] {
			return invalid(fmt.Sprintf("languages[%d].code", i), "La langue « %s » est en double.", l.Code)
		}
		codes[l.Code] = true
		if l.IsDefault {
			defaults++
		}
	}
	if defaults != 1 {
		return invalid("languages", "Choisissez une et une seule langue par défaut.")
	}
	for i := range v.Languages {
		if v.Languages[i].IsDefault {
			v.Languages[i].IsActive = true
		}
	}
	return nil
}

var languagesKind = kind[Languages]{
	name: "languages", label: "Langues",
	defaults: func(s *Service, ctx context.Context, p tenancy.Principal) (Languages, error) {
		country, err := s.franchiseCountry(ctx, p)
		return CountryLanguages(country), err
	},
	normalize: func(s *Service, ctx context.Context, p tenancy.Principal, v *Languages) error {
		country, err := s.franchiseCountry(ctx, p)
		if err != nil {
			return err
		}
		v.Country = country
		return applyLanguageRules(v)
	},
	fields: func(v Languages) map[string]any {
		m := map[string]any{"pays": v.Country}
		for _, l := range v.Languages {
			m[l.Code+" active"], m[l.Code+" par défaut"] = l.IsActive, l.IsDefault
		}
		return m
	},
}

// Languages reads the franchise's languages; a list built for another
// country than the franchise's is replaced by the country's languages.
func (s *Service) Languages(ctx context.Context, p tenancy.Principal) (Versioned[Languages], error) {
	v, err := load(ctx, s, s.db, p, languagesKind)
	if err != nil {
		return v, err
	}
	country, err := s.franchiseCountry(ctx, p)
	if err != nil {
		return v, err
	}
	if v.Value.Country != country {
		v.Value = CountryLanguages(country)
	}
	return v, nil
}

// SaveLanguages stores the languages read at version.
func (s *Service) SaveLanguages(ctx context.Context, p tenancy.Principal, version int, v Languages) (Versioned[Languages], error) {
	return save(ctx, s, p, languagesKind, version, v)
}

// SetDefaultLanguage makes code the default language, and active; the
// others lose default (spec §4).
func SetDefaultLanguage(v Languages, code string) (Languages, error) {
	found := false
	out := Languages{Country: v.Country, Languages: append([]Language(nil), v.Languages...)}
	for i := range out.Languages {
		l := &out.Languages[i]
		l.IsDefault = l.Code == code
		if l.IsDefault {
			l.IsActive, found = true, true
		}
	}
	if !found {
		return v, invalid("code", "La langue « %s » n'est pas proposée.", code)
	}
	return out, nil
}
