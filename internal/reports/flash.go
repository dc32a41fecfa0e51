package reports

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- daily flash (issue 18) ----

// Flash is the day so far against comparable moments: today, yesterday,
// the week and the month, each against its previous period and the same
// period one year earlier, per currency and per restaurant.
type Flash struct {
	Date    string        `json:"date" doc:"Aujourd'hui dans le fuseau du franchiseur (AAAA-MM-JJ)"`
	Until   string        `json:"until" doc:"Heure locale de maintenant (HH:MM, fuseau du franchiseur) : les périodes en cours et leurs comparaisons s'arrêtent là (chaque restaurant coupé à la même heure locale dans son propre fuseau)"`
	Periods []FlashPeriod `json:"periods" doc:"Exactement quatre périodes, dans cet ordre : today, yesterday, week, month"`
}

// FlashPeriod is a period of the flash with its two comparisons.
type FlashPeriod struct {
	Key         string            `json:"key" enum:"today,yesterday,week,month" doc:"today : aujourd'hui ; yesterday : hier ; week : la semaine en cours (du lundi à aujourd'hui) ; month : le mois en cours (du 1er à aujourd'hui)"`
	Start       string            `json:"start" doc:"Premier jour de la période (AAAA-MM-JJ)"`
	End         string            `json:"end" doc:"Dernier jour de la période (AAAA-MM-JJ), inclus"`
	Partial     bool              `json:"partial" doc:"La période finit aujourd'hui : son dernier jour, et celui de ses comparaisons, est compté jusqu'à until (today, week, month : vrai ; yesterday : faux)"`
	Previous    FlashRange        `json:"previous" doc:"Période précédente : today et yesterday, le même jour de la semaine une semaine plus tôt ; week, la semaine précédente (du lundi au même jour de la semaine) ; month, le mois précédent du 1er au même quantième (ramené à la longueur du mois)"`
	LastYear    FlashRange        `json:"lastYear" doc:"Même période un an plus tôt : today, yesterday et week décalés de 364 jours (mêmes jours de la semaine) ; month, les mêmes dates du calendrier un an plus tôt (le 29 février devient le 28)"`
	Totals      []FlashTotal      `json:"totals" doc:"Une ligne par devise du périmètre (les devises ne sont jamais additionnées) : la devise du franchiseur d'abord, puis par nombre de restaurants"`
	Restaurants []FlashRestaurant `json:"restaurants" doc:"Tous les restaurants du périmètre, même sans commande, par nom"`
}

// FlashRange is the dates of a comparison.
type FlashRange struct {
	Start string `json:"start" doc:"Premier jour (AAAA-MM-JJ)"`
	End   string `json:"end" doc:"Dernier jour (AAAA-MM-JJ), inclus ; compté jusqu'à until quand la période est partielle"`
}

// FlashFigures are the sales figures of a period.
type FlashFigures struct {
	RevenueCents       int64 `json:"revenueCents" doc:"Chiffre d'affaires TTC des commandes payées, en centimes"`
	HTCents            int64 `json:"htCents" doc:"Chiffre d'affaires HT des commandes payées, en centimes"`
	Orders             int64 `json:"orders" doc:"Commandes payées"`
	AverageBasketCents int64 `json:"averageBasketCents" doc:"Panier moyen TTC en centimes (revenueCents / orders arrondi au plus proche, moitié en s'éloignant de zéro) ; 0 sans commande"`
}

// FlashTotal is a period over the restaurants of one currency.
type FlashTotal struct {
	Currency    string       `json:"currency" example:"EUR" doc:"Devise (ISO 4217) des montants de la ligne"`
	Restaurants int          `json:"restaurants" doc:"Restaurants du périmètre dans cette devise"`
	Current     FlashFigures `json:"current" doc:"La période"`
	Previous    FlashFigures `json:"previous" doc:"La période précédente (voir previous de la période)"`
	LastYear    FlashFigures `json:"lastYear" doc:"La même période un an plus tôt (voir lastYear de la période)"`
	ByOrderType []FlashSplit `json:"byOrderType" doc:"Commandes payées par type de commande, par chiffre d'affaires décroissant"`
	BySource    []FlashSplit `json:"bySource" doc:"Commandes payées par source (borne, caisse, click & collect), par chiffre d'affaires décroissant"`
}

// FlashSplit is a share of a period's paid orders (an order type or a
// source) against the previous period.
type FlashSplit struct {
	Key                  string `json:"key" doc:"Code tel qu'enregistré : type de commande (1 à 5) ou source (caisse, borne, clickncollect)"`
	Label                string `json:"label" doc:"Libellé français affiché (Sur Place, A Emporter…, Caisse, Borne, Click&Collect)"`
	Orders               int64  `json:"orders" doc:"Commandes payées de la période"`
	RevenueCents         int64  `json:"revenueCents" doc:"Chiffre d'affaires TTC de la période, en centimes"`
	PreviousOrders       int64  `json:"previousOrders" doc:"Commandes payées de la période précédente"`
	PreviousRevenueCents int64  `json:"previousRevenueCents" doc:"Chiffre d'affaires TTC de la période précédente, en centimes"`
}

// FlashRestaurant is a period of one restaurant, in its currency.
type FlashRestaurant struct {
	RestaurantID int64        `json:"restaurantId" doc:"Identifiant du restaurant"`
	Name         string       `json:"name" doc:"Nom du restaurant"`
	Currency     string       `json:"currency" example:"CHF" doc:"Devise du restaurant (ISO 4217), celle de ses montants"`
	Current      FlashFigures `json:"current" doc:"La période"`
	Previous     FlashFigures `json:"previous" doc:"La période précédente"`
	LastYear     FlashFigures `json:"lastYear" doc:"La même période un an plus tôt"`
}

// flashSpan is the dates of a period or comparison; cut: its last day
// ends today's way, at now's local time of day.
type flashSpan struct {
	start, end int64
	cut        bool
}

// sameDateLastYear is the same calendar date one year earlier, clamped to
// the month's length (29 February → 28 February).
func sameDateLastYear(d int64) int64 {
	y, m, day := int(d/10000)-1, int(d/100%100), int(d%100)
	last := time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return int64(y*10000 + m*100 + min(day, last))
}

func firstOfMonth(d int64) int64 { return d/100*100 + 1 }

// flashPeriods are the four periods of the flash on day today, each with
// its previous and last year's spans.
func flashPeriods(today int64) (keys [4]string, spans [4][3]flashSpan) {
	t := time.Date(int(today/10000), time.Month(today/100%100), int(today%100), 0, 0, 0, 0, time.UTC)
	monday := orders.AddDays(today, -((int(t.Weekday()) + 6) % 7))
	shift := func(s flashSpan, days int) flashSpan {
		return flashSpan{orders.AddDays(s.start, days), orders.AddDays(s.end, days), s.cut}
	}
	day := flashSpan{today, today, true}
	yesterday := flashSpan{orders.AddDays(today, -1), orders.AddDays(today, -1), false}
	week := flashSpan{monday, today, true}
	prevMonth, lastYear := PreviousMonth(today), sameDateLastYear(today)
	keys = [4]string{"today", "yesterday", "week", "month"}
	spans = [4][3]flashSpan{
		{day, shift(day, -7), shift(day, -364)},
		{yesterday, shift(yesterday, -7), shift(yesterday, -364)},
		{week, shift(week, -7), shift(week, -364)},
		{{firstOfMonth(today), today, true}, {firstOfMonth(prevMonth), prevMonth, true}, {firstOfMonth(lastYear), lastYear, true}},
	}
	return keys, spans
}

// flashCut is restaurants of one zone and today: how a day ending at now
// is cut for them.
type flashCut struct {
	ids []int64
	loc *time.Location
	// rel compares the restaurants' today with the franchise's: 0 the same
	// (cut at now's local time of day), 1 later (the day is over: whole),
	// -1 earlier (the day has not begun: empty).
	rel int
}

// bounds is the part of day d counted for the cut's restaurants.
func (c flashCut) bounds(d int64, now time.Time) (from, to time.Time) {
	y, m, day := int(d/10000), time.Month(d/100%100), int(d%100)
	from = time.Date(y, m, day, 0, 0, 0, 0, c.loc)
	switch c.rel {
	case 1:
		return from, time.Date(y, m, day+1, 0, 0, 0, 0, c.loc)
	case -1:
		return from, from
	}
	local := now.In(c.loc)
	return from, time.Date(y, m, day, local.Hour(), local.Minute(), local.Second(), 0, c.loc)
}

// flashRead is one read of the flash: the ord or vat cells of whole days
// (from the rollups), or a day cut at now (from the raw orders).
type flashRead struct {
	kind       byte // 'o' ord cells, 'v' rest cells (HT), 'r' raw orders of a cut day
	start, end int64
}

// Flash computes the daily flash. Whole days come from the rollups; the
// last day of a partial period and of its comparisons from the raw
// orders, cut at now's local time of day in each restaurant's zone.
func (s *Service) Flash(ctx context.Context, p tenancy.Principal, restaurantID int64) (Flash, error) {
	return s.flashAt(ctx, p, restaurantID, s.now())
}

// flashAt is the flash as it read at now (the scheduled summaries read a
// day that has ended as the next day's « yesterday »).
func (s *Service) flashAt(ctx context.Context, p tenancy.Principal, restaurantID int64, now time.Time) (Flash, error) {
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return Flash{}, err
	}
	loc, err := time.LoadLocation(tenancy.CountryByCode(fr.CountryCode).TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := orders.BusinessDate(now, loc)
	keys, spans := flashPeriods(today)
	sc, err := s.resolve(ctx, p, Filter{RestaurantID: restaurantID, Range: orders.Range{Start: spans[3][0].start, End: today}})
	if err != nil {
		return Flash{}, err
	}
	out := Flash{Date: orders.FormatDate(today), Until: now.In(loc).Format("15:04"), Periods: make([]FlashPeriod, 0, 4)}

	// The cuts, by zone and the restaurants' today.
	var cuts []flashCut
	byZone := map[string]int{}
	for _, x := range sc.restaurants {
		l := zone(x.TimeZone)
		rel := cmp64(orders.BusinessDate(now, l), today)
		k := l.String() + "|" + strconv.Itoa(rel)
		i, ok := byZone[k]
		if !ok {
			i = len(cuts)
			byZone[k] = i
			cuts = append(cuts, flashCut{loc: l, rel: rel})
		}
		cuts[i].ids = append(cuts[i].ids, x.ID)
	}

	// Every distinct read, run concurrently on a few connections.
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	results := map[flashRead][]orders.Cell{}
	var order []flashRead
	need := func(r flashRead) {
		if _, ok := results[r]; !ok && r.end >= r.start {
			results[r] = nil
			order = append(order, r)
		}
	}
	parts := func(sp flashSpan) []flashRead {
		end := sp.end
		var out []flashRead
		if sp.cut {
			end = orders.AddDays(end, -1)
			out = append(out, flashRead{kind: 'r', start: sp.end, end: sp.end})
		}
		if end >= sp.start {
			out = append(out, flashRead{kind: 'o', start: sp.start, end: end}, flashRead{kind: 'v', start: sp.start, end: end})
		}
		return out
	}
	if len(listed.Restaurants) > 0 {
		for _, ps := range spans {
			for _, sp := range ps {
				for _, r := range parts(sp) {
					need(r)
				}
			}
		}
	}
	read := func(r flashRead) ([]orders.Cell, error) {
		rg := orders.Range{Start: r.start, End: r.end}
		switch r.kind {
		case 'o':
			return s.orders.Sum(ctx, listed, orders.DimOrders, rg, orders.ByRestaurant, orders.StatusPaid+"|", orders.MN, orders.MTotal)
		case 'v':
			// The rest cells hold the paid orders' HT in one row per
			// restaurant and period; the vat cells have one per equipment
			// and rate.
			cells, err := s.orders.Sum(ctx, listed, orders.DimRestaurant, rg, orders.ByRestaurant, "", orders.MHT)
			for i := range cells {
				// HT only: the order counts come from the ord cells.
				cells[i] = orders.Cell{Restaurant: cells[i].Restaurant, Metrics: orders.Metrics{HT: cells[i].HT}}
			}
			return cells, err
		}
		var all []orders.Cell
		for _, c := range cuts {
			from, to := c.bounds(r.end, now)
			got, err := s.orders.PaidBetween(ctx, sc.FranchiseID, c.ids, from, to)
			if err != nil {
				return nil, err
			}
			all = append(all, got...)
		}
		return all, nil
	}
	got := make([][]orders.Cell, len(order))
	errs := make([]error, len(order))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4) // the SQLite read pool has 8 connections
	for i, r := range order {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			got[i], errs[i] = read(r)
		}()
	}
	wg.Wait()
	for i, r := range order {
		if errs[i] != nil {
			return out, errs[i]
		}
		results[r] = got[i]
	}

	currencyOf := make(map[int64]string, len(sc.restaurants))
	for _, x := range sc.restaurants {
		currencyOf[x.ID] = x.Currency(fr.Currency)
	}
	shares := currencies(sc.restaurants, fr.Currency)
	for pi, ps := range spans {
		period := FlashPeriod{Key: keys[pi], Start: orders.FormatDate(ps[0].start), End: orders.FormatDate(ps[0].end), Partial: ps[0].cut,
			Previous: FlashRange{Start: orders.FormatDate(ps[1].start), End: orders.FormatDate(ps[1].end)},
			LastYear: FlashRange{Start: orders.FormatDate(ps[2].start), End: orders.FormatDate(ps[2].end)},
			Totals:   make([]FlashTotal, 0, len(shares)), Restaurants: make([]FlashRestaurant, 0, len(sc.restaurants))}
		// Per restaurant and column (current, previous, last year); the
		// splits of the current and previous columns per currency.
		var perRest [3]map[int64]*orders.Metrics
		type splitKey struct{ currency, key string }
		var types, sources [2]map[splitKey]*orders.Metrics
		for col, sp := range ps {
			perRest[col] = map[int64]*orders.Metrics{}
			if col < 2 {
				types[col], sources[col] = map[splitKey]*orders.Metrics{}, map[splitKey]*orders.Metrics{}
			}
			for _, r := range parts(sp) {
				for _, c := range results[r] {
					addTo(perRest[col], c.Restaurant, c.Metrics)
					if col == 2 || c.Key == "" {
						continue
					}
					k := splitKeyOf(c.Key)
					cur := currencyOf[c.Restaurant]
					addTo(types[col], splitKey{cur, k[2]}, c.Metrics)
					addTo(sources[col], splitKey{cur, k[1]}, c.Metrics)
				}
			}
		}
		figures := func(col int, ids ...int64) FlashFigures {
			var m orders.Metrics
			for _, id := range ids {
				if x := perRest[col][id]; x != nil {
					m.Add(*x)
				}
			}
			return FlashFigures{RevenueCents: m.Total, HTCents: m.HT, Orders: m.N, AverageBasketCents: averageBasket(m.Total, m.N)}
		}
		for _, sh := range shares {
			var ids []int64
			for _, x := range sc.restaurants {
				if currencyOf[x.ID] == sh.Code {
					ids = append(ids, x.ID)
				}
			}
			t := FlashTotal{Currency: sh.Code, Restaurants: sh.Restaurants, Current: figures(0, ids...), Previous: figures(1, ids...), LastYear: figures(2, ids...)}
			split := func(m [2]map[splitKey]*orders.Metrics, label func(string) string) []FlashSplit {
				out := []FlashSplit{}
				idx := map[string]int{}
				for col := range m {
					for k, v := range m[col] {
						if k.currency != sh.Code {
							continue
						}
						i, ok := idx[k.key]
						if !ok {
							i = len(out)
							idx[k.key] = i
							out = append(out, FlashSplit{Key: k.key, Label: label(k.key)})
						}
						if col == 0 {
							out[i].Orders, out[i].RevenueCents = v.N, v.Total
						} else {
							out[i].PreviousOrders, out[i].PreviousRevenueCents = v.N, v.Total
						}
					}
				}
				slices.SortFunc(out, func(a, b FlashSplit) int {
					if a.RevenueCents != b.RevenueCents {
						return cmp64(b.RevenueCents, a.RevenueCents)
					}
					if a.PreviousRevenueCents != b.PreviousRevenueCents {
						return cmp64(b.PreviousRevenueCents, a.PreviousRevenueCents)
					}
					return strings.Compare(a.Key, b.Key)
				})
				return out
			}
			t.ByOrderType = split(types, typeLabel)
			t.BySource = split(sources, sourceLabel)
			period.Totals = append(period.Totals, t)
		}
		for _, x := range sc.restaurants {
			period.Restaurants = append(period.Restaurants, FlashRestaurant{RestaurantID: x.ID, Name: sc.name(x.ID), Currency: currencyOf[x.ID],
				Current: figures(0, x.ID), Previous: figures(1, x.ID), LastYear: figures(2, x.ID)})
		}
		slices.SortFunc(period.Restaurants, func(a, b FlashRestaurant) int {
			if c := strings.Compare(a.Name, b.Name); c != 0 {
				return c
			}
			return cmp64(a.RestaurantID, b.RestaurantID)
		})
		out.Periods = append(out.Periods, period)
	}
	return out, nil
}

// splitKeyOf splits an ord cell's key: status, source, type.
func splitKeyOf(k string) []string { return splitKey(k, "|", 3) }

// typeLabel is an order type's label as the orders list shows it.
func typeLabel(code string) string {
	t, err := strconv.Atoi(code)
	if l, ok := orders.TypeNames[t]; ok && err == nil {
		return l
	}
	return code
}

// sourceLabel is a source's label as the reports show it.
func sourceLabel(code string) string {
	if l, ok := SourceLabels[code]; ok {
		return l
	}
	return code
}

// averageBasket is total / n rounded half away from zero; 0 without orders.
func averageBasket(total, n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case total < 0:
		return -((-total + n/2) / n)
	}
	return (total + n/2) / n
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
