package reports

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- Mes Réductions (§2.4) ----

// Amount is a labelled amount in cents.
type Amount struct {
	Label  string `json:"label"`
	Cents  int64  `json:"cents"`
	Orders int64  `json:"orders"`
}

// DiscountReport is the three donuts, the series and the table per
// restaurant (paid orders with a discount), over the restaurants of one
// currency.
type DiscountReport struct {
	Coverage
	ByType       []Amount `json:"byType"`
	BySource     []Amount `json:"bySource"`
	ByLabel      []Amount `json:"byLabel"`
	ByCode       []Amount `json:"byCode" doc:"Par code promo (commandes payées dont la réduction vient d'un code)"`
	Series       []Amount `json:"series" doc:"Par jour (yyyy-mm-dd) ou par mois (yyyy-mm)"`
	ByRestaurant []Amount `json:"byRestaurant"`
	Total        int64    `json:"totalCents"`
}

// SourceLabels are the labels of the order sources.
var SourceLabels = map[string]string{orders.SourceTill: "Caisse", orders.SourceKiosk: "Borne", orders.SourceCollect: "Click&Collect"}

func addAmount(list []Amount, label string, m orders.Metrics) []Amount {
	for i := range list {
		if list[i].Label == label {
			list[i].Cents += m.Discount
			list[i].Orders += m.N
			return list
		}
	}
	return append(list, Amount{Label: label, Cents: m.Discount, Orders: m.N})
}

func byCentsDesc(a, b Amount) int {
	if a.Cents != b.Cents {
		return int(b.Cents - a.Cents)
	}
	return strings.Compare(a.Label, b.Label)
}

// Discounts computes Mes Réductions; monthly gives the series per month.
func (s *Service) Discounts(ctx context.Context, p tenancy.Principal, f Filter, monthly bool) (DiscountReport, error) {
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return DiscountReport{}, err
	}
	out := DiscountReport{Coverage: cov, ByType: []Amount{}, BySource: []Amount{}, ByLabel: []Amount{}, ByCode: []Amount{}, Series: []Amount{}, ByRestaurant: []Amount{}}
	// The series from the per-restaurant cells (their Discount): one row
	// per day or month instead of one per discount kind; read on another
	// connection meanwhile.
	g := orders.ByDayTotal
	if monthly {
		g = orders.ByMonth
	}
	var series, codes []orders.Cell
	done := make(chan error, 2)
	go func() {
		var err error
		series, err = s.orders.Sum(ctx, sc.Scope, orders.DimRestaurant, f.Range, g, "", orders.MDiscount)
		done <- err
	}()
	go func() {
		var err error
		codes, err = s.orders.Sum(ctx, sc.Scope, orders.DimPromoCodes, f.Range, orders.ByKey, "", orders.MDiscount)
		done <- err
	}()
	cells, err := s.orders.Sum(ctx, sc.Scope, orders.DimDiscounts, f.Range, orders.ByKey, "", orders.MDiscount)
	for range 2 {
		if err2 := <-done; err == nil {
			err = err2
		}
	}
	if err != nil {
		return out, err
	}
	for _, c := range codes {
		out.ByCode = addAmount(out.ByCode, c.Key, c.Metrics)
	}
	slices.SortFunc(out.ByCode, byCentsDesc)
	for _, c := range cells {
		k := splitKey(c.Key, orders.Sep, 3)
		out.ByType = addAmount(out.ByType, k[0], c.Metrics)
		out.BySource = addAmount(out.BySource, SourceLabels[k[1]], c.Metrics)
		label := k[2]
		if label == "" {
			label = "Sans libellé"
		}
		out.ByLabel = addAmount(out.ByLabel, label, c.Metrics)
		out.Total += c.Discount
	}
	for _, l := range [][]Amount{out.ByType, out.BySource, out.ByLabel} {
		slices.SortFunc(l, byCentsDesc)
	}
	for _, c := range series {
		if c.Discount == 0 {
			continue
		}
		label := orders.FormatDate(c.Period)
		if monthly {
			label = strconv.FormatInt(c.Period/100, 10) + "-" + strconv.FormatInt(c.Period%100+100, 10)[1:]
		}
		out.Series = addAmount(out.Series, label, orders.Metrics{Discount: c.Discount})
	}
	slices.SortFunc(out.Series, func(a, b Amount) int { return strings.Compare(a.Label, b.Label) })
	if len(sc.restaurants) == 1 {
		// One restaurant: its discounts are the total (the rest cells and
		// the disc cells both sum the discounts of paid orders).
		if out.Total > 0 {
			out.ByRestaurant = addAmount(out.ByRestaurant, sc.name(sc.restaurants[0].ID), orders.Metrics{Discount: out.Total})
		}
		return out, nil
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	per, err := s.orders.Sum(ctx, listed, orders.DimRestaurant, f.Range, orders.ByRestaurant, "", orders.MDiscount)
	if err != nil {
		return out, err
	}
	for _, c := range per {
		if c.Discount > 0 {
			out.ByRestaurant = addAmount(out.ByRestaurant, sc.name(c.Restaurant), orders.Metrics{Discount: c.Discount})
		}
	}
	slices.SortFunc(out.ByRestaurant, byCentsDesc)
	return out, nil
}

// DiscountedOrders lists the discounted orders of the report's scope, the
// restaurants of one currency (as Discounts).
func (s *Service) DiscountedOrders(ctx context.Context, p tenancy.Principal, f Filter, page, pageSize int) ([]orders.DiscountItem, int, func(int64) string, Coverage, error) {
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return nil, 0, nil, cov, err
	}
	items, total, err := s.orders.Discounted(ctx, sc.Scope, f.Range, page, pageSize)
	return items, total, sc.name, cov, err
}
