package reports_test

import (
	"context"
	"errors"
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

// flashWorld is the demo franchise's first four restaurants (EUR, MAD and
// CHF) with 430 days of orders up to Friday 31 March 2028, a leap year,
// plus orders placed to be left out: paid after the cut-off hour on the
// comparison days, and unpaid ones today.
func flashWorld(t *testing.T, engine store.Engine, now time.Time) world {
	t.Helper()
	ctx := context.Background()
	db, ten, shops := testutil.DemoShops(t, engine)
	shops = shops[:4]
	ord := orders.NewService(db, ten, events.NewLocal())
	last := time.Date(2028, 3, 31, 23, 59, 0, 0, time.UTC)
	g := demo.Generator{Shops: shops, Last: last, Now: now, Days: 430, Total: 4300, Seed: 18}
	var all []posted
	add := func(o orders.Order, dev tenancy.Device) {
		loc, _ := time.LoadLocation(dev.Restaurant.TimeZone)
		all = append(all, posted{o: o, dev: dev, day: orders.BusinessDate(o.PaidAt, loc)})
	}
	var models []posted // a paid till order per restaurant, to copy
	if err := g.Each(func(o orders.Order, dev tenancy.Device) error {
		add(o, dev)
		if o.Status == orders.StatusPaid && o.Source == orders.SourceTill && len(models) < 4 &&
			(len(models) == 0 || models[len(models)-1].dev.Restaurant.ID != dev.Restaurant.ID) {
			models = append(models, posted{o: o, dev: dev})
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// Extra orders, in every restaurant: paid 10 minutes after now's local
	// time of day on the comparison days' last day (out of the cut ones),
	// paid 10 minutes before (in), the same today, and today a cancelled and
	// a pending one.
	for i, m := range models {
		loc, _ := time.LoadLocation(m.dev.Restaurant.TimeZone)
		local := now.In(loc)
		at := func(d int64, minutes int) time.Time {
			return time.Date(int(d/10000), time.Month(d/100%100), int(d%100), local.Hour(), local.Minute()+minutes, local.Second(), 0, loc)
		}
		today := orders.BusinessDate(now, loc)
		for j, d := range []int64{today, orders.AddDays(today, -7), orders.AddDays(today, -364), reports.PreviousMonth(today), today - 10000} {
			for _, shift := range []int{10, -10} {
				o := m.o
				o.OrderID = "FLASH-" + strconv.Itoa(i) + "-" + strconv.Itoa(j) + "-" + strconv.Itoa(shift)
				o.PaidAt = at(d, shift).UTC()
				add(o, m.dev)
			}
		}
		for j, st := range []string{orders.StatusCancelled, orders.StatusPending} {
			o := m.o
			o.OrderID = "FLASH-UNPAID-" + strconv.Itoa(i) + "-" + strconv.Itoa(j)
			o.Status, o.Payments = st, nil
			o.PaidAt = at(today, -30).UTC()
			add(o, m.dev)
		}
	}
	devs := make([]tenancy.Device, len(all))
	bulk := make([]orders.Order, len(all))
	of := make([]int, len(all))
	for i, p := range all {
		devs[i], bulk[i], of[i] = p.dev, p.o, i
	}
	if _, err := ord.ImportRows(ctx, devs, bulk, of); err != nil {
		t.Fatal(err)
	}
	var stored int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM orders`).Scan(&stored); err != nil || stored != len(all) {
		t.Fatalf("%d orders stored of %d (%v)", stored, len(all), err)
	}
	var fid int64
	if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid); err != nil {
		t.Fatal(err)
	}
	w := world{db: db, svc: reports.NewService(ord, ten), admin: tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}, orders: all, shops: shops}
	reports.SetNow(w.svc, func() time.Time { return now })
	return w
}

type flashWant struct {
	figures   map[string]*reports.FlashFigures // per currency, or "#id" per restaurant
	types     map[string]*reports.FlashSplit   // currency|type
	sources   map[string]*reports.FlashSplit   // currency|source
	paidAfter int                              // paid orders left out by the cut, for the test's own check
}

// rawFlash sums the paid orders of the restaurants in days [from, to],
// those of day to only before now's local time of day when cut, from the
// orders as posted.
func rawFlash(w world, now time.Time, ids map[int64]bool, from, to string, cut bool) flashWant {
	start, _ := orders.ParseDate(from)
	end, _ := orders.ParseDate(to)
	out := flashWant{figures: map[string]*reports.FlashFigures{}, types: map[string]*reports.FlashSplit{}, sources: map[string]*reports.FlashSplit{}}
	for _, p := range w.orders {
		if !ids[p.dev.Restaurant.ID] || p.day < start || p.day > end || p.o.Status != orders.StatusPaid {
			continue
		}
		if cut && p.day == end {
			loc, _ := time.LoadLocation(p.dev.Restaurant.TimeZone)
			n, o := now.In(loc), p.o.PaidAt.In(loc)
			if o.Hour()*3600+o.Minute()*60+o.Second() >= n.Hour()*3600+n.Minute()*60+n.Second() {
				out.paidAfter++
				continue
			}
		}
		var ht int64
		for _, v := range p.o.VAT {
			ht += v.HT
		}
		cur := p.dev.Restaurant.Currency("EUR")
		for _, k := range []string{cur, "#" + strconv.FormatInt(p.dev.Restaurant.ID, 10)} {
			f := out.figures[k]
			if f == nil {
				f = &reports.FlashFigures{}
				out.figures[k] = f
			}
			f.RevenueCents += p.o.Total
			f.HTCents += ht
			f.Orders++
		}
		for _, s := range []struct {
			m   map[string]*reports.FlashSplit
			key string
		}{{out.types, strconv.Itoa(p.o.Type)}, {out.sources, p.o.Source}} {
			x := s.m[cur+"|"+s.key]
			if x == nil {
				x = &reports.FlashSplit{Key: s.key}
				s.m[cur+"|"+s.key] = x
			}
			x.Orders++
			x.RevenueCents += p.o.Total
		}
	}
	for _, f := range out.figures {
		f.AverageBasketCents = (f.RevenueCents + f.Orders/2) / f.Orders
	}
	return out
}

func (fw flashWant) get(k string) reports.FlashFigures {
	if f := fw.figures[k]; f != nil {
		return *f
	}
	return reports.FlashFigures{}
}

// checkFlash recomputes every figure of every period of got from the raw
// orders of the restaurants ids.
func checkFlash(t *testing.T, w world, now time.Time, got reports.Flash, ids map[int64]bool, dates [4][3][2]string) {
	t.Helper()
	keys := []string{"today", "yesterday", "week", "month"}
	if len(got.Periods) != 4 {
		t.Fatalf("%d periods", len(got.Periods))
	}
	paris, _ := time.LoadLocation("Europe/Paris")
	if got.Date != now.In(paris).Format("2006-01-02") || got.Until != now.In(paris).Format("15:04") {
		t.Errorf("date %s until %s", got.Date, got.Until)
	}
	cutOut := 0
	for i, p := range got.Periods {
		d := dates[i]
		if p.Key != keys[i] || p.Start != d[0][0] || p.End != d[0][1] || p.Previous.Start != d[1][0] || p.Previous.End != d[1][1] ||
			p.LastYear.Start != d[2][0] || p.LastYear.End != d[2][1] || p.Partial != (keys[i] != "yesterday") {
			t.Errorf("period %d: %s %s..%s partial %v, previous %+v, last year %+v; want %s %v", i, p.Key, p.Start, p.End, p.Partial, p.Previous, p.LastYear, keys[i], d)
			continue
		}
		cur := rawFlash(w, now, ids, p.Start, p.End, p.Partial)
		prev := rawFlash(w, now, ids, p.Previous.Start, p.Previous.End, p.Partial)
		ly := rawFlash(w, now, ids, p.LastYear.Start, p.LastYear.End, p.Partial)
		cutOut += prev.paidAfter + ly.paidAfter
		if len(p.Restaurants) != len(ids) {
			t.Errorf("%s: %d restaurants, want %d", p.Key, len(p.Restaurants), len(ids))
		}
		for j, r := range p.Restaurants {
			k := "#" + strconv.FormatInt(r.RestaurantID, 10)
			if j > 0 && p.Restaurants[j-1].Name > r.Name {
				t.Errorf("%s: restaurants not by name: %q before %q", p.Key, p.Restaurants[j-1].Name, r.Name)
			}
			if r.Current != cur.get(k) || r.Previous != prev.get(k) || r.LastYear != ly.get(k) {
				t.Errorf("%s %s: %+v / %+v / %+v, raw %+v / %+v / %+v", p.Key, r.Name, r.Current, r.Previous, r.LastYear, cur.get(k), prev.get(k), ly.get(k))
			}
		}
		seen := map[string]bool{}
		for _, tot := range p.Totals {
			seen[tot.Currency] = true
			c := tot.Currency
			if tot.Current != cur.get(c) || tot.Previous != prev.get(c) || tot.LastYear != ly.get(c) {
				t.Errorf("%s %s: %+v / %+v / %+v, raw %+v / %+v / %+v", p.Key, c, tot.Current, tot.Previous, tot.LastYear, cur.get(c), prev.get(c), ly.get(c))
			}
			for _, s := range []struct {
				name        string
				got         []reports.FlashSplit
				now, before map[string]*reports.FlashSplit
				label       func(string) string
			}{
				{"type", tot.ByOrderType, cur.types, prev.types, func(k string) string { n, _ := strconv.Atoi(k); return orders.TypeNames[n] }},
				{"source", tot.BySource, cur.sources, prev.sources, func(k string) string { return reports.SourceLabels[k] }},
			} {
				want := map[string]reports.FlashSplit{}
				for k, v := range s.now {
					if k[:len(c)+1] == c+"|" {
						x := want[v.Key]
						x.Key, x.Orders, x.RevenueCents = v.Key, v.Orders, v.RevenueCents
						want[v.Key] = x
					}
				}
				for k, v := range s.before {
					if k[:len(c)+1] == c+"|" {
						x := want[v.Key]
						x.Key, x.PreviousOrders, x.PreviousRevenueCents = v.Key, v.Orders, v.RevenueCents
						want[v.Key] = x
					}
				}
				if len(s.got) != len(want) {
					t.Errorf("%s %s by %s: %d rows, want %d", p.Key, c, s.name, len(s.got), len(want))
				}
				for j, g := range s.got {
					x := want[g.Key]
					x.Label = s.label(g.Key)
					if g != x || x.Label == "" {
						t.Errorf("%s %s by %s: %+v, raw %+v", p.Key, c, s.name, g, x)
					}
					if j > 0 && s.got[j-1].RevenueCents < g.RevenueCents {
						t.Errorf("%s %s by %s: not by revenue", p.Key, c, s.name)
					}
				}
			}
		}
		for k := range cur.figures {
			if k[0] != '#' && !seen[k] {
				t.Errorf("%s: no total in %s", p.Key, k)
			}
		}
	}
	if cutOut == 0 {
		t.Error("no paid order after the cut-off on a comparison day: the cut is not tested")
	}
}

func allIDs(shops []demo.Shop) map[int64]bool {
	ids := map[int64]bool{}
	for _, s := range shops {
		ids[s.Restaurant.ID] = true
	}
	return ids
}

// TestFlashEqualsRawOrders: every figure of the four periods, their
// comparisons, splits and restaurants equals the raw paid orders', the
// partial days cut at now's local time of day; CHF and MAD restaurants
// have their own totals; the month comparisons clamp (31 March against 1–29
// February in a leap year; 29 February against 28 February a year earlier).
func TestFlashEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		// Friday 31 March 2028, 12:30 in Paris.
		now := time.Date(2028, 3, 31, 10, 30, 0, 0, time.UTC)
		w := flashWorld(t, engine, now)
		got, err := w.svc.Flash(ctx, w.admin, 0)
		if err != nil {
			t.Fatal(err)
		}
		// The franchise has more restaurants than the four with orders:
		// every one is listed, the others with zeros.
		var all []int64
		rows, err := w.db.Query(ctx, `SELECT id FROM restaurants WHERE franchise_id = ?`, w.admin.FranchiseID)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			all = append(all, id)
		}
		rows.Close()
		ids := map[int64]bool{}
		for _, id := range all {
			ids[id] = true
		}
		dates := [4][3][2]string{
			{{"2028-03-31", "2028-03-31"}, {"2028-03-24", "2028-03-24"}, {"2027-04-02", "2027-04-02"}},
			{{"2028-03-30", "2028-03-30"}, {"2028-03-23", "2028-03-23"}, {"2027-04-01", "2027-04-01"}},
			{{"2028-03-27", "2028-03-31"}, {"2028-03-20", "2028-03-24"}, {"2027-03-29", "2027-04-02"}},
			{{"2028-03-01", "2028-03-31"}, {"2028-02-01", "2028-02-29"}, {"2027-03-01", "2027-03-31"}},
		}
		checkFlash(t, w, now, got, ids, dates)
		var codes []string
		for _, tot := range got.Periods[3].Totals {
			codes = append(codes, tot.Currency)
		}
		if len(codes) < 3 || codes[0] != "EUR" || !contains(codes, "CHF") || !contains(codes, "MAD") {
			t.Errorf("currencies %v: want EUR first, CHF and MAD apart", codes)
		}
		for _, tot := range got.Periods[3].Totals {
			if tot.Current.Orders == 0 || tot.Previous.Orders == 0 || tot.LastYear.Orders == 0 {
				t.Errorf("month %s: an empty column %+v", tot.Currency, tot)
			}
		}

		// One restaurant (CHF), and the clamps the other way round: on 29
		// February 2028 the month compares with 1–29 January and 1–28
		// February 2027.
		var chf tenancy.Restaurant
		for _, s := range w.shops {
			if s.Restaurant.Currency("EUR") == "CHF" {
				chf = s.Restaurant
			}
		}
		if chf.ID == 0 {
			t.Fatal("no CHF restaurant")
		}
		now = time.Date(2028, 2, 29, 11, 15, 0, 0, time.UTC)
		reports.SetNow(w.svc, func() time.Time { return now })
		got, err = w.svc.Flash(ctx, w.admin, chf.ID)
		if err != nil {
			t.Fatal(err)
		}
		dates = [4][3][2]string{
			{{"2028-02-29", "2028-02-29"}, {"2028-02-22", "2028-02-22"}, {"2027-03-02", "2027-03-02"}},
			{{"2028-02-28", "2028-02-28"}, {"2028-02-21", "2028-02-21"}, {"2027-03-01", "2027-03-01"}},
			{{"2028-02-28", "2028-02-29"}, {"2028-02-21", "2028-02-22"}, {"2027-03-01", "2027-03-02"}},
			{{"2028-02-01", "2028-02-29"}, {"2028-01-01", "2028-01-29"}, {"2027-02-01", "2027-02-28"}},
		}
		checkFlash(t, w, now, got, map[int64]bool{chf.ID: true}, dates)
		if tots := got.Periods[3].Totals; len(tots) != 1 || tots[0].Currency != "CHF" {
			t.Errorf("a CHF restaurant's totals: %+v", tots)
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestFlashScope: another franchise's principal cannot read this
// franchise's restaurant; a moderator sees its restaurant only.
func TestFlashScope(t *testing.T) {
	now := time.Date(2028, 3, 31, 10, 30, 0, 0, time.UTC)
	w := flashWorld(t, store.SQLite, now)
	ctx := context.Background()
	mine := w.shops[0].Restaurant.ID
	var otherID int64
	if err := w.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM franchises WHERE id <> ?`, w.admin.FranchiseID).Scan(&otherID); err != nil {
		t.Fatal(err)
	}
	if otherID == 0 {
		otherID = w.admin.FranchiseID + 1000
	}
	other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
	if _, err := w.svc.Flash(ctx, other, mine); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin asking this franchise's restaurant: %v", err)
	}
	if got, err := w.svc.Flash(ctx, other, 0); err == nil {
		for _, p := range got.Periods {
			for _, r := range p.Restaurants {
				if allIDs(w.shops)[r.RestaurantID] {
					t.Errorf("another franchise's admin sees restaurant %d", r.RestaurantID)
				}
			}
		}
	}
	mod := tenancy.Principal{Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
	if _, err := w.svc.Flash(ctx, mod, w.shops[1].Restaurant.ID); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("moderator asking another restaurant: %v", err)
	}
	got, err := w.svc.Flash(ctx, mod, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkFlash(t, w, now, got, map[int64]bool{mine: true}, [4][3][2]string{
		{{"2028-03-31", "2028-03-31"}, {"2028-03-24", "2028-03-24"}, {"2027-04-02", "2027-04-02"}},
		{{"2028-03-30", "2028-03-30"}, {"2028-03-23", "2028-03-23"}, {"2027-04-01", "2027-04-01"}},
		{{"2028-03-27", "2028-03-31"}, {"2028-03-20", "2028-03-24"}, {"2027-03-29", "2027-04-02"}},
		{{"2028-03-01", "2028-03-31"}, {"2028-02-01", "2028-02-29"}, {"2027-03-01", "2027-03-31"}},
	})
}
