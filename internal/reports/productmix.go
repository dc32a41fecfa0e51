package reports

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- product mix (issue 18) ----

// ProductMix is the products and options sold over the restaurants of one
// currency (paid orders, platform included), their share of the revenue,
// their trend against the previous period of equal length and, where the
// cartes give a purchase price, their margin; and the category mix.
type ProductMix struct {
	Coverage
	Start         string           `json:"start" doc:"Premier jour de la période (AAAA-MM-JJ, jour d'exploitation)"`
	End           string           `json:"end" doc:"Dernier jour de la période (AAAA-MM-JJ), inclus"`
	Previous      FlashRange       `json:"previous" doc:"Période précédente : le même nombre de jours, juste avant start"`
	PreviousUntil string           `json:"previousUntil,omitempty" doc:"Quand la période comprend aujourd'hui : l'heure locale (HH:MM) jusqu'à laquelle le dernier jour de la période précédente est compté, celle de maintenant (aujourd'hui jusqu'à maintenant contre le même jour de la période précédente jusqu'à la même heure)"`
	Totals        ProductMixTotals `json:"totals"`
	Products      []MixProduct     `json:"products" doc:"Les produits vendus sur la période ou sur la période précédente (rank null : vendu seulement avant) : ceux de la période par rang (CA TTC décroissant, puis nom), puis les autres par CA précédent décroissant"`
	Categories    []MixCategory    `json:"categories" doc:"Les catégories, par CA TTC décroissant puis par nom"`
	Options       []MixOption      `json:"options" doc:"Les options vendues sur la période ou la précédente, dans l'ordre des produits"`
}

// ProductMixTotals are the period's products as a whole.
type ProductMixTotals struct {
	Products             int      `json:"products" doc:"Produits différents vendus sur la période"`
	Quantity             int64    `json:"quantity" doc:"Unités vendues"`
	RevenueCents         int64    `json:"revenueCents" doc:"CA TTC des lignes de produits (avant réduction sur la commande), en centimes"`
	HTCents              int64    `json:"htCents" doc:"CA HT des lignes, en centimes (chaque ligne au taux de TVA de sa vente)"`
	PreviousQuantity     int64    `json:"previousQuantity"`
	PreviousRevenueCents int64    `json:"previousRevenueCents"`
	RevenueTrend         *float64 `json:"revenueTrend" doc:"Évolution du CA TTC en % ; null sans vente sur la période précédente"`
	QuantityTrend        *float64 `json:"quantityTrend" doc:"Évolution des unités en % ; null sans vente sur la période précédente"`
	OptionsRevenueCents  int64    `json:"optionsRevenueCents" doc:"CA TTC des options (suppléments), en centimes : compris dans celui des produits qui les portent"`
	Margin               Margin   `json:"margin"`
}

// Margin is the margin of the products whose purchase price is known.
type Margin struct {
	MarginCents     int64    `json:"marginCents" doc:"CA HT − quantité × prix d'achat, additionné sur les seuls produits dont le prix d'achat est connu"`
	CostCents       int64    `json:"costCents" doc:"Quantité × prix d'achat des produits dont il est connu"`
	KnownHTCents    int64    `json:"knownHtCents" doc:"CA HT des produits dont le prix d'achat est connu"`
	UnknownHTCents  int64    `json:"unknownHtCents" doc:"CA HT des produits sans prix d'achat connu : leur marge n'est pas comptée"`
	KnownShare      float64  `json:"knownShare" doc:"Part du CA HT couverte par un prix d'achat connu, en % (deux décimales)"`
	Rate            *float64 `json:"rate" doc:"Taux de marge en % du CA HT couvert ; null quand aucun produit vendu n'a de prix d'achat connu"`
	KnownProducts   int      `json:"knownProducts" doc:"Produits vendus dont le prix d'achat est connu"`
	UnknownProducts int      `json:"unknownProducts" doc:"Produits vendus sans prix d'achat connu (absent des cartes, nul, ou différent d'une carte à l'autre)"`
}

// MixProduct is a product of the mix.
type MixProduct struct {
	Name                 string   `json:"name"`
	Category             string   `json:"category"`
	Quantity             int64    `json:"quantity" doc:"Unités vendues sur la période"`
	RevenueCents         int64    `json:"revenueCents" doc:"CA TTC en centimes"`
	HTCents              int64    `json:"htCents" doc:"CA HT en centimes"`
	Share                float64  `json:"share" doc:"Part du CA TTC des produits de la période, en % (deux décimales)"`
	Rank                 *int     `json:"rank" doc:"Rang par CA TTC sur la période (1 : le premier) ; null quand le produit n'a été vendu que sur la période précédente"`
	PreviousQuantity     int64    `json:"previousQuantity"`
	PreviousRevenueCents int64    `json:"previousRevenueCents"`
	PreviousShare        float64  `json:"previousShare" doc:"Part du CA TTC de la période précédente, en %"`
	PreviousRank         *int     `json:"previousRank" doc:"Rang sur la période précédente ; null quand il n'y a pas été vendu"`
	RankChange           *int     `json:"rankChange" doc:"Places gagnées (positif) ou perdues (négatif) : previousRank − rank ; null sans l'un des deux"`
	Trend                *float64 `json:"trend" doc:"Évolution du CA TTC en % ; null sans vente sur la période précédente"`
	PurchasePriceCents   *int64   `json:"purchasePriceCents" doc:"Prix d'achat unitaire des cartes de la franchise, en centimes ; null quand inconnu"`
	PriceConflict        bool     `json:"priceConflict,omitempty" doc:"Les cartes donnent des prix d'achat différents pour ce produit : la marge n'est pas calculée"`
	MarginCents          *int64   `json:"marginCents" doc:"CA HT − quantité × prix d'achat ; null quand le prix d'achat est inconnu"`
	MarginRate           *float64 `json:"marginRate" doc:"Marge en % du CA HT ; null quand le prix d'achat est inconnu ou le CA HT nul"`
}

// MixCategory is a category of the mix.
type MixCategory struct {
	Name                 string   `json:"name"`
	Quantity             int64    `json:"quantity"`
	RevenueCents         int64    `json:"revenueCents" doc:"CA TTC en centimes"`
	HTCents              int64    `json:"htCents"`
	Share                float64  `json:"share" doc:"Part du CA TTC des produits, en %"`
	PreviousRevenueCents int64    `json:"previousRevenueCents"`
	PreviousShare        float64  `json:"previousShare" doc:"Part du CA TTC de la période précédente, en %"`
	Trend                *float64 `json:"trend" doc:"Évolution du CA TTC en % ; null sans vente sur la période précédente"`
}

// MixOption is an option (supplement) of the mix.
type MixOption struct {
	Group                string   `json:"group" doc:"Groupe d'options"`
	Name                 string   `json:"name"`
	Quantity             int64    `json:"quantity"`
	RevenueCents         int64    `json:"revenueCents" doc:"CA TTC en centimes (les options ne sont pas tenues en HT)"`
	Share                float64  `json:"share" doc:"Part du CA TTC des options de la période, en %"`
	Rank                 *int     `json:"rank"`
	PreviousQuantity     int64    `json:"previousQuantity"`
	PreviousRevenueCents int64    `json:"previousRevenueCents"`
	PreviousRank         *int     `json:"previousRank"`
	RankChange           *int     `json:"rankChange"`
	Trend                *float64 `json:"trend"`
}

// mixKey folds a rollup key (P|a|b) into a|b: platform and not together.
func mixKey(k string) (a, b string) {
	p := splitKey(k, orders.Sep, 3)
	return p[1], p[2]
}

// foldMix adds cells by a|b, platform and not together, in first-seen
// order.
func foldMix(cells []orders.Cell) (map[[2]string]*orders.Metrics, [][2]string) {
	m := map[[2]string]*orders.Metrics{}
	var keys [][2]string
	for _, c := range cells {
		a, b := mixKey(c.Key)
		k := [2]string{a, b}
		if _, ok := m[k]; !ok {
			keys = append(keys, k)
		}
		addTo(m, k, c.Metrics)
	}
	return m, keys
}

// ranks numbers keys by revenue (TTC) descending, then by name; keys
// without sales are not ranked.
func ranks(m map[[2]string]*orders.Metrics) map[[2]string]int {
	keys := make([][2]string, 0, len(m))
	for k, v := range m {
		if v.Qty != 0 || v.Total != 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b [2]string) int {
		if x, y := m[a].Total, m[b].Total; x != y {
			return cmp64(y, x)
		}
		if c := strings.Compare(a[1], b[1]); c != 0 {
			return c
		}
		return strings.Compare(a[0], b[0])
	})
	out := make(map[[2]string]int, len(keys))
	for i, k := range keys {
		out[k] = i + 1
	}
	return out
}

func intPtr(v int) *int { return &v }

// purchasePrices reads the purchase price of each product of the
// franchise's cartes, by category and name (the rollups' key; letter case
// and surrounding spaces do not matter): known when every carte holding
// the product with a price gives the same one; conflict when they differ.
func (s *Service) purchasePrices(ctx context.Context, p tenancy.Principal) (prices map[[2]string]int64, conflict map[[2]string]bool, err error) {
	prices, conflict = map[[2]string]int64{}, map[[2]string]bool{}
	if s.catalogue == nil {
		return prices, conflict, nil
	}
	cartes, err := s.catalogue.Catalogue(ctx, p)
	if errors.Is(err, tenancy.ErrForbidden) {
		return prices, conflict, nil // a login that may not read cartes: no margin
	}
	if err != nil {
		return nil, nil, err
	}
	for _, c := range cartes {
		for _, pr := range c.Products {
			pp := pr.PurchasePrice
			if pp.Invalid || pp.Cents <= 0 {
				continue
			}
			k := [2]string{foldName(pr.CategoryName), foldName(pr.Name)}
			if old, ok := prices[k]; ok && old != pp.Cents {
				conflict[k] = true
			}
			prices[k] = pp.Cents
		}
	}
	return prices, conflict, nil
}

func foldName(v string) string { return strings.ToLower(strings.TrimSpace(v)) }

// ProductMix computes the product mix. Each of the four sums (products and
// options, the period and the previous one) reads whole years and months
// from their rollup rows and only the partial months' days from the day
// rows (orders.Sum); a currency most of the franchise's restaurants share
// is read from the franchise rows minus the others' (scope.partsOf). When
// the range holds a restaurant's today, its previous period's matching day
// is cut at the same time of day (see reference). The reads and the
// cartes' purchase prices run concurrently.
func (s *Service) ProductMix(ctx context.Context, p tenancy.Principal, f Filter) (ProductMix, error) {
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return ProductMix{}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return ProductMix{}, err
	}
	n := f.Range.Days()
	prevRange := orders.Range{Start: orders.AddDays(f.Range.Start, -n), End: orders.AddDays(f.Range.End, -n)}
	out := ProductMix{Coverage: cov, Start: orders.FormatDate(f.Range.Start), End: orders.FormatDate(f.Range.End),
		Previous: FlashRange{Start: orders.FormatDate(prevRange.Start), End: orders.FormatDate(prevRange.End)},
		Products: []MixProduct{}, Categories: []MixCategory{}, Options: []MixOption{}}
	if len(sc.restaurants) == 0 {
		return out, nil
	}
	// sum reads a dimension for restaurants of the scope, through the
	// franchise rows when that reads fewer.
	sum := func(dim string, scp orders.Scope, r orders.Range, only ...orders.Metric) ([]orders.Cell, error) {
		parts := []revenuePart{{sc: scp, sign: 1}}
		if scp.Restaurants != nil {
			parts = full.partsOf(scp.Restaurants)
		}
		var cells []orders.Cell
		for _, pt := range parts {
			got, err := s.orders.Sum(ctx, pt.sc, dim, r, orders.ByKey, "", only...)
			if err != nil {
				return nil, err
			}
			if pt.sign < 0 {
				for i := range got {
					m := got[i].Metrics
					got[i].Metrics = orders.Metrics{N: -m.N, Qty: -m.Qty, Total: -m.Total, HT: -m.HT}
				}
			}
			cells = append(cells, got...)
		}
		return cells, nil
	}
	previous := func(options bool) ([]orders.Cell, orders.Range, string, error) {
		dim := orders.DimProducts
		if options {
			dim = orders.DimOptions
		}
		return s.reference(ctx, sc, f.Range, func(d int64) int64 { return orders.AddDays(d, -n) },
			func(scp orders.Scope, r orders.Range) ([]orders.Cell, error) {
				return sum(dim, scp, r, orders.MQty, orders.MTotal)
			},
			func(ids []int64, from, to time.Time) ([]orders.Cell, error) {
				return s.orders.SalesBetween(ctx, sc.FranchiseID, ids, from, to, options)
			})
	}
	var (
		wg                sync.WaitGroup
		curProd, curOpt   []orders.Cell
		prevProd, prevOpt []orders.Cell
		prevProdRange     orders.Range
		until             string
		prices            map[[2]string]int64
		conflict          map[[2]string]bool
		errs              [5]error
	)
	wg.Add(5)
	go func() {
		defer wg.Done()
		curProd, errs[0] = sum(orders.DimProducts, sc.Scope, f.Range, orders.MQty, orders.MTotal, orders.MHT)
	}()
	go func() {
		defer wg.Done()
		curOpt, errs[1] = sum(orders.DimOptions, sc.Scope, f.Range, orders.MQty, orders.MTotal)
	}()
	go func() {
		defer wg.Done()
		prevProd, prevProdRange, until, errs[2] = previous(false)
	}()
	go func() {
		defer wg.Done()
		prevOpt, _, _, errs[3] = previous(true)
	}()
	go func() {
		defer wg.Done()
		prices, conflict, errs[4] = s.purchasePrices(ctx, p)
	}()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	out.Previous = FlashRange{Start: orders.FormatDate(prevProdRange.Start), End: orders.FormatDate(prevProdRange.End)}
	out.PreviousUntil = until

	// Products.
	now, nowKeys := foldMix(curProd)
	before, beforeKeys := foldMix(prevProd)
	var tot, prevTot orders.Metrics
	for _, m := range now {
		tot.Add(*m)
	}
	for _, m := range before {
		prevTot.Add(*m)
	}
	rank, prevRank := ranks(now), ranks(before)
	keys := nowKeys
	for _, k := range beforeKeys {
		if _, ok := now[k]; !ok {
			keys = append(keys, k)
		}
	}
	mg := &out.Totals.Margin
	for _, k := range keys {
		var m, b orders.Metrics
		if x := now[k]; x != nil {
			m = *x
		}
		if x := before[k]; x != nil {
			b = *x
		}
		if m.Qty == 0 && m.Total == 0 && b.Qty == 0 && b.Total == 0 {
			continue
		}
		row := MixProduct{Name: k[1], Category: k[0], Quantity: m.Qty, RevenueCents: m.Total, HTCents: m.HT,
			Share: pct(m.Total, tot.Total), PreviousQuantity: b.Qty, PreviousRevenueCents: b.Total, PreviousShare: pct(b.Total, prevTot.Total)}
		if r, ok := rank[k]; ok {
			row.Rank = intPtr(r)
			out.Totals.Products++
		}
		if r, ok := prevRank[k]; ok {
			row.PreviousRank = intPtr(r)
			row.Trend = trend(m.Total, b.Total)
		}
		if row.Rank != nil && row.PreviousRank != nil {
			row.RankChange = intPtr(*row.PreviousRank - *row.Rank)
		}
		pk := [2]string{foldName(k[0]), foldName(k[1])}
		price, known := prices[pk]
		if conflict[pk] {
			row.PriceConflict, known = true, false
		}
		if known {
			pp := price
			row.PurchasePriceCents = &pp
			cost := m.Qty * price
			margin := m.HT - cost
			row.MarginCents = &margin
			if m.HT != 0 {
				r := float64(margin*10000/m.HT) / 100
				row.MarginRate = &r
			}
		}
		if row.Rank != nil {
			if known {
				mg.KnownProducts++
				mg.KnownHTCents += m.HT
				mg.CostCents += m.Qty * price
			} else {
				mg.UnknownProducts++
				mg.UnknownHTCents += m.HT
			}
		}
		out.Products = append(out.Products, row)
	}
	slices.SortStableFunc(out.Products, func(a, b MixProduct) int {
		if (a.Rank == nil) != (b.Rank == nil) {
			if a.Rank != nil {
				return -1 // the period's first
			}
			return 1
		}
		if a.Rank != nil {
			return *a.Rank - *b.Rank // revenue, then name: the ranks' order
		}
		if a.RevenueCents != b.RevenueCents {
			return cmp64(b.RevenueCents, a.RevenueCents)
		}
		if a.PreviousRevenueCents != b.PreviousRevenueCents {
			return cmp64(b.PreviousRevenueCents, a.PreviousRevenueCents)
		}
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Category, b.Category)
	})
	mg.MarginCents = mg.KnownHTCents - mg.CostCents
	mg.KnownShare = pct(mg.KnownHTCents, tot.HT)
	if mg.KnownHTCents != 0 {
		r := float64(mg.MarginCents*10000/mg.KnownHTCents) / 100
		mg.Rate = &r
	}
	out.Totals.Quantity, out.Totals.RevenueCents, out.Totals.HTCents = tot.Qty, tot.Total, tot.HT
	out.Totals.PreviousQuantity, out.Totals.PreviousRevenueCents = prevTot.Qty, prevTot.Total
	out.Totals.RevenueTrend = trend(tot.Total, prevTot.Total)
	out.Totals.QuantityTrend = trend(tot.Qty, prevTot.Qty)

	// Categories, from the product cells.
	cats, prevCats := map[string]*orders.Metrics{}, map[string]*orders.Metrics{}
	var catNames []string
	for _, k := range nowKeys {
		if _, ok := cats[k[0]]; !ok {
			catNames = append(catNames, k[0])
		}
		addTo(cats, k[0], *now[k])
	}
	for _, k := range beforeKeys {
		if _, ok := cats[k[0]]; !ok {
			if _, ok := prevCats[k[0]]; !ok {
				catNames = append(catNames, k[0])
			}
		}
		addTo(prevCats, k[0], *before[k])
	}
	for _, name := range catNames {
		var m, b orders.Metrics
		if x := cats[name]; x != nil {
			m = *x
		}
		if x := prevCats[name]; x != nil {
			b = *x
		}
		c := MixCategory{Name: name, Quantity: m.Qty, RevenueCents: m.Total, HTCents: m.HT, Share: pct(m.Total, tot.Total),
			PreviousRevenueCents: b.Total, PreviousShare: pct(b.Total, prevTot.Total)}
		if b.Total != 0 {
			c.Trend = trend(m.Total, b.Total)
		}
		if m.Qty == 0 && m.Total == 0 && b.Qty == 0 && b.Total == 0 {
			continue
		}
		out.Categories = append(out.Categories, c)
	}
	slices.SortStableFunc(out.Categories, func(a, b MixCategory) int {
		if a.RevenueCents != b.RevenueCents {
			return cmp64(b.RevenueCents, a.RevenueCents)
		}
		return strings.Compare(a.Name, b.Name)
	})

	// Options.
	onow, onowKeys := foldMix(curOpt)
	obefore, obeforeKeys := foldMix(prevOpt)
	var otot, oprev int64
	for _, m := range onow {
		otot += m.Total
	}
	for _, m := range obefore {
		oprev += m.Total
	}
	out.Totals.OptionsRevenueCents = otot
	orank, oprevRank := ranks(onow), ranks(obefore)
	okeys := onowKeys
	for _, k := range obeforeKeys {
		if _, ok := onow[k]; !ok {
			okeys = append(okeys, k)
		}
	}
	for _, k := range okeys {
		var m, b orders.Metrics
		if x := onow[k]; x != nil {
			m = *x
		}
		if x := obefore[k]; x != nil {
			b = *x
		}
		if m.Qty == 0 && m.Total == 0 && b.Qty == 0 && b.Total == 0 {
			continue
		}
		row := MixOption{Group: k[0], Name: k[1], Quantity: m.Qty, RevenueCents: m.Total, Share: pct(m.Total, otot),
			PreviousQuantity: b.Qty, PreviousRevenueCents: b.Total}
		if r, ok := orank[k]; ok {
			row.Rank = intPtr(r)
		}
		if r, ok := oprevRank[k]; ok {
			row.PreviousRank = intPtr(r)
			row.Trend = trend(m.Total, b.Total)
		}
		if row.Rank != nil && row.PreviousRank != nil {
			row.RankChange = intPtr(*row.PreviousRank - *row.Rank)
		}
		out.Options = append(out.Options, row)
	}
	slices.SortStableFunc(out.Options, func(a, b MixOption) int {
		if (a.Rank == nil) != (b.Rank == nil) {
			if a.Rank != nil {
				return -1 // the period's first
			}
			return 1
		}
		if a.Rank != nil {
			return *a.Rank - *b.Rank
		}
		if a.RevenueCents != b.RevenueCents {
			return cmp64(b.RevenueCents, a.RevenueCents)
		}
		if a.PreviousRevenueCents != b.PreviousRevenueCents {
			return cmp64(b.PreviousRevenueCents, a.PreviousRevenueCents)
		}
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Group, b.Group)
	})
	return out, nil
}
