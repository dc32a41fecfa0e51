// Package brands holds the brands a franchise runs (issue 19): each has
// its name, its logo, its two colours, the cartes it owns and the
// restaurants that serve it. A restaurant may serve several brands (a
// food-court site). The reports cut sales by brand through the cartes: a
// product sold belongs to the brand whose carte holds its idGlobal.
package brands

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/tenancy"
)

// Brand is a brand as the back-office edits it.
type Brand struct {
	ID             int64     `json:"id" readOnly:"true"`
	Name           string    `json:"name" maxLength:"80" doc:"Nom de la marque, unique dans la franchise (casse, accents et espaces ignorés)"`
	Logo           string    `json:"logo" required:"false" maxLength:"500" doc:"Logo : adresse https d'une image, ou nom du fichier envoyé par POST /api/v1/images (kind brands) ; vide : aucun"`
	PrimaryColor   string    `json:"primaryColor" doc:"Couleur principale, #RRGGBB"`
	SecondaryColor string    `json:"secondaryColor" doc:"Couleur secondaire, #RRGGBB"`
	CampaignIDs    []int64   `json:"campaignIds" maxItems:"200" doc:"Les cartes de la marque (une carte appartient à une marque au plus)"`
	RestaurantIDs  []int64   `json:"restaurantIds" maxItems:"5000" doc:"Les restaurants qui servent la marque (un restaurant peut en servir plusieurs : food court) ; pour un login qui ne voit pas toute la franchise, seulement ceux qu'il voit"`
	Version        int       `json:"version" readOnly:"true"`
	CreatedAt      time.Time `json:"createdAt" readOnly:"true"`
	UpdatedAt      time.Time `json:"updatedAt" readOnly:"true"`
}

// ErrStale: the brand changed since the editor read it.
var ErrStale = errors.New("Cette marque a été modifiée entre-temps. Rechargez la page puis recommencez.")

var (
	colorPattern = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)
	// A logo is an https address or a file name of the image store (no
	// folder, no leading dot).
	logoFilePattern = regexp.MustCompile(`^[^/\\.][^/\\]{0,299}$`)
)

func invalid(field, format string, args ...any) error {
	return &tenancy.ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// normalize checks a brand and puts it in its stored form (colours in
// upper case, ids sorted without duplicates).
func (b *Brand) normalize() error {
	b.Name = strings.Join(strings.Fields(b.Name), " ")
	if b.Name == "" {
		return invalid("name", "Le nom de la marque est obligatoire.")
	}
	if utf8.RuneCountInString(b.Name) > 80 {
		return invalid("name", "Le nom de la marque ne doit pas dépasser 80 caractères.")
	}
	b.Logo = strings.TrimSpace(b.Logo)
	switch {
	case b.Logo == "":
	case strings.HasPrefix(strings.ToLower(b.Logo), "http://"):
		return invalid("logo", "L'adresse du logo doit commencer par https:// (les pages du back-office sont servies en HTTPS).")
	case strings.HasPrefix(strings.ToLower(b.Logo), "https://"):
		if len(b.Logo) <= len("https://") || strings.ContainsAny(b.Logo, " \"'<>") {
			return invalid("logo", "L'adresse du logo n'est pas valide.")
		}
	case !logoFilePattern.MatchString(b.Logo):
		return invalid("logo", "Le logo doit être une adresse https:// ou une image envoyée depuis le formulaire.")
	}
	for _, c := range []struct {
		field string
		value *string
		label string
	}{{"primaryColor", &b.PrimaryColor, "principale"}, {"secondaryColor", &b.SecondaryColor, "secondaire"}} {
		*c.value = strings.ToUpper(strings.TrimSpace(*c.value))
		if !colorPattern.MatchString(*c.value) {
			return invalid(c.field, "La couleur %s doit être au format #RRGGBB (par exemple #1E88E5).", c.label)
		}
	}
	b.CampaignIDs = sortedIDs(b.CampaignIDs)
	b.RestaurantIDs = sortedIDs(b.RestaurantIDs)
	return nil
}

func sortedIDs(ids []int64) []int64 {
	out := slices.Clone(ids)
	if out == nil {
		out = []int64{}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
