package reports_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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

// revenueWorld is four demo restaurants, two in EUR (Paris Bastille, and
// Lyon Part-Dieu moved to America/Martinique: two zones in one currency),
// Casablanca (MAD) and Geneva (CHF), with 560 days of orders up to 20
// September 2026, paid and not, plus paid orders just after midnight and
// just before on the days Paris and Casablanca change their offset.
func revenueWorld(t *testing.T, engine store.Engine) world {
	t.Helper()
	ctx := context.Background()
	db, ten, all := testutil.DemoShops(t, engine)
	var shops []demo.Shop
	for _, name := range []string{"Paris Bastille", "Lyon Part-Dieu", "Casablanca Maarif", "Genève Plainpalais"} {
		for _, s := range all {
			if s.Restaurant.Nom == name {
				shops = append(shops, s)
			}
		}
	}
	if len(shops) != 4 {
		t.Fatalf("%d shops", len(shops))
	}
	if _, err := db.Exec(ctx, `UPDATE restaurants SET time_zone = 'America/Martinique' WHERE id = ?`, shops[1].Restaurant.ID); err != nil {
		t.Fatal(err)
	}
	shops[1].Restaurant.TimeZone = "America/Martinique"
	for i := range shops[1].Tills {
		shops[1].Tills[i].Restaurant = shops[1].Restaurant
	}
	for i := range shops[1].Kiosks {
		shops[1].Kiosks[i].Restaurant = shops[1].Restaurant
	}
	ord := orders.NewService(db, ten, events.NewLocal())
	last := time.Date(2026, 9, 20, 23, 0, 0, 0, time.UTC)
	g := demo.Generator{Shops: shops, Last: last, Now: last, Days: 560, Total: 5600, Seed: 1818}
	var posts []posted
	add := func(o orders.Order, dev tenancy.Device) {
		loc, _ := time.LoadLocation(dev.Restaurant.TimeZone)
		posts = append(posts, posted{o: o, dev: dev, day: orders.BusinessDate(o.PaidAt, loc)})
	}
	models := map[int64]posted{}
	if err := g.Each(func(o orders.Order, dev tenancy.Device) error {
		add(o, dev)
		if _, ok := models[dev.Restaurant.ID]; !ok && o.Status == orders.StatusPaid {
			models[dev.Restaurant.ID] = posted{o: o, dev: dev}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// Around midnight on offset-change days (Paris: 29 March and 25
	// October; Casablanca: around Ramadan), in every restaurant's zone.
	n := 0
	for _, m := range models {
		loc, _ := time.LoadLocation(m.dev.Restaurant.TimeZone)
		for _, d := range []string{"2026-03-29", "2025-10-26", "2026-02-15", "2026-03-22", "2025-03-30", "2026-03-17", "2026-09-12", "2025-09-18"} {
			day, _ := time.ParseInLocation("2006-01-02", d, loc)
			for _, at := range []time.Time{day.Add(20 * time.Minute), day.AddDate(0, 0, 1).Add(-10 * time.Minute), day.Add(2*time.Hour + 30*time.Minute)} {
				o := m.o
				o.OrderID = "REV-" + strconv.Itoa(n)
				o.PaidAt = at.UTC()
				n++
				add(o, m.dev)
			}
		}
	}
	devs := make([]tenancy.Device, len(posts))
	bulk := make([]orders.Order, len(posts))
	of := make([]int, len(posts))
	for i, p := range posts {
		devs[i], bulk[i], of[i] = p.dev, p.o, i
	}
	if _, err := ord.ImportRows(ctx, devs, bulk, of); err != nil {
		t.Fatal(err)
	}
	var fid int64
	if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid); err != nil {
		t.Fatal(err)
	}
	return world{db: db, svc: reports.NewService(ord, ten), admin: tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}, orders: posts, shops: shops}
}

func date(s string) int64 {
	d, err := orders.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func days(from, to int64) int { return orders.Range{Start: from, End: to}.Days() - 1 }

func monthsBetween(from, to int64) int {
	return int(to/10000-from/10000)*12 + int(to/100%100-from/100%100)
}

// rawRevenue recomputes the report from the orders as posted: every
// bucket of the three ranges, their totals and the heat map, for the
// restaurants ids.
func rawRevenue(w world, ids map[int64]bool, grain string, ranges [3][2]string) (series []reports.RevenuePoint, totals [3]reports.FlashFigures, heat map[[2]int]reports.HeatCell) {
	start := date(ranges[0][0])
	end := date(ranges[0][1])
	wd0 := (int(time.Date(int(start/10000), time.Month(start/100%100), int(start%100), 0, 0, 0, 0, time.UTC).Weekday()) + 6) % 7
	var n int
	switch grain {
	case reports.GrainDay:
		n = days(start, end) + 1
	case reports.GrainWeek:
		n = (days(start, end)+wd0)/7 + 1
	case reports.GrainMonth:
		n = monthsBetween(start, end) + 1
	case reports.GrainHour:
		n = 24
	}
	series = make([]reports.RevenuePoint, n)
	for i := range series {
		switch grain {
		case reports.GrainDay:
			series[i].Label = orders.FormatDate(orders.AddDays(start, i))
		case reports.GrainWeek:
			series[i].Label = orders.FormatDate(orders.AddDays(start, 7*i-wd0))
		case reports.GrainMonth:
			m := time.Date(int(start/10000), time.Month(start/100%100)+time.Month(i), 1, 0, 0, 0, 0, time.UTC)
			series[i].Label = m.Format("2006-01")
		case reports.GrainHour:
			series[i].Label = fmt.Sprintf("%02d", i)
		}
	}
	heat = map[[2]int]reports.HeatCell{}
	add := func(f *reports.FlashFigures, p posted, ht int64) {
		f.RevenueCents += p.o.Total
		f.HTCents += ht
		f.Orders++
	}
	for _, p := range w.orders {
		if !ids[p.dev.Restaurant.ID] || p.o.Status != orders.StatusPaid {
			continue
		}
		var ht int64
		for _, v := range p.o.VAT {
			ht += v.HT
		}
		loc, _ := time.LoadLocation(p.dev.Restaurant.TimeZone)
		local := p.o.PaidAt.In(loc)
		for col, r := range ranges {
			from, to := date(r[0]), date(r[1])
			if p.day < from || p.day > to {
				continue
			}
			var i int
			aligned := orders.AddDays(p.day, days(from, start)) // the current range's day at the same offset
			switch grain {
			case reports.GrainDay:
				i = days(start, aligned)
			case reports.GrainWeek:
				i = (days(start, aligned) + wd0) / 7
			case reports.GrainMonth:
				i = min(monthsBetween(from, p.day), n-1)
			case reports.GrainHour:
				i = local.Hour()
			}
			figs := [3]*reports.FlashFigures{&series[i].Current, &series[i].Previous, &series[i].LastYear}[col]
			if grain == reports.GrainHour {
				add(figs, p, 0) // no HT per hour
			} else {
				add(figs, p, ht)
			}
			add(&totals[col], p, ht)
			if col == 0 {
				wd := int(local.Weekday())
				if wd == 0 {
					wd = 7
				}
				c := heat[[2]int{wd, local.Hour()}]
				c.Weekday, c.Hour = wd, local.Hour()
				c.Orders++
				c.RevenueCents += p.o.Total
				heat[[2]int{wd, local.Hour()}] = c
			}
		}
	}
	for i := range series {
		for _, f := range []*reports.FlashFigures{&series[i].Current, &series[i].Previous, &series[i].LastYear} {
			f.AverageBasketCents = basket(f.RevenueCents, f.Orders)
		}
	}
	for i := range totals {
		totals[i].AverageBasketCents = basket(totals[i].RevenueCents, totals[i].Orders)
	}
	return series, totals, heat
}

func basket(total, n int64) int64 {
	if n == 0 {
		return 0
	}
	return (total + n/2) / n
}

// checkRevenue compares a report with the raw orders' figures.
func checkRevenue(t *testing.T, w world, got reports.Revenue, ids map[int64]bool, currency, grain string, ranges [3][2]string) {
	t.Helper()
	name := currency + " " + grain
	if got.Currency != currency || got.Grain != grain || got.Start != ranges[0][0] || got.End != ranges[0][1] ||
		got.Previous != (reports.FlashRange{Start: ranges[1][0], End: ranges[1][1]}) || got.LastYear != (reports.FlashRange{Start: ranges[2][0], End: ranges[2][1]}) {
		t.Errorf("%s: %s %s %s..%s previous %+v last year %+v, want %v", name, got.Currency, got.Grain, got.Start, got.End, got.Previous, got.LastYear, ranges)
	}
	series, totals, heat := rawRevenue(w, ids, grain, ranges)
	if got.Totals.Current != totals[0] || got.Totals.Previous != totals[1] || got.Totals.LastYear != totals[2] {
		t.Errorf("%s totals: %+v, raw %+v", name, got.Totals, totals)
	}
	for i, c := range totals {
		if c.Orders == 0 {
			t.Errorf("%s: no order in column %d: nothing tested", name, i)
		}
	}
	if len(got.Series) != len(series) {
		t.Errorf("%s: %d buckets, want %d", name, len(got.Series), len(series))
	}
	for i := range min(len(got.Series), len(series)) {
		if got.Series[i] != series[i] {
			t.Errorf("%s bucket %d: %+v, raw %+v", name, i, got.Series[i], series[i])
		}
	}
	if len(got.Heatmap) != len(heat) {
		t.Errorf("%s: %d heat cells, want %d", name, len(got.Heatmap), len(heat))
	}
	for i, c := range got.Heatmap {
		if heat[[2]int{c.Weekday, c.Hour}] != c {
			t.Errorf("%s heat cell %+v, raw %+v", name, c, heat[[2]int{c.Weekday, c.Hour}])
		}
		if i > 0 && (got.Heatmap[i-1].Weekday*24+got.Heatmap[i-1].Hour) >= c.Weekday*24+c.Hour {
			t.Errorf("%s: heat cells out of order at %d", name, i)
		}
	}
}

// revenueRanges are the mid-month range of the tests and its comparisons
// (180 days: the previous range is 18 September 2025 – 16 March 2026; last
// year 364 days earlier, or the same dates at month grain).
func revenueRanges(grain string) [3][2]string {
	ly := [2]string{"2025-03-18", "2025-09-13"}
	if grain == reports.GrainMonth {
		ly = [2]string{"2025-03-17", "2025-09-12"}
	}
	return [3][2]string{{"2026-03-17", "2026-09-12"}, {"2025-09-18", "2026-03-16"}, ly}
}

// TestRevenueEqualsRawOrders: every bucket, total and heat cell of each
// grain equals the raw paid orders', per currency (a CHF or MAD order is
// never in the EUR figures), for the franchise and for one restaurant,
// hours and weekdays local to each restaurant across offset changes.
func TestRevenueEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		byCurrency := map[string]map[int64]bool{}
		for _, s := range w.shops {
			c := s.Restaurant.Currency("EUR")
			if byCurrency[c] == nil {
				byCurrency[c] = map[int64]bool{}
			}
			byCurrency[c][s.Restaurant.ID] = true
		}
		if len(byCurrency["EUR"]) != 2 || len(byCurrency["CHF"]) != 1 || len(byCurrency["MAD"]) != 1 {
			t.Fatalf("currencies: %v", byCurrency)
		}
		for _, grain := range []string{reports.GrainDay, reports.GrainWeek, reports.GrainMonth, reports.GrainHour} {
			rg := revenueRanges(grain)
			f := reports.Filter{Range: orders.Range{Start: date(rg[0][0]), End: date(rg[0][1])}}
			for _, cur := range []string{"", "CHF", "MAD"} {
				f.Currency = cur
				got, err := w.svc.Revenue(ctx, w.admin, f, grain)
				if err != nil {
					t.Fatal(err)
				}
				want := cur
				if want == "" {
					want = "EUR"
				}
				checkRevenue(t, w, got, byCurrency[want], want, grain, rg)
			}
			f.Currency, f.RestaurantID = "", w.shops[1].Restaurant.ID
			got, err := w.svc.Revenue(ctx, w.admin, f, grain)
			if err != nil {
				t.Fatal(err)
			}
			checkRevenue(t, w, got, map[int64]bool{f.RestaurantID: true}, "EUR", grain, rg)
		}
		// The default grain is day; a range ending before it starts, an
		// unknown grain and a day range over 366 days are refused.
		f := reports.Filter{Range: orders.Range{Start: date("2026-03-17"), End: date("2026-03-20")}}
		if got, err := w.svc.Revenue(ctx, w.admin, f, ""); err != nil || got.Grain != "day" || len(got.Series) != 4 {
			t.Errorf("default grain: %v %+v", err, got)
		}
		var ve *tenancy.ValidationError
		if _, err := w.svc.Revenue(ctx, w.admin, f, "year"); !errors.As(err, &ve) || ve.Field != "query.grain" {
			t.Errorf("grain year: %v", err)
		}
		long := reports.Filter{Range: orders.Range{Start: date("2025-01-01"), End: date("2026-01-02")}}
		for _, g := range []string{"day", "hour"} {
			if _, err := w.svc.Revenue(ctx, w.admin, long, g); !errors.As(err, &ve) || ve.Field != "query.end" {
				t.Errorf("%s over 367 days: %v", g, err)
			}
		}
		if got, err := w.svc.Revenue(ctx, w.admin, long, "week"); err != nil || got.Series[0].Label != "2024-12-30" || len(got.Series) != 53 {
			t.Errorf("a year by week: %v, %d weeks from %+v", err, len(got.Series), got.Series[0])
		}
		if _, err := w.svc.Revenue(ctx, w.admin, reports.Filter{Range: orders.Range{Start: f.Range.End, End: f.Range.Start}}, "day"); !errors.Is(err, reports.ErrRange) {
			t.Errorf("reversed: %v", err)
		}
	})
}

// TestRevenueScope: another franchise's admin cannot read this
// franchise's restaurant; a moderator sees its restaurant only.
func TestRevenueScope(t *testing.T) {
	w := revenueWorld(t, store.SQLite)
	ctx := context.Background()
	rg := revenueRanges(reports.GrainDay)
	f := reports.Filter{Range: orders.Range{Start: date(rg[0][0]), End: date(rg[0][1])}}
	mine := w.shops[0].Restaurant.ID
	var otherID int64
	if err := w.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM franchises WHERE id <> ?`, w.admin.FranchiseID).Scan(&otherID); err != nil {
		t.Fatal(err)
	}
	other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
	of := f
	of.RestaurantID = mine
	if _, err := w.svc.Revenue(ctx, other, of, "day"); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin asking this franchise's restaurant: %v", err)
	}
	if got, err := w.svc.Revenue(ctx, other, f, "day"); err != nil || got.Totals.Current.Orders != 0 {
		t.Errorf("another franchise's admin: %v %+v", err, got.Totals)
	}
	mod := tenancy.Principal{Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
	of.RestaurantID = w.shops[1].Restaurant.ID
	if _, err := w.svc.Revenue(ctx, mod, of, "day"); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("moderator asking another restaurant: %v", err)
	}
	for _, g := range []string{"day", "hour"} {
		got, err := w.svc.Revenue(ctx, mod, f, g)
		if err != nil {
			t.Fatal(err)
		}
		checkRevenue(t, w, got, map[int64]bool{mine: true}, "EUR", g, revenueRanges(g))
	}
}

// TestRevenueMatchesFlash: a day of the revenue report has the figures the
// daily flash gives for that day (yesterday), per currency.
func TestRevenueMatchesFlash(t *testing.T) {
	w := revenueWorld(t, store.SQLite)
	ctx := context.Background()
	reports.SetNow(w.svc, func() time.Time { return time.Date(2026, 9, 13, 10, 0, 0, 0, time.UTC) })
	flash, err := w.svc.Flash(ctx, w.admin, 0)
	if err != nil {
		t.Fatal(err)
	}
	yesterday := flash.Periods[1]
	if yesterday.Key != "yesterday" || yesterday.Start != "2026-09-12" {
		t.Fatalf("flash: %+v", yesterday)
	}
	for _, tot := range yesterday.Totals {
		got, err := w.svc.Revenue(ctx, w.admin, reports.Filter{Range: orders.Range{Start: date("2026-09-12"), End: date("2026-09-12")}, Currency: tot.Currency}, "day")
		if err != nil {
			t.Fatal(err)
		}
		if got.Currency != tot.Currency || got.Totals.Current != tot.Current || got.Series[0].Current != tot.Current {
			t.Errorf("%s: revenue %+v, flash %+v", tot.Currency, got.Totals.Current, tot.Current)
		}
		if tot.Current.Orders == 0 || tot.Current.HTCents == 0 {
			t.Errorf("%s: no order that day: nothing compared", tot.Currency)
		}
	}
}
