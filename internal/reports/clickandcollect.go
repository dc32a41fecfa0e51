package reports

import (
	"context"
	"slices"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- click & collect (issue 18) ----

// ClickAndCollect is the click & collect activity of a range against the
// range just before it, over the restaurants of one currency.
type ClickAndCollect struct {
	Coverage
	Start       string              `json:"start" doc:"Premier jour de la période (AAAA-MM-JJ, jour d'exploitation)"`
	End         string              `json:"end" doc:"Dernier jour de la période (AAAA-MM-JJ), inclus"`
	Previous    FlashRange          `json:"previous" doc:"Période précédente : le même nombre de jours, juste avant start"`
	Totals      CollectTotals       `json:"totals" doc:"Les deux périodes entières"`
	Days        []CollectDay        `json:"days" doc:"Chaque jour de la période dans l'ordre, vides compris, avec le jour de même rang de la période précédente"`
	Hours       []CollectHour       `json:"hours" doc:"Les 24 heures locales de la journée (00 à 23), additionnées sur la période : commandes click & collect payées à l'heure locale de leur restaurant"`
	Types       []CollectType       `json:"types" doc:"Commandes click & collect payées de la période par type de commande (seuls les types présents), la plus grosse part d'abord"`
	Restaurants []CollectRestaurant `json:"restaurants" doc:"Un rang par restaurant du périmètre (de cette devise), le plus gros chiffre click & collect d'abord"`
}

// CollectFigures are the paid click & collect orders of a period, beside
// the paid orders of every source.
type CollectFigures struct {
	RevenueCents       int64   `json:"revenueCents" doc:"Chiffre d'affaires TTC des commandes click & collect payées (frais compris), en centimes"`
	Orders             int64   `json:"orders" doc:"Commandes click & collect payées"`
	AverageBasketCents int64   `json:"averageBasketCents" doc:"Panier moyen TTC (revenueCents / orders arrondi au plus proche) ; 0 sans commande"`
	FeesCents          int64   `json:"feesCents" doc:"Frais encaissés sur ces commandes (livraison et gestion, fees_cents), en centimes"`
	AllRevenueCents    int64   `json:"allRevenueCents" doc:"Chiffre d'affaires TTC des commandes payées de toutes les sources (caisse, borne, click & collect)"`
	AllOrders          int64   `json:"allOrders" doc:"Commandes payées de toutes les sources"`
	SharePct           float64 `json:"sharePct" doc:"Part du click & collect dans le chiffre d'affaires : revenueCents / allRevenueCents, en % tronqué à deux décimales ; 0 sans chiffre d'affaires"`
}

// CollectTotals are the two ranges, whole.
type CollectTotals struct {
	Current  CollectFigures `json:"current" doc:"La période"`
	Previous CollectFigures `json:"previous" doc:"La période précédente (voir previous)"`
}

// CollectDay is a day of the range and the previous range's day of the
// same rank.
type CollectDay struct {
	Date         string         `json:"date" doc:"Le jour (AAAA-MM-JJ)"`
	PreviousDate string         `json:"previousDate" doc:"Le jour de même rang de la période précédente"`
	Current      CollectFigures `json:"current"`
	Previous     CollectFigures `json:"previous"`
}

// CollectHour is a local hour of the day, over the range.
type CollectHour struct {
	Hour         int   `json:"hour" minimum:"0" maximum:"23" doc:"Heure locale du restaurant (0 à 23) du paiement"`
	Orders       int64 `json:"orders" doc:"Commandes click & collect payées"`
	RevenueCents int64 `json:"revenueCents" doc:"Leur chiffre d'affaires TTC, en centimes"`
}

// CollectType is an order type of the paid click & collect orders.
type CollectType struct {
	Type         int     `json:"type" doc:"Sur Place 1, A Emporter 2, En Livraison 3, Platform 4, Drive 5"`
	Label        string  `json:"label" example:"A Emporter"`
	Orders       int64   `json:"orders"`
	RevenueCents int64   `json:"revenueCents"`
	FeesCents    int64   `json:"feesCents"`
	SharePct     float64 `json:"sharePct" doc:"Part du chiffre d'affaires click & collect de la période, en % tronqué à deux décimales"`
}

// CollectRestaurant is a restaurant's two ranges.
type CollectRestaurant struct {
	ID       int64          `json:"id"`
	Name     string         `json:"name"`
	Current  CollectFigures `json:"current"`
	Previous CollectFigures `json:"previous"`
}

// maxDailyDays bounds the ranges of the reports drawn day by day.
const maxDailyDays = 366

// previousRange is as many days just before r.
func previousRange(r orders.Range) orders.Range {
	n := r.Days()
	return orders.Range{Start: orders.AddDays(r.Start, -n), End: orders.AddDays(r.Start, -1)}
}

// negate turns a cell's metrics into their opposite.
func negate(m orders.Metrics) orders.Metrics {
	var z orders.Metrics
	z.N, z.Qty, z.Total, z.HT, z.VAT, z.Discount, z.Fees = -m.N, -m.Qty, -m.Total, -m.HT, -m.VAT, -m.Discount, -m.Fees
	z.PlatformTotal, z.ExitSecondsSum, z.ExitCount, z.DiscountedOrders = -m.PlatformTotal, -m.ExitSecondsSum, -m.ExitCount, -m.DiscountedOrders
	z.LateOrders, z.LateUnits, z.OptionUnits, z.PlatformOrders = -m.LateOrders, -m.LateUnits, -m.OptionUnits, -m.PlatformOrders
	return z
}

// concurrently runs the reads, four at a time (the SQLite read pool has
// eight connections), and returns the first error.
func concurrently(reads ...func() error) error {
	errs := make([]error, len(reads))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, read := range reads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = read()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// sumSigned is orders.Sum over signed parts, the subtracted parts' cells
// negated: the caller adds every cell up by its group and key.
func (s *Service) sumSigned(ctx context.Context, parts []revenuePart, dim string, r orders.Range, g orders.Group, prefixes []string, only ...orders.Metric) ([]orders.Cell, error) {
	got := make([][]orders.Cell, len(parts))
	reads := make([]func() error, len(parts))
	for i, pt := range parts {
		reads[i] = func() (err error) {
			got[i], err = s.orders.SumPrefixes(ctx, pt.sc, dim, r, g, prefixes, only...)
			if pt.sign < 0 {
				for j := range got[i] {
					got[i][j].Metrics = negate(got[i][j].Metrics)
				}
			}
			return err
		}
	}
	if err := concurrently(reads...); err != nil {
		return nil, err
	}
	var out []orders.Cell
	for _, c := range got {
		out = append(out, c...)
	}
	return out, nil
}

// collectAcc adds up paid order cells (status|source|type keys): the
// click & collect ones and every source's.
type collectAcc struct{ collect, all orders.Metrics }

func (a *collectAcc) add(c orders.Cell) {
	p := splitKey(c.Key, "|", 3)
	if p[0] != orders.StatusPaid {
		return
	}
	a.all.Add(c.Metrics)
	if p[1] == orders.SourceCollect {
		a.collect.Add(c.Metrics)
	}
}

func (a collectAcc) figures() CollectFigures {
	return CollectFigures{RevenueCents: a.collect.Total, Orders: a.collect.N, AverageBasketCents: averageBasket(a.collect.Total, a.collect.N),
		FeesCents: a.collect.Fees, AllRevenueCents: a.all.Total, AllOrders: a.all.N, SharePct: pct(a.collect.Total, a.all.Total)}
}

// ClickAndCollect computes the click & collect report. Its figures come
// from the order cells (ord: status|source|type, with the fees): per
// restaurant from their month and year rows, per day from the franchise's
// day rows (minus the restaurants of other currencies) or the listed
// restaurants'; the peak hours from the click & collect hour cells (chour,
// and cwhour for the months in which a zone keeps one UTC offset), read by
// zone and placed at each zone's local hour (orders.CollectHeatMap).
func (s *Service) ClickAndCollect(ctx context.Context, p tenancy.Principal, f Filter) (ClickAndCollect, error) {
	if f.Range.End >= f.Range.Start && f.Range.Days() > maxDailyDays {
		return ClickAndCollect{}, &tenancy.ValidationError{Field: "query.end", Message: "La période compte 366 jours au plus."}
	}
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return ClickAndCollect{}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return ClickAndCollect{}, err
	}
	cur, prev := f.Range, previousRange(f.Range)
	out := ClickAndCollect{Coverage: cov, Start: orders.FormatDate(cur.Start), End: orders.FormatDate(cur.End),
		Previous: FlashRange{Start: orders.FormatDate(prev.Start), End: orders.FormatDate(prev.End)},
		Days:     []CollectDay{}, Hours: []CollectHour{}, Types: []CollectType{}, Restaurants: []CollectRestaurant{}}
	for h := range 24 {
		out.Hours = append(out.Hours, CollectHour{Hour: h})
	}
	if len(sc.restaurants) == 0 {
		for d := cur.Start; d <= cur.End; d = orders.AddDays(d, 1) {
			out.Days = append(out.Days, CollectDay{Date: orders.FormatDate(d), PreviousDate: orders.FormatDate(orders.AddDays(d, -cur.Days()))})
		}
		return out, nil
	}
	ids := sc.ids()
	listed := orders.Scope{FranchiseID: sc.FranchiseID, Restaurants: ids}
	parts := full.partsOf(ids)
	const paid = orders.StatusPaid + "|"
	const collect = paid + orders.SourceCollect + "|"
	// Per restaurant: every source's paid orders from the rest cells (one
	// per restaurant and period), the click & collect ones from their few
	// ord keys: not the ord cells of every source and type.
	var perRest, allRest, perDay [2][]orders.Cell
	byZone := map[*time.Location][]int64{}
	var zones []*time.Location
	for _, x := range sc.restaurants {
		l := zone(x.TimeZone)
		if byZone[l] == nil {
			zones = append(zones, l)
		}
		byZone[l] = append(byZone[l], x.ID)
	}
	// One heat map per zone and part (franchise rows minus the others',
	// or the restaurants' own), each added with its sign.
	type signedHeat struct {
		heat [24][7]orders.Metrics
		sign int64
	}
	var heats []signedHeat
	var reads []func() error
	for _, l := range zones {
		for _, pt := range full.partsOf(byZone[l]) {
			i := len(heats)
			heats = append(heats, signedHeat{sign: pt.sign})
			reads = append(reads, func() (err error) {
				heats[i].heat, err = s.orders.CollectHeatMap(ctx, pt.sc, cur, l)
				return err
			})
		}
	}
	for col, rg := range [2]orders.Range{cur, prev} {
		reads = append(reads,
			func() (err error) {
				perRest[col], err = s.orders.Sum(ctx, listed, orders.DimOrders, rg, orders.ByRestaurant, collect, orders.MN, orders.MTotal, orders.MFees)
				return err
			},
			func() (err error) {
				allRest[col], err = s.orders.Sum(ctx, listed, orders.DimRestaurant, rg, orders.ByRestaurant, "", orders.MN, orders.MTotal)
				return err
			},
			func() (err error) {
				perDay[col], err = s.sumSigned(ctx, parts, orders.DimOrders, rg, orders.ByDay, []string{paid}, orders.MN, orders.MTotal, orders.MFees)
				return err
			})
	}
	if err := concurrently(reads...); err != nil {
		return out, err
	}

	var totals [2]collectAcc
	rests := map[int64]*[2]collectAcc{}
	types := map[int]*orders.Metrics{}
	rest := func(id int64) *[2]collectAcc {
		r := rests[id]
		if r == nil {
			r = &[2]collectAcc{}
			rests[id] = r
		}
		return r
	}
	for col := range perRest {
		for _, c := range allRest[col] {
			rest(c.Restaurant)[col].all.Add(c.Metrics)
			totals[col].all.Add(c.Metrics)
		}
		for _, c := range perRest[col] {
			rest(c.Restaurant)[col].collect.Add(c.Metrics)
			totals[col].collect.Add(c.Metrics)
			if col == 0 {
				t := atoi(splitKey(c.Key, "|", 3)[2])
				if types[t] == nil {
					types[t] = &orders.Metrics{}
				}
				types[t].Add(c.Metrics)
			}
		}
	}
	out.Totals = CollectTotals{Current: totals[0].figures(), Previous: totals[1].figures()}

	var days [2]map[int64]*collectAcc
	for col := range perDay {
		days[col] = map[int64]*collectAcc{}
		for _, c := range perDay[col] {
			a := days[col][c.Period]
			if a == nil {
				a = &collectAcc{}
				days[col][c.Period] = a
			}
			a.add(c)
		}
	}
	n := cur.Days()
	for d := cur.Start; d <= cur.End; d = orders.AddDays(d, 1) {
		pd := orders.AddDays(d, -n)
		day := CollectDay{Date: orders.FormatDate(d), PreviousDate: orders.FormatDate(pd)}
		if a := days[0][d]; a != nil {
			day.Current = a.figures()
		}
		if a := days[1][pd]; a != nil {
			day.Previous = a.figures()
		}
		out.Days = append(out.Days, day)
	}

	for _, x := range heats {
		for h := range x.heat {
			for _, m := range x.heat[h] {
				out.Hours[h].Orders += x.sign * m.N
				out.Hours[h].RevenueCents += x.sign * m.Total
			}
		}
	}

	for t, m := range types {
		out.Types = append(out.Types, CollectType{Type: t, Label: orders.TypeNames[t], Orders: m.N, RevenueCents: m.Total, FeesCents: m.Fees,
			SharePct: pct(m.Total, totals[0].collect.Total)})
	}
	slices.SortFunc(out.Types, func(a, b CollectType) int {
		if a.RevenueCents != b.RevenueCents {
			return cmpInt64(b.RevenueCents, a.RevenueCents)
		}
		return a.Type - b.Type
	})
	for _, x := range sc.restaurants {
		r := CollectRestaurant{ID: x.ID, Name: sc.name(x.ID)}
		if a := rests[x.ID]; a != nil {
			r.Current, r.Previous = a[0].figures(), a[1].figures()
		}
		out.Restaurants = append(out.Restaurants, r)
	}
	slices.SortStableFunc(out.Restaurants, func(a, b CollectRestaurant) int {
		return cmpInt64(b.Current.RevenueCents, a.Current.RevenueCents)
	})
	return out, nil
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}
