package reports_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// rawRestaurant recomputes a restaurant's comparison figures from the
// orders as posted, over the business dates from..to.
func rawRestaurant(w world, id int64, from, to int64) reports.RestaurantFigures {
	var f reports.RestaurantFigures
	var exitSum, exitN int64
	for _, p := range w.orders {
		if p.dev.Restaurant.ID != id || p.day < from || p.day > to {
			continue
		}
		switch {
		case p.o.Status == orders.StatusPaid:
			f.RevenueCents += p.o.Total
			f.Orders++
			for _, v := range p.o.VAT {
				f.HTCents += v.HT
			}
			if p.o.Discount != nil && p.o.Discount.Amount > 0 {
				f.DiscountCents += p.o.Discount.Amount
				f.DiscountedOrders++
			}
			if p.o.ExitSecs != nil {
				exitSum += int64(*p.o.ExitSecs)
				exitN++
			}
		case orders.CountsAsCancelled(p.o.Status):
			f.CancelledOrders++
			f.CancelledCents += p.o.Total
		}
	}
	f.AverageBasketCents = basket(f.RevenueCents, f.Orders)
	if exitN > 0 {
		v := float64(exitSum) / float64(exitN) / 60
		f.ExitMinutes = &v
	}
	return f
}

func sameFigures(a, b reports.RestaurantFigures) bool {
	ea, eb := a.ExitMinutes, b.ExitMinutes
	a.ExitMinutes, b.ExitMinutes = nil, nil
	if a != b || (ea == nil) != (eb == nil) {
		return false
	}
	return ea == nil || *ea == *eb
}

func addFigures(t *reports.RestaurantFigures, f reports.RestaurantFigures) {
	t.RevenueCents += f.RevenueCents
	t.HTCents += f.HTCents
	t.Orders += f.Orders
	t.DiscountCents += f.DiscountCents
	t.DiscountedOrders += f.DiscountedOrders
	t.CancelledOrders += f.CancelledOrders
	t.CancelledCents += f.CancelledCents
}

// checkComparison compares a report with the raw orders of the restaurants
// ids, over the range and the previous one.
func checkComparison(t *testing.T, w world, got reports.RestaurantComparison, ids map[int64]bool, currency string, cur, prev [2]string) {
	t.Helper()
	if got.Currency != currency || got.Start != cur[0] || got.End != cur[1] || got.Previous != (reports.FlashRange{Start: prev[0], End: prev[1]}) {
		t.Errorf("%s: %s %s..%s previous %+v, want %v %v", currency, got.Currency, got.Start, got.End, got.Previous, cur, prev)
	}
	if len(got.Items) != len(ids) {
		t.Fatalf("%s: %d restaurants, want %d", currency, len(got.Items), len(ids))
	}
	var totals [2]reports.RestaurantFigures
	var exitSum [2]float64
	var exitN [2]int64
	var active [2]int
	for i, row := range got.Items {
		if !ids[row.RestaurantID] {
			t.Errorf("%s: restaurant %d (%s) listed", currency, row.RestaurantID, row.Name)
			continue
		}
		if i > 0 && got.Items[i-1].Current.RevenueCents < row.Current.RevenueCents {
			t.Errorf("%s: not by revenue at %d", currency, i)
		}
		for col, rg := range [2][2]string{cur, prev} {
			raw := rawRestaurant(w, row.RestaurantID, date(rg[0]), date(rg[1]))
			fig := [2]reports.RestaurantFigures{row.Current, row.Previous}[col]
			if !sameFigures(fig, raw) {
				t.Errorf("%s %s column %d: %+v, raw %+v", currency, row.Name, col, fig, raw)
			}
			addFigures(&totals[col], raw)
			if raw.Orders > 0 {
				active[col]++
			}
			// The exit time of the whole: from the raw seconds again.
			for _, p := range w.orders {
				if p.dev.Restaurant.ID == row.RestaurantID && p.o.Status == orders.StatusPaid && p.day >= date(rg[0]) && p.day <= date(rg[1]) && p.o.ExitSecs != nil {
					exitSum[col] += float64(*p.o.ExitSecs)
					exitN[col]++
				}
			}
		}
	}
	if got.Active != active {
		t.Errorf("%s: active %v, raw %v", currency, got.Active, active)
	}
	for col := range totals {
		totals[col].AverageBasketCents = basket(totals[col].RevenueCents, totals[col].Orders)
		fr := [2]reports.RestaurantFigures{got.Franchise.Current, got.Franchise.Previous}[col]
		exit := fr.ExitMinutes
		fr.ExitMinutes = nil
		if fr != totals[col] {
			t.Errorf("%s franchise column %d: %+v, raw %+v", currency, col, fr, totals[col])
		}
		if exitN[col] == 0 || exit == nil || abs(*exit-exitSum[col]/float64(exitN[col])/60) > 1e-9 {
			t.Errorf("%s franchise exit column %d: %v, raw %v / %d", currency, col, exit, exitSum[col], exitN[col])
		}
		if totals[col].Orders == 0 || totals[col].DiscountedOrders == 0 || totals[col].CancelledOrders == 0 || totals[col].HTCents == 0 {
			t.Errorf("%s column %d: nothing tested (%+v)", currency, col, totals[col])
		}
		avg := [2]reports.RestaurantFigures{got.Average.Current, got.Average.Previous}[col]
		n := int64(active[col])
		if avg.RevenueCents != basket(totals[col].RevenueCents, n) || avg.Orders != basket(totals[col].Orders, n) ||
			avg.CancelledOrders != basket(totals[col].CancelledOrders, n) || avg.AverageBasketCents != totals[col].AverageBasketCents {
			t.Errorf("%s average column %d: %+v, totals %+v over %d", currency, col, avg, totals[col], n)
		}
	}
}

// restaurantsByCurrency is the franchise's restaurants not archived, by
// currency (the demo franchise's twelve, four of them with orders).
func restaurantsByCurrency(t *testing.T, w world) map[string]map[int64]bool {
	t.Helper()
	out := map[string]map[int64]bool{}
	rows, err := w.db.Query(context.Background(), `SELECT id, country_code FROM restaurants WHERE franchise_id = ? AND archived_at IS NULL`, w.admin.FranchiseID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var x tenancy.Restaurant
		if err := rows.Scan(&x.ID, &x.CountryCode); err != nil {
			t.Fatal(err)
		}
		c := x.Currency("EUR")
		if out[c] == nil {
			out[c] = map[int64]bool{}
		}
		out[c][x.ID] = true
	}
	return out
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestRestaurantComparisonEqualsRawOrders: every figure of every
// restaurant, the franchise total and average equal the raw orders', per
// currency, over a mid-month range of 180 days and a short one, and with a
// restaurant in focus (compared with the others of its currency).
func TestRestaurantComparisonEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		byCurrency := restaurantsByCurrency(t, w)
		if len(byCurrency["EUR"]) < 3 || len(byCurrency["CHF"]) != 1 || len(byCurrency["MAD"]) != 1 {
			t.Fatalf("currencies: %v", byCurrency)
		}
		for _, rg := range [][2][2]string{
			{{"2026-03-17", "2026-09-12"}, {"2025-09-18", "2026-03-16"}},
			{{"2026-09-01", "2026-09-12"}, {"2026-08-20", "2026-08-31"}},
		} {
			f := reports.Filter{Range: orders.Range{Start: date(rg[0][0]), End: date(rg[0][1])}}
			for _, cur := range []string{"", "CHF", "MAD"} {
				f.Currency = cur
				got, err := w.svc.Restaurants(ctx, w.admin, f)
				if err != nil {
					t.Fatal(err)
				}
				want := cur
				if want == "" {
					want = "EUR"
				}
				if got.FocusID != 0 || len(got.Currencies) != 3 {
					t.Errorf("focus %d, currencies %+v", got.FocusID, got.Currencies)
				}
				checkComparison(t, w, got, byCurrency[want], want, rg[0], rg[1])
			}
			// In focus: Lyon (EUR) among the EUR restaurants, whatever the
			// currency asked; Geneva alone in CHF.
			f.Currency = "MAD"
			f.RestaurantID = w.shops[1].Restaurant.ID
			got, err := w.svc.Restaurants(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			if got.FocusID != f.RestaurantID {
				t.Errorf("focus %d", got.FocusID)
			}
			checkComparison(t, w, got, byCurrency["EUR"], "EUR", rg[0], rg[1])
		}
	})
}

// TestRestaurantComparisonScope: another franchise's admin sees nothing of
// this franchise and cannot focus on its restaurant; a moderator compares
// its own restaurant only.
func TestRestaurantComparisonScope(t *testing.T) {
	w := revenueWorld(t, store.SQLite)
	ctx := context.Background()
	cur, prev := [2]string{"2026-03-17", "2026-09-12"}, [2]string{"2025-09-18", "2026-03-16"}
	f := reports.Filter{Range: orders.Range{Start: date(cur[0]), End: date(cur[1])}}
	mine := w.shops[0].Restaurant.ID
	var otherID int64
	if err := w.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM franchises WHERE id <> ?`, w.admin.FranchiseID).Scan(&otherID); err != nil {
		t.Fatal(err)
	}
	other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
	of := f
	of.RestaurantID = mine
	if _, err := w.svc.Restaurants(ctx, other, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin focusing on this franchise's restaurant: %v", err)
	}
	if got, err := w.svc.Restaurants(ctx, other, f); err != nil || got.Franchise.Current.Orders != 0 {
		t.Errorf("another franchise's admin: %v %+v", err, got.Franchise)
	}
	if _, err := w.svc.Equipments(ctx, other, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin, equipments of this franchise's restaurant: %v", err)
	}
	if got, err := w.svc.Equipments(ctx, other, f); err != nil {
		t.Error(err)
	} else {
		for _, e := range got.Items {
			if e.Orders != 0 {
				t.Errorf("another franchise sees sales on %+v", e)
			}
		}
	}
	if _, err := w.svc.RestaurantsToday(ctx, other, mine); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin, today of this franchise's restaurant: %v", err)
	}
	mod := tenancy.Principal{Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
	of.RestaurantID = w.shops[1].Restaurant.ID
	if _, err := w.svc.Restaurants(ctx, mod, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("moderator focusing on another restaurant: %v", err)
	}
	got, err := w.svc.Restaurants(ctx, mod, f)
	if err != nil {
		t.Fatal(err)
	}
	checkComparison(t, w, got, map[int64]bool{mine: true}, "EUR", cur, prev)
	eq, err := w.svc.Equipments(ctx, mod, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range eq.Items {
		if e.RestaurantID != mine {
			t.Errorf("moderator sees equipment %+v", e)
		}
	}
	today, err := w.svc.RestaurantsToday(ctx, mod, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(today.Restaurants) != 1 || today.Restaurants[0].RestaurantID != mine {
		t.Errorf("moderator's today: %+v", today.Restaurants)
	}
}

// TestEquipmentsEqualRawOrders: each equipment's paid orders and revenue
// over the range equal the raw orders', in its restaurant's currency, on
// both engines; the status follows the last call and OfflineAfter.
func TestEquipmentsEqualRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		now := time.Date(2026, 9, 15, 14, 0, 0, 0, time.UTC)
		reports.SetNow(w.svc, func() time.Time { return now })
		till, kiosk := w.shops[0].Tills[0].Equipment, w.shops[0].Kiosks[0].Equipment
		if _, err := w.db.Exec(ctx, `UPDATE equipments SET last_seen_at = ? WHERE id = ?`, now.Add(-reports.OfflineAfter+time.Second), till.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := w.db.Exec(ctx, `UPDATE equipments SET last_seen_at = ? WHERE id = ?`, now.Add(-reports.OfflineAfter-time.Second), kiosk.ID); err != nil {
			t.Fatal(err)
		}
		from, to := date("2026-03-17"), date("2026-09-12")
		got, err := w.svc.Equipments(ctx, w.admin, reports.Filter{Range: orders.Range{Start: from, End: to}})
		if err != nil {
			t.Fatal(err)
		}
		type sale struct{ n, total int64 }
		raw := map[int64]sale{}
		currency := map[int64]string{}
		for _, p := range w.orders {
			currency[p.dev.Equipment.ID] = p.dev.Restaurant.Currency("EUR")
			if p.o.Status == orders.StatusPaid && p.day >= from && p.day <= to {
				s := raw[p.dev.Equipment.ID]
				s.n++
				s.total += p.o.Total
				raw[p.dev.Equipment.ID] = s
			}
		}
		seen := map[int64]bool{}
		for _, e := range got.Items {
			seen[e.EquipmentID] = true
			if r := raw[e.EquipmentID]; e.Orders != r.n || e.RevenueCents != r.total {
				t.Errorf("%s %s: %d orders %d cents, raw %+v", e.Restaurant, e.Name, e.Orders, e.RevenueCents, r)
			}
			if c, ok := currency[e.EquipmentID]; ok && c != e.Currency {
				t.Errorf("%s %s in %s, want %s", e.Restaurant, e.Name, e.Currency, c)
			}
			switch e.EquipmentID {
			case till.ID:
				if !e.Online || e.LastSeenAt == nil {
					t.Errorf("till seen 4 min 59 s ago: %+v", e.EquipmentStatus)
				}
			case kiosk.ID:
				if e.Online || e.LastSeenAt == nil {
					t.Errorf("kiosk seen 5 min 1 s ago: %+v", e.EquipmentStatus)
				}
			}
		}
		for id, r := range raw {
			if !seen[id] && r.n > 0 {
				t.Errorf("equipment %d with %d orders not listed", id, r.n)
			}
		}
		if len(raw) < 4 {
			t.Errorf("%d equipments with orders: nothing tested", len(raw))
		}
	})
}

// TestRestaurantsTodayEqualsRawOrders: each restaurant's today until now
// and the same weekday last week until the same local time equal the raw
// paid orders'; the last order is the raw one; the statuses follow the
// equipments' last calls.
func TestRestaurantsTodayEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		now := time.Date(2026, 9, 15, 14, 0, 0, 0, time.UTC)
		reports.SetNow(w.svc, func() time.Time { return now })
		kiosk := w.shops[2].Kiosks[0].Equipment
		if _, err := w.db.Exec(ctx, `UPDATE equipments SET last_seen_at = NULL`); err != nil {
			t.Fatal(err)
		}
		if _, err := w.db.Exec(ctx, `UPDATE equipments SET last_seen_at = ? WHERE id = ?`, now.Add(-time.Minute), kiosk.ID); err != nil {
			t.Fatal(err)
		}
		got, err := w.svc.RestaurantsToday(ctx, w.admin, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got.Date != "2026-09-15" || got.LastWeek != "2026-09-08" || got.OfflineAfterMinutes != 5 {
			t.Errorf("%s %s %d", got.Date, got.LastWeek, got.OfflineAfterMinutes)
		}
		all := 0
		for _, ids := range restaurantsByCurrency(t, w) {
			all += len(ids)
		}
		if len(got.Restaurants) != all {
			t.Fatalf("%d restaurants, want %d", len(got.Restaurants), all)
		}
		var tested int64
		for _, r := range got.Restaurants {
			loc, _ := time.LoadLocation(r.TimeZone)
			local := now.In(loc)
			var today, week reports.FlashFigures
			var last time.Time
			weekFrom := time.Date(local.Year(), local.Month(), local.Day()-7, 0, 0, 0, 0, loc)
			weekTo := time.Date(local.Year(), local.Month(), local.Day()-7, local.Hour(), local.Minute(), local.Second(), 0, loc)
			for _, p := range w.orders {
				if p.dev.Restaurant.ID != r.RestaurantID || p.o.Status != orders.StatusPaid {
					continue
				}
				var ht int64
				for _, v := range p.o.VAT {
					ht += v.HT
				}
				at := p.o.PaidAt.Truncate(time.Second)
				switch {
				case p.day == orders.BusinessDate(now, loc) && at.Before(now):
					today.Orders++
					today.RevenueCents += p.o.Total
					today.HTCents += ht
				case !at.Before(weekFrom) && at.Before(weekTo):
					week.Orders++
					week.RevenueCents += p.o.Total
					week.HTCents += ht
				}
				if !at.After(now) && !at.Before(now.Add(-7*24*time.Hour)) && at.After(last) {
					last = at
				}
			}
			today.AverageBasketCents = basket(today.RevenueCents, today.Orders)
			week.AverageBasketCents = basket(week.RevenueCents, week.Orders)
			if r.Today != today || r.LastWeek != week {
				t.Errorf("%s: today %+v last week %+v, raw %+v %+v", r.Name, r.Today, r.LastWeek, today, week)
			}
			tested += today.Orders + week.Orders
			switch {
			case last.IsZero() && r.LastOrderAt != nil, !last.IsZero() && (r.LastOrderAt == nil || *r.LastOrderAt != last.UTC().Format(time.RFC3339)):
				t.Errorf("%s: last order %v, raw %v", r.Name, r.LastOrderAt, last)
			}
			if len(r.Equipments) == 0 {
				t.Errorf("%s: no equipment", r.Name)
			}
			for _, e := range r.Equipments {
				if e.Online != (e.EquipmentID == kiosk.ID) {
					t.Errorf("%s %s online %v", r.Name, e.Name, e.Online)
				}
			}
		}
		if tested == 0 {
			t.Error("no order today or last week: nothing tested")
		}
	})
}
