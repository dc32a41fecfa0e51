package reports_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// fakeCartes is a catalogue of purchase prices: the product mix's margins
// are checked against prices the test chose, carte by carte.
type fakeCartes [][]menu.CatalogueProduct

func (c fakeCartes) Catalogue(context.Context, tenancy.Principal) ([]menu.CatalogueCarte, error) {
	out := make([]menu.CatalogueCarte, len(c))
	for i, products := range c {
		out[i] = menu.CatalogueCarte{Products: products}
	}
	return out, nil
}

// mixPrices gives every other product sold in the world a purchase price
// (a third of its unit price, written with another letter case and
// spaces around its name for one in three of them, as a carte may), puts
// a second carte with a different price for one product (a conflict: no
// margin) and a price of 0 for another (unknown). It returns the cartes
// and the prices the margins must use, by category|name as sold.
func mixPrices(w world) (cartes fakeCartes, known map[string]int64, conflict string) {
	type sold struct {
		cat, name string
		unit      int64
	}
	var list []sold
	seen := map[string]bool{}
	for _, p := range w.orders {
		for _, l := range p.o.Lines {
			if k := l.Category + "|" + l.Name; !seen[k] {
				seen[k] = true
				list = append(list, sold{l.Category, l.Name, l.UnitPrice})
			}
		}
	}
	slices.SortFunc(list, func(a, b sold) int { return strings.Compare(a.cat+"|"+a.name, b.cat+"|"+b.name) })
	var first, second []menu.CatalogueProduct
	known = map[string]int64{}
	priced := 0
	for i, s := range list {
		if i%2 == 1 {
			continue
		}
		price := s.unit/3 + 1
		name := s.name
		if priced%3 == 1 {
			name = "  " + strings.ToUpper(s.name) + " "
		}
		priced++
		first = append(first, menu.CatalogueProduct{Name: name, CategoryName: s.cat, PurchasePrice: menu.Cents(price)})
		known[s.cat+"|"+s.name] = price
	}
	// A conflict and a zero price.
	if len(list) > 4 {
		c := list[2]
		second = append(second, menu.CatalogueProduct{Name: c.name, CategoryName: c.cat, PurchasePrice: menu.Cents(known[c.cat+"|"+c.name] + 7)})
		delete(known, c.cat+"|"+c.name)
		conflict = c.cat + "|" + c.name
		z := list[3]
		second = append(second, menu.CatalogueProduct{Name: z.name, CategoryName: z.cat, PurchasePrice: menu.Cents(0)})
	}
	return fakeCartes{first, second}, known, conflict
}

func rawPct(part, whole int64) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*10000/whole) / 100
}

func rawTrend(now, before int64) *float64 {
	if before == 0 {
		return nil
	}
	v := float64((now-before)*10000/before) / 100
	return &v
}

type rawItem struct {
	a, b                string // category (group) and name
	qty, ttc, ht        int64
	pqty, pttc          int64
	rank, prank         int
	hasRank, hasPrevRnk bool
}

// rawMix recomputes the product mix from the orders as posted.
func rawMix(w world, ids map[int64]bool, r orders.Range, known map[string]int64, conflict string) reports.ProductMix {
	n := r.Days()
	prev := orders.Range{Start: orders.AddDays(r.Start, -n), End: orders.AddDays(r.End, -n)}
	prods, opts := map[[2]string]*rawItem{}, map[[2]string]*rawItem{}
	get := func(m map[[2]string]*rawItem, a, b string) *rawItem {
		k := [2]string{a, b}
		if m[k] == nil {
			m[k] = &rawItem{a: a, b: b}
		}
		return m[k]
	}
	for _, p := range w.orders {
		if !ids[p.dev.Restaurant.ID] || p.o.Status != orders.StatusPaid {
			continue
		}
		cur := p.day >= r.Start && p.day <= r.End
		before := p.day >= prev.Start && p.day <= prev.End
		if !cur && !before {
			continue
		}
		for _, l := range p.o.Lines {
			it := get(prods, l.Category, l.Name)
			if cur {
				it.qty += int64(l.Quantity)
				it.ttc += l.Total
				it.ht += orders.HT(l.Total, l.TaxRate)
			} else {
				it.pqty += int64(l.Quantity)
				it.pttc += l.Total
			}
			for _, o := range l.Options {
				ot := get(opts, o.Group, o.Name)
				if cur {
					ot.qty += int64(o.Quantity)
					ot.ttc += o.Total
				} else {
					ot.pqty += int64(o.Quantity)
					ot.pttc += o.Total
				}
			}
		}
	}
	rank := func(m map[[2]string]*rawItem) []*rawItem {
		all := make([]*rawItem, 0, len(m))
		for _, it := range m {
			all = append(all, it)
		}
		byName := func(a, b *rawItem) int {
			if c := strings.Compare(a.b, b.b); c != 0 {
				return c
			}
			return strings.Compare(a.a, b.a)
		}
		slices.SortFunc(all, func(a, b *rawItem) int {
			if a.pttc != b.pttc {
				return int(b.pttc - a.pttc)
			}
			return byName(a, b)
		})
		k := 0
		for _, it := range all {
			if it.pqty != 0 || it.pttc != 0 {
				k++
				it.prank, it.hasPrevRnk = k, true
			}
		}
		slices.SortFunc(all, func(a, b *rawItem) int {
			if a.ttc != b.ttc {
				return int(b.ttc - a.ttc)
			}
			return byName(a, b)
		})
		k = 0
		for _, it := range all {
			if it.qty != 0 || it.ttc != 0 {
				k++
				it.rank, it.hasRank = k, true
			}
		}
		// The report's order: the ranked by rank, then the others by
		// previous revenue and name.
		slices.SortStableFunc(all, func(a, b *rawItem) int {
			if a.hasRank != b.hasRank {
				if a.hasRank {
					return -1
				}
				return 1
			}
			if a.hasRank {
				return a.rank - b.rank
			}
			if a.ttc != b.ttc {
				return int(b.ttc - a.ttc)
			}
			if a.pttc != b.pttc {
				return int(b.pttc - a.pttc)
			}
			return byName(a, b)
		})
		return all
	}
	ip := func(v int) *int { return &v }
	out := reports.ProductMix{Start: orders.FormatDate(r.Start), End: orders.FormatDate(r.End),
		Previous: reports.FlashRange{Start: orders.FormatDate(prev.Start), End: orders.FormatDate(prev.End)},
		Products: []reports.MixProduct{}, Categories: []reports.MixCategory{}, Options: []reports.MixOption{}}
	var tot, ptot, tht, tqty, pqty int64
	for _, it := range prods {
		tot, ptot, tht, tqty, pqty = tot+it.ttc, ptot+it.pttc, tht+it.ht, tqty+it.qty, pqty+it.pqty
	}
	t := &out.Totals
	t.Quantity, t.RevenueCents, t.HTCents, t.PreviousQuantity, t.PreviousRevenueCents = tqty, tot, tht, pqty, ptot
	t.RevenueTrend, t.QuantityTrend = rawTrend(tot, ptot), rawTrend(tqty, pqty)
	cats := map[string]*reports.MixCategory{}
	for _, it := range rank(prods) {
		row := reports.MixProduct{Name: it.b, Category: it.a, Quantity: it.qty, RevenueCents: it.ttc, HTCents: it.ht, Share: rawPct(it.ttc, tot),
			PreviousQuantity: it.pqty, PreviousRevenueCents: it.pttc, PreviousShare: rawPct(it.pttc, ptot)}
		if it.hasRank {
			row.Rank = ip(it.rank)
			t.Products++
		}
		if it.hasPrevRnk {
			row.PreviousRank = ip(it.prank)
			row.Trend = rawTrend(it.ttc, it.pttc)
		}
		if it.hasRank && it.hasPrevRnk {
			row.RankChange = ip(it.prank - it.rank)
		}
		row.PriceConflict = conflict == it.a+"|"+it.b
		if price, ok := known[it.a+"|"+it.b]; ok {
			row.PurchasePriceCents = &price
			margin := it.ht - it.qty*price
			row.MarginCents = &margin
			if it.ht != 0 {
				rate := float64(margin*10000/it.ht) / 100
				row.MarginRate = &rate
			}
			if it.hasRank {
				t.Margin.KnownProducts++
				t.Margin.KnownHTCents += it.ht
				t.Margin.CostCents += it.qty * price
			}
		} else if it.hasRank {
			t.Margin.UnknownProducts++
			t.Margin.UnknownHTCents += it.ht
		}
		out.Products = append(out.Products, row)
		c := cats[it.a]
		if c == nil {
			c = &reports.MixCategory{Name: it.a}
			cats[it.a] = c
		}
		c.Quantity += it.qty
		c.RevenueCents += it.ttc
		c.HTCents += it.ht
		c.PreviousRevenueCents += it.pttc
	}
	t.Margin.MarginCents = t.Margin.KnownHTCents - t.Margin.CostCents
	t.Margin.KnownShare = rawPct(t.Margin.KnownHTCents, tht)
	if t.Margin.KnownHTCents != 0 {
		rate := float64(t.Margin.MarginCents*10000/t.Margin.KnownHTCents) / 100
		t.Margin.Rate = &rate
	}
	for _, c := range cats {
		c.Share, c.PreviousShare, c.Trend = rawPct(c.RevenueCents, tot), rawPct(c.PreviousRevenueCents, ptot), rawTrend(c.RevenueCents, c.PreviousRevenueCents)
		out.Categories = append(out.Categories, *c)
	}
	slices.SortFunc(out.Categories, func(a, b reports.MixCategory) int {
		if a.RevenueCents != b.RevenueCents {
			return int(b.RevenueCents - a.RevenueCents)
		}
		return strings.Compare(a.Name, b.Name)
	})
	var otot int64
	for _, it := range opts {
		otot += it.ttc
	}
	t.OptionsRevenueCents = otot
	for _, it := range rank(opts) {
		row := reports.MixOption{Group: it.a, Name: it.b, Quantity: it.qty, RevenueCents: it.ttc, Share: rawPct(it.ttc, otot),
			PreviousQuantity: it.pqty, PreviousRevenueCents: it.pttc}
		if it.hasRank {
			row.Rank = ip(it.rank)
		}
		if it.hasPrevRnk {
			row.PreviousRank = ip(it.prank)
			row.Trend = rawTrend(it.ttc, it.pttc)
		}
		if it.hasRank && it.hasPrevRnk {
			row.RankChange = ip(it.prank - it.rank)
		}
		out.Options = append(out.Options, row)
	}
	return out
}

func asJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// checkMix compares the report with its recomputation, section by section
// and row by row (every figure: quantities, revenues TTC and HT, shares,
// previous period, ranks, trends, margins).
func checkMix(t *testing.T, name string, got, want reports.ProductMix) {
	t.Helper()
	if got.Start != want.Start || got.End != want.End || got.Previous != want.Previous {
		t.Errorf("%s: range %s→%s prev %+v, want %s→%s prev %+v", name, got.Start, got.End, got.Previous, want.Start, want.End, want.Previous)
	}
	if g, w := asJSON(got.Totals), asJSON(want.Totals); g != w {
		t.Errorf("%s: totals\n got %s\nwant %s", name, g, w)
	}
	section := func(what string, g, w []string) {
		if len(g) != len(w) {
			t.Errorf("%s: %d %s, raw %d", name, len(g), what, len(w))
		}
		bad := 0
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] && bad < 5 {
				bad++
				t.Errorf("%s: %s %d\n got %s\nwant %s", name, what, i, g[i], w[i])
			}
		}
	}
	rows := func(v any) []string {
		var raw []json.RawMessage
		if err := json.Unmarshal([]byte(asJSON(v)), &raw); err != nil {
			panic(err)
		}
		out := make([]string, len(raw))
		for i, r := range raw {
			out[i] = string(r)
		}
		return out
	}
	section("products", rows(got.Products), rows(want.Products))
	section("categories", rows(got.Categories), rows(want.Categories))
	section("options", rows(got.Options), rows(want.Options))
}

// TestProductMixEqualsRawOrders recomputes the product mix from the raw
// orders on both engines, to the cent, over ranges that start and end
// inside months (a long one whose previous period crosses a year, a short
// one), per currency (EUR, the franchise's, read from the franchise rows
// minus the other currencies' restaurants; CHF and MAD from their own
// rows) and for one restaurant; margins with purchase prices from two
// cartes (a conflict and a zero price left unknown).
func TestProductMixEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		cartes, known, conflict := mixPrices(w)
		if len(known) < 5 {
			t.Fatalf("only %d priced products", len(known))
		}
		w.svc.UseCatalogue(cartes)
		byCurrency := map[string]map[int64]bool{}
		for _, s := range w.shops {
			c := s.Restaurant.Currency("EUR")
			if byCurrency[c] == nil {
				byCurrency[c] = map[int64]bool{}
			}
			byCurrency[c][s.Restaurant.ID] = true
		}
		checked, conflicts := 0, 0
		for _, rg := range []orders.Range{{Start: date("2026-01-17"), End: date("2026-08-12")}, {Start: date("2026-07-09"), End: date("2026-08-23")}, {Start: date("2026-03-29"), End: date("2026-03-29")}} {
			for _, cur := range []string{"", "CHF", "MAD"} {
				got, err := w.svc.ProductMix(ctx, w.admin, reports.Filter{Range: rg, Currency: cur})
				if err != nil {
					t.Fatal(err)
				}
				want := cur
				if want == "" {
					want = "EUR"
				}
				if got.Currency != want || len(got.Currencies) != 3 {
					t.Errorf("%v %s: currency %s of %+v", rg, cur, got.Currency, got.Currencies)
				}
				exp := rawMix(w, byCurrency[want], rg, known, conflict)
				checkMix(t, want+" "+got.Start+"→"+got.End, got, exp)
				if rg.Days() > 1 && (len(exp.Products) == 0 || exp.Totals.Margin.KnownProducts == 0 || exp.Totals.Margin.UnknownProducts == 0 || len(exp.Options) == 0) {
					t.Errorf("%v %s: the raw mix has %d products (%d priced, %d not), %d options: the test proves little", rg, want, len(exp.Products),
						exp.Totals.Margin.KnownProducts, exp.Totals.Margin.UnknownProducts, len(exp.Options))
				}
				for _, p := range exp.Products {
					if p.PriceConflict && p.Rank != nil {
						conflicts++
					}
				}
				checked++
			}
			one := w.shops[1].Restaurant.ID
			got, err := w.svc.ProductMix(ctx, w.admin, reports.Filter{Range: rg, RestaurantID: one})
			if err != nil {
				t.Fatal(err)
			}
			checkMix(t, "one restaurant", got, rawMix(w, map[int64]bool{one: true}, rg, known, conflict))
		}
		if conflicts == 0 {
			t.Error("the product with two purchase prices was never sold: the conflict is not tested")
		}
		// Products sold only in the previous period are listed with no
		// rank, and a conflict is flagged.
		got, err := w.svc.ProductMix(ctx, w.admin, reports.Filter{Range: orders.Range{Start: date("2026-03-29"), End: date("2026-03-29")}})
		if err != nil {
			t.Fatal(err)
		}
		gone := 0
		for _, p := range got.Products {
			if p.Rank == nil {
				gone++
			}
		}
		if gone == 0 {
			t.Error("one day against the day before: no product sold only the day before, the test proves nothing")
		}
		if _, err := w.svc.ProductMix(ctx, w.admin, reports.Filter{Range: orders.Range{Start: date("2026-03-02"), End: date("2026-03-01")}}); !errors.Is(err, reports.ErrRange) {
			t.Errorf("reversed: %v", err)
		}
		var ve *tenancy.ValidationError
		if _, err := w.svc.ProductMix(ctx, w.admin, reports.Filter{Range: orders.Range{Start: date("2026-03-01"), End: date("2026-03-02")}, Currency: "USD"}); !errors.As(err, &ve) || ve.Field != "query.currency" {
			t.Errorf("USD: %v", err)
		}
	})
}

// TestProductMixScope: another franchise's admin cannot read this
// franchise's restaurant and sees nothing of it; a restaurant user
// (moderator) sees its restaurant only and cannot ask another.
func TestProductMixScope(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := revenueWorld(t, engine)
		ctx := context.Background()
		rg := orders.Range{Start: date("2026-02-11"), End: date("2026-05-20")}
		mine := w.shops[0].Restaurant.ID
		var otherID int64
		if err := w.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM franchises WHERE id <> ?`, w.admin.FranchiseID).Scan(&otherID); err != nil {
			t.Fatal(err)
		}
		other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
		if _, err := w.svc.ProductMix(ctx, other, reports.Filter{Range: rg, RestaurantID: mine}); !errors.Is(err, tenancy.ErrNotFound) {
			t.Errorf("another franchise's admin asking this franchise's restaurant: %v", err)
		}
		if got, err := w.svc.ProductMix(ctx, other, reports.Filter{Range: rg}); err != nil || got.Totals.Quantity != 0 || len(got.Products) != 0 || len(got.Options) != 0 {
			t.Errorf("another franchise's admin: %v %+v", err, got.Totals)
		}
		mod := tenancy.Principal{Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
		if _, err := w.svc.ProductMix(ctx, mod, reports.Filter{Range: rg, RestaurantID: w.shops[1].Restaurant.ID}); !errors.Is(err, tenancy.ErrNotFound) {
			t.Errorf("moderator asking another restaurant: %v", err)
		}
		got, err := w.svc.ProductMix(ctx, mod, reports.Filter{Range: rg, Currency: "CHF"})
		if err != nil {
			t.Fatal(err)
		}
		want := rawMix(w, map[int64]bool{mine: true}, rg, nil, "")
		checkMix(t, "moderator", got, want)
		if got.Currency != "EUR" || want.Totals.Quantity == 0 {
			t.Errorf("moderator: currency %s, %d units raw", got.Currency, want.Totals.Quantity)
		}
	})
}

// TestProductMixReadsTheCartesPurchasePrice: the margin reads the purchase
// price of the franchise's own cartes (the stored document, through the
// menu package's catalogue): a product given a purchase price of 2,50 in
// its carte and sold three times has HT − 3 × 250 as margin; the other
// product of the order stays unknown.
func TestProductMixReadsTheCartesPurchasePrice(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db, ten, shops := testutil.DemoShops(t, engine)
		cartes := menu.NewService(db, ten, events.NewLocal())
		var fid int64
		if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid); err != nil {
			t.Fatal(err)
		}
		admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}
		catalogue, err := cartes.Catalogue(ctx, admin)
		if err != nil || len(catalogue) == 0 || len(catalogue[0].Products) < 2 {
			t.Fatalf("catalogue: %v, %d cartes", err, len(catalogue))
		}
		priced, other := catalogue[0].Products[0], catalogue[0].Products[1]
		// The purchase price written into every stored version of the carte's document.
		rows, err := db.Query(ctx, `SELECT campaign_id, version, document FROM campaign_versions WHERE campaign_id = ?`, priced.CampaignID)
		if err != nil {
			t.Fatal(err)
		}
		type version struct {
			id, v int64
			doc   []byte
		}
		var versions []version
		for rows.Next() {
			var x version
			if err := rows.Scan(&x.id, &x.v, &x.doc); err != nil {
				t.Fatal(err)
			}
			versions = append(versions, x)
		}
		rows.Close()
		for _, x := range versions {
			var doc map[string]any
			if err := json.Unmarshal(x.doc, &doc); err != nil {
				t.Fatal(err)
			}
			items, _ := doc["items"].([]any)
			for _, it := range items {
				if m, ok := it.(map[string]any); ok && m["idGlobal"] == priced.IDGlobal {
					m["purchase_price"] = 2.5
				}
			}
			b, _ := json.Marshal(doc)
			if _, err := db.Exec(ctx, `UPDATE campaign_versions SET document = ? WHERE campaign_id = ? AND version = ?`, b, x.id, x.v); err != nil {
				t.Fatal(err)
			}
		}
		svc := reports.NewService(orders.NewService(db, ten, events.NewLocal()), ten)
		svc.UseCatalogue(cartes)
		dev := shops[0].Tills[0]
		loc, _ := time.LoadLocation(dev.Restaurant.TimeZone)
		at := time.Date(2026, 3, 10, 12, 0, 0, 0, loc)
		o := orders.Order{OrderID: "PM-PRICE", Source: orders.SourceTill, Type: orders.TypeDineIn, Status: orders.StatusPaid, PaidAt: at.UTC(),
			Lines: []orders.Line{
				{Name: priced.Name, Category: priced.CategoryName, Quantity: 3, UnitPrice: 990, Total: 2970, TaxRate: 1000},
				{Name: other.Name, Category: other.CategoryName, Quantity: 1, UnitPrice: 500, Total: 500, TaxRate: 550},
			}}
		o.Subtotal, o.Total = 3470, 3470
		o.VAT = []orders.VATLine{{Rate: 1000, HT: orders.HT(2970, 1000), TTC: 2970}, {Rate: 550, HT: orders.HT(500, 550), TTC: 500}}
		for i := range o.VAT {
			o.VAT[i].VAT = o.VAT[i].TTC - o.VAT[i].HT
		}
		o.Payments = []orders.Payment{{Method: "cb", Amount: 3470}}
		ord := orders.NewService(db, ten, events.NewLocal())
		if _, err := ord.ImportRows(ctx, []tenancy.Device{dev}, []orders.Order{o}, []int{0}); err != nil {
			t.Fatal(err)
		}
		got, err := svc.ProductMix(ctx, admin, reports.Filter{Range: orders.Range{Start: 20260310, End: 20260310}})
		if err != nil {
			t.Fatal(err)
		}
		ht := orders.HT(2970, 1000)
		found := 0
		for _, p := range got.Products {
			switch p.Name {
			case priced.Name:
				found++
				if p.PurchasePriceCents == nil || *p.PurchasePriceCents != 250 || p.MarginCents == nil || *p.MarginCents != ht-3*250 {
					t.Errorf("%s: purchase %v margin %v, want 250 and %d", p.Name, p.PurchasePriceCents, p.MarginCents, ht-3*250)
				}
			case other.Name:
				found++
				if p.PurchasePriceCents != nil || p.MarginCents != nil {
					t.Errorf("%s: purchase %v margin %v, want unknown", p.Name, p.PurchasePriceCents, p.MarginCents)
				}
			}
		}
		m := got.Totals.Margin
		if found != 2 || m.KnownProducts != 1 || m.UnknownProducts != 1 || m.MarginCents != ht-750 || m.KnownHTCents != ht || m.UnknownHTCents != orders.HT(500, 550) {
			t.Errorf("found %d, margin %+v", found, m)
		}
	})
}
