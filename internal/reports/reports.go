// Package reports answers the franchise's reports (spec 2nd §2.1–§2.6):
// order counts, kitchen performance, product ranking and category sales,
// discounts, Z per equipment, product and option sales, and the real-time
// dashboard. Every figure comes from the rollups the orders package keeps
// in the transaction that stores each order; a test checks each one against
// the same figure computed from the raw orders.
package reports

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// Service computes the reports.
type Service struct {
	orders    *orders.Service
	ten       *tenancy.Service
	catalogue Catalogue      // the products' images of the sales pages (nil: none)
	brands    BrandCatalogue // the brands' products (nil: every sale « Sans marque »)
	now       func() time.Time
}

// NewService returns the reports service.
func NewService(o *orders.Service, ten *tenancy.Service) *Service {
	return &Service{orders: o, ten: ten, now: time.Now}
}

// Filter is what every report takes: a range of business dates and a
// restaurant (0: every restaurant the caller may see). Currency chooses,
// in a report holding amounts over restaurants of several currencies, the
// restaurants it covers (empty: the default of inCurrency).
type Filter struct {
	RestaurantID int64
	Range        orders.Range
	Currency     string
}

// ErrRange refuses an end date before the start date or a range over 3 years.
var ErrRange = errors.New("La date de fin doit suivre la date de début (3 ans au plus).")

type scope struct {
	orders.Scope
	restaurants []tenancy.Restaurant // every restaurant of the scope, by id order
}

func (s scope) ids() []int64 {
	out := make([]int64, len(s.restaurants))
	for i, x := range s.restaurants {
		out[i] = x.ID
	}
	return out
}

func (s scope) name(id int64) string {
	for _, x := range s.restaurants {
		if x.ID == id {
			if x.Nom != "" {
				return x.Nom
			}
			return x.Pseudo
		}
	}
	return ""
}

// resolve turns the caller and the chosen restaurant into the report's
// scope: an admin's "all" is the whole franchise; anyone else's "all" is
// their own restaurants; a chosen restaurant must be in the caller's scope.
func (s *Service) resolve(ctx context.Context, p tenancy.Principal, f Filter) (scope, error) {
	if f.Range.End < f.Range.Start || f.Range.Days() > 3*366 {
		return scope{}, ErrRange
	}
	if p.FranchiseID == 0 {
		return scope{}, tenancy.ErrForbidden
	}
	all, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{IncludeArchived: true})
	if err != nil {
		return scope{}, err
	}
	slices.SortFunc(all, func(a, b tenancy.Restaurant) int { return int(a.ID - b.ID) })
	sc := scope{Scope: orders.Scope{FranchiseID: p.FranchiseID}}
	if f.RestaurantID != 0 {
		for _, x := range all {
			if x.ID == f.RestaurantID {
				sc.restaurants = []tenancy.Restaurant{x}
				sc.Restaurants = []int64{x.ID}
				return sc, nil
			}
		}
		return scope{}, tenancy.ErrNotFound
	}
	sc.restaurants = all
	if !p.AllRestaurants() {
		sc.Restaurants = sc.ids()
	}
	return sc, nil
}

func splitKey(k string, sep string, n int) []string {
	parts := strings.SplitN(k, sep, n)
	for len(parts) < n {
		parts = append(parts, "")
	}
	return parts
}

// minutes is an average exit time in minutes, exact (the seconds' average
// ÷ 60, not rounded: the screens round it once, at display). nil when no
// order of the group has an exit time: an order without one is left out of
// every average, never counted as 0 min.
func minutes(sum, n int64) *float64 {
	if n == 0 {
		return nil
	}
	v := float64(sum) / float64(n) / 60
	return &v
}

func pct(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*10000/whole) / 100
}

// ---- order counts (the top cards) ----

// Counts are the three counts of the orders screen's cards with their trend
// against a reference period: the same dates one month earlier (Mes
// Commandes), or the same weekday one week earlier (the real-time
// dashboard). Like is compared with like: when the period holds a
// restaurant's today, only its orders until now are in, so the reference's
// day matching today is counted until the same local time of day.
type Counts struct {
	Confirmed         int64    `json:"confirmedOrders"`
	Cancelled         int64    `json:"cancelledOrders"`
	ClickAndCollect   int64    `json:"clickncollectOrders"`
	ConfirmedPrevious int64    `json:"confirmedOrdersPrevious"`
	CancelledPrevious int64    `json:"cancelledOrdersPrevious"`
	CollectPrevious   int64    `json:"clickncollectOrdersPrevious"`
	ConfirmedTrend    *float64 `json:"confirmedTrend" doc:"Évolution en % par rapport à la période de référence ; null sans référence (aucune commande de ce genre sur la période de référence) : pas de tendance plutôt qu'un faux 0 % ou −100 %"`
	CancelledTrend    *float64 `json:"cancelledTrend" doc:"Comme confirmedTrend"`
	CollectTrend      *float64 `json:"clickncollectTrend" doc:"Comme confirmedTrend"`
	PreviousStart     string   `json:"previousStart" doc:"Premier jour de la période de référence (AAAA-MM-JJ)"`
	PreviousEnd       string   `json:"previousEnd" doc:"Dernier jour de la période de référence (AAAA-MM-JJ)"`
	PreviousUntil     string   `json:"previousUntil,omitempty" doc:"Quand la période comprend aujourd'hui : l'heure locale (HH:MM) jusqu'à laquelle le dernier jour de la période de référence est compté, celle de maintenant (aujourd'hui jusqu'à maintenant contre le jour de référence jusqu'à la même heure)"`
}

// PreviousMonth shifts a date back one month, clamped to that month's end.
func PreviousMonth(d int64) int64 {
	y, m, day := int(d/10000), int(d/100%100), int(d%100)
	m--
	if m == 0 {
		y, m = y-1, 12
	}
	last := time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if day > last {
		day = last
	}
	return int64(y*10000 + m*100 + day)
}

// PreviousWeek shifts a date back one week (the same weekday).
func PreviousWeek(d int64) int64 { return orders.AddDays(d, -7) }

// trend is the change from before to now in %, two decimals; nil without
// a reference (before = 0): no trend rather than a made-up one.
func trend(now, before int64) *float64 {
	if before == 0 {
		return nil
	}
	v := float64((now-before)*10000/before) / 100
	return &v
}

// tally folds order cells (status|source|type) into the three counts.
func tally(cells []orders.Cell) (confirmed, cancelled, collect int64) {
	for _, c := range cells {
		p := splitKey(c.Key, "|", 3)
		switch {
		case p[1] == orders.SourceCollect:
			collect += c.N
		case p[0] == orders.StatusPaid:
			confirmed += c.N
		case orders.CountsAsCancelled(p[0]):
			cancelled += c.N
		}
	}
	return
}

func (s *Service) counts(ctx context.Context, sc orders.Scope, r orders.Range) ([]orders.Cell, error) {
	if r.End < r.Start {
		return nil, nil
	}
	return s.orders.Sum(ctx, sc, orders.DimOrders, r, orders.ByKey, "", orders.MN)
}

var zones sync.Map // time-zone name -> *time.Location

// zone is a restaurant's time zone (UTC when unknown).
func zone(name string) *time.Location {
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		loc = time.UTC
	}
	zones.Store(name, loc)
	return loc
}

// OrderCounts is the three counts and their trends against the same dates
// one month earlier.
func (s *Service) OrderCounts(ctx context.Context, p tenancy.Principal, f Filter) (Counts, error) {
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return Counts{}, err
	}
	return s.orderCounts(ctx, sc, f.Range, PreviousMonth)
}

// reference is the reference period of r, its dates shift of r's, and its
// cells. Like is compared with like: a restaurant whose today is in r has
// only its orders until now in r, so its reference ends on shift(today),
// that day read from the raw orders (part) until now's local time of day;
// the other restaurants' reference is read whole (whole, from the rollups).
// until is that time of day (HH:MM, of the first zone) when a day is cut.
func (s *Service) reference(ctx context.Context, sc scope, r orders.Range, shift func(int64) int64,
	whole func(orders.Scope, orders.Range) ([]orders.Cell, error),
	part func(ids []int64, from, to time.Time) ([]orders.Cell, error)) (cells []orders.Cell, prev orders.Range, until string, err error) {
	prev = orders.Range{Start: shift(r.Start), End: shift(r.End)}
	now := s.now()
	// The restaurants compared until now, by zone and today.
	type cut struct {
		ids      []int64
		day      int64 // the reference's last day, cut
		from, to time.Time
	}
	var cuts []*cut
	byZone := map[string]*cut{}
	var rest []int64
	for _, x := range sc.restaurants {
		loc := zone(x.TimeZone)
		today := orders.BusinessDate(now, loc)
		if today < r.Start || today > r.End {
			rest = append(rest, x.ID)
			continue
		}
		k := loc.String() + "|" + strconv.FormatInt(today, 10)
		c := byZone[k]
		if c == nil {
			day := shift(today)
			local := now.In(loc)
			y, m, d := int(day/10000), time.Month(day/100%100), int(day%100)
			c = &cut{day: day, from: time.Date(y, m, d, 0, 0, 0, 0, loc), to: time.Date(y, m, d, local.Hour(), local.Minute(), local.Second(), 0, loc)}
			byZone[k] = c
			cuts = append(cuts, c)
		}
		c.ids = append(c.ids, x.ID)
	}
	read := func(sc orders.Scope, r orders.Range) error {
		if r.End < r.Start {
			return nil
		}
		got, err := whole(sc, r)
		cells = append(cells, got...)
		return err
	}
	if len(cuts) == 0 {
		return cells, prev, "", read(sc.Scope, prev)
	}
	if len(rest) > 0 {
		if err := read(orders.Scope{FranchiseID: sc.FranchiseID, Restaurants: rest}, prev); err != nil {
			return nil, prev, "", err
		}
	}
	end := cuts[0].day
	for _, c := range cuts {
		if err := read(orders.Scope{FranchiseID: sc.FranchiseID, Restaurants: c.ids}, orders.Range{Start: prev.Start, End: orders.AddDays(c.day, -1)}); err != nil {
			return nil, prev, "", err
		}
		got, err := part(c.ids, c.from, c.to)
		if err != nil {
			return nil, prev, "", err
		}
		cells = append(cells, got...)
		end = max(end, c.day)
	}
	if len(rest) == 0 {
		prev.End = end
	}
	return cells, prev, cuts[0].to.Format("15:04"), nil
}

// orderCounts counts the range and its reference (see reference).
func (s *Service) orderCounts(ctx context.Context, sc scope, r orders.Range, shift func(int64) int64) (Counts, error) {
	var out Counts
	var before []orders.Cell
	var prev orders.Range
	// The period and its reference at once, on two connections.
	done := make(chan error, 1)
	go func() {
		var err error
		before, prev, out.PreviousUntil, err = s.reference(ctx, sc, r, shift, func(sc orders.Scope, r orders.Range) ([]orders.Cell, error) {
			return s.counts(ctx, sc, r)
		}, func(ids []int64, from, to time.Time) ([]orders.Cell, error) {
			return s.orders.CountsBetween(ctx, sc.FranchiseID, ids, from, to)
		})
		done <- err
	}()
	cur, err := s.counts(ctx, sc.Scope, r)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return out, err
	}
	out.Confirmed, out.Cancelled, out.ClickAndCollect = tally(cur)
	out.ConfirmedPrevious, out.CancelledPrevious, out.CollectPrevious = tally(before)
	out.ConfirmedTrend = trend(out.Confirmed, out.ConfirmedPrevious)
	out.CancelledTrend = trend(out.Cancelled, out.CancelledPrevious)
	out.CollectTrend = trend(out.ClickAndCollect, out.CollectPrevious)
	out.PreviousStart, out.PreviousEnd = orders.FormatDate(prev.Start), orders.FormatDate(prev.End)
	return out, nil
}

// ---- performance ----

// PerfRow is a row of the exit-time tables (per restaurant, category or
// product).
type PerfRow struct {
	Name      string   `json:"name"`
	Category  string   `json:"category,omitempty"`
	ExitAvg   *float64 `json:"temps_sortie" doc:"Temps de sortie moyen, en minutes non arrondies (moyenne exacte des secondes ÷ 60, à arrondir à l'affichage), des commandes payées qui ont un temps de sortie ; null si aucune n'en a"`
	Orders    int64    `json:"nbr_cmd"`
	Quantity  int64    `json:"quantity"`
	FastTrank int64    `json:"fast_trank" doc:"Articles servis dans des commandes sorties en plus de 15 minutes"`
	Speciaux  float64  `json:"speciaux" doc:"% des articles vendus avec au moins une option"`
	Normaux   float64  `json:"normaux" doc:"% des articles vendus sans option"`
}

// Point is a labelled value of a chart.
type Point struct {
	Label string  `json:"label"`
	Value float64 `json:"value" doc:"Temps de sortie moyen, en minutes non arrondies ; seuls les jours et types qui ont des commandes avec un temps de sortie sont listés"`
}

// HeatRow is an hour of the heat map: average exit minutes per weekday,
// Sunday first.
type HeatRow struct {
	Hour     int         `json:"hour"`
	Weekdays [7]*float64 `json:"weekdays" doc:"Temps de sortie moyen en minutes non arrondies, dimanche, lundi, …, samedi ; null quand aucune commande de la case n'a de temps de sortie"`
	Orders   [7]int64    `json:"orders" doc:"Commandes payées de la case, avec ou sans temps de sortie"`
}

// Performance is the six widgets of the performance screens.
type Performance struct {
	ByRestaurant []PerfRow `json:"byRestaurant"`
	ByDay        []Point   `json:"byDay"`
	Heatmap      []HeatRow `json:"heatmap"`
	TimeZone     string    `json:"timeZone"`
	ByOrderType  []Point   `json:"byOrderType"`
	ByCategory   []PerfRow `json:"byCategory"`
	ByProduct    []PerfRow `json:"byProduct"`
}

// Performance computes the exit-time widgets; tz converts the heat map's
// UTC hours (an IANA zone, default UTC).
func (s *Service) Performance(ctx context.Context, p tenancy.Principal, f Filter, tz string) (Performance, error) {
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return Performance{}, err
	}
	loc := time.UTC
	if tz != "" {
		if loc, err = time.LoadLocation(tz); err != nil {
			return Performance{}, &tenancy.ValidationError{Field: "query.tz", Message: "Fuseau horaire inconnu : " + tz}
		}
	}
	out := Performance{TimeZone: loc.String(), ByRestaurant: []PerfRow{}, ByDay: []Point{}, ByOrderType: []Point{}, ByCategory: []PerfRow{}, ByProduct: []PerfRow{}}
	paid := orders.StatusPaid + "|"
	// Per restaurant: one rollup cell per restaurant and period.
	listed := sc
	listed.Scope.Restaurants = sc.ids()
	restCells, err := s.orders.Sum(ctx, listed.Scope, orders.DimRestaurant, f.Range, orders.ByRestaurant, "", perfMetrics...)
	if err != nil {
		return out, err
	}
	perRest := map[int64]*orders.Metrics{}
	for _, c := range restCells {
		addTo(perRest, c.Restaurant, c.Metrics)
	}
	for _, x := range sc.restaurants {
		if m := perRest[x.ID]; m != nil {
			out.ByRestaurant = append(out.ByRestaurant, perfRow(sc.name(x.ID), "", *m))
		}
	}
	// Per day.
	days, err := s.orders.Sum(ctx, sc.Scope, orders.DimRestaurant, f.Range, orders.ByDayTotal, "", orders.MExitSecondsSum, orders.MExitCount)
	if err != nil {
		return out, err
	}
	perDay := map[int64]*orders.Metrics{}
	for _, c := range days {
		addTo(perDay, c.Period, c.Metrics)
	}
	for d := f.Range.Start; d <= f.Range.End; d = orders.AddDays(d, 1) {
		if m := perDay[d]; m != nil && m.ExitCount > 0 {
			out.ByDay = append(out.ByDay, Point{Label: orders.FormatDate(d), Value: *minutes(m.ExitSecondsSum, m.ExitCount)})
		}
	}
	// Heat map: UTC hours converted to the zone, per date (DST-aware).
	heat, err := s.orders.HeatMap(ctx, sc.Scope, f.Range, loc, orders.MExitSecondsSum, orders.MExitCount)
	if err != nil {
		return out, err
	}
	for h := 0; h < 24; h++ {
		row := HeatRow{Hour: h}
		for d := 0; d < 7; d++ {
			row.Weekdays[d] = minutes(heat[h][d].ExitSecondsSum, heat[h][d].ExitCount)
			row.Orders[d] = heat[h][d].N
		}
		out.Heatmap = append(out.Heatmap, row)
	}
	// Per order type.
	types, err := s.orders.Sum(ctx, sc.Scope, orders.DimOrders, f.Range, orders.ByKey, paid, orders.MExitSecondsSum, orders.MExitCount)
	if err != nil {
		return out, err
	}
	perType := map[int64]*orders.Metrics{}
	for _, c := range types {
		t, _ := strconv.ParseInt(splitKey(c.Key, "|", 3)[2], 10, 64)
		addTo(perType, t, c.Metrics)
	}
	for t := int64(1); t <= 5; t++ {
		if m := perType[t]; m != nil && m.ExitCount > 0 {
			out.ByOrderType = append(out.ByOrderType, Point{Label: orders.TypeNames[int(t)], Value: *minutes(m.ExitSecondsSum, m.ExitCount)})
		}
	}
	// Per category, from the category cells (an order holding two products
	// of a category counts once there, and its exit time weighs once),
	// platform and not together; per product, from the product cells.
	catCells, err := s.orders.Sum(ctx, sc.Scope, orders.DimCategories, f.Range, orders.ByKey, "", perfMetrics...)
	if err != nil {
		return out, err
	}
	perCat := map[string]*orders.Metrics{}
	var catNames []string
	for _, c := range catCells {
		name := splitKey(c.Key, orders.Sep, 2)[1]
		if perCat[name] == nil {
			catNames = append(catNames, name)
		}
		addTo(perCat, name, c.Metrics)
	}
	slices.Sort(catNames)
	for _, name := range catNames {
		out.ByCategory = append(out.ByCategory, perfRow(name, "", *perCat[name]))
	}
	prods, err := s.orders.Sum(ctx, sc.Scope, orders.DimProducts, f.Range, orders.ByKey, "", perfMetrics...)
	if err != nil {
		return out, err
	}
	_, products := groupProducts(prods)
	for _, pr := range products {
		out.ByProduct = append(out.ByProduct, perfRow(pr.name, pr.category, pr.m))
	}
	slices.SortStableFunc(out.ByCategory, func(a, b PerfRow) int { return cmpFloatDesc(a.ExitAvg, b.ExitAvg) })
	slices.SortStableFunc(out.ByProduct, func(a, b PerfRow) int { return cmpFloatDesc(a.ExitAvg, b.ExitAvg) })
	return out, nil
}

func addTo[K comparable](m map[K]*orders.Metrics, k K, v orders.Metrics) {
	if x, ok := m[k]; ok {
		x.Add(v)
	} else {
		m[k] = &v
	}
}

// cmpFloatDesc sorts the largest first, and a missing value (nil) last.
func cmpFloatDesc(a, b *float64) int {
	switch {
	case a == nil || b == nil:
		if a == nil && b != nil {
			return 1
		}
		if a != nil {
			return -1
		}
	case *a > *b:
		return -1
	case *a < *b:
		return 1
	}
	return 0
}

// perfMetrics are the metrics perfRow reads.
var perfMetrics = []orders.Metric{orders.MN, orders.MQty, orders.MExitSecondsSum, orders.MExitCount, orders.MLateUnits, orders.MOptionUnits}

func perfRow(name, category string, m orders.Metrics) PerfRow {
	r := PerfRow{Name: name, Category: category, ExitAvg: minutes(m.ExitSecondsSum, m.ExitCount), Orders: m.N, Quantity: m.Qty, FastTrank: m.LateUnits}
	if m.Qty > 0 {
		r.Speciaux = pct(m.OptionUnits, m.Qty)
		r.Normaux = float64(10000-int64(r.Speciaux*100)) / 100
	}
	return r
}

type named struct {
	name, category string
	m              orders.Metrics
}

// groupProducts folds product cells (P|category|product) into categories
// and products, platform and not together, sorted by name.
func groupProducts(cells []orders.Cell) (cats, products []named) {
	catIdx, prodIdx := map[string]int{}, map[string]int{}
	for _, c := range cells {
		p := splitKey(c.Key, orders.Sep, 3)
		if i, ok := catIdx[p[1]]; ok {
			cats[i].m.Add(c.Metrics)
		} else {
			catIdx[p[1]] = len(cats)
			cats = append(cats, named{name: p[1], m: c.Metrics})
		}
		pk := p[1] + orders.Sep + p[2]
		if i, ok := prodIdx[pk]; ok {
			products[i].m.Add(c.Metrics)
		} else {
			prodIdx[pk] = len(products)
			products = append(products, named{name: p[2], category: p[1], m: c.Metrics})
		}
	}
	byName := func(a, b named) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return strings.Compare(a.category, b.category)
	}
	slices.SortFunc(cats, byName)
	slices.SortFunc(products, byName)
	return cats, products
}

// ---- Mes Produits (§2.3) ----

// RankRow is a product of the ranking.
type RankRow struct {
	Name     string `json:"name"`
	Category string `json:"category"`
	Total    int64  `json:"total" doc:"Nombre de produits vendus"`
	TTC      int64  `json:"ttcCents"`
}

// CategoryRow is a category of the category table.
type CategoryRow struct {
	Name     string `json:"name"`
	TTC      int64  `json:"ca_ttc" doc:"CA TTC en centimes (lignes avant réduction)"`
	HT       int64  `json:"ca_ht" doc:"CA HT en centimes"`
	VAT      int64  `json:"tva" doc:"TVA en centimes"`
	VATRates []int  `json:"vatRatesBp" doc:"Les taux de TVA des lignes vendues de la catégorie, en points de base (550 = 5,5 %), du plus petit au plus grand : plusieurs quand la catégorie a été vendue à plusieurs taux"`
}

// ProductReport is Mes Produits: the category donut, the product ranking
// and the category table (paid orders, platform included), over the
// restaurants of one currency.
type ProductReport struct {
	Coverage
	Ranking    []RankRow     `json:"ranking"`
	Categories []CategoryRow `json:"categories"`
}

// categoryRates lists the VAT rates (basis points, ascending) at which
// each category's lines were sold, from the category × rate cells.
func (s *Service) categoryRates(ctx context.Context, full, sc scope, r orders.Range) (map[string][]int, error) {
	cells, err := s.sumIn(ctx, full, sc.Scope, orders.DimCatRates, r, orders.ByKey, "", orders.MN)
	if err != nil {
		return nil, err
	}
	out := map[string][]int{}
	for _, c := range cells {
		k := splitKey(c.Key, orders.Sep, 3)
		rate, err := strconv.Atoi(k[2])
		if err != nil || c.N <= 0 {
			continue
		}
		if !slices.Contains(out[k[1]], rate) {
			out[k[1]] = append(out[k[1]], rate)
		}
	}
	for _, l := range out {
		slices.Sort(l)
	}
	return out, nil
}

// Products computes Mes Produits.
func (s *Service) Products(ctx context.Context, p tenancy.Principal, f Filter) (ProductReport, error) {
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return ProductReport{}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return ProductReport{}, err
	}
	// A currency most restaurants share reads the franchise rows minus the
	// others' (sumIn), not the product rows of every restaurant.
	cells, err := s.sumIn(ctx, full, sc.Scope, orders.DimProducts, f.Range, orders.ByKey, "", orders.MQty, orders.MTotal, orders.MHT, orders.MVAT)
	if err != nil {
		return ProductReport{}, err
	}
	cats, products := groupProducts(cells)
	out := ProductReport{Coverage: cov, Ranking: []RankRow{}, Categories: []CategoryRow{}}
	for _, pr := range products {
		out.Ranking = append(out.Ranking, RankRow{Name: pr.name, Category: pr.category, Total: pr.m.Qty, TTC: pr.m.Total})
	}
	slices.SortStableFunc(out.Ranking, func(a, b RankRow) int { return int(b.Total - a.Total) })
	rates, err := s.categoryRates(ctx, full, sc, f.Range)
	if err != nil {
		return ProductReport{}, err
	}
	for _, c := range cats {
		vr := rates[c.name]
		if vr == nil {
			vr = []int{}
		}
		out.Categories = append(out.Categories, CategoryRow{Name: c.name, TTC: c.m.Total, HT: c.m.HT, VAT: c.m.VAT, VATRates: vr})
	}
	slices.SortStableFunc(out.Categories, func(a, b CategoryRow) int { return int(b.TTC - a.TTC) })
	return out, nil
}
