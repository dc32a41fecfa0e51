package reports

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// CurrencyShare is a currency of the caller's scope and how many of its
// restaurants count in it.
type CurrencyShare struct {
	Code        string `json:"code" example:"CHF"`
	Restaurants int    `json:"restaurants" doc:"Restaurants du périmètre qui comptent dans cette devise"`
}

// Coverage says which restaurants a report holding money adds up: only
// those of one currency, since amounts of different currencies are never
// added together.
type Coverage struct {
	Currency   string          `json:"currency" example:"EUR" doc:"Devise (ISO 4217) de tous les montants de la réponse : seuls les restaurants de cette devise sont comptés"`
	Currencies []CurrencyShare `json:"currencies" doc:"Les devises des restaurants du périmètre demandé, avec leur nombre de restaurants ; plus d'une : le paramètre currency choisit celle du rapport"`
}

// currencies lists the currencies of restaurants, the franchise's first
// when present, then by number of restaurants (most first), then by code.
func currencies(list []tenancy.Restaurant, franchiseCurrency string) []CurrencyShare {
	n := map[string]int{}
	for _, x := range list {
		n[x.Currency(franchiseCurrency)]++
	}
	out := make([]CurrencyShare, 0, len(n))
	for code, c := range n {
		out = append(out, CurrencyShare{Code: code, Restaurants: c})
	}
	slices.SortFunc(out, func(a, b CurrencyShare) int {
		switch {
		case (a.Code == franchiseCurrency) != (b.Code == franchiseCurrency):
			if a.Code == franchiseCurrency {
				return -1
			}
			return 1
		case a.Restaurants != b.Restaurants:
			return b.Restaurants - a.Restaurants
		}
		return strings.Compare(a.Code, b.Code)
	})
	return out
}

// inCurrency narrows a scope to the restaurants of one currency: the one
// asked for, else the franchise's when the scope has restaurants in it,
// else the currency of most restaurants. A scope of several currencies
// then reads the rollup rows of its listed restaurants, never the
// franchise rows (which add every currency together).
func (s *Service) inCurrency(ctx context.Context, p tenancy.Principal, sc scope, asked string) (scope, Coverage, error) {
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return sc, Coverage{}, err
	}
	cov := Coverage{Currencies: currencies(sc.restaurants, fr.Currency)}
	asked = strings.ToUpper(strings.TrimSpace(asked))
	switch {
	case len(cov.Currencies) == 0:
		// No restaurant: nothing to add up, in the franchise's currency.
		cov.Currency = fr.Currency
		if cov.Currency == "" {
			cov.Currency = tenancy.CountryByCode(fr.CountryCode).CurrencyCode
		}
		return sc, cov, nil
	case len(cov.Currencies) == 1:
		// One currency (or one restaurant): it wins over the one asked for,
		// and the scope stays as it is (the franchise rows, for an admin).
		cov.Currency = cov.Currencies[0].Code
		return sc, cov, nil
	case asked == "":
		cov.Currency = cov.Currencies[0].Code
	default:
		if !slices.ContainsFunc(cov.Currencies, func(c CurrencyShare) bool { return c.Code == asked }) {
			codes := make([]string, len(cov.Currencies))
			for i, c := range cov.Currencies {
				codes[i] = c.Code
			}
			return sc, cov, &tenancy.ValidationError{Field: "query.currency",
				Message: fmt.Sprintf("Aucun restaurant ne compte en %s dans ce périmètre (devises : %s).", asked, strings.Join(codes, ", "))}
		}
		cov.Currency = asked
	}
	narrowed := sc
	narrowed.restaurants = nil
	for _, x := range sc.restaurants {
		if x.Currency(fr.Currency) == cov.Currency {
			narrowed.restaurants = append(narrowed.restaurants, x)
		}
	}
	narrowed.Scope.Restaurants = narrowed.ids()
	return narrowed, cov, nil
}

// money resolves the scope of a report holding amounts: the caller's
// restaurants of one currency.
func (s *Service) money(ctx context.Context, p tenancy.Principal, f Filter) (scope, Coverage, error) {
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return sc, Coverage{}, err
	}
	return s.inCurrency(ctx, p, sc, f.Currency)
}

// partsOf is how a set of restaurants of the scope is read: their own
// rows, or, when the caller sees the whole franchise and the others are
// fewer, the franchise rows minus the others' rows (every metric is a sum:
// exact). A currency or a zone most restaurants share reads about one row
// per period and key instead of one per restaurant.
func (full scope) partsOf(ids []int64) []revenuePart {
	own := []revenuePart{{sc: orders.Scope{FranchiseID: full.FranchiseID, Restaurants: ids}, sign: 1}}
	if full.Scope.Restaurants != nil {
		return own
	}
	in := make(map[int64]bool, len(ids))
	for _, id := range ids {
		in[id] = true
	}
	var others []int64
	for _, x := range full.restaurants {
		if !in[x.ID] {
			others = append(others, x.ID)
		}
	}
	whole := revenuePart{sc: orders.Scope{FranchiseID: full.FranchiseID}, sign: 1}
	switch {
	case len(others) == 0:
		return []revenuePart{whole}
	case len(others) < len(ids):
		return []revenuePart{whole, {sc: orders.Scope{FranchiseID: full.FranchiseID, Restaurants: others}, sign: -1}}
	}
	return own
}

// sumIn is orders.Sum for the restaurants of a scope narrowed from full
// (one currency): through the franchise rows minus the others' when that
// reads fewer rows (partsOf). The parts' cells are added up by group and
// key, and a cell that nets to nothing is dropped, as Sum drops it.
func (s *Service) sumIn(ctx context.Context, full scope, scp orders.Scope, dim string, r orders.Range, g orders.Group, prefix string, only ...orders.Metric) ([]orders.Cell, error) {
	parts := []revenuePart{{sc: scp, sign: 1}}
	if scp.Restaurants != nil {
		parts = full.partsOf(scp.Restaurants)
	}
	var prefixes []string
	if prefix != "" {
		prefixes = []string{prefix}
	}
	cells, err := s.sumSigned(ctx, parts, dim, r, g, prefixes, only...)
	if err != nil || len(parts) == 1 {
		return cells, err
	}
	type gk struct {
		restaurant, period int64
		key                string
	}
	at := make(map[gk]int, len(cells))
	var out []orders.Cell
	for _, c := range cells {
		k := gk{c.Restaurant, c.Period, c.Key}
		if i, ok := at[k]; ok {
			out[i].Add(c.Metrics)
			continue
		}
		at[k] = len(out)
		out = append(out, c)
	}
	return slices.DeleteFunc(out, func(c orders.Cell) bool { return c.Metrics == (orders.Metrics{}) }), nil
}
