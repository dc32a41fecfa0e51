package reports_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

type posted struct {
	o   orders.Order
	dev tenancy.Device
	day int64
}

// world is the demo franchise with a few months of generated orders,
// stored half through single posts (group commit) and half through bulk
// imports, and the same orders kept in memory for the raw computations.
type world struct {
	db     *store.DB
	svc    *reports.Service
	admin  tenancy.Principal
	orders []posted
	shops  []demo.Shop
}

func newWorld(t *testing.T, engine store.Engine) world {
	t.Helper()
	ctx := context.Background()
	db, ten, shops := testutil.DemoShops(t, engine)
	shops = shops[:4]
	ord := orders.NewService(db, ten, events.NewLocal())
	// 130 days ending after the spring DST change, in Paris, Casablanca
	// and Geneva restaurants (the fourth shop is moved to Casablanca's zone).
	last := time.Date(2026, 4, 12, 23, 59, 0, 0, time.UTC)
	g := demo.Generator{Shops: shops, Last: last, Now: last.Add(48 * time.Hour), Days: 130, Total: 2600, Seed: 7}
	var all []posted
	if err := g.Each(func(o orders.Order, dev tenancy.Device) error {
		loc, _ := time.LoadLocation(dev.Restaurant.TimeZone)
		all = append(all, posted{o: o, dev: dev, day: orders.BusinessDate(o.PaidAt, loc)})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(all) < 2000 {
		t.Fatalf("only %d orders generated", len(all))
	}
	// Even indexes through concurrent single posts, odd ones in bulk.
	var wg sync.WaitGroup
	errs := make(chan error, len(all))
	sem := make(chan struct{}, 16)
	for i := 0; i < len(all); i += 2 {
		wg.Add(1)
		sem <- struct{}{}
		go func(p posted) {
			defer wg.Done()
			defer func() { <-sem }()
			if _, err := ord.Post(ctx, p.dev, p.o); err != nil {
				errs <- fmt.Errorf("%s: %w", p.o.OrderID, err)
			}
		}(all[i])
	}
	var devs []tenancy.Device
	var bulk []orders.Order
	var of []int
	for i := 1; i < len(all); i += 2 {
		devs = append(devs, all[i].dev)
		bulk = append(bulk, all[i].o)
		of = append(of, len(devs)-1)
	}
	if _, err := ord.ImportRows(ctx, devs, bulk, of); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// Posting everything again changes nothing (idempotency).
	if _, err := ord.ImportRows(ctx, devs, bulk, of); err != nil {
		t.Fatal(err)
	}
	var fid int64
	if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid); err != nil {
		t.Fatal(err)
	}
	return world{db: db, svc: reports.NewService(ord, ten), admin: tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}, orders: all, shops: shops}
}

// restaurantsIn counts the franchise's restaurants in a country.
func (w world) restaurantsIn(country string) int {
	var n int
	if err := w.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM restaurants WHERE franchise_id = ? AND country_code = ?`, w.admin.FranchiseID, country).Scan(&n); err != nil {
		panic(err)
	}
	return n
}

// pick returns the orders of a range and restaurant (0: all).
func (w world) pick(r orders.Range, restaurant int64) []posted {
	return w.pickIn(r, restaurant, "")
}

// pickIn returns the orders of a range and restaurant (0: all) of the
// restaurants counting in currency ("": any).
func (w world) pickIn(r orders.Range, restaurant int64, currency string) []posted {
	var out []posted
	for _, p := range w.orders {
		if p.day >= r.Start && p.day <= r.End && (restaurant == 0 || p.dev.Restaurant.ID == restaurant) &&
			(currency == "" || p.dev.Restaurant.Currency("EUR") == currency) {
			out = append(out, p)
		}
	}
	return out
}

func discount(o orders.Order) int64 {
	if o.Discount == nil {
		return 0
	}
	return o.Discount.Amount
}

// TestReportsEqualRawOrders computes every report from the orders as they
// were posted, in Go, and compares with what the rollups answer, over
// ranges that start and end inside months, whole months, one day, for all
// restaurants and for one. The world's restaurants count in three
// currencies (EUR, MAD, CHF): a report holding amounts covers the
// restaurants of one currency (the franchise's by default) and its totals
// equal the raw sums of that currency's orders.
func TestReportsEqualRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		ranges := []orders.Range{
			{Start: 20251204, End: 20260412}, // everything
			{Start: 20260115, End: 20260310}, // partial months at both ends
			{Start: 20260201, End: 20260331}, // whole months (DST change inside)
			{Start: 20260329, End: 20260329}, // the DST day
			{Start: 20251204, End: 20261231}, // a whole year (its year rows) and a partial one
			{Start: 20260105, End: 20261231}, // a year row minus its first days
		}
		for _, r := range ranges {
			for _, rid := range []int64{0, w.shops[1].Restaurant.ID} {
				name := fmt.Sprintf("%d-%d/%d", r.Start, r.End, rid)
				f := reports.Filter{RestaurantID: rid, Range: r}
				raw := w.pick(r, rid)
				// No amount: every restaurant of the scope, all currencies.
				checkCounts(t, name, w, ctx, f, raw)
				checkPerformance(t, name, w, ctx, f, raw)
			}
			for _, c := range []struct {
				rid           int64
				asked, counts string
			}{
				{0, "", "EUR"}, {0, "CHF", "CHF"}, {0, "mad", "MAD"},
				{w.shops[1].Restaurant.ID, "", "MAD"}, {w.shops[1].Restaurant.ID, "EUR", "MAD"}, // one restaurant: its own currency
			} {
				name := fmt.Sprintf("%d-%d/%d/%s", r.Start, r.End, c.rid, c.counts)
				f := reports.Filter{RestaurantID: c.rid, Range: r, Currency: c.asked}
				raw := w.pickIn(r, c.rid, c.counts)
				checkProducts(t, name, w, ctx, f, raw, c.counts)
				checkZ(t, name, w, ctx, f, raw, c.counts)
				checkDiscounts(t, name, w, ctx, f, raw, c.counts)
				checkSales(t, name, w, ctx, f, raw, c.counts)
			}
		}
		checkRealtime(t, w, ctx)
		if _, err := w.svc.Products(ctx, w.admin, reports.Filter{Range: ranges[0], Currency: "USD"}); !isFieldError(err, "query.currency") {
			t.Errorf("a currency of no restaurant of the scope: %v", err)
		}
	})
}

func isFieldError(err error, field string) bool {
	var ve *tenancy.ValidationError
	return errors.As(err, &ve) && ve.Field == field
}

// checkRealtime: today's revenue is one total per currency, each the raw
// sum of its restaurants' paid orders, with its own hours; each
// restaurant's card is in its own currency.
func checkRealtime(t *testing.T, w world, ctx context.Context) {
	day := int64(20260412)
	reports.SetNow(w.svc, func() time.Time { return time.Date(2026, 4, 12, 21, 0, 0, 0, time.UTC) })
	got, err := w.svc.Realtime(ctx, w.admin, 0)
	if err != nil {
		t.Fatal(err)
	}
	type sum struct{ cents, n int64 }
	want := map[string]*sum{"EUR": {}, "CHF": {}, "MAD": {}}
	perRest := map[int64]sum{}
	var paid int64
	for _, p := range w.pick(orders.Range{Start: day, End: day}, 0) {
		if p.o.Status != orders.StatusPaid {
			continue
		}
		paid++
		c := want[p.dev.Restaurant.Currency("EUR")]
		c.cents += p.o.Total
		c.n++
		r := perRest[p.dev.Restaurant.ID]
		perRest[p.dev.Restaurant.ID] = sum{r.cents + p.o.Total, r.n + 1}
	}
	if got.Orders != paid {
		t.Errorf("realtime: %d paid orders, raw %d", got.Orders, paid)
	}
	var codes []string
	for _, tot := range got.Totals {
		codes = append(codes, tot.Currency)
		wt := want[tot.Currency]
		var hours int64
		for _, h := range tot.ByHour {
			hours += h.Cents
		}
		if wt == nil || tot.Revenue != wt.cents || tot.Orders != wt.n || hours != wt.cents {
			t.Errorf("realtime %s: %d in %d orders (hours %d), raw %+v", tot.Currency, tot.Revenue, tot.Orders, hours, wt)
		}
		if wt != nil && wt.n == 0 {
			t.Errorf("realtime %s: no order that day, the comparison proves nothing", tot.Currency)
		}
	}
	if !reflect.DeepEqual(codes, []string{"EUR", "CHF", "MAD"}) {
		t.Errorf("realtime totals in %v, want EUR, CHF, MAD", codes)
	}
	currencyOf := map[int64]string{}
	for _, s := range w.shops {
		currencyOf[s.Restaurant.ID] = s.Restaurant.Currency("EUR")
	}
	for _, r := range got.ByRestaurant {
		if wr := perRest[r.RestaurantID]; r.Currency != currencyOf[r.RestaurantID] || r.Revenue != wr.cents || r.Orders != wr.n {
			t.Errorf("realtime %s: %d %s in %d orders, raw %+v in %s", r.Name, r.Revenue, r.Currency, r.Orders, wr, currencyOf[r.RestaurantID])
		}
	}
	if len(got.ByRestaurant) != len(perRest) {
		t.Errorf("realtime: %d restaurants, raw %d", len(got.ByRestaurant), len(perRest))
	}
}

func checkCounts(t *testing.T, name string, w world, ctx context.Context, f reports.Filter, raw []posted) {
	got, err := w.svc.OrderCounts(ctx, w.admin, f)
	if err != nil {
		t.Fatal(err)
	}
	var confirmed, cancelled, collect int64
	for _, p := range raw {
		switch {
		case p.o.Source == orders.SourceCollect:
			collect++
		case p.o.Status == orders.StatusPaid:
			confirmed++
		case orders.CountsAsCancelled(p.o.Status):
			cancelled++
		}
	}
	if got.Confirmed != confirmed || got.Cancelled != cancelled || got.ClickAndCollect != collect {
		t.Errorf("%s counts: got %d/%d/%d, raw %d/%d/%d", name, got.Confirmed, got.Cancelled, got.ClickAndCollect, confirmed, cancelled, collect)
	}
	if confirmed == 0 {
		t.Errorf("%s: no order in the range, the comparison proves nothing", name)
	}
}

// checkCoverage: the report states the currency of its amounts, and lists
// the currencies of the scope (one restaurant: its own only).
func checkCoverage(t *testing.T, name string, w world, got reports.Coverage, f reports.Filter, currency string) {
	t.Helper()
	// The demo franchise: ten restaurants in France, one in Switzerland, one in Morocco.
	want := []reports.CurrencyShare{{Code: "EUR", Restaurants: w.restaurantsIn("FR")}, {Code: "CHF", Restaurants: w.restaurantsIn("CH")}, {Code: "MAD", Restaurants: w.restaurantsIn("MA")}}
	if f.RestaurantID != 0 {
		want = []reports.CurrencyShare{{Code: currency, Restaurants: 1}}
	}
	if got.Currency != currency || !reflect.DeepEqual(got.Currencies, want) {
		t.Errorf("%s: currency %s %v, want %s %v", name, got.Currency, got.Currencies, currency, want)
	}
}

func checkProducts(t *testing.T, name string, w world, ctx context.Context, f reports.Filter, raw []posted, currency string) {
	got, err := w.svc.Products(ctx, w.admin, f)
	if err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, name+" products", w, got.Coverage, f, currency)
	qty := map[string]int64{}
	type cat struct {
		ttc, ht, vat int64
		rates        []int
	}
	cats := map[string]*cat{}
	several := false
	for _, p := range raw {
		if p.o.Status != orders.StatusPaid {
			continue
		}
		for _, l := range p.o.Lines {
			qty[l.Category+"/"+l.Name] += int64(l.Quantity)
			c := cats[l.Category]
			if c == nil {
				c = &cat{}
				cats[l.Category] = c
			}
			ht := orders.HT(l.Total, l.TaxRate)
			c.ttc += l.Total
			c.ht += ht
			c.vat += l.Total - ht
			if !slices.Contains(c.rates, l.TaxRate) {
				c.rates = append(c.rates, l.TaxRate)
				sort.Ints(c.rates)
				several = several || len(c.rates) > 1
			}
		}
	}
	gotQty := map[string]int64{}
	for _, r := range got.Ranking {
		gotQty[r.Category+"/"+r.Name] = r.Total
	}
	if !reflect.DeepEqual(gotQty, qty) {
		t.Errorf("%s ranking differs from raw: got %v, want %v", name, gotQty, qty)
	}
	for _, c := range got.Categories {
		want := cats[c.Name]
		if want == nil || c.TTC != want.ttc || c.HT != want.ht || c.VAT != want.vat || !reflect.DeepEqual(c.VATRates, want.rates) {
			t.Errorf("%s category %s: got %+v, want %+v", name, c.Name, c, want)
		}
	}
	if !several && len(raw) > 1000 {
		t.Errorf("%s: no category sold at several VAT rates, the rates are not put to the test", name)
	}
	if len(got.Categories) != len(cats) {
		t.Errorf("%s: %d categories, raw %d", name, len(got.Categories), len(cats))
	}
}

func checkZ(t *testing.T, name string, w world, ctx context.Context, f reports.Filter, raw []posted, currency string) {
	rep, err := w.svc.Z(ctx, w.admin, f)
	if err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, name+" Z", w, rep.Coverage, f, currency)
	got := rep.Items
	type z struct {
		total, platform, ht, vat, promo, n, pn int64
		pay                                    map[string]int64
		rate                                   map[string]int64
	}
	want := map[int64]*z{}
	for _, p := range raw {
		if p.o.Status != orders.StatusPaid {
			continue
		}
		e := want[p.dev.Equipment.ID]
		if e == nil {
			e = &z{pay: map[string]int64{}, rate: map[string]int64{}}
			want[p.dev.Equipment.ID] = e
		}
		e.total += p.o.Total
		e.n++
		if p.o.Type == orders.TypePlatform {
			e.platform += p.o.Total
			e.pn++
		}
		if discount(p.o) > 0 {
			e.promo++
		}
		for _, v := range p.o.VAT {
			e.ht += v.HT
			e.vat += v.VAT
			e.rate[strconv.Itoa(v.Rate)] += v.VAT
		}
		for _, pay := range p.o.Payments {
			e.pay[pay.Method] += pay.Amount
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s Z: %d rows, raw %d", name, len(got), len(want))
	}
	for _, r := range got {
		e := want[r.EquipmentID]
		if e == nil {
			t.Errorf("%s Z: unexpected equipment %d", name, r.EquipmentID)
			continue
		}
		if r.TotalWithPlatform != e.total || r.Platform != e.platform || r.TotalTTC != e.total-e.platform || r.HT != e.ht || r.VAT != e.vat ||
			r.Promotions != e.promo || r.Orders != e.n || r.PlatformOrders != e.pn || !reflect.DeepEqual(r.Payments, e.pay) || !reflect.DeepEqual(r.VATByRate, e.rate) {
			t.Errorf("%s Z %s: got %+v, raw %+v", name, r.Equipment, r, *e)
		}
		// The documented identities, to the cent.
		var pays int64
		for _, v := range r.Payments {
			pays += v
		}
		if r.HT+r.VAT != r.TotalWithPlatform || pays != r.TotalWithPlatform {
			t.Errorf("%s Z %s: HT + TVA = %d, payments = %d, total = %d", name, r.Equipment, r.HT+r.VAT, pays, r.TotalWithPlatform)
		}
		if r.Equipment == "" {
			t.Errorf("%s Z: equipment %d has no name", name, r.EquipmentID)
		}
		if r.Currency != currency {
			t.Errorf("%s Z %s: in %s", name, r.Equipment, r.Currency)
		}
	}
}

func checkDiscounts(t *testing.T, name string, w world, ctx context.Context, f reports.Filter, raw []posted, currency string) {
	got, err := w.svc.Discounts(ctx, w.admin, f, false)
	if err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, name+" discounts", w, got.Coverage, f, currency)
	byType, byLabel, byDay, byRest := map[string]int64{}, map[string]int64{}, map[string]int64{}, map[string]int64{}
	var total int64
	for _, p := range raw {
		if p.o.Status != orders.StatusPaid || discount(p.o) == 0 {
			continue
		}
		d := p.o.Discount
		byType[d.Type] += d.Amount
		byLabel[d.Label] += d.Amount
		byDay[orders.FormatDate(p.day)] += d.Amount
		byRest[p.dev.Restaurant.Nom] += d.Amount
		total += d.Amount
	}
	asMap := func(l []reports.Amount) map[string]int64 {
		m := map[string]int64{}
		for _, a := range l {
			m[a.Label] = a.Cents
		}
		return m
	}
	if got.Total != total || !reflect.DeepEqual(asMap(got.ByType), byType) || !reflect.DeepEqual(asMap(got.ByLabel), byLabel) || !reflect.DeepEqual(asMap(got.Series), byDay) ||
		!reflect.DeepEqual(asMap(got.ByRestaurant), byRest) {
		t.Errorf("%s discounts: got %d %v %v, raw %d %v %v", name, got.Total, got.ByType, got.ByLabel, total, byType, byLabel)
	}
	monthly, err := w.svc.Discounts(ctx, w.admin, f, true)
	if err != nil {
		t.Fatal(err)
	}
	byMonth := map[string]int64{}
	for d, v := range byDay {
		byMonth[d[:7]] += v
	}
	if !reflect.DeepEqual(asMap(monthly.Series), byMonth) {
		t.Errorf("%s monthly discounts: got %v, raw %v", name, monthly.Series, byMonth)
	}
	items, n, _, cov, err := w.svc.DiscountedOrders(ctx, w.admin, f, 0, -1)
	if err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, name+" discounted list", w, cov, f, currency)
	var sum int64
	for _, it := range items {
		sum += it.Discount
	}
	if n != len(items) || sum != total {
		t.Errorf("%s discounted list: %d rows (total %d), sum %d, raw %d", name, len(items), n, sum, total)
	}
}

func checkSales(t *testing.T, name string, w world, ctx context.Context, f reports.Filter, raw []posted, currency string) {
	rep, err := w.svc.Sales(ctx, w.admin, f, reports.SalesProducts, "")
	if err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, name+" sales", w, rep.Coverage, f, currency)
	got := rep.Items
	want := map[string][2]int64{}
	burgers := map[string][2]int64{}
	opts := map[string][2]int64{}
	for _, p := range raw {
		if p.o.Status != orders.StatusPaid || p.o.Type == orders.TypePlatform {
			continue
		}
		for _, l := range p.o.Lines {
			v := want[l.Category]
			want[l.Category] = [2]int64{v[0] + int64(l.Quantity), v[1] + l.Total}
			if l.Category == "Burgers" {
				v := burgers[l.Name]
				burgers[l.Name] = [2]int64{v[0] + int64(l.Quantity), v[1] + l.Total}
			}
			for _, op := range l.Options {
				v := opts[op.Group]
				opts[op.Group] = [2]int64{v[0] + int64(op.Quantity), v[1] + op.Total}
			}
		}
	}
	asMap := func(rows []reports.SalesRow) map[string][2]int64 {
		m := map[string][2]int64{}
		for _, r := range rows {
			m[r.Name] = [2]int64{r.Count, r.Amount}
		}
		return m
	}
	if !reflect.DeepEqual(asMap(got), want) {
		t.Errorf("%s sales by category: got %v, raw %v", name, asMap(got), want)
	}
	rep, err = w.svc.Sales(ctx, w.admin, f, reports.SalesProducts, "Burgers")
	if err != nil {
		t.Fatal(err)
	}
	got = rep.Items
	if !reflect.DeepEqual(asMap(got), burgers) {
		t.Errorf("%s burger sales: got %v, raw %v", name, asMap(got), burgers)
	}
	rep, err = w.svc.Sales(ctx, w.admin, f, reports.SalesOptions, "")
	if err != nil {
		t.Fatal(err)
	}
	got = rep.Items
	if !reflect.DeepEqual(asMap(got), opts) {
		t.Errorf("%s option sales: got %v, raw %v", name, asMap(got), opts)
	}
}

func checkPerformance(t *testing.T, name string, w world, ctx context.Context, f reports.Filter, raw []posted) {
	got, err := w.svc.Performance(ctx, w.admin, f, "America/Toronto")
	if err != nil {
		t.Fatal(err)
	}
	// The exact average of the seconds, in minutes; nil without an exit
	// time (an order without one is never an average of 0 min).
	minutes := func(sum, n int64) *float64 {
		if n == 0 {
			return nil
		}
		v := float64(sum) / float64(n) / 60
		return &v
	}
	same := func(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	show := func(v *float64) string {
		if v == nil {
			return "null"
		}
		return strconv.FormatFloat(*v, 'f', -1, 64)
	}
	type acc struct{ sum, n, orders, units, late, options int64 }
	perRest := map[string]*acc{}
	perDay := map[string]*acc{}
	perType := map[string]*acc{}
	perCat := map[string]*acc{}
	perProd := map[string]*acc{}
	var heat [24][7]acc
	twoOfACategory := 0 // orders holding two products of one category
	toronto, _ := time.LoadLocation("America/Toronto")
	get := func(m map[string]*acc, k string) *acc {
		a := m[k]
		if a == nil {
			a = &acc{}
			m[k] = a
		}
		return a
	}
	exit := func(a *acc, o orders.Order) {
		a.orders++
		if o.ExitSecs != nil {
			a.sum += int64(*o.ExitSecs)
			a.n++
		}
	}
	for _, p := range raw {
		if p.o.Status != orders.StatusPaid {
			continue
		}
		a := get(perRest, p.dev.Restaurant.Nom)
		exit(a, p.o)
		exit(get(perDay, orders.FormatDate(p.day)), p.o)
		exit(get(perType, orders.TypeNames[p.o.Type]), p.o)
		// A product counts each order holding it once, and so does a
		// category, however many of its products the order holds.
		seen := map[string]bool{}
		products := map[string]int{} // distinct products per category
		for _, l := range p.o.Lines {
			a.units += int64(l.Quantity)
			if orders.ExitLate(p.o.ExitSecs) {
				a.late += int64(l.Quantity)
			}
			if k := l.Category + "/" + l.Name; !seen[k] {
				seen[k] = true
				exit(get(perProd, k), p.o)
				if products[l.Category]++; products[l.Category] == 2 {
					twoOfACategory++
				}
			}
			c := get(perCat, l.Category)
			if !seen[l.Category] {
				seen[l.Category] = true
				exit(c, p.o)
			}
			c.units += int64(l.Quantity)
			if orders.ExitLate(p.o.ExitSecs) {
				c.late += int64(l.Quantity)
			}
			if len(l.Options) > 0 {
				c.options += int64(l.Quantity)
			}
		}
		lt := p.o.PaidAt.In(toronto)
		exit(&heat[lt.Hour()][int(lt.Weekday())], p.o)
	}
	if len(got.ByRestaurant) != len(perRest) {
		t.Errorf("%s performance: %d restaurants, raw %d", name, len(got.ByRestaurant), len(perRest))
	}
	for _, r := range got.ByRestaurant {
		a := perRest[r.Name]
		if a == nil || r.Orders != a.orders || !same(r.ExitAvg, minutes(a.sum, a.n)) || r.Quantity != a.units || r.FastTrank != a.late {
			t.Errorf("%s performance %s: got %+v (%s min), raw %+v", name, r.Name, r, show(r.ExitAvg), a)
		}
	}
	// The charts list the days and order types that have an average.
	points := func(what string, pts []reports.Point, raw map[string]*acc) {
		want := 0
		for _, a := range raw {
			if a.n > 0 {
				want++
			}
		}
		if len(pts) != want {
			t.Errorf("%s exit per %s: %d points, raw %d", name, what, len(pts), want)
		}
		for _, pt := range pts {
			if a := raw[pt.Label]; a == nil || !same(&pt.Value, minutes(a.sum, a.n)) {
				t.Errorf("%s exit per %s %s: %v, raw %+v", name, what, pt.Label, pt.Value, a)
			}
		}
	}
	points("day", got.ByDay, perDay)
	points("order type", got.ByOrderType, perType)
	rows := func(what string, got []reports.PerfRow, raw map[string]*acc, key func(reports.PerfRow) string) {
		if len(got) != len(raw) {
			t.Errorf("%s exit per %s: %d rows, raw %d", name, what, len(got), len(raw))
		}
		for _, r := range got {
			if a := raw[key(r)]; a == nil || r.Orders != a.orders || !same(r.ExitAvg, minutes(a.sum, a.n)) {
				t.Errorf("%s exit per %s %s: %d orders, %s min, raw %+v", name, what, key(r), r.Orders, show(r.ExitAvg), a)
			}
		}
	}
	rows("category", got.ByCategory, perCat, func(r reports.PerfRow) string { return r.Name })
	if twoOfACategory == 0 {
		t.Errorf("%s: no order holds two products of one category, the category counts are not put to the test", name)
	}
	for _, r := range got.ByCategory {
		a := perCat[r.Name]
		if a == nil {
			continue // reported by rows
		}
		speciaux := 0.0
		if a.units > 0 {
			speciaux = float64(a.options*10000/a.units) / 100
		}
		if r.Quantity != a.units || r.FastTrank != a.late || r.Speciaux != speciaux {
			t.Errorf("%s performance category %s: %d units, %d late, %v %% with options; raw %+v", name, r.Name, r.Quantity, r.FastTrank, r.Speciaux, a)
		}
	}
	rows("product", got.ByProduct, perProd, func(r reports.PerfRow) string { return r.Category + "/" + r.Name })
	for hr, row := range got.Heatmap {
		for d := 0; d < 7; d++ {
			if want := minutes(heat[hr][d].sum, heat[hr][d].n); row.Orders[d] != heat[hr][d].orders || !same(row.Weekdays[d], want) {
				t.Errorf("%s heat map %02dh day %d: got %d orders %s min, raw %d %s", name, hr, d, row.Orders[d], show(row.Weekdays[d]), heat[hr][d].orders, show(want))
			}
		}
	}
}

// TestReportScope: a chosen restaurant must be in the caller's scope, and
// a scoped login's "all" is its own restaurants.
func TestReportScope(t *testing.T) {
	w := newWorld(t, store.SQLite)
	ctx := context.Background()
	r := orders.Range{Start: 20251204, End: 20260412}
	mod := tenancy.Principal{Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{w.shops[0].Restaurant.ID}}
	if _, err := w.svc.Products(ctx, mod, reports.Filter{RestaurantID: w.shops[1].Restaurant.ID, Range: r}); err != tenancy.ErrNotFound {
		t.Errorf("moderator asking another restaurant: %v", err)
	}
	other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: w.admin.FranchiseID + 1}
	if _, err := w.svc.Z(ctx, other, reports.Filter{RestaurantID: w.shops[0].Restaurant.ID, Range: r}); err != tenancy.ErrNotFound {
		t.Errorf("another franchise's admin: %v", err)
	}
	got, err := w.svc.OrderCounts(ctx, mod, reports.Filter{Range: r})
	if err != nil {
		t.Fatal(err)
	}
	var want int64
	for _, p := range w.pick(r, w.shops[0].Restaurant.ID) {
		if p.o.Status == orders.StatusPaid && p.o.Source != orders.SourceCollect {
			want++
		}
	}
	if got.Confirmed != want {
		t.Errorf("moderator's all: %d confirmed, want its restaurant's %d", got.Confirmed, want)
	}
	zs, err := w.svc.Z(ctx, mod, reports.Filter{Range: r})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, z := range zs.Items {
		names[z.Restaurant] = true
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) != 1 || keys[0] != w.shops[0].Restaurant.Nom {
		t.Errorf("moderator's Z shows %v", keys)
	}
}
