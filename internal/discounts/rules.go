package discounts

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"brigade/internal/orders"
	"brigade/internal/reports"
)

// Basket is the order a kiosk or till asks about: what a code or an
// automatic discount would take off it.
type Basket struct {
	Subtotal int64        `json:"subtotal_cents" minimum:"0" doc:"Somme des lignes avant réduction, en centimes"`
	Type     int          `json:"type" minimum:"1" maximum:"5" doc:"Sur Place 1, A Emporter 2, En Livraison 3, Platform 4, Drive 5"`
	Source   string       `json:"source,omitempty" enum:"caisse,borne,clickncollect" doc:"Canal ; par défaut celui de l'équipement (caisse ou borne)"`
	Lines    []BasketLine `json:"lines" maxItems:"500"`
	Applied  []int64      `json:"applied,omitempty" maxItems:"20" doc:"Réductions déjà appliquées à la commande, pour les règles de cumul"`
	Customer string       `json:"customer,omitempty" maxLength:"120" doc:"Le client (téléphone, e-mail ou numéro de carte), pour la limite d'utilisations par client"`
}

// BasketLine is a line of the basket.
type BasketLine struct {
	ProductID  string `json:"product_id,omitempty" maxLength:"64" doc:"idGlobal du produit"`
	CategoryID string `json:"category_id,omitempty" maxLength:"64" doc:"idGlobal de sa catégorie"`
	Total      int64  `json:"total_cents" doc:"Total de la ligne (options comprises), en centimes"`
}

// place is where and when a basket is priced.
type place struct {
	restaurantID int64
	currency     string
	loc          *time.Location
	now          time.Time
	applied      []FranchiseDiscount // the discounts already on the order
}

var weekdays = []string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}

// frenchClock writes « 11:30 » as « 11 h 30 » and « 14:00 » as « 14 h ».
func frenchClock(hhmm string) string {
	h, m, _ := strings.Cut(hhmm, ":")
	h = strings.TrimPrefix(h, "0")
	if h == "" {
		h = "0"
	}
	if m == "00" {
		return h + "\u00a0h"
	}
	return h + "\u00a0h\u00a0" + m
}

func frenchDay(iso string) string {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	return t.Format("02/01/2006")
}

// amountFor is what d takes off the basket at p, or why it does not apply.
func (d FranchiseDiscount) amountFor(b Basket, p place) (int64, error) {
	if !d.Active {
		return 0, refuse("Cette réduction n'est plus active.")
	}
	local := p.now.In(p.loc)
	today := local.Format(time.DateOnly)
	if d.StartDate != "" && today < d.StartDate {
		return 0, refuse("Cette réduction n'est valable qu'à partir du %s.", frenchDay(d.StartDate))
	}
	if d.EndDate != "" && today > d.EndDate {
		return 0, refuse("Cette réduction a pris fin le %s.", frenchDay(d.EndDate))
	}
	r := d.Rules
	if len(r.Restaurants) > 0 && !slices.Contains(r.Restaurants, p.restaurantID) {
		return 0, refuse("Cette réduction ne s'applique pas dans ce restaurant.")
	}
	if d.Kind == KindAmount && !strings.EqualFold(d.Currency, p.currency) {
		return 0, refuse("Cette réduction en %s ne s'applique pas dans un restaurant qui compte en %s.", d.Currency, p.currency)
	}
	if len(r.Channels) > 0 && !slices.Contains(r.Channels, b.Source) {
		return 0, refuse("Cette réduction ne s'applique pas sur ce canal (%s).", reports.SourceLabels[b.Source])
	}
	if len(r.OrderTypes) > 0 && !slices.Contains(r.OrderTypes, b.Type) {
		return 0, refuse("Cette réduction ne s'applique pas aux commandes « %s ».", orders.TypeNames[b.Type])
	}
	if len(r.Days) > 0 {
		wd := int(local.Weekday())
		iso := wd
		if iso == 0 {
			iso = 7
		}
		if !slices.Contains(r.Days, iso) {
			return 0, refuse("Cette réduction n'est pas valable le %s.", weekdays[wd])
		}
	}
	if r.StartTime != "" {
		now := local.Format("15:04")
		in := now >= r.StartTime && now < r.EndTime
		if r.StartTime > r.EndTime { // over midnight: 22:00 → 02:00
			in = now >= r.StartTime || now < r.EndTime
		}
		if !in {
			return 0, refuse("Cette réduction n'est valable que de %s à %s.", frenchClock(r.StartTime), frenchClock(r.EndTime))
		}
	}
	if b.Subtotal < r.MinBasket {
		return 0, refuse("Panier minimum de %s non atteint.", reports.FrenchMoney(r.MinBasket, p.currency))
	}
	base := b.Subtotal
	if r.Target != TargetOrder {
		base = 0
		for _, l := range b.Lines {
			id := l.ProductID
			if r.Target == TargetCategories {
				id = l.CategoryID
			}
			if id != "" && slices.Contains(r.TargetIDs, id) {
				base += l.Total
			}
		}
		base = min(base, b.Subtotal)
	}
	if base <= 0 {
		return 0, refuse("Aucun article de la commande n'est concerné par cette réduction.")
	}
	for _, o := range p.applied {
		if o.ID == d.ID {
			return 0, refuse("Cette réduction est déjà appliquée à la commande.")
		}
		if !d.Stackable || !o.Stackable {
			return 0, refuse("Cette réduction ne se cumule pas avec « %s ».", o.Name)
		}
	}
	if d.Kind == KindPercent {
		return (base*d.Value + 5000) / 10000, nil
	}
	return min(d.Value, base), nil
}

// codeOpen says why a code cannot be used on the local date today, if so.
func (c PromoCode) open(today string) error {
	if !c.Active {
		return refuse("Ce code promo n'est plus actif.")
	}
	if c.ValidFrom != "" && today < c.ValidFrom {
		return refuse("Ce code promo n'est valable qu'à partir du %s.", frenchDay(c.ValidFrom))
	}
	if c.ValidUntil != "" && today > c.ValidUntil {
		return refuse("Ce code promo a expiré le %s.", frenchDay(c.ValidUntil))
	}
	if c.MaxUses > 0 && c.Used >= c.MaxUses {
		return refuse("Ce code promo a atteint son nombre maximal d'utilisations.")
	}
	return nil
}

// describe is a discount's effect in French: « 10 % », « 2,50 € ».
func describe(d FranchiseDiscount) string {
	if d.Kind == KindPercent {
		return reports.FrenchRate(int(d.Value)) + fmt.Sprintf(" sur %s", targetText(d.Rules.Target))
	}
	return reports.FrenchMoney(d.Value, d.Currency) + fmt.Sprintf(" sur %s", targetText(d.Rules.Target))
}

func targetText(t string) string {
	switch t {
	case TargetCategories:
		return "des catégories"
	case TargetProducts:
		return "des produits"
	}
	return "la commande"
}
