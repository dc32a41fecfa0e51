package menu

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"brigade/internal/tenancy"
)

// Mes Produits: every product of the franchise's cartes in one list, and
// the bulk edits of prices and flags that franchise owners ask for most.

// CatalogueProduct is a product of one carte, as the table shows it.
type CatalogueProduct struct {
	CampaignID   int64
	IDGlobal     string
	ID           int
	Name         string
	IDCat        int
	CategoryName string
	// CategoryIDGlobal is the idGlobal of the product's category: what a
	// discount on categories names (discounts.DiscountRules.TargetIDs).
	CategoryIDGlobal string
	Path             string
	Prices           []PriceEntry
	Flags            map[string]bool
	Position         int
	// PurchasePrice is the product's purchase price (the product mix's
	// margin); zero or invalid: not known.
	PurchasePrice Price
}

// CatalogueCarte is a carte of the catalogue, with the version its
// products were read at (to send back when editing them).
type CatalogueCarte struct {
	Campaign Campaign
	Products []CatalogueProduct
}

// FlagNames are the product flags Mes Produits shows and edits.
var FlagNames = []string{"hidden", "sold_out", "hidden_online", "hidden_borne", "hidden_caisse", "hidden_ubereat", "sold_out_temporary",
	"best_sale", "top_product", "is_menu", "free_price", "apply_discount", "available_on_the_spot", "available_takeaway", "available_bar",
	"available_delivery", "available_terasse", "available_happy_hour"}

func flagOf(p *Product, name string) *bool {
	f := &p.ProductFlags
	switch name {
	case "hidden":
		return &p.Hidden
	case "sold_out":
		return &p.SoldOut
	case "hidden_online":
		return &f.HiddenOnline
	case "hidden_borne":
		return &f.HiddenBorne
	case "hidden_caisse":
		return &f.HiddenCaisse
	case "hidden_ubereat":
		return &f.HiddenUbereat
	case "sold_out_temporary":
		return &f.SoldOutTemporary
	case "best_sale":
		return &f.BestSale
	case "top_product":
		return &f.TopProduct
	case "is_menu":
		return &f.IsMenu
	case "free_price":
		return &f.FreePrice
	case "apply_discount":
		return &f.ApplyDiscount
	case "available_on_the_spot":
		return &f.AvailableOnTheSpot
	case "available_takeaway":
		return &f.AvailableTakeaway
	case "available_bar":
		return &f.AvailableBar
	case "available_delivery":
		return &f.AvailableDelivery
	case "available_terasse":
		return &f.AvailableTerasse
	case "available_happy_hour":
		return &f.AvailableHappyHour
	}
	return nil
}

// Catalogue lists the active products of every carte the principal sees,
// cartes in list order, products by category position then position.
func (s *Service) Catalogue(ctx context.Context, p tenancy.Principal) ([]CatalogueCarte, error) {
	cartes, err := s.List(ctx, p)
	if err != nil {
		return nil, err
	}
	out := make([]CatalogueCarte, 0, len(cartes))
	for _, c := range cartes {
		raw, err := s.document(ctx, c)
		if err != nil {
			return nil, err
		}
		d, err := Parse(raw, c.URL)
		if err != nil {
			return nil, err
		}
		out = append(out, CatalogueCarte{Campaign: c, Products: catalogueOf(c.ID, d)})
	}
	return out, nil
}

func catalogueOf(campaignID int64, d *Document) []CatalogueProduct {
	cats := map[int]*Category{}
	for i := range d.Categories {
		cats[d.Categories[i].IDCat] = &d.Categories[i]
	}
	catOrder := func(id int) (int, int) {
		c := cats[id]
		if c == nil {
			return math.MaxInt, 0
		}
		if parent := cats[c.ParentID]; c.ParentID != -1 && parent != nil {
			return parent.Position, c.Position
		}
		return c.Position, -1
	}
	list := make([]CatalogueProduct, 0, len(d.Items))
	for i := range d.Items {
		pr := &d.Items[i]
		if pr.Removed || pr.RemovedByAdmin {
			continue
		}
		c := cats[pr.IDCat]
		if c == nil || c.Removed || c.RemovedByAdmin {
			continue
		}
		flags := make(map[string]bool, len(FlagNames))
		for _, name := range FlagNames {
			flags[name] = *flagOf(pr, name)
		}
		list = append(list, CatalogueProduct{CampaignID: campaignID, IDGlobal: pr.IDGlobal, ID: pr.ID, Name: pr.Name, IDCat: pr.IDCat,
			CategoryName: c.Name, CategoryIDGlobal: c.IDGlobal, Path: pr.Path, Prices: pr.Prices, Flags: flags, Position: pr.Position, PurchasePrice: pr.PurchasePrice})
	}
	sort.SliceStable(list, func(i, j int) bool {
		ai, bi := catOrder(list[i].IDCat)
		aj, bj := catOrder(list[j].IDCat)
		if ai != aj {
			return ai < aj
		}
		if bi != bj {
			return bi < bj
		}
		return list[i].Position < list[j].Position
	})
	return list
}

// Price edit modes of a bulk change.
const (
	PriceSet     = "set"     // the new price
	PriceAdd     = "add"     // add the amount (negative lowers)
	PricePercent = "percent" // change by a percentage (negative lowers)
)

// BulkTarget names products of one carte, read at Version.
type BulkTarget struct {
	CampaignID int64
	Version    int
	IDGlobals  []string
}

// BulkPrice is a price change applied to every chosen tariff × order type.
type BulkPrice struct {
	Mode       string
	Value      string // price text: "0,50", "10", "-5"
	Tariffs    []int
	OrderTypes []int
}

// BulkChange is one edit of many products, across cartes.
type BulkChange struct {
	Targets []BulkTarget
	Price   *BulkPrice
	Flags   map[string]bool
}

// BulkResult says what a bulk change did to one carte.
type BulkResult struct {
	Campaign Campaign
	Changed  int
}

func (b *BulkChange) check() error {
	if len(b.Targets) == 0 {
		return &tenancy.ValidationError{Field: "targets", Message: "Choisissez au moins un produit."}
	}
	if b.Price == nil && len(b.Flags) == 0 {
		return &tenancy.ValidationError{Field: "price", Message: "Indiquez un changement de prix ou d'indicateur."}
	}
	for name := range b.Flags {
		if !slices.Contains(FlagNames, name) {
			return &tenancy.ValidationError{Field: "flags." + name, Message: fmt.Sprintf("L'indicateur %q n'existe pas.", name)}
		}
	}
	if bp := b.Price; bp != nil {
		if len(bp.Tariffs) == 0 || len(bp.OrderTypes) == 0 {
			return &tenancy.ValidationError{Field: "price", Message: "Choisissez au moins un tarif et un type de commande."}
		}
		for _, t := range bp.Tariffs {
			if t < 1 || t > 3 {
				return &tenancy.ValidationError{Field: "price.tariffs", Message: fmt.Sprintf("Le tarif %d n'existe pas (tarifs 1 à 3).", t)}
			}
		}
		for _, o := range bp.OrderTypes {
			if OrderTypeLabel(o) == "" {
				return &tenancy.ValidationError{Field: "price.orderTypes", Message: fmt.Sprintf("Le type de commande %d n'existe pas (types 1 à 5).", o)}
			}
		}
		v := ParsePrice(bp.Value)
		if strings.TrimSpace(bp.Value) == "" || v.Invalid {
			return &tenancy.ValidationError{Field: "price.value", Message: fmt.Sprintf("La valeur %q n'est pas un nombre.", bp.Value)}
		}
		switch bp.Mode {
		case PriceSet:
			if v.Negative() {
				return &tenancy.ValidationError{Field: "price.value", Message: fmt.Sprintf("La valeur du prix %s n'est pas valide : un prix ne peut pas être négatif.", v)}
			}
		case PriceAdd:
		case PricePercent:
			if v.Cents <= -10000 {
				return &tenancy.ValidationError{Field: "price.value", Message: "Une baisse de 100 % ou plus rendrait les prix nuls ou négatifs."}
			}
		default:
			return &tenancy.ValidationError{Field: "price.mode", Message: "Le mode doit être set, add ou percent."}
		}
	}
	return nil
}

// newPrice applies the change to one price, in integer cents; a
// percentage rounds half away from zero to the cent.
func (bp *BulkPrice) newPrice(old Price) Price {
	v := ParsePrice(bp.Value)
	switch bp.Mode {
	case PriceAdd:
		return Cents(old.Cents + v.Cents)
	case PricePercent:
		// v.Cents is the percentage × 100: 10 % → 1000.
		num := old.Cents * (10000 + v.Cents)
		q, r := num/10000, num%10000
		if r*2 >= 10000 {
			q++
		} else if r*2 <= -10000 {
			q--
		}
		return Cents(q)
	}
	return v
}

// apply changes the chosen products of d and says how many changed.
func (b *BulkChange) apply(d *Document, ids []string) int {
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	changed := 0
	for i := range d.Items {
		p := &d.Items[i]
		if !want[p.IDGlobal] || p.Removed || p.RemovedByAdmin {
			continue
		}
		touched := false
		for name, v := range b.Flags {
			if f := flagOf(p, name); *f != v {
				*f, touched = v, true
			}
		}
		if bp := b.Price; bp != nil {
			for _, t := range bp.Tariffs {
				for _, o := range bp.OrderTypes {
					k := slices.IndexFunc(p.Prices, func(e PriceEntry) bool { return e.Tariff == t && e.TypeOrder == o })
					if k < 0 {
						if bp.Mode != PriceSet {
							continue // nothing to raise or lower
						}
						p.Prices = append(p.Prices, PriceEntry{Tariff: t, TypeOrder: o})
						k = len(p.Prices) - 1
					}
					next := bp.newPrice(p.Prices[k].Price)
					if next != p.Prices[k].Price {
						p.Prices[k].Price, touched = next, true
					}
					// The tariff-1 prices are mirrored in the product's own fields.
					if t == 1 && o == OrderSurPlace {
						p.Price = next
					}
					if t == 1 && o == OrderPlatform {
						p.PricePlatform = next
					}
				}
			}
		}
		if touched {
			changed++
		}
	}
	return changed
}

// BulkEdit applies one change to products of several cartes. Every carte
// must still be at the version the table was read at (else ErrStale and
// nothing is saved); every carte is validated before the first is saved,
// so a refused price leaves all of them as they were. Each carte is then
// saved as a new version with its change history.
func (s *Service) BulkEdit(ctx context.Context, p tenancy.Principal, b BulkChange) ([]BulkResult, error) {
	if err := canWrite(p); err != nil {
		return nil, err
	}
	if err := b.check(); err != nil {
		return nil, err
	}
	type pending struct {
		c       Campaign
		d       *Document
		version int
		changed int
	}
	var plan []pending
	seen := map[int64]bool{}
	for _, t := range b.Targets {
		if seen[t.CampaignID] {
			return nil, &tenancy.ValidationError{Field: "targets", Message: "Une carte est citée deux fois."}
		}
		seen[t.CampaignID] = true
		c, err := s.Get(ctx, p, t.CampaignID)
		if err != nil {
			return nil, err
		}
		if c.Version != t.Version {
			return nil, ErrStale
		}
		raw, err := s.document(ctx, c)
		if err != nil {
			return nil, err
		}
		d, err := Parse(raw, c.URL)
		if err != nil {
			return nil, err
		}
		n := b.apply(d, t.IDGlobals)
		if err := Validate(d); err != nil {
			return nil, err
		}
		plan = append(plan, pending{c, d, t.Version, n})
	}
	out := make([]BulkResult, 0, len(plan))
	for _, x := range plan {
		if x.changed == 0 {
			out = append(out, BulkResult{Campaign: x.c})
			continue
		}
		saved, err := s.saveParsed(ctx, p, x.c, x.version, x.d, "")
		if err != nil {
			return out, err
		}
		out = append(out, BulkResult{Campaign: saved, Changed: x.changed})
	}
	return out, nil
}
