// Package discounts defines the franchise's discounts and promo codes
// (issue 19): what a discount takes off (a percentage or an amount, on the
// order, some categories or some products), when it applies (minimum
// basket, order types, channels, restaurants, days, hours, dates), whether
// it stacks, and the codes that grant it with their quotas.
//
// Kiosks and tills receive the automatic discounts of their restaurant as a
// versioned document (ETag, SSE), check a code before payment and redeem it
// at payment; a redemption is counted atomically, so a code's quota is
// never exceeded however many kiosks redeem it at once.
package discounts

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// Kinds of discount: the order discount types (orders.DiscountPercent,
// orders.DiscountAmount), so that an order names its discount the same way.
const (
	KindPercent = orders.DiscountPercent // value in basis points: 1000 = 10 %
	KindAmount  = orders.DiscountAmount  // value in cents of Currency
)

// What a discount applies to.
const (
	TargetOrder      = "order"
	TargetCategories = "categories"
	TargetProducts   = "products"
)

// Channels are the order sources a discount may be limited to.
var Channels = []string{orders.SourceTill, orders.SourceKiosk, orders.SourceCollect}

// DiscountRules are a discount's conditions, stored as one JSON document.
type DiscountRules struct {
	Target      string   `json:"target" required:"false" enum:"order,categories,products," doc:"order : toute la commande ; categories / products : les lignes de ces catégories ou produits"`
	TargetIDs   []string `json:"targetIds" required:"false" maxItems:"500" doc:"idGlobal des catégories ou produits visés (target categories ou products)"`
	MinBasket   int64    `json:"minBasketCents" required:"false" minimum:"0" doc:"Panier minimum (sous-total avant réduction), en centimes ; 0 : aucun"`
	OrderTypes  []int    `json:"orderTypes" required:"false" maxItems:"5" doc:"Types de commande (1 Sur Place … 5 Drive) ; vide : tous"`
	Channels    []string `json:"channels" required:"false" maxItems:"3" doc:"caisse, borne, clickncollect ; vide : tous"`
	Restaurants []int64  `json:"restaurants" required:"false" maxItems:"5000" doc:"Restaurants où elle s'applique ; vide : toute la franchise"`
	Days        []int    `json:"days" required:"false" maxItems:"7" doc:"Jours de la semaine (1 lundi … 7 dimanche) ; vide : tous"`
	StartTime   string   `json:"startTime" required:"false" doc:"Heure locale de début (HH:MM) ; vide : toute la journée"`
	EndTime     string   `json:"endTime" required:"false" doc:"Heure locale de fin (HH:MM), exclue"`
}

// FranchiseDiscount is a discount as the back-office edits it.
type FranchiseDiscount struct {
	ID        int64         `json:"id" required:"false"`
	Name      string        `json:"name" minLength:"1" maxLength:"120" doc:"Nom, repris comme libellé de la réduction sur le ticket et dans Mes Réductions"`
	Kind      string        `json:"kind" enum:"pourcentage,montant"`
	Value     int64         `json:"value" minimum:"1" doc:"pourcentage : en points de base (1000 = 10 %) ; montant : en centimes de currency"`
	Currency  string        `json:"currency" required:"false" doc:"Devise d'une réduction en montant (EUR, CHF…) ; elle ne s'applique que dans les restaurants de cette devise"`
	Automatic bool          `json:"automatic" required:"false" doc:"true : la borne l'applique d'office quand ses conditions sont remplies ; false : seulement avec un code promo"`
	Stackable bool          `json:"stackable" required:"false" doc:"Se cumule avec les autres réductions cumulables"`
	Active    bool          `json:"active" required:"false"`
	StartDate string        `json:"startDate" required:"false" doc:"Premier jour (AAAA-MM-JJ, heure locale du restaurant) ; vide : dès maintenant"`
	EndDate   string        `json:"endDate" required:"false" doc:"Dernier jour inclus (AAAA-MM-JJ) ; vide : sans fin"`
	Rules     DiscountRules `json:"rules" required:"false"`
	// OwnerRestaurant is the restaurant whose login defined it (0: the franchise).
	OwnerRestaurant int64     `json:"ownerRestaurantId" readOnly:"true"`
	Version         int       `json:"version" readOnly:"true"`
	Codes           int       `json:"codes" readOnly:"true" doc:"Nombre de codes promo qui l'accordent"`
	CreatedAt       time.Time `json:"createdAt" readOnly:"true"`
	UpdatedAt       time.Time `json:"updatedAt" readOnly:"true"`
}

// PromoCode is a promo code.
type PromoCode struct {
	ID           int64     `json:"id" readOnly:"true"`
	Code         string    `json:"code" doc:"Le code, en majuscules (la saisie ignore la casse et les espaces)"`
	DiscountID   int64     `json:"discountId"`
	DiscountName string    `json:"discountName" readOnly:"true"`
	MaxUses      int       `json:"maxUses" required:"false" minimum:"0" doc:"Quota d'utilisations (1 : usage unique) ; 0 : illimité"`
	PerCustomer  int       `json:"perCustomer" required:"false" minimum:"0" doc:"Utilisations par client au plus ; 0 : illimité"`
	Used         int       `json:"used" readOnly:"true"`
	ValidFrom    string    `json:"validFrom" required:"false" doc:"Premier jour de validité (AAAA-MM-JJ) ; vide : dès maintenant"`
	ValidUntil   string    `json:"validUntil" required:"false" doc:"Dernier jour de validité inclus (AAAA-MM-JJ) ; vide : sans fin"`
	Active       bool      `json:"active"`
	CreatedAt    time.Time `json:"createdAt" readOnly:"true"`
}

// Errors.
var (
	// ErrStale: the discount changed since the editor read it.
	ErrStale = errors.New("Cette réduction a été modifiée entre-temps. Rechargez la page puis recommencez.")
)

// Refusal is why a code or a discount does not apply, in French for the
// kiosk's screen.
type Refusal struct {
	Reason string
}

func (r *Refusal) Error() string { return r.Reason }

func refuse(format string, args ...any) error { return &Refusal{Reason: fmt.Sprintf(format, args...)} }

func invalid(field, format string, args ...any) error {
	return &tenancy.ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}

var (
	clockPattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	codePattern  = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{2,31}$`)
)

// NormalizeCode is how a code is stored and looked up (orders.NormalizeCode).
var NormalizeCode = orders.NormalizeCode

func validDate(s string) bool {
	if s == "" {
		return true
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// normalize checks a discount and puts it in its stored form; currency is
// the franchise's, for an amount discount that names none.
func (d *FranchiseDiscount) normalize(franchiseCurrency string) error {
	d.Name = strings.TrimSpace(d.Name)
	if d.Name == "" {
		return invalid("name", "Le nom de la réduction est obligatoire.")
	}
	if utf8.RuneCountInString(d.Name) > 120 {
		return invalid("name", "Le nom de la réduction ne doit pas dépasser 120 caractères.")
	}
	switch d.Kind {
	case KindPercent:
		if d.Value <= 0 || d.Value > 10000 {
			return invalid("value", "Le pourcentage doit être compris entre 0,01 %% et 100 %%.")
		}
		d.Currency = ""
	case KindAmount:
		if d.Value <= 0 {
			return invalid("value", "Le montant de la réduction doit être positif.")
		}
		d.Currency = strings.ToUpper(strings.TrimSpace(d.Currency))
		if d.Currency == "" {
			d.Currency = franchiseCurrency
		}
		if len(d.Currency) != 3 {
			return invalid("currency", "La devise doit être un code ISO à trois lettres (EUR, CHF…).")
		}
	default:
		return invalid("kind", "Le type de réduction doit être « pourcentage » ou « montant ».")
	}
	if !validDate(d.StartDate) {
		return invalid("startDate", "La date de début doit être au format AAAA-MM-JJ.")
	}
	if !validDate(d.EndDate) {
		return invalid("endDate", "La date de fin doit être au format AAAA-MM-JJ.")
	}
	if d.StartDate != "" && d.EndDate != "" && d.EndDate < d.StartDate {
		return invalid("endDate", "La date de fin doit suivre la date de début.")
	}
	return d.Rules.normalize()
}

func (r *DiscountRules) normalize() error {
	switch r.Target {
	case "":
		r.Target = TargetOrder
	case TargetOrder, TargetCategories, TargetProducts:
	default:
		return invalid("rules.target", "La cible doit être la commande, des catégories ou des produits.")
	}
	ids := r.TargetIDs[:0:0]
	for _, id := range r.TargetIDs {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	r.TargetIDs = ids
	if r.Target == TargetOrder {
		r.TargetIDs = []string{}
	} else if len(r.TargetIDs) == 0 {
		if r.Target == TargetCategories {
			return invalid("rules.targetIds", "Choisissez au moins une catégorie.")
		}
		return invalid("rules.targetIds", "Choisissez au moins un produit.")
	}
	if r.MinBasket < 0 {
		return invalid("rules.minBasketCents", "Le panier minimum ne peut pas être négatif.")
	}
	for _, t := range r.OrderTypes {
		if _, ok := orders.TypeNames[t]; !ok {
			return invalid("rules.orderTypes", "Type de commande inconnu : %d.", t)
		}
	}
	for _, c := range r.Channels {
		if !slices.Contains(Channels, c) {
			return invalid("rules.channels", "Canal inconnu : « %s » (caisse, borne ou clickncollect).", c)
		}
	}
	for _, d := range r.Days {
		if d < 1 || d > 7 {
			return invalid("rules.days", "Les jours vont de 1 (lundi) à 7 (dimanche).")
		}
	}
	if (r.StartTime == "") != (r.EndTime == "") {
		return invalid("rules.endTime", "Donnez l'heure de début et l'heure de fin, ou aucune des deux.")
	}
	if r.StartTime != "" {
		if !clockPattern.MatchString(r.StartTime) {
			return invalid("rules.startTime", "L'heure de début doit être au format HH:MM.")
		}
		if !clockPattern.MatchString(r.EndTime) {
			return invalid("rules.endTime", "L'heure de fin doit être au format HH:MM.")
		}
		if r.EndTime == r.StartTime {
			return invalid("rules.endTime", "L'heure de fin doit différer de l'heure de début.")
		}
	}
	slices.Sort(r.OrderTypes)
	slices.Sort(r.Channels)
	slices.Sort(r.Restaurants)
	slices.Sort(r.Days)
	r.OrderTypes = slices.Compact(nonNil(r.OrderTypes))
	r.Channels = slices.Compact(nonNil(r.Channels))
	r.Restaurants = slices.Compact(nonNil(r.Restaurants))
	r.Days = slices.Compact(nonNil(r.Days))
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// normalize checks a code and puts it in its stored form.
func (c *PromoCode) normalize() error {
	c.Code = NormalizeCode(c.Code)
	if !codePattern.MatchString(c.Code) {
		return invalid("code", "Le code doit compter de 3 à 32 caractères : lettres sans accent, chiffres, « - » ou « _ ».")
	}
	if c.DiscountID == 0 {
		return invalid("discountId", "Choisissez la réduction que le code accorde.")
	}
	if c.MaxUses < 0 {
		return invalid("maxUses", "Le quota ne peut pas être négatif.")
	}
	if c.PerCustomer < 0 {
		return invalid("perCustomer", "Le nombre d'utilisations par client ne peut pas être négatif.")
	}
	if !validDate(c.ValidFrom) {
		return invalid("validFrom", "La date de début doit être au format AAAA-MM-JJ.")
	}
	if !validDate(c.ValidUntil) {
		return invalid("validUntil", "La date de fin doit être au format AAAA-MM-JJ.")
	}
	if c.ValidFrom != "" && c.ValidUntil != "" && c.ValidUntil < c.ValidFrom {
		return invalid("validUntil", "La date de fin doit suivre la date de début.")
	}
	return nil
}
