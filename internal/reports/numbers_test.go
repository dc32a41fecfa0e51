package reports_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// TestExitTimesExactAndMissing: exit averages are the exact average of
// the seconds (300 s and 330 s: 5,25 min, not 5,2), and a paid order
// without an exit time is left out of every average: a group whose orders
// have none has no average (null), never 0 min.
func TestExitTimesExactAndMissing(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db, ten, shops := testutil.DemoShops(t, engine)
		var fid int64
		if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid); err != nil {
			t.Fatal(err)
		}
		// A generated order as a valid template (totals, VAT, payments).
		last := time.Date(2026, 4, 12, 23, 59, 0, 0, time.UTC)
		g := demo.Generator{Shops: shops[:1], Last: last, Now: last, Days: 1, Total: 10, Seed: 3}
		var tmpl orders.Order
		_ = g.Each(func(o orders.Order, _ tenancy.Device) error {
			if tmpl.OrderID == "" && o.Source != orders.SourceCollect {
				tmpl = o
			}
			return nil
		})
		if tmpl.OrderID == "" {
			t.Fatal("no template order")
		}
		secs := func(v int) *int { return &v }
		// 2026-04-08 is a Wednesday; 10:xx UTC.
		at := time.Date(2026, 4, 8, 10, 15, 0, 0, time.UTC)
		post := func(shop demo.Shop, id, product string, paid time.Time, exit *int) {
			o := tmpl
			o.OrderID, o.PaidAt, o.ExitSecs, o.Type, o.Source, o.Status = id, paid, exit, orders.TypeDineIn, orders.SourceTill, orders.StatusPaid
			o.Lines = append([]orders.Line(nil), tmpl.Lines...)
			for i := range o.Lines {
				o.Lines[i].Name, o.Lines[i].Category = product, "Essais"
			}
			if _, err := orders.NewService(db, ten, events.NewLocal()).Post(ctx, shop.Tills[0], o); err != nil {
				t.Fatal(err)
			}
		}
		post(shops[0], "T-1", "Burger X", at, secs(300))
		post(shops[0], "T-2", "Burger X", at.Add(5*time.Minute), secs(330))
		post(shops[0], "T-3", "Burger X", at.Add(10*time.Minute), nil)
		// Another restaurant, another day and hour: only an order without an exit time.
		post(shops[1], "T-4", "Burger Y", at.Add(24*time.Hour+3*time.Hour), nil)

		svc := reports.NewService(orders.NewService(db, ten, events.NewLocal()), ten)
		admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}
		got, err := svc.Performance(ctx, admin, reports.Filter{Range: orders.Range{Start: 20260401, End: 20260430}}, "")
		if err != nil {
			t.Fatal(err)
		}
		show := func(v *float64) string {
			if v == nil {
				return "null"
			}
			return fmt.Sprint(*v)
		}
		is := func(what string, v *float64, want float64) {
			if v == nil || *v != want {
				t.Errorf("%s: %s min, want %v", what, show(v), want)
			}
		}
		isNull := func(what string, v *float64) {
			if v != nil {
				t.Errorf("%s: %v min, want no average (null)", what, *v)
			}
		}
		rows := map[string]reports.PerfRow{}
		for _, r := range got.ByRestaurant {
			rows["rest/"+r.Name] = r
		}
		for _, r := range got.ByProduct {
			rows["prod/"+r.Name] = r
		}
		for _, r := range got.ByCategory {
			rows["cat/"+r.Name] = r
		}
		r0, r1 := rows["rest/"+shops[0].Restaurant.Nom], rows["rest/"+shops[1].Restaurant.Nom]
		is("restaurant", r0.ExitAvg, 5.25)
		if r0.Orders != 3 || r1.Orders != 1 {
			t.Errorf("orders: %d and %d, want 3 and 1 (an order without an exit time still counts as an order)", r0.Orders, r1.Orders)
		}
		isNull("restaurant without exit times", r1.ExitAvg)
		is("product", rows["prod/Burger X"].ExitAvg, 5.25)
		isNull("product without exit times", rows["prod/Burger Y"].ExitAvg)
		is("category", rows["cat/Essais"].ExitAvg, 5.25)
		if len(got.ByDay) != 1 || got.ByDay[0].Label != "2026-04-08" || got.ByDay[0].Value != 5.25 {
			t.Errorf("per day: %+v, want only 2026-04-08 at 5.25 (the next day has no exit time)", got.ByDay)
		}
		if len(got.ByOrderType) != 1 || got.ByOrderType[0].Value != 5.25 {
			t.Errorf("per order type: %+v, want Sur Place at 5.25", got.ByOrderType)
		}
		var wed, thu *reports.HeatRow
		for i := range got.Heatmap {
			switch got.Heatmap[i].Hour {
			case 10:
				wed = &got.Heatmap[i]
			case 13:
				thu = &got.Heatmap[i]
			}
		}
		if wed == nil || thu == nil {
			t.Fatalf("heat map rows missing: %+v", got.Heatmap)
		}
		if wed.Orders[3] != 3 {
			t.Errorf("heat map Wednesday 10h: %d orders, want 3", wed.Orders[3])
		}
		is("heat map Wednesday 10h", wed.Weekdays[3], 5.25)
		if thu.Orders[4] != 1 {
			t.Errorf("heat map Thursday 13h: %d orders, want 1", thu.Orders[4])
		}
		isNull("heat map cell without exit times", thu.Weekdays[4])
	})
}

// TestTrendsCompareLikeWithLike: when the period holds today, the
// reference is cut at the same time of day (the real-time dashboard: the
// same weekday a week earlier; Mes Commandes: the same dates a month
// earlier), and without reference data there is no trend (null).
func TestTrendsCompareLikeWithLike(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		// Sunday 12 April 2026, 14:30 in Paris: lunch is under way.
		now := time.Date(2026, 4, 12, 12, 30, 0, 0, time.UTC)
		reports.SetNow(w.svc, func() time.Time { return now })
		// raw counts the orders of the restaurant of days [from, to], those
		// of day cut only before now's local time of day.
		raw := func(rid int64, from, to, cut int64) (confirmed, cancelled, collect int64) {
			for _, p := range w.orders {
				if p.dev.Restaurant.ID != rid || p.day < from || p.day > to {
					continue
				}
				if p.day == cut {
					loc, _ := time.LoadLocation(p.dev.Restaurant.TimeZone)
					n, o := now.In(loc), p.o.PaidAt.In(loc)
					if o.Hour()*3600+o.Minute()*60+o.Second() >= n.Hour()*3600+n.Minute()*60+n.Second() {
						continue
					}
				}
				switch {
				case p.o.Source == orders.SourceCollect:
					collect++
				case p.o.Status == orders.StatusPaid:
					confirmed++
				case orders.CountsAsCancelled(p.o.Status):
					cancelled++
				}
			}
			return
		}
		compared := 0
		check := func(name string, got reports.Counts, rid, from, to, cut int64, until string) {
			t.Helper()
			c, x, k := raw(rid, from, to, cut)
			if got.ConfirmedPrevious != c || got.CancelledPrevious != x || got.CollectPrevious != k {
				t.Errorf("%s: reference %d/%d/%d, raw %d/%d/%d", name, got.ConfirmedPrevious, got.CancelledPrevious, got.CollectPrevious, c, x, k)
			}
			if got.PreviousStart != orders.FormatDate(from) || got.PreviousEnd != orders.FormatDate(to) || got.PreviousUntil != until {
				t.Errorf("%s: reference %s → %s until %q, want %s → %s until %q", name, got.PreviousStart, got.PreviousEnd, got.PreviousUntil,
					orders.FormatDate(from), orders.FormatDate(to), until)
			}
			switch {
			case c == 0 && got.ConfirmedTrend != nil:
				t.Errorf("%s: trend %v without reference", name, *got.ConfirmedTrend)
			case c > 0 && (got.ConfirmedTrend == nil || *got.ConfirmedTrend != float64((got.Confirmed-c)*10000/c)/100):
				t.Errorf("%s: trend %v for %d against %d", name, got.ConfirmedTrend, got.Confirmed, c)
			case c > 0 && cut != 0:
				compared++
			}
		}
		for _, shop := range w.shops[:2] {
			x := shop.Restaurant
			loc, _ := time.LoadLocation(x.TimeZone)
			until := now.In(loc).Format("15:04")
			rt, err := w.svc.Realtime(ctx, w.admin, x.ID)
			if err != nil {
				t.Fatal(err)
			}
			check("realtime "+x.Nom, rt.Counts, x.ID, 20260405, 20260405, 20260405, until)
			// Mes Commandes over a range holding today: a month earlier,
			// its last day cut at the same time of day.
			mc, err := w.svc.OrderCounts(ctx, w.admin, reports.Filter{RestaurantID: x.ID, Range: orders.Range{Start: 20260401, End: 20260412}})
			if err != nil {
				t.Fatal(err)
			}
			check("Mes Commandes "+x.Nom, mc, x.ID, 20260301, 20260312, 20260312, until)
			// A past range: the whole reference.
			past, err := w.svc.OrderCounts(ctx, w.admin, reports.Filter{RestaurantID: x.ID, Range: orders.Range{Start: 20260310, End: 20260320}})
			if err != nil {
				t.Fatal(err)
			}
			check("past range "+x.Nom, past, x.ID, 20260210, 20260220, 0, "")
		}
		// Sales v2 on today: against yesterday until the same hour.
		x := w.shops[0].Restaurant
		loc, _ := time.LoadLocation(x.TimeZone)
		sales, err := w.svc.Sales(ctx, w.admin, reports.Filter{RestaurantID: x.ID, Range: orders.Range{Start: 20260412, End: 20260412}}, reports.SalesProducts, "")
		if err != nil {
			t.Fatal(err)
		}
		wantPrev := map[string]int64{}
		var wholeDay int64
		for _, p := range w.orders {
			if p.dev.Restaurant.ID != x.ID || p.day != 20260411 || p.o.Status != orders.StatusPaid || p.o.Type == orders.TypePlatform {
				continue
			}
			n, o := now.In(loc), p.o.PaidAt.In(loc)
			for _, l := range p.o.Lines {
				wholeDay += l.Total
				if o.Hour()*3600+o.Minute()*60+o.Second() < n.Hour()*3600+n.Minute()*60+n.Second() {
					wantPrev[l.Category] += l.Total
				}
			}
		}
		var gotTotal, wantTotal int64
		for _, r := range sales.Items {
			gotTotal += r.Previous
			if r.Previous != wantPrev[r.Name] {
				t.Errorf("sales %s: previous %d, raw until %s %d", r.Name, r.Previous, sales.PreviousUntil, wantPrev[r.Name])
			}
		}
		for _, v := range wantPrev {
			wantTotal += v
		}
		if sales.PreviousUntil != now.In(loc).Format("15:04") || wantTotal == 0 || wantTotal == wholeDay {
			t.Errorf("sales: until %q, reference %d of a whole day of %d: the cut is not put to the test", sales.PreviousUntil, wantTotal, wholeDay)
		}
		if compared < 3 {
			t.Errorf("only %d cut references had orders, the comparison proves little", compared)
		}
		// The first days of data: nothing a month earlier, so no trend.
		first, err := w.svc.OrderCounts(ctx, w.admin, reports.Filter{Range: orders.Range{Start: 20251204, End: 20251210}})
		if err != nil {
			t.Fatal(err)
		}
		if first.Confirmed == 0 || first.ConfirmedTrend != nil || first.CancelledTrend != nil || first.CollectTrend != nil {
			t.Errorf("first week: %d confirmed, trends %v %v %v, want none without reference", first.Confirmed, first.ConfirmedTrend, first.CancelledTrend, first.CollectTrend)
		}
		sales, err = w.svc.Sales(ctx, w.admin, reports.Filter{Range: orders.Range{Start: 20251204, End: 20251210}}, reports.SalesProducts, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(sales.Items) == 0 {
			t.Fatal("no sales in the first week")
		}
		for _, r := range sales.Items {
			if r.Percent != nil {
				t.Errorf("sales %s: %v %% without reference, want none", r.Name, *r.Percent)
			}
		}
	})
}

// TestSalesRowsCarryProductImages: the products of a category in the
// sales pages carry their image from the franchise's cartes (matched by
// category and name, as the rollups key them); a product without one in
// the cartes has none (the screen then shows its initials).
func TestSalesRowsCarryProductImages(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		ten := tenancy.NewService(w.db, events.NewLocal())
		cartes := menu.NewService(w.db, ten, events.NewLocal())
		w.svc.UseCatalogue(cartes)
		catalogue, err := cartes.Catalogue(ctx, w.admin)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{}
		for _, c := range catalogue {
			for _, p := range c.Products {
				if _, ok := want[p.CategoryName+"/"+p.Name]; !ok && p.Path != "" {
					want[p.CategoryName+"/"+p.Name] = p.Path
				}
			}
		}
		r := orders.Range{Start: 20260301, End: 20260331}
		cats, err := w.svc.Sales(ctx, w.admin, reports.Filter{Range: r}, reports.SalesProducts, "")
		if err != nil {
			t.Fatal(err)
		}
		with := 0
		for _, c := range cats.Items {
			if c.Image != "" {
				t.Errorf("category row %s carries an image %q", c.Name, c.Image)
			}
			rows, err := w.svc.Sales(ctx, w.admin, reports.Filter{Range: r}, reports.SalesProducts, c.Name)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rows.Items {
				if p.Image != want[c.Name+"/"+p.Name] {
					t.Errorf("%s/%s: image %q, cartes %q", c.Name, p.Name, p.Image, want[c.Name+"/"+p.Name])
				}
				if p.Image != "" {
					with++
				}
			}
		}
		if with == 0 {
			t.Error("no sold product has an image in the cartes: the test proves nothing")
		}
		opts, err := w.svc.Sales(ctx, w.admin, reports.Filter{Range: r}, reports.SalesOptions, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range opts.Items {
			if o.Image != "" {
				t.Errorf("option category %s carries an image", o.Name)
			}
		}
	})
}
