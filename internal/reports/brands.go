package reports

import (
	"context"
	"slices"
	"strings"

	"brigade/internal/brands"
	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- Nos Marques and Food court (issue 19) ----

// NoBrand is the label of the sales whose product is in no brand's carte.
const NoBrand = "Sans marque"

// BrandCatalogue says which brand sells each product (brands.Service).
type BrandCatalogue interface {
	Sold(ctx context.Context, franchiseID int64) (brands.Catalogue, error)
}

// UseBrands gives the reports the brands of the franchises.
func (s *Service) UseBrands(b BrandCatalogue) { s.brands = b }

// BrandReport cuts the sales of a range by brand, over the restaurants of
// one currency: the lines' revenue (TTC, options included, before the
// order's discount, as Mix produits counts it), the orders holding at
// least one of the brand's products, the items sold, the average basket
// and the share of the revenue; and the same per food-court site.
type BrandReport struct {
	Coverage
	Start  string         `json:"start" doc:"Premier jour (AAAA-MM-JJ, jour d'exploitation)"`
	End    string         `json:"end" doc:"Dernier jour inclus (AAAA-MM-JJ)"`
	Totals BrandFigures   `json:"totals" doc:"Toutes marques : une commande de deux marques n'y compte qu'une fois"`
	Brands []BrandFigures `json:"brands" doc:"Les marques de la franchise (même sans vente), par CA TTC décroissant puis par nom ; « Sans marque » en dernier, quand des produits vendus ne sont dans la carte d'aucune marque"`
	Sites  []BrandSite    `json:"sites" doc:"Food court : les restaurants du périmètre qui servent au moins deux marques, par CA TTC décroissant"`
}

// BrandFigures are a brand's sales (or all brands', or a site's).
type BrandFigures struct {
	BrandID        int64   `json:"brandId" doc:"0 : « Sans marque » (ou le total)"`
	Name           string  `json:"name"`
	PrimaryColor   string  `json:"primaryColor" doc:"#RRGGBB ; vide pour « Sans marque »"`
	SecondaryColor string  `json:"secondaryColor"`
	Logo           string  `json:"logo"`
	RevenueCents   int64   `json:"revenueCents" doc:"CA TTC des lignes des produits de la marque, en centimes de currency"`
	Orders         int64   `json:"orders" doc:"Commandes qui comptent au moins un produit de la marque"`
	Items          int64   `json:"items" doc:"Articles vendus (quantités)"`
	BasketCents    int64   `json:"averageBasketCents" doc:"CA TTC ÷ commandes, arrondi au centime"`
	Share          float64 `json:"share" doc:"Part du CA TTC du périmètre (ou du site), en % (deux décimales)"`
}

// BrandSite is a food-court site: a restaurant serving several brands.
type BrandSite struct {
	RestaurantID int64          `json:"restaurantId"`
	Name         string         `json:"name"`
	Served       []int64        `json:"servedBrandIds" doc:"Les marques que le restaurant sert"`
	Totals       BrandFigures   `json:"totals"`
	Brands       []BrandFigures `json:"brands" doc:"Les marques servies, puis celles dont des produits y ont été vendus, puis « Sans marque » ; par CA TTC décroissant"`
}

// brandTally adds up sales per brand (0: no brand).
type brandTally struct {
	revenue, orders, items int64
}

type brandTallies struct {
	by    map[int64]*brandTally
	total brandTally
}

func newTallies() *brandTallies { return &brandTallies{by: map[int64]*brandTally{}} }

func (t *brandTallies) get(id int64) *brandTally {
	x := t.by[id]
	if x == nil {
		x = &brandTally{}
		t.by[id] = x
	}
	return x
}

// add counts one sold order: each brand it holds gets the order once.
func (t *brandTallies) add(o orders.SoldOrder, byProduct map[string]int64) {
	seen := map[int64]bool{}
	for _, l := range o.Lines {
		b := byProduct[l.ProductID]
		x := t.get(b)
		x.revenue += o.Sign * l.TTC
		x.items += o.Sign * l.Quantity
		t.total.revenue += o.Sign * l.TTC
		t.total.items += o.Sign * l.Quantity
		if !seen[b] {
			seen[b] = true
			x.orders += o.Sign
		}
	}
	if len(o.Lines) > 0 {
		t.total.orders += o.Sign
	}
}

func figures(x brandTally, whole int64) BrandFigures {
	return BrandFigures{RevenueCents: x.revenue, Orders: x.orders, Items: x.items, BasketCents: averageBasket(x.revenue, x.orders), Share: pct(x.revenue, whole)}
}

// rows lists the figures of the brands in list (always) and of the others
// with sales, by revenue descending then name, « Sans marque » last.
func (t *brandTallies) rows(all []brands.Brand, list func(brands.Brand) bool) []BrandFigures {
	out := []BrandFigures{}
	for _, b := range all {
		x, sold := t.by[b.ID]
		if !list(b) && !sold {
			continue
		}
		var v brandTally
		if x != nil {
			v = *x
		}
		f := figures(v, t.total.revenue)
		f.BrandID, f.Name, f.PrimaryColor, f.SecondaryColor, f.Logo = b.ID, b.Name, b.PrimaryColor, b.SecondaryColor, b.Logo
		out = append(out, f)
	}
	slices.SortStableFunc(out, func(a, b BrandFigures) int {
		if a.RevenueCents != b.RevenueCents {
			return cmp64(b.RevenueCents, a.RevenueCents)
		}
		return strings.Compare(a.Name, b.Name)
	})
	if x := t.by[0]; x != nil && (x.revenue != 0 || x.orders != 0 || x.items != 0) {
		f := figures(*x, t.total.revenue)
		f.Name = NoBrand
		out = append(out, f)
	}
	return out
}

// Brands computes Nos Marques and the food-court split. The figures come
// from the raw order lines (the rollups key products by name, not by the
// idGlobal that maps them to a brand's carte), streamed one order at a
// time: sales on the day they were made, cancellations and full refunds
// taken back on their own day, as every report counts them.
func (s *Service) Brands(ctx context.Context, p tenancy.Principal, f Filter) (BrandReport, error) {
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return BrandReport{}, err
	}
	out := BrandReport{Coverage: cov, Start: orders.FormatDate(f.Range.Start), End: orders.FormatDate(f.Range.End), Brands: []BrandFigures{}, Sites: []BrandSite{}}
	var cat brands.Catalogue
	if s.brands != nil {
		if cat, err = s.brands.Sold(ctx, p.FranchiseID); err != nil {
			return out, err
		}
	}
	// The restaurants each brand is served in, within the report's scope.
	inScope := map[int64]bool{}
	for _, x := range sc.restaurants {
		inScope[x.ID] = true
	}
	served := map[int64][]int64{} // restaurant → brands
	for _, b := range cat.Brands {
		for _, r := range b.RestaurantIDs {
			if inScope[r] {
				served[r] = append(served[r], b.ID)
			}
		}
	}
	all := newTallies()
	perSite := map[int64]*brandTallies{}
	for r, list := range served {
		if len(list) >= 2 {
			perSite[r] = newTallies()
		}
	}
	// sc.Scope lists the restaurants of the currency, or none when the
	// whole franchise counts in it.
	err = s.orders.EachSold(ctx, sc.Scope, f.Range, func(o orders.SoldOrder) error {
		all.add(o, cat.ByProduct)
		if t := perSite[o.RestaurantID]; t != nil {
			t.add(o, cat.ByProduct)
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	out.Totals = figures(all.total, all.total.revenue)
	out.Totals.Name = "Toutes marques"
	out.Brands = all.rows(cat.Brands, func(brands.Brand) bool { return true })
	for r, t := range perSite {
		list := served[r]
		site := BrandSite{RestaurantID: r, Name: sc.name(r), Served: list, Totals: figures(t.total, t.total.revenue)}
		site.Totals.Name = site.Name
		site.Brands = t.rows(cat.Brands, func(b brands.Brand) bool { return slices.Contains(list, b.ID) })
		out.Sites = append(out.Sites, site)
	}
	slices.SortFunc(out.Sites, func(a, b BrandSite) int {
		if a.Totals.RevenueCents != b.Totals.RevenueCents {
			return cmp64(b.Totals.RevenueCents, a.Totals.RevenueCents)
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, nil
}
