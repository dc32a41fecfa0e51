package reports

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- scheduled summaries (issue 18) ----

// Summary is a closed period of the scheduled summaries: a day, read as the
// daily flash reads « yesterday » the next day, or an ISO week (Monday to
// Sunday), read from the revenue report. Amounts are per currency, never
// added across currencies.
type Summary struct {
	Start    string     // first day (AAAA-MM-JJ)
	End      string     // last day, included
	Previous FlashRange // a day: the same weekday one week earlier; a week: the week before
	LastYear FlashRange // 364 days earlier (same weekdays)
	// Totals has one line per currency of the scope, the franchise's first
	// (a week's lines have no splits by order type or source).
	Totals []FlashTotal
	// Restaurants are every restaurant of the scope, by name.
	Restaurants []FlashRestaurant
}

// DaySummary is day (yyyymmdd) as the daily flash shows it the next day
// under « yesterday »: the flash itself, read as of noon the next day.
func (s *Service) DaySummary(ctx context.Context, p tenancy.Principal, restaurantID, day int64) (Summary, error) {
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return Summary{}, err
	}
	next := orders.AddDays(day, 1)
	at := time.Date(int(next/10000), time.Month(next/100%100), int(next%100), 12, 0, 0, 0, zone(tenancy.CountryByCode(fr.CountryCode).TimeZone))
	f, err := s.flashAt(ctx, p, restaurantID, at)
	if err != nil {
		return Summary{}, err
	}
	for _, pe := range f.Periods {
		if pe.Key == "yesterday" {
			return Summary{Start: pe.Start, End: pe.End, Previous: pe.Previous, LastYear: pe.LastYear, Totals: pe.Totals, Restaurants: pe.Restaurants}, nil
		}
	}
	return Summary{}, errors.New("flash sans période « yesterday »")
}

// WeekSummary is the ISO week starting on monday (yyyymmdd): per currency,
// the revenue report's totals over the week, the week before and the same
// week last year; per restaurant, the flash's reads (paid ord cells and vat
// cells, whole days from the rollups) over the same three weeks.
func (s *Service) WeekSummary(ctx context.Context, p tenancy.Principal, restaurantID, monday int64) (Summary, error) {
	rg := orders.Range{Start: monday, End: orders.AddDays(monday, 6)}
	sc, err := s.resolve(ctx, p, Filter{RestaurantID: restaurantID, Range: rg})
	if err != nil {
		return Summary{}, err
	}
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return Summary{}, err
	}
	rs := revenueRanges(rg, GrainWeek)
	out := Summary{Start: orders.FormatDate(rg.Start), End: orders.FormatDate(rg.End),
		Previous:    FlashRange{Start: orders.FormatDate(rs[1].Start), End: orders.FormatDate(rs[1].End)},
		LastYear:    FlashRange{Start: orders.FormatDate(rs[2].Start), End: orders.FormatDate(rs[2].End)},
		Totals:      []FlashTotal{},
		Restaurants: make([]FlashRestaurant, 0, len(sc.restaurants))}
	for _, sh := range currencies(sc.restaurants, fr.Currency) {
		rev, err := s.Revenue(ctx, p, Filter{RestaurantID: restaurantID, Range: rg, Currency: sh.Code}, GrainWeek)
		if err != nil {
			return Summary{}, err
		}
		out.Totals = append(out.Totals, FlashTotal{Currency: rev.Currency, Restaurants: sh.Restaurants,
			Current: rev.Totals.Current, Previous: rev.Totals.Previous, LastYear: rev.Totals.LastYear,
			ByOrderType: []FlashSplit{}, BySource: []FlashSplit{}})
	}
	if len(sc.restaurants) == 0 {
		return out, nil
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	var perRest [3]map[int64]*orders.Metrics
	for col, r := range rs {
		perRest[col] = map[int64]*orders.Metrics{}
		paid, err := s.orders.Sum(ctx, listed, orders.DimOrders, r, orders.ByRestaurant, orders.StatusPaid+"|", orders.MN, orders.MTotal)
		if err != nil {
			return Summary{}, err
		}
		vat, err := s.orders.Sum(ctx, listed, orders.DimVAT, r, orders.ByRestaurant, "", orders.MHT)
		if err != nil {
			return Summary{}, err
		}
		for _, c := range paid {
			addTo(perRest[col], c.Restaurant, c.Metrics)
		}
		for _, c := range vat {
			// HT only: the vat cells count orders once per rate.
			addTo(perRest[col], c.Restaurant, orders.Metrics{HT: c.HT})
		}
	}
	figures := func(col int, id int64) FlashFigures {
		var m orders.Metrics
		if x := perRest[col][id]; x != nil {
			m = *x
		}
		return FlashFigures{RevenueCents: m.Total, HTCents: m.HT, Orders: m.N, AverageBasketCents: averageBasket(m.Total, m.N)}
	}
	for _, x := range sc.restaurants {
		out.Restaurants = append(out.Restaurants, FlashRestaurant{RestaurantID: x.ID, Name: sc.name(x.ID), Currency: x.Currency(fr.Currency),
			Current: figures(0, x.ID), Previous: figures(1, x.ID), LastYear: figures(2, x.ID)})
	}
	sortRestaurantsByName(out.Restaurants)
	return out, nil
}

// sortRestaurantsByName orders restaurants as the flash does.
func sortRestaurantsByName(list []FlashRestaurant) {
	slices.SortFunc(list, func(a, b FlashRestaurant) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp64(a.RestaurantID, b.RestaurantID)
	})
}
