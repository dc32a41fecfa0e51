package reports

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"brigade/internal/menu"
	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- product and option sales v2 (§2.6) ----

// SalesRow is a category, product or option of the sales pages. Platform
// orders (type 4) are left out of counts and amounts alike.
type SalesRow struct {
	Name     string   `json:"name"`
	Count    int64    `json:"nombrescommandes" doc:"Nombre de ventes (unités)"`
	Amount   int64    `json:"ttcAmountCents"`
	Previous int64    `json:"previousAmountCents" doc:"Montant sur la période précédente de même durée (quand la période comprend aujourd'hui, son dernier jour compté jusqu'à l'heure qu'il est : voir previousUntil)"`
	Percent  *float64 `json:"pourcentage" doc:"Évolution du montant en % par rapport à la période précédente de même durée ; null sans référence (rien de vendu sur la période précédente)"`
	Image    string   `json:"image,omitempty" doc:"Produits d'une catégorie : l'image du produit dans les cartes de la franchise (nom de fichier, à lire par GET /api/v1/images/products/{file}) ; absente quand le produit n'en a pas"`
}

// SalesKind is products or options.
type SalesKind string

const (
	SalesProducts SalesKind = "products"
	SalesOptions  SalesKind = "options"
)

// SalesReport is a list of the sales pages over the restaurants of one
// currency (units and amounts alike).
type SalesReport struct {
	Coverage
	Items         []SalesRow `json:"items"`
	PreviousUntil string     `json:"previousUntil,omitempty" doc:"Quand la période comprend aujourd'hui : l'heure locale (HH:MM) jusqu'à laquelle le dernier jour de la période précédente est compté, celle de maintenant (aujourd'hui jusqu'à maintenant contre la veille jusqu'à la même heure)"`
}

// Sales lists the categories (category "") or the products / options of
// one category, with their change against the previous equal-length period.
func (s *Service) Sales(ctx context.Context, p tenancy.Principal, f Filter, kind SalesKind, category string) (SalesReport, error) {
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return SalesReport{Items: []SalesRow{}}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	rep := SalesReport{Coverage: cov, Items: []SalesRow{}}
	if err != nil {
		return rep, err
	}
	dim := orders.DimProducts
	if kind == SalesOptions {
		dim = orders.DimOptions
	}
	prefix := "0" + orders.Sep
	if category != "" {
		prefix += category + orders.Sep
	}
	// The previous period of equal length, cut at now's time of day when
	// the range holds today (see reference): today until now against the
	// day before until the same hour, never against a whole day.
	days := f.Range.Days()
	sum := func(scp orders.Scope, r orders.Range) ([]orders.Cell, error) {
		return s.sumIn(ctx, full, scp, dim, r, orders.ByKey, prefix, orders.MQty, orders.MTotal)
	}
	prevCells, _, until, err := s.reference(ctx, sc, f.Range, func(d int64) int64 { return orders.AddDays(d, -days) }, sum,
		func(ids []int64, from, to time.Time) ([]orders.Cell, error) {
			return s.orders.SalesBetween(ctx, sc.FranchiseID, ids, from, to, kind == SalesOptions)
		})
	if err != nil {
		return rep, err
	}
	rep.PreviousUntil = until
	fold := func(cells []orders.Cell, err error) (map[string]*orders.Metrics, []string, error) {
		if err != nil {
			return nil, nil, err
		}
		m := map[string]*orders.Metrics{}
		var names []string
		for _, c := range cells {
			if !strings.HasPrefix(c.Key, prefix) {
				continue // the raw part of a cut day is not filtered by the query
			}
			k := splitKey(c.Key, orders.Sep, 3)
			name := k[1]
			if category != "" {
				name = k[2]
			}
			if _, ok := m[name]; !ok {
				names = append(names, name)
			}
			addTo(m, name, c.Metrics)
		}
		return m, names, nil
	}
	now, names, err := fold(sum(sc.Scope, f.Range))
	if err != nil {
		return rep, err
	}
	before, _, err := fold(prevCells, nil)
	if err != nil {
		return rep, err
	}
	out := make([]SalesRow, 0, len(names))
	for _, n := range names {
		m := now[n]
		r := SalesRow{Name: n, Count: m.Qty, Amount: m.Total}
		if b := before[n]; b != nil {
			r.Previous = b.Total
			r.Percent = trend(m.Total, b.Total)
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b SalesRow) int {
		if a.Amount != b.Amount {
			return int(b.Amount - a.Amount)
		}
		return strings.Compare(a.Name, b.Name)
	})
	if kind == SalesProducts && category != "" && len(out) > 0 {
		if err := s.addImages(ctx, p, category, out); err != nil {
			return rep, err
		}
	}
	rep.Items = out
	return rep, nil
}

// Catalogue is what the sales pages ask the menu package: the products of
// the franchise's cartes, with their image.
type Catalogue interface {
	Catalogue(ctx context.Context, p tenancy.Principal) ([]menu.CatalogueCarte, error)
}

// UseCatalogue gives the sales pages the products' images.
func (s *Service) UseCatalogue(c Catalogue) { s.catalogue = c }

// addImages sets each product row's image: the product of that name in
// that category in the franchise's cartes (the rollups key products by
// category and name), the first carte holding one with an image winning;
// letter case and surrounding spaces do not matter.
func (s *Service) addImages(ctx context.Context, p tenancy.Principal, category string, rows []SalesRow) error {
	if s.catalogue == nil {
		return nil
	}
	cartes, err := s.catalogue.Catalogue(ctx, p)
	if errors.Is(err, tenancy.ErrForbidden) {
		return nil // a login that may not read cartes sees initials
	}
	if err != nil {
		return err
	}
	fold := func(v string) string { return strings.ToLower(strings.TrimSpace(v)) }
	want := fold(category)
	paths := map[string]string{}
	for _, c := range cartes {
		for _, pr := range c.Products {
			if pr.Path == "" || fold(pr.CategoryName) != want {
				continue
			}
			if _, ok := paths[fold(pr.Name)]; !ok {
				paths[fold(pr.Name)] = pr.Path
			}
		}
	}
	for i := range rows {
		rows[i].Image = paths[fold(rows[i].Name)]
	}
	return nil
}
