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
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// Service computes the reports.
type Service struct {
	orders *orders.Service
	ten    *tenancy.Service
	now    func() time.Time
}

// NewService returns the reports service.
func NewService(o *orders.Service, ten *tenancy.Service) *Service {
	return &Service{orders: o, ten: ten, now: time.Now}
}

// Filter is what every report takes: a range of business dates and a
// restaurant (0: every restaurant the caller may see).
type Filter struct {
	RestaurantID int64
	Range        orders.Range
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

// Minutes is an average exit time in minutes, one decimal.
func minutes(sum, n int64) float64 {
	if n == 0 {
		return 0
	}
	return float64(sum*10/n/60) / 10
}

func pct(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*10000/whole) / 100
}

// ---- order counts (the top cards) ----

// Counts are the three counts of the orders screen's cards with their trend
// against the same dates one month earlier.
type Counts struct {
	Confirmed         int64   `json:"confirmedOrders"`
	Cancelled         int64   `json:"cancelledOrders"`
	ClickAndCollect   int64   `json:"clickncollectOrders"`
	ConfirmedPrevious int64   `json:"confirmedOrdersPrevious"`
	CancelledPrevious int64   `json:"cancelledOrdersPrevious"`
	CollectPrevious   int64   `json:"clickncollectOrdersPrevious"`
	ConfirmedTrend    float64 `json:"confirmedTrend" doc:"Évolution en % par rapport à la période précédente (0 sans référence)"`
	CancelledTrend    float64 `json:"cancelledTrend"`
	CollectTrend      float64 `json:"clickncollectTrend"`
	PreviousStart     string  `json:"previousStart"`
	PreviousEnd       string  `json:"previousEnd"`
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

func trend(now, before int64) float64 {
	if before == 0 {
		return 0
	}
	return float64((now-before)*10000/before) / 100
}

func (s *Service) counts(ctx context.Context, sc scope, r orders.Range) (confirmed, cancelled, collect int64, err error) {
	cells, err := s.orders.Sum(ctx, sc.Scope, orders.DimOrders, r, orders.ByKey, "", orders.MN)
	if err != nil {
		return
	}
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

// OrderCounts is the three counts and their trends.
func (s *Service) OrderCounts(ctx context.Context, p tenancy.Principal, f Filter) (Counts, error) {
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return Counts{}, err
	}
	return s.orderCounts(ctx, sc, f.Range)
}

func (s *Service) orderCounts(ctx context.Context, sc scope, r orders.Range) (Counts, error) {
	var out Counts
	prev := orders.Range{Start: PreviousMonth(r.Start), End: PreviousMonth(r.End)}
	// The two periods at once, on two connections.
	done := make(chan error, 1)
	go func() {
		var err error
		out.ConfirmedPrevious, out.CancelledPrevious, out.CollectPrevious, err = s.counts(ctx, sc, prev)
		done <- err
	}()
	var err error
	out.Confirmed, out.Cancelled, out.ClickAndCollect, err = s.counts(ctx, sc, r)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return out, err
	}
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
	Name      string  `json:"name"`
	Category  string  `json:"category,omitempty"`
	ExitAvg   float64 `json:"temps_sortie" doc:"Temps de sortie moyen, en minutes"`
	Orders    int64   `json:"nbr_cmd"`
	Quantity  int64   `json:"quantity"`
	FastTrank int64   `json:"fast_trank" doc:"Articles servis dans des commandes sorties en plus de 15 minutes"`
	Speciaux  float64 `json:"speciaux" doc:"% des articles vendus avec au moins une option"`
	Normaux   float64 `json:"normaux" doc:"% des articles vendus sans option"`
}

// Point is a labelled value of a chart.
type Point struct {
	Label string  `json:"label"`
	Value float64 `json:"value"`
}

// HeatRow is an hour of the heat map: average exit minutes per weekday,
// Sunday first.
type HeatRow struct {
	Hour     int        `json:"hour"`
	Weekdays [7]float64 `json:"weekdays" doc:"dimanche, lundi, …, samedi"`
	Orders   [7]int64   `json:"orders"`
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
	days, err := s.orders.Sum(ctx, sc.Scope, orders.DimRestaurant, f.Range, orders.ByDayTotal, "", orders.MESum, orders.MEN)
	if err != nil {
		return out, err
	}
	perDay := map[int64]*orders.Metrics{}
	for _, c := range days {
		addTo(perDay, c.Period, c.Metrics)
	}
	for d := f.Range.Start; d <= f.Range.End; d = orders.AddDays(d, 1) {
		if m := perDay[d]; m != nil {
			out.ByDay = append(out.ByDay, Point{Label: orders.FormatDate(d), Value: minutes(m.ESum, m.EN)})
		}
	}
	// Heat map: UTC hours converted to the zone, per date (DST-aware).
	heat, err := s.orders.HeatMap(ctx, sc.Scope, f.Range, loc, orders.MESum, orders.MEN)
	if err != nil {
		return out, err
	}
	for h := 0; h < 24; h++ {
		row := HeatRow{Hour: h}
		for d := 0; d < 7; d++ {
			row.Weekdays[d] = minutes(heat[h][d].ESum, heat[h][d].EN)
			row.Orders[d] = heat[h][d].N
		}
		out.Heatmap = append(out.Heatmap, row)
	}
	// Per order type.
	types, err := s.orders.Sum(ctx, sc.Scope, orders.DimOrders, f.Range, orders.ByKey, paid, orders.MESum, orders.MEN)
	if err != nil {
		return out, err
	}
	perType := map[int64]*orders.Metrics{}
	for _, c := range types {
		t, _ := strconv.ParseInt(splitKey(c.Key, "|", 3)[2], 10, 64)
		addTo(perType, t, c.Metrics)
	}
	for t := int64(1); t <= 5; t++ {
		if m := perType[t]; m != nil {
			out.ByOrderType = append(out.ByOrderType, Point{Label: orders.TypeNames[int(t)], Value: minutes(m.ESum, m.EN)})
		}
	}
	// Per category and product.
	prods, err := s.orders.Sum(ctx, sc.Scope, orders.DimProducts, f.Range, orders.ByKey, "", perfMetrics...)
	if err != nil {
		return out, err
	}
	cats, products := groupProducts(prods)
	for _, c := range cats {
		out.ByCategory = append(out.ByCategory, perfRow(c.name, "", c.m))
	}
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

func cmpFloatDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// perfMetrics are the metrics perfRow reads.
var perfMetrics = []orders.Metric{orders.MN, orders.MQty, orders.MESum, orders.MEN, orders.MC1, orders.MC2}

func perfRow(name, category string, m orders.Metrics) PerfRow {
	r := PerfRow{Name: name, Category: category, ExitAvg: minutes(m.ESum, m.EN), Orders: m.N, Quantity: m.Qty, FastTrank: m.C1}
	if m.Qty > 0 {
		r.Speciaux = pct(m.C2, m.Qty)
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
	Name       string  `json:"name"`
	TTC        int64   `json:"ca_ttc" doc:"CA TTC en centimes (lignes avant réduction)"`
	HT         int64   `json:"ca_ht" doc:"CA HT en centimes"`
	VAT        int64   `json:"tva" doc:"TVA en centimes"`
	VATPercent float64 `json:"percentage_tva" doc:"TVA / CA HT, en %"`
}

// ProductReport is Mes Produits: the category donut, the product ranking
// and the category table (paid orders, platform included).
type ProductReport struct {
	Ranking    []RankRow     `json:"ranking"`
	Categories []CategoryRow `json:"categories"`
}

// Products computes Mes Produits.
func (s *Service) Products(ctx context.Context, p tenancy.Principal, f Filter) (ProductReport, error) {
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return ProductReport{}, err
	}
	cells, err := s.orders.Sum(ctx, sc.Scope, orders.DimProducts, f.Range, orders.ByKey, "", orders.MQty, orders.MA1, orders.MA2, orders.MA3)
	if err != nil {
		return ProductReport{}, err
	}
	cats, products := groupProducts(cells)
	out := ProductReport{Ranking: []RankRow{}, Categories: []CategoryRow{}}
	for _, pr := range products {
		out.Ranking = append(out.Ranking, RankRow{Name: pr.name, Category: pr.category, Total: pr.m.Qty, TTC: pr.m.A1})
	}
	slices.SortStableFunc(out.Ranking, func(a, b RankRow) int { return int(b.Total - a.Total) })
	for _, c := range cats {
		out.Categories = append(out.Categories, CategoryRow{Name: c.name, TTC: c.m.A1, HT: c.m.A2, VAT: c.m.A3, VATPercent: pct(c.m.A3, c.m.A2)})
	}
	slices.SortStableFunc(out.Categories, func(a, b CategoryRow) int { return int(b.TTC - a.TTC) })
	return out, nil
}
