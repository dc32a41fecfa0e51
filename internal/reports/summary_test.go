package reports_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// TestSummaries: a day's summary is the flash's « yesterday » read the
// next day, to the field; a week's totals are the revenue report's and
// add up its restaurants'; both are the raw orders' to the cent, per
// currency; a restaurant login sees its restaurant only.
func TestSummaries(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		paris, _ := time.LoadLocation("Europe/Paris")
		now := time.Date(2028, 3, 29, 9, 30, 0, 0, paris) // a Wednesday
		w := flashWorld(t, engine, now)
		f, err := w.svc.Flash(ctx, w.admin, 0)
		if err != nil {
			t.Fatal(err)
		}
		day, err := w.svc.DaySummary(ctx, w.admin, 0, 20280328)
		if err != nil {
			t.Fatal(err)
		}
		y := f.Periods[1]
		if y.Key != "yesterday" || day.Start != y.Start || day.End != "2028-03-28" || !reflect.DeepEqual(day.Totals, y.Totals) ||
			!reflect.DeepEqual(day.Restaurants, y.Restaurants) || day.Previous != y.Previous || day.LastYear != y.LastYear {
			t.Fatalf("day summary differs from the flash's yesterday:\n%+v\n%+v", day, y)
		}
		raw := func(ids map[int64]bool, from, to int64) map[string]reports.FlashFigures {
			out := map[string]reports.FlashFigures{}
			for _, p := range w.orders {
				if !ids[p.dev.Restaurant.ID] || p.day < from || p.day > to || p.o.Status != orders.StatusPaid {
					continue
				}
				cur := p.dev.Restaurant.Currency("EUR")
				x := out[cur]
				x.RevenueCents += p.o.Total
				for _, v := range p.o.VAT {
					x.HTCents += v.HT
				}
				x.Orders++
				out[cur] = x
			}
			return out
		}
		all := map[int64]bool{}
		for _, s := range w.shops {
			all[s.Restaurant.ID] = true
		}
		check := func(what string, got reports.FlashFigures, want reports.FlashFigures) {
			t.Helper()
			if got.RevenueCents != want.RevenueCents || got.HTCents != want.HTCents || got.Orders != want.Orders {
				t.Fatalf("%s: %+v, raw orders %+v", what, got, want)
			}
		}
		for _, tot := range day.Totals {
			check("day "+tot.Currency, tot.Current, raw(all, 20280328, 20280328)[tot.Currency])
			check("day previous "+tot.Currency, tot.Previous, raw(all, 20280321, 20280321)[tot.Currency])
		}

		week, err := w.svc.WeekSummary(ctx, w.admin, 0, 20280320)
		if err != nil {
			t.Fatal(err)
		}
		if week.Start != "2028-03-20" || week.End != "2028-03-26" || week.Previous.Start != "2028-03-13" || week.LastYear.Start != "2027-03-22" {
			t.Fatalf("week ranges %+v", week)
		}
		if len(week.Totals) < 2 {
			t.Fatalf("%d currencies", len(week.Totals))
		}
		for _, tot := range week.Totals {
			rev, err := w.svc.Revenue(ctx, w.admin, reports.Filter{Range: orders.Range{Start: 20280320, End: 20280326}, Currency: tot.Currency}, reports.GrainWeek)
			if err != nil {
				t.Fatal(err)
			}
			if tot.Current != rev.Totals.Current || tot.Previous != rev.Totals.Previous || tot.LastYear != rev.Totals.LastYear {
				t.Fatalf("%s: week %+v, revenue %+v", tot.Currency, tot, rev.Totals)
			}
			var sum [3]reports.FlashFigures
			n := 0
			for _, r := range week.Restaurants {
				if r.Currency != tot.Currency {
					continue
				}
				n++
				for i, x := range []reports.FlashFigures{r.Current, r.Previous, r.LastYear} {
					sum[i].RevenueCents += x.RevenueCents
					sum[i].HTCents += x.HTCents
					sum[i].Orders += x.Orders
				}
			}
			if n != tot.Restaurants {
				t.Fatalf("%s: %d restaurants listed, %d counted", tot.Currency, n, tot.Restaurants)
			}
			check("week restaurants "+tot.Currency, sum[0], tot.Current)
			check("week restaurants previous "+tot.Currency, sum[1], tot.Previous)
			check("week restaurants last year "+tot.Currency, sum[2], tot.LastYear)
			check("week "+tot.Currency, tot.Current, raw(all, 20280320, 20280326)[tot.Currency])
			check("week last year "+tot.Currency, tot.LastYear, raw(all, 20270322, 20270328)[tot.Currency])
		}

		// A restaurant login: its restaurant only, another one not found.
		shop := w.shops[1].Restaurant
		resto := tenancy.Principal{Role: tenancy.RoleRestaurant, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{shop.ID}}
		mine, err := w.svc.WeekSummary(ctx, resto, 0, 20280320)
		if err != nil {
			t.Fatal(err)
		}
		if len(mine.Restaurants) != 1 || mine.Restaurants[0].RestaurantID != shop.ID || len(mine.Totals) != 1 {
			t.Fatalf("restaurant login's week: %+v", mine)
		}
		check("restaurant login week", mine.Totals[0].Current, raw(map[int64]bool{shop.ID: true}, 20280320, 20280326)[shop.Currency("EUR")])
		if _, err := w.svc.DaySummary(ctx, resto, w.shops[0].Restaurant.ID, 20280328); err == nil {
			t.Fatal("a restaurant login read another restaurant's summary")
		}
	})
}
