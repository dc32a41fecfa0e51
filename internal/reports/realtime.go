package reports

import (
	"context"
	"slices"
	"strconv"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- real-time dashboard ----

// Realtime is today's activity. Order counts cover every restaurant of the
// scope; amounts are given once per currency, never added across.
type Realtime struct {
	Date         string          `json:"date"`
	Orders       int64           `json:"orders" doc:"Commandes payées du jour, tous les restaurants du périmètre (toutes devises)"`
	Cancelled    int64           `json:"cancelled"`
	Collect      int64           `json:"clickncollect"`
	Totals       []RealtimeTotal `json:"totals" doc:"Chiffre d'affaires du jour par devise (les devises ne sont jamais additionnées) : la devise du franchiseur d'abord, puis par nombre de restaurants"`
	ByRestaurant []RealtimeRest  `json:"byRestaurant"`
	Counts       Counts          `json:"counts" doc:"Les trois compteurs du jour (tous les restaurants du périmètre) et leur tendance : aujourd'hui jusqu'à maintenant contre le même jour de la semaine précédente jusqu'à la même heure"`
}

// RealtimeTotal is the day of the restaurants of one currency.
type RealtimeTotal struct {
	Currency     string   `json:"currency" example:"EUR"`
	Restaurants  int      `json:"restaurants" doc:"Restaurants du périmètre dans cette devise"`
	Revenue      int64    `json:"revenueCents"`
	Orders       int64    `json:"orders" doc:"Commandes payées de ces restaurants"`
	AverageCents int64    `json:"averageBasketCents"`
	ByHour       []Amount `json:"byHour" doc:"Chiffre d'affaires par heure locale (label HH), dans cette devise"`
}

// RealtimeRest is a restaurant's day.
type RealtimeRest struct {
	RestaurantID int64  `json:"restaurantId"`
	Name         string `json:"name"`
	Currency     string `json:"currency" example:"CHF" doc:"Devise du restaurant"`
	Revenue      int64  `json:"revenueCents"`
	Orders       int64  `json:"orders"`
}

// Realtime is today's figures, today being the date in the franchise's
// country zone.
func (s *Service) Realtime(ctx context.Context, p tenancy.Principal, restaurantID int64) (Realtime, error) {
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return Realtime{}, err
	}
	loc, err := time.LoadLocation(tenancy.CountryByCode(fr.CountryCode).TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := orders.BusinessDate(s.now(), loc)
	f := Filter{RestaurantID: restaurantID, Range: orders.Range{Start: today, End: today}}
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return Realtime{}, err
	}
	out := Realtime{Date: orders.FormatDate(today), ByRestaurant: []RealtimeRest{}, Totals: []RealtimeTotal{}}
	if out.Counts, err = s.orderCounts(ctx, sc, f.Range, PreviousWeek); err != nil {
		return out, err
	}
	currencyOf := make(map[int64]string, len(sc.restaurants))
	for _, x := range sc.restaurants {
		currencyOf[x.ID] = x.Currency(fr.Currency)
	}
	totals := map[string]*RealtimeTotal{}
	for _, c := range currencies(sc.restaurants, fr.Currency) {
		out.Totals = append(out.Totals, RealtimeTotal{Currency: c.Code, Restaurants: c.Restaurants})
	}
	for i := range out.Totals {
		totals[out.Totals[i].Currency] = &out.Totals[i]
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	cells, err := s.orders.Sum(ctx, listed, orders.DimOrders, f.Range, orders.ByRestaurant, "", orders.MTotal)
	if err != nil {
		return out, err
	}
	per := map[int64]*RealtimeRest{}
	for _, c := range cells {
		k := splitKey(c.Key, "|", 3)
		switch k[0] {
		case orders.StatusPaid:
			out.Orders += c.N
			if t := totals[currencyOf[c.Restaurant]]; t != nil {
				t.Revenue += c.Total
				t.Orders += c.N
			}
			r := per[c.Restaurant]
			if r == nil {
				r = &RealtimeRest{RestaurantID: c.Restaurant, Name: sc.name(c.Restaurant), Currency: currencyOf[c.Restaurant]}
				per[c.Restaurant] = r
			}
			r.Revenue += c.Total
			r.Orders += c.N
		default:
			if orders.CountsAsCancelled(k[0]) {
				out.Cancelled += c.N
			}
		}
		if k[1] == orders.SourceCollect {
			out.Collect += c.N
		}
	}
	for _, r := range per {
		out.ByRestaurant = append(out.ByRestaurant, *r)
	}
	slices.SortFunc(out.ByRestaurant, func(a, b RealtimeRest) int {
		if a.Currency != b.Currency {
			return slices.IndexFunc(out.Totals, func(t RealtimeTotal) bool { return t.Currency == a.Currency }) -
				slices.IndexFunc(out.Totals, func(t RealtimeTotal) bool { return t.Currency == b.Currency })
		}
		return int(b.Revenue - a.Revenue)
	})
	// The hours: the scope's rows when it has one currency, else each
	// restaurant's rows folded into its currency.
	byHour := map[string]*[24]orders.Metrics{}
	for _, t := range out.Totals {
		byHour[t.Currency] = &[24]orders.Metrics{}
	}
	hourScope, group := sc.Scope, orders.ByKey
	if len(out.Totals) > 1 {
		hourScope, group = listed, orders.ByRestaurant
	}
	hours, err := s.orders.Sum(ctx, hourScope, orders.DimHours, f.Range, group, "", orders.MTotal)
	if err != nil {
		return out, err
	}
	for _, c := range hours {
		cur := currencyOf[c.Restaurant]
		if group == orders.ByKey && len(out.Totals) == 1 {
			cur = out.Totals[0].Currency
		}
		hb := byHour[cur]
		t, err := time.ParseInLocation("2006010215", c.Key, time.UTC)
		if hb == nil || err != nil {
			continue
		}
		hb[t.In(loc).Hour()].Add(c.Metrics)
	}
	for i := range out.Totals {
		t := &out.Totals[i]
		if t.Orders > 0 {
			t.AverageCents = (t.Revenue + t.Orders/2) / t.Orders
		}
		t.ByHour = make([]Amount, 0, 24)
		for h, m := range byHour[t.Currency] {
			t.ByHour = append(t.ByHour, Amount{Label: strconv.Itoa(100 + h)[1:], Cents: m.Total, Orders: m.N})
		}
	}
	return out, nil
}
