package reports

import (
	"context"
	"fmt"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- revenue over time (issue 18) ----

// Revenue is the paid orders' revenue of a range, bucket by bucket, against
// the range just before it and the same range one year earlier, over the
// restaurants of one currency.
type Revenue struct {
	Currency string         `json:"currency" example:"EUR" doc:"Devise (ISO 4217) de tous les montants de la réponse : seuls les restaurants de cette devise sont comptés (paramètre currency, comme Mes Produits)"`
	Grain    string         `json:"grain" enum:"day,week,month,hour" doc:"day : un point par jour ; week : par semaine ISO (du lundi au dimanche, la première et la dernière coupées à la période) ; month : par mois du calendrier (coupés à la période) ; hour : par heure locale de la journée (00 à 23), additionnée sur la période"`
	Start    string         `json:"start" doc:"Premier jour de la période (AAAA-MM-JJ, jour d'exploitation)"`
	End      string         `json:"end" doc:"Dernier jour de la période (AAAA-MM-JJ), inclus"`
	Previous FlashRange     `json:"previous" doc:"Période précédente : le même nombre de jours, juste avant start"`
	LastYear FlashRange     `json:"lastYear" doc:"Même période un an plus tôt : grains day, week et hour, décalée de 364 jours (mêmes jours de la semaine) ; grain month, les mêmes dates du calendrier un an plus tôt (le 29 février devient le 28)"`
	Totals   RevenueTotals  `json:"totals" doc:"Les trois périodes entières"`
	Series   []RevenuePoint `json:"series" doc:"Tous les paliers de la période dans l'ordre, vides compris (grain hour : 00 à 23)"`
	Heatmap  []HeatCell     `json:"heatmap" doc:"Commandes payées de la période par jour de la semaine et heure locale de chaque restaurant ; seules les cases non vides, par jour puis par heure"`
}

// RevenueTotals are the three ranges, whole.
type RevenueTotals struct {
	Current  FlashFigures `json:"current" doc:"La période"`
	Previous FlashFigures `json:"previous" doc:"La période précédente (voir previous)"`
	LastYear FlashFigures `json:"lastYear" doc:"La même période un an plus tôt (voir lastYear)"`
}

// RevenuePoint is a bucket of the range with its aligned comparisons.
type RevenuePoint struct {
	Label    string       `json:"label" doc:"Le palier de la période : day « 2026-11-03 » ; week, le lundi de la semaine ISO « 2026-11-02 » (même s'il tombe avant start : seuls les jours de la période sont comptés) ; month « 2026-11 » ; hour « 08 » (heure locale de chaque restaurant)"`
	Current  FlashFigures `json:"current" doc:"Le palier. Grain hour : htCents vaut 0 (le HT n'est pas tenu par heure ; voir totals)"`
	Previous FlashFigures `json:"previous" doc:"Le palier de même rang de la période précédente (mêmes décalages en jours ; grain month, son i-ème mois du calendrier, les mois en trop ajoutés au dernier palier ; grain hour, la même heure)"`
	LastYear FlashFigures `json:"lastYear" doc:"Le palier de même rang de la période un an plus tôt (grain month : le même mois un an plus tôt ; grain hour : la même heure)"`
}

// HeatCell is a local weekday × hour of the range's paid orders.
type HeatCell struct {
	Weekday      int   `json:"weekday" minimum:"1" maximum:"7" doc:"Jour de la semaine ISO, local au restaurant : 1 = lundi … 7 = dimanche"`
	Hour         int   `json:"hour" minimum:"0" maximum:"23" doc:"Heure locale du restaurant (0 à 23) du paiement"`
	Orders       int64 `json:"orders" doc:"Commandes payées"`
	RevenueCents int64 `json:"revenueCents" doc:"Chiffre d'affaires TTC en centimes"`
}

// Grains of the revenue report.
const (
	GrainDay   = "day"
	GrainWeek  = "week"
	GrainMonth = "month"
	GrainHour  = "hour"
)

// revenueBucket is a bucket of one of the three ranges: its days, both ends
// included (a month bucket: the month's days within the range).
type revenueBucket struct{ from, to int64 }

// revenueBuckets cuts r into the grain's buckets (hour: none, the hours are
// read apart) with their labels.
func revenueBuckets(r orders.Range, grain string) (labels []string, out []revenueBucket) {
	switch grain {
	case GrainDay:
		for d := r.Start; d <= r.End; d = orders.AddDays(d, 1) {
			labels = append(labels, orders.FormatDate(d))
			out = append(out, revenueBucket{d, d})
		}
	case GrainWeek:
		for d := r.Start; d <= r.End; {
			t := time.Date(int(d/10000), time.Month(d/100%100), int(d%100), 0, 0, 0, 0, time.UTC)
			back := (int(t.Weekday()) + 6) % 7
			labels = append(labels, orders.FormatDate(orders.AddDays(d, -back)))
			end := min(orders.AddDays(d, 6-back), r.End)
			out = append(out, revenueBucket{d, end})
			d = orders.AddDays(end, 1)
		}
	case GrainMonth:
		for d := r.Start; d <= r.End; {
			end := min(orders.AddDays(firstOfMonth(d), 40)/100*100+1, orders.AddDays(r.End, 1)) // the next month's 1st
			end = orders.AddDays(end, -1)
			labels = append(labels, fmt.Sprintf("%04d-%02d", d/10000, d/100%100))
			out = append(out, revenueBucket{d, end})
			d = orders.AddDays(end, 1)
		}
	}
	return labels, out
}

// revenueRanges are the range, its previous range (as many days just
// before) and last year's.
func revenueRanges(r orders.Range, grain string) [3]orders.Range {
	n := r.Days()
	prev := orders.Range{Start: orders.AddDays(r.Start, -n), End: orders.AddDays(r.Start, -1)}
	ly := orders.Range{Start: orders.AddDays(r.Start, -364), End: orders.AddDays(r.End, -364)}
	if grain == GrainMonth {
		ly = orders.Range{Start: sameDateLastYear(r.Start), End: sameDateLastYear(r.End)}
	}
	return [3]orders.Range{r, prev, ly}
}

// alignedBuckets are the buckets of each range, aligned on the current
// one's: the same day offsets (day, week), or each range's own calendar
// months (month), a longer range's extra months folded into its last
// bucket so that the buckets add up to the range.
func alignedBuckets(rs [3]orders.Range, grain string) (labels []string, cols [3][][]revenueBucket) {
	labels, cur := revenueBuckets(rs[0], grain)
	for col, r := range rs {
		cols[col] = make([][]revenueBucket, len(cur))
		if grain == GrainMonth {
			_, own := revenueBuckets(r, grain)
			for i, b := range own {
				j := min(i, len(cur)-1)
				cols[col][j] = append(cols[col][j], b)
			}
			continue
		}
		shift := orders.Range{Start: r.Start, End: rs[0].Start}.Days() - 1
		for i, b := range cur {
			cols[col][i] = []revenueBucket{{orders.AddDays(b.from, -shift), orders.AddDays(b.to, -shift)}}
		}
	}
	return labels, cols
}

// revenueRead is one read of the report.
type revenueRead struct {
	col  int  // 0 the range, 1 the previous one, 2 last year's
	kind byte // 't' totals, 's' series, 'h' hours
	part revenuePart
}

// revenuePart is rows to add (sign 1) or subtract (-1); loc places the
// hours.
type revenuePart struct {
	sc   orders.Scope
	sign int64
	loc  *time.Location
}

// Revenue computes the revenue report. Totals read whole years and months
// from their rollup rows and the partial months' days from the day rows
// (orders.Sum); day and week series read day rows, month series month rows
// plus the cut months' days; hours come from the hour cells placed in each
// restaurant's zone (orders.HeatMap: month rows where the zone keeps one
// offset). The reads run concurrently.
func (s *Service) Revenue(ctx context.Context, p tenancy.Principal, f Filter, grain string) (Revenue, error) {
	if grain == "" {
		grain = GrainDay
	}
	switch grain {
	case GrainDay, GrainWeek, GrainMonth, GrainHour:
	default:
		return Revenue{}, &tenancy.ValidationError{Field: "query.grain", Message: "Le grain doit être day, week, month ou hour."}
	}
	if f.Range.End >= f.Range.Start && (grain == GrainDay || grain == GrainHour) && f.Range.Days() > 366 {
		return Revenue{}, &tenancy.ValidationError{Field: "query.end", Message: "Par jour ou par heure, la période compte 366 jours au plus."}
	}
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return Revenue{}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return Revenue{}, err
	}
	rs := revenueRanges(f.Range, grain)
	out := Revenue{Currency: cov.Currency, Grain: grain, Start: orders.FormatDate(rs[0].Start), End: orders.FormatDate(rs[0].End),
		Previous: FlashRange{Start: orders.FormatDate(rs[1].Start), End: orders.FormatDate(rs[1].End)},
		LastYear: FlashRange{Start: orders.FormatDate(rs[2].Start), End: orders.FormatDate(rs[2].End)},
		Series:   []RevenuePoint{}, Heatmap: []HeatCell{}}

	// partsOf is how a set of restaurants is read: their own rows, or,
	// when the caller sees the whole franchise and the others are fewer,
	// the franchise rows minus the others' rows (every metric is a sum:
	// exact). A currency or a zone most restaurants share reads about one
	// row per period instead of one per restaurant.
	partsOf := func(ids []int64) []revenuePart { return full.partsOf(ids) }
	// The rest cells hold the paid orders' count, TTC and HT: the figures
	// of the flash's paid ord cells and vat cells, in one row per
	// restaurant (or franchise) and period instead of one per source and
	// type, or per equipment and rate. The hours are read by zone.
	byZone := map[*time.Location][]int64{}
	var locs []*time.Location
	for _, x := range sc.restaurants {
		l := zone(x.TimeZone)
		if byZone[l] == nil {
			locs = append(locs, l)
		}
		byZone[l] = append(byZone[l], x.ID)
	}
	var reads []revenueRead
	if len(sc.restaurants) > 0 {
		all := partsOf(sc.ids())
		for col := range rs {
			for _, pt := range all {
				reads = append(reads, revenueRead{col: col, kind: 't', part: pt})
				if grain != GrainHour {
					reads = append(reads, revenueRead{col: col, kind: 's', part: pt})
				}
			}
			if grain == GrainHour || col == 0 {
				for _, l := range locs {
					for _, pt := range partsOf(byZone[l]) {
						pt.loc = l
						reads = append(reads, revenueRead{col: col, kind: 'h', part: pt})
					}
				}
			}
		}
	}
	type result struct {
		cells []orders.Cell
		heat  [24][7]orders.Metrics
	}
	seriesGroup := orders.ByDayTotal
	if grain == GrainMonth {
		seriesGroup = orders.ByMonth
	}
	read := func(r revenueRead) (res result, err error) {
		rg, part := rs[r.col], r.part.sc
		switch r.kind {
		case 't':
			res.cells, err = s.orders.Sum(ctx, part, orders.DimRestaurant, rg, orders.ByKey, "", orders.MN, orders.MTotal, orders.MHT)
		case 's':
			res.cells, err = s.orders.Sum(ctx, part, orders.DimRestaurant, rg, seriesGroup, "", orders.MN, orders.MTotal, orders.MHT)
		case 'h':
			res.heat, err = s.orders.HeatMap(ctx, part, rg, r.part.loc, orders.MN, orders.MTotal)
		}
		if r.part.sign < 0 {
			for i := range res.cells {
				res.cells[i].Metrics = orders.Metrics{N: -res.cells[i].N, Total: -res.cells[i].Total, HT: -res.cells[i].HT}
			}
			for h := range res.heat {
				for wd := range res.heat[h] {
					m := res.heat[h][wd]
					res.heat[h][wd] = orders.Metrics{N: -m.N, Total: -m.Total}
				}
			}
		}
		return res, err
	}
	got := make([]result, len(reads))
	errs := make([]error, len(reads))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4) // the SQLite read pool has 8 connections
	for i, r := range reads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			got[i], errs[i] = read(r)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}

	var totals [3]orders.Metrics
	var perPeriod [3]map[int64]*orders.Metrics // day (yyyymmdd) or month (yyyymm)
	var hours [3][24]orders.Metrics
	var heat [24][7]orders.Metrics
	for col := range perPeriod {
		perPeriod[col] = map[int64]*orders.Metrics{}
	}
	for i, r := range reads {
		switch r.kind {
		case 't':
			for _, c := range got[i].cells {
				totals[r.col].Add(c.Metrics)
			}
		case 's':
			for _, c := range got[i].cells {
				addTo(perPeriod[r.col], c.Period, c.Metrics)
			}
		case 'h':
			for h := range 24 {
				for wd := range 7 {
					m := got[i].heat[h][wd]
					hours[r.col][h].Add(orders.Metrics{N: m.N, Total: m.Total})
					if r.col == 0 {
						heat[h][wd].Add(orders.Metrics{N: m.N, Total: m.Total})
					}
				}
			}
		}
	}
	figures := func(m orders.Metrics) FlashFigures {
		return FlashFigures{RevenueCents: m.Total, HTCents: m.HT, Orders: m.N, AverageBasketCents: averageBasket(m.Total, m.N)}
	}
	out.Totals = RevenueTotals{Current: figures(totals[0]), Previous: figures(totals[1]), LastYear: figures(totals[2])}

	if grain == GrainHour {
		for h := range 24 {
			out.Series = append(out.Series, RevenuePoint{Label: fmt.Sprintf("%02d", h),
				Current: figures(hours[0][h]), Previous: figures(hours[1][h]), LastYear: figures(hours[2][h])})
		}
	} else {
		labels, cols := alignedBuckets(rs, grain)
		sum := func(col int, bs []revenueBucket) orders.Metrics {
			var m orders.Metrics
			for _, b := range bs {
				if grain == GrainMonth {
					if x := perPeriod[col][b.from/100]; x != nil {
						m.Add(*x)
					}
					continue
				}
				for d := b.from; d <= b.to; d = orders.AddDays(d, 1) {
					if x := perPeriod[col][d]; x != nil {
						m.Add(*x)
					}
				}
			}
			return m
		}
		for i, l := range labels {
			out.Series = append(out.Series, RevenuePoint{Label: l,
				Current: figures(sum(0, cols[0][i])), Previous: figures(sum(1, cols[1][i])), LastYear: figures(sum(2, cols[2][i]))})
		}
	}
	// Sunday is 0 in the heat map, 7 here (ISO).
	for wd := 1; wd <= 7; wd++ {
		for h := range 24 {
			m := heat[h][wd%7]
			if m.N != 0 || m.Total != 0 {
				out.Heatmap = append(out.Heatmap, HeatCell{Weekday: wd, Hour: h, Orders: m.N, RevenueCents: m.Total})
			}
		}
	}
	return out, nil
}
