package reports_test

import (
	"context"
	"errors"
	"sort"
	"testing"
	"time"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// collectRanges are the ranges of the click & collect and cancellation
// tests: 180 days from mid-March (across Paris' offset change of 29 March
// and Casablanca's), and a week around the change of 25 October 2025.
var collectRanges = [][2]string{{"2026-03-17", "2026-09-12"}, {"2025-10-22", "2025-10-28"}}

type collectRaw struct{ collect, all orders.Metrics }

func (a *collectRaw) add(p posted) {
	if p.o.Status != orders.StatusPaid {
		return
	}
	m := orders.Metrics{N: 1, Total: p.o.Total, Fees: p.o.Fees}
	a.all.Add(m)
	if p.o.Source == orders.SourceCollect {
		a.collect.Add(m)
	}
}

func (a collectRaw) figures() reports.CollectFigures {
	return reports.CollectFigures{RevenueCents: a.collect.Total, Orders: a.collect.N, AverageBasketCents: basket(a.collect.Total, a.collect.N),
		FeesCents: a.collect.Fees, AllRevenueCents: a.all.Total, AllOrders: a.all.N, SharePct: truncPct(a.collect.Total, a.all.Total)}
}

func truncPct(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*10000/whole) / 100
}

// checkCollect recomputes every figure of the report from the raw orders
// of the restaurants ids.
func checkCollect(t *testing.T, w world, got reports.ClickAndCollect, ids map[int64]bool, currency string, rg [2]string) {
	t.Helper()
	name := currency + " " + rg[0]
	start, end := date(rg[0]), date(rg[1])
	n := days(start, end) + 1
	pstart := orders.AddDays(start, -n)
	if got.Currency != currency || got.Start != rg[0] || got.End != rg[1] ||
		got.Previous != (reports.FlashRange{Start: orders.FormatDate(pstart), End: orders.FormatDate(orders.AddDays(start, -1))}) {
		t.Errorf("%s: %s %s..%s previous %+v", name, got.Currency, got.Start, got.End, got.Previous)
	}
	var totals [2]collectRaw
	perDay := [2]map[int64]*collectRaw{{}, {}}
	perRest := map[int64]*[2]collectRaw{}
	var hours [24]reports.CollectHour
	types := map[int]*orders.Metrics{}
	for _, p := range w.orders {
		id := p.dev.Restaurant.ID
		if !ids[id] {
			continue
		}
		col := -1
		switch {
		case p.day >= start && p.day <= end:
			col = 0
		case p.day >= pstart && p.day < start:
			col = 1
		default:
			continue
		}
		totals[col].add(p)
		if perDay[col][p.day] == nil {
			perDay[col][p.day] = &collectRaw{}
		}
		perDay[col][p.day].add(p)
		if perRest[id] == nil {
			perRest[id] = &[2]collectRaw{}
		}
		perRest[id][col].add(p)
		if col == 0 && p.o.Status == orders.StatusPaid && p.o.Source == orders.SourceCollect {
			loc, _ := time.LoadLocation(p.dev.Restaurant.TimeZone)
			h := p.o.PaidAt.In(loc).Hour()
			hours[h].Orders++
			hours[h].RevenueCents += p.o.Total
			if types[p.o.Type] == nil {
				types[p.o.Type] = &orders.Metrics{}
			}
			types[p.o.Type].Add(orders.Metrics{N: 1, Total: p.o.Total, Fees: p.o.Fees})
		}
	}
	if got.Totals.Current != totals[0].figures() || got.Totals.Previous != totals[1].figures() {
		t.Errorf("%s totals: %+v, raw %+v / %+v", name, got.Totals, totals[0].figures(), totals[1].figures())
	}
	if totals[0].collect.N == 0 || totals[1].collect.N == 0 || totals[0].collect.Fees == 0 {
		t.Errorf("%s: no click & collect order (or no fee) in a period: nothing tested", name)
	}
	if len(got.Days) != n {
		t.Fatalf("%s: %d days, want %d", name, len(got.Days), n)
	}
	for i, d := range got.Days {
		day, pd := orders.AddDays(start, i), orders.AddDays(pstart, i)
		var want reports.CollectDay
		want.Date, want.PreviousDate = orders.FormatDate(day), orders.FormatDate(pd)
		if a := perDay[0][day]; a != nil {
			want.Current = a.figures()
		}
		if a := perDay[1][pd]; a != nil {
			want.Previous = a.figures()
		}
		if d != want {
			t.Errorf("%s day %d: %+v, raw %+v", name, i, d, want)
		}
	}
	for h := range 24 {
		hours[h].Hour = h
		if got.Hours[h] != hours[h] {
			t.Errorf("%s hour %d: %+v, raw %+v", name, h, got.Hours[h], hours[h])
		}
	}
	if len(got.Types) != len(types) {
		t.Errorf("%s: %d types, raw %d", name, len(got.Types), len(types))
	}
	for i, ty := range got.Types {
		m := types[ty.Type]
		if m == nil || ty.Orders != m.N || ty.RevenueCents != m.Total || ty.FeesCents != m.Fees || ty.Label != orders.TypeNames[ty.Type] ||
			ty.SharePct != truncPct(m.Total, totals[0].collect.Total) {
			t.Errorf("%s type %+v, raw %+v", name, ty, m)
		}
		if i > 0 && got.Types[i-1].RevenueCents < ty.RevenueCents {
			t.Errorf("%s: types out of order", name)
		}
	}
	// Every restaurant of the currency has its row (the demo's others,
	// without orders here, at zero).
	seen := 0
	for i, r := range got.Restaurants {
		var want [2]collectRaw
		if a := perRest[r.ID]; a != nil {
			want = *a
		}
		if ids[r.ID] {
			seen++
		}
		if r.Name == "" || r.Current != want[0].figures() || r.Previous != want[1].figures() {
			t.Errorf("%s restaurant %d %s: %+v, raw %+v %+v", name, r.ID, r.Name, r, want[0].figures(), want[1].figures())
		}
		if i > 0 && got.Restaurants[i-1].Current.RevenueCents < r.Current.RevenueCents {
			t.Errorf("%s: restaurants out of order", name)
		}
	}
	if seen != len(ids) {
		t.Errorf("%s: %d of the %d restaurants", name, seen, len(ids))
	}
}

func currencyIDs(t *testing.T, w world) map[string]map[int64]bool {
	t.Helper()
	by := map[string]map[int64]bool{}
	for _, s := range w.shops {
		c := s.Restaurant.Currency("EUR")
		if by[c] == nil {
			by[c] = map[int64]bool{}
		}
		by[c][s.Restaurant.ID] = true
	}
	if len(by["EUR"]) != 2 || len(by["CHF"]) != 1 || len(by["MAD"]) != 1 {
		t.Fatalf("currencies: %v", by)
	}
	return by
}

// TestClickAndCollectEqualsRawOrders: every figure of the click & collect
// report (totals, days, local hours, types, restaurants, both periods)
// equals the raw orders', to the cent, per currency and for one
// restaurant, on both engines.
func TestClickAndCollectEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		by := currencyIDs(t, w)
		for i, rg := range collectRanges {
			f := reports.Filter{Range: orders.Range{Start: date(rg[0]), End: date(rg[1])}}
			curs := []string{"", "CHF", "MAD"}
			if i > 0 {
				curs = curs[:1]
			}
			for _, cur := range curs {
				f.Currency = cur
				got, err := w.svc.ClickAndCollect(ctx, w.admin, f)
				if err != nil {
					t.Fatal(err)
				}
				want := cur
				if want == "" {
					want = "EUR"
				}
				if len(got.Currencies) != 3 {
					t.Errorf("currencies %+v", got.Currencies)
				}
				if i == 0 {
					checkCollect(t, w, got, by[want], want, rg)
				}
			}
			f.Currency, f.RestaurantID = "", w.shops[1].Restaurant.ID
			got, err := w.svc.ClickAndCollect(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				checkCollect(t, w, got, map[int64]bool{f.RestaurantID: true}, "EUR", rg)
			}
		}
		var ve *tenancy.ValidationError
		long := reports.Filter{Range: orders.Range{Start: date("2025-01-01"), End: date("2026-01-02")}}
		if _, err := w.svc.ClickAndCollect(ctx, w.admin, long); !errors.As(err, &ve) || ve.Field != "query.end" {
			t.Errorf("367 days: %v", err)
		}
	})
}

// TestCollectScope: another franchise's admin neither reads this
// franchise's restaurant nor sees its orders; a moderator's report is its
// restaurant's.
func TestCollectScope(t *testing.T) {
	w := revenueWorld(t, store.SQLite)
	ctx := context.Background()
	rg := collectRanges[0]
	f := reports.Filter{Range: orders.Range{Start: date(rg[0]), End: date(rg[1])}}
	mine := w.shops[0].Restaurant.ID
	var otherID int64
	if err := w.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM franchises WHERE id <> ?`, w.admin.FranchiseID).Scan(&otherID); err != nil {
		t.Fatal(err)
	}
	other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
	of := f
	of.RestaurantID = mine
	if _, err := w.svc.ClickAndCollect(ctx, other, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("click & collect, another franchise's admin asking this franchise's restaurant: %v", err)
	}
	if _, err := w.svc.Cancellations(ctx, other, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("cancellations, another franchise's admin asking this franchise's restaurant: %v", err)
	}
	if _, err := w.svc.CancelledOrders(ctx, other, of, 0, 10); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("cancelled orders, another franchise's admin asking this franchise's restaurant: %v", err)
	}
	if got, err := w.svc.ClickAndCollect(ctx, other, f); err != nil || got.Totals.Current.AllOrders != 0 {
		t.Errorf("another franchise's admin: %v %+v", err, got.Totals)
	}
	if got, err := w.svc.Cancellations(ctx, other, f); err != nil || got.Totals.Current.AllOrders != 0 || len(got.Equipments) != 0 {
		t.Errorf("another franchise's admin, cancellations: %v %+v", err, got.Totals)
	}
	if got, err := w.svc.CancelledOrders(ctx, other, f, 0, 10); err != nil || got.Total != 0 || len(got.Items) != 0 {
		t.Errorf("another franchise's admin, cancelled orders: %v %+v", err, got)
	}
	mod := tenancy.Principal{Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
	of.RestaurantID = w.shops[1].Restaurant.ID
	if _, err := w.svc.ClickAndCollect(ctx, mod, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("moderator asking another restaurant: %v", err)
	}
	if _, err := w.svc.Cancellations(ctx, mod, of); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("moderator asking another restaurant (cancellations): %v", err)
	}
	got, err := w.svc.ClickAndCollect(ctx, mod, f)
	if err != nil {
		t.Fatal(err)
	}
	checkCollect(t, w, got, map[int64]bool{mine: true}, "EUR", rg)
	cg, err := w.svc.Cancellations(ctx, mod, f)
	if err != nil {
		t.Fatal(err)
	}
	checkCancellations(t, w, cg, map[int64]bool{mine: true}, "EUR", rg)
	page, err := w.svc.CancelledOrders(ctx, mod, f, 0, -1)
	if err != nil {
		t.Fatal(err)
	}
	checkCancelledList(t, w, page, map[int64]bool{mine: true}, rg, 0, -1)
}

// ---- cancellations ----

type cancelRaw struct{ cancelled, all orders.Metrics }

func (a *cancelRaw) add(p posted) {
	if p.o.Status == orders.StatusPending {
		return
	}
	m := orders.Metrics{N: 1, Total: p.o.Total}
	a.all.Add(m)
	if p.o.Status != orders.StatusPaid {
		a.cancelled.Add(m)
	}
}

func (a cancelRaw) figures() reports.CancelFigures {
	return reports.CancelFigures{Orders: a.cancelled.N, AmountCents: a.cancelled.Total, AllOrders: a.all.N, SharePct: truncPct(a.cancelled.N, a.all.N)}
}

func checkCancellations(t *testing.T, w world, got reports.Cancellations, ids map[int64]bool, currency string, rg [2]string) {
	t.Helper()
	name := "cancellations " + currency + " " + rg[0]
	start, end := date(rg[0]), date(rg[1])
	n := days(start, end) + 1
	pstart := orders.AddDays(start, -n)
	if got.Currency != currency || got.Start != rg[0] || got.End != rg[1] || got.Previous.Start != orders.FormatDate(pstart) {
		t.Errorf("%s: %s %s..%s previous %+v", name, got.Currency, got.Start, got.End, got.Previous)
	}
	var totals [2]cancelRaw
	perDay := map[int64]*cancelRaw{}
	perRest := map[int64]*[2]cancelRaw{}
	statuses := map[string]*cancelRaw{}
	sources := map[string]*cancelRaw{}
	type eq struct{ orders, amount, refunded int64 }
	equip := map[int64]*eq{}
	for _, p := range w.orders {
		id := p.dev.Restaurant.ID
		if !ids[id] {
			continue
		}
		col := -1
		switch {
		case p.day >= start && p.day <= end:
			col = 0
		case p.day >= pstart && p.day < start:
			col = 1
		default:
			continue
		}
		totals[col].add(p)
		if perRest[id] == nil {
			perRest[id] = &[2]cancelRaw{}
		}
		perRest[id][col].add(p)
		if col != 0 {
			continue
		}
		if perDay[p.day] == nil {
			perDay[p.day] = &cancelRaw{}
		}
		perDay[p.day].add(p)
		if sources[p.o.Source] == nil {
			sources[p.o.Source] = &cancelRaw{}
		}
		sources[p.o.Source].add(p)
		if p.o.Status != orders.StatusPaid && p.o.Status != orders.StatusPending {
			if statuses[p.o.Status] == nil {
				statuses[p.o.Status] = &cancelRaw{}
			}
			statuses[p.o.Status].add(p)
			e := equip[p.dev.Equipment.ID]
			if e == nil {
				e = &eq{}
				equip[p.dev.Equipment.ID] = e
			}
			e.orders++
			e.amount += p.o.Total
			if p.o.Status == orders.StatusRefunded || p.o.Status == orders.StatusPartiallyRefunded {
				e.refunded++
			}
		}
	}
	if got.Totals.Current != totals[0].figures() || got.Totals.Previous != totals[1].figures() {
		t.Errorf("%s totals: %+v, raw %+v / %+v", name, got.Totals, totals[0].figures(), totals[1].figures())
	}
	if totals[0].cancelled.N == 0 || totals[1].cancelled.N == 0 || len(statuses) < 3 {
		t.Errorf("%s: too few cancelled orders (%d statuses): nothing tested", name, len(statuses))
	}
	if len(got.Statuses) != len(statuses) {
		t.Errorf("%s: %d statuses, raw %d", name, len(got.Statuses), len(statuses))
	}
	for _, s := range got.Statuses {
		want := statuses[s.Key].figures()
		want.AllOrders, want.SharePct = totals[0].all.N, truncPct(want.Orders, totals[0].all.N)
		if s.CancelFigures != want || s.Label != orders.StatusLabel(s.Key) {
			t.Errorf("%s status %+v, raw %+v", name, s, want)
		}
	}
	if len(got.Sources) != len(sources) {
		t.Errorf("%s: %d sources, raw %d", name, len(got.Sources), len(sources))
	}
	for _, s := range got.Sources {
		if s.CancelFigures != sources[s.Key].figures() {
			t.Errorf("%s source %+v, raw %+v", name, s, sources[s.Key].figures())
		}
	}
	if len(got.Reasons) != 1 || got.Reasons[0].Label != "Motif non renseigné" || got.Reasons[0].CancelFigures != totals[0].figures() {
		t.Errorf("%s reasons %+v", name, got.Reasons)
	}
	if len(got.Days) != n {
		t.Fatalf("%s: %d days", name, len(got.Days))
	}
	for i, d := range got.Days {
		day := orders.AddDays(start, i)
		var want reports.CancelFigures
		if a := perDay[day]; a != nil {
			want = a.figures()
		}
		if d.Date != orders.FormatDate(day) || d.CancelFigures != want {
			t.Errorf("%s day %s: %+v, raw %+v", name, orders.FormatDate(day), d, want)
		}
	}
	seen := 0
	for _, r := range got.Restaurants {
		var want [2]cancelRaw
		if a := perRest[r.ID]; a != nil {
			want = *a
		}
		if ids[r.ID] {
			seen++
		}
		if r.Current != want[0].figures() || r.Previous != want[1].figures() {
			t.Errorf("%s restaurant %s: %+v, raw %+v %+v", name, r.Name, r, want[0].figures(), want[1].figures())
		}
	}
	if seen != len(ids) {
		t.Errorf("%s: %d of the %d restaurants", name, seen, len(ids))
	}
	if len(got.Equipments) != len(equip) {
		t.Errorf("%s: %d equipments, raw %d", name, len(got.Equipments), len(equip))
	}
	for i, e := range got.Equipments {
		want := equip[e.ID]
		if want == nil || e.Orders != want.orders || e.AmountCents != want.amount || e.Refunded != want.refunded || e.Name == "" || !ids[e.RestaurantID] {
			t.Errorf("%s equipment %+v, raw %+v", name, e, want)
		}
		if i > 0 && got.Equipments[i-1].Orders < e.Orders {
			t.Errorf("%s: equipments out of order", name)
		}
	}
}

// checkCancelledList: a page of the latest cancelled orders is the raw
// cancelled orders', latest day first, then latest time, then latest id.
func checkCancelledList(t *testing.T, w world, got reports.CancelledPage, ids map[int64]bool, rg [2]string, page, size int) {
	t.Helper()
	start, end := date(rg[0]), date(rg[1])
	var raw []posted
	for _, p := range w.orders {
		if ids[p.dev.Restaurant.ID] && p.day >= start && p.day <= end && p.o.Status != orders.StatusPaid && p.o.Status != orders.StatusPending {
			raw = append(raw, p)
		}
	}
	if got.Total != int64(len(raw)) || len(raw) == 0 {
		t.Errorf("list total %d, raw %d", got.Total, len(raw))
	}
	sort.SliceStable(raw, func(i, j int) bool {
		if raw[i].day != raw[j].day {
			return raw[i].day > raw[j].day
		}
		return raw[i].o.PaidAt.Unix() > raw[j].o.PaidAt.Unix()
	})
	from, to := 0, len(raw)
	if size >= 0 {
		from, to = min(page*size, len(raw)), min(page*size+size, len(raw))
	}
	want := raw[from:to]
	if len(got.Items) != len(want) {
		t.Fatalf("page %d of %d: %d items, want %d", page, size, len(got.Items), len(want))
	}
	for i, it := range got.Items {
		p := want[i]
		// Orders paid at the same second may come in either order of the
		// raw list: compare what the list shows at that rank.
		if it.PaidAt != p.o.PaidAt.UTC().Format(time.RFC3339) || it.BusinessDate != orders.FormatDate(p.day) {
			t.Errorf("item %d: %+v, raw %s %s", i, it, p.o.OrderID, p.o.PaidAt)
			continue
		}
		if it.OrderID == p.o.OrderID && (it.AmountCents != p.o.Total || it.FeesCents != p.o.Fees || it.Status != p.o.Status || it.Source != p.o.Source ||
			it.RestaurantID != p.dev.Restaurant.ID || it.Equipment == "" || it.Reason != "Motif non renseigné" || it.StatusLabel != orders.StatusLabel(p.o.Status)) {
			t.Errorf("item %d: %+v, raw %+v", i, it, p.o)
		}
	}
}

// TestCancellationsEqualsRawOrders: every figure of MesAnnulations
// (totals, statuses, sources, reason, days, restaurants, equipments) and
// its list's pages equal the raw orders', per currency and for one
// restaurant, on both engines.
func TestCancellationsEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		by := currencyIDs(t, w)
		rg := collectRanges[0]
		f := reports.Filter{Range: orders.Range{Start: date(rg[0]), End: date(rg[1])}}
		for _, cur := range []string{"", "CHF", "MAD"} {
			f.Currency = cur
			want := cur
			if want == "" {
				want = "EUR"
			}
			got, err := w.svc.Cancellations(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			checkCancellations(t, w, got, by[want], want, rg)
			for _, pg := range [][2]int{{0, 10}, {2, 10}, {0, -1}} {
				page, err := w.svc.CancelledOrders(ctx, w.admin, f, pg[0], pg[1])
				if err != nil {
					t.Fatal(err)
				}
				if page.Currency != want {
					t.Errorf("list currency %s", page.Currency)
				}
				checkCancelledList(t, w, page, by[want], rg, pg[0], pg[1])
			}
		}
		f.Currency, f.RestaurantID = "", w.shops[1].Restaurant.ID
		got, err := w.svc.Cancellations(ctx, w.admin, f)
		if err != nil {
			t.Fatal(err)
		}
		checkCancellations(t, w, got, map[int64]bool{f.RestaurantID: true}, "EUR", rg)
	})
}
