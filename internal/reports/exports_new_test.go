package reports_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// rowEquals checks a CSV row of an export against the report's values, in
// the order of the table's columns: text as is, money in cents, integers,
// and nil (an unknown figure) as an empty cell.
func rowEquals(t *testing.T, e exported, row int, want ...any) {
	t.Helper()
	for c, v := range want {
		col := e.table.Columns[c]
		got := e.csv[row][c]
		switch x := v.(type) { // pointers: nil is an unknown figure
		case *int64:
			v = nil
			if x != nil {
				v = *x
			}
		case *int:
			v = nil
			if x != nil {
				v = int64(*x)
			}
		}
		switch x := v.(type) {
		case nil:
			if got != "" {
				t.Errorf("%s row %d %s: %q, want an empty cell", e.table.Name, row, col.Key, got)
			}
		case string:
			if got != x {
				t.Errorf("%s row %d %s: %q, want %q", e.table.Name, row, col.Key, got, x)
			}
		case int64:
			if col.Kind == reports.KindMoney {
				if csvCents(t, got) != x {
					t.Errorf("%s row %d %s: %s, want %d cents", e.table.Name, row, col.Key, got, x)
				}
			} else if got != strconv.FormatInt(x, 10) {
				t.Errorf("%s row %d %s: %q, want %d", e.table.Name, row, col.Key, got, x)
			}
		case *float64:
			if (x == nil) != (got == "") {
				t.Errorf("%s row %d %s: %q, want %v", e.table.Name, row, col.Key, got, x)
			}
		case skip:
		default:
			t.Fatalf("rowEquals: %T", v)
		}
	}
}

// skip is a cell rowEquals does not look at (already checked as a
// number by exportBoth).
type skip struct{}

// rows checks the number of data rows of an exported table.
func rows(t *testing.T, e exported, n int) {
	t.Helper()
	if len(e.csv)-1 != n {
		t.Fatalf("%s: %d rows, report %d", e.table.Name, len(e.csv)-1, n)
	}
}

// TestExportsNewReportsEqualReports: the restaurant comparison, equipment
// history, product mix, click & collect and cancellations export every
// table their screens show, with the report's figures (themselves
// recomputed from the raw orders by the reports' own checks), the unknown
// margins as empty cells and the money columns naming their currency;
// another franchise exports none of them, a restaurant login only its own.
func TestExportsNewReportsEqualReports(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := revenueWorld(t, engine)
		by := currencyIDs(t, w)
		rg := collectRanges[0]
		r := orders.Range{Start: date(rg[0]), End: date(rg[1])}
		name := "_" + rg[0] + "_" + rg[1]
		cartes, _, _ := mixPrices(w)
		w.svc.UseCatalogue(cartes)
		var rawPaid, rawPaidN, rawLines, rawCollect, rawCancelled, rawCancelledN int64
		for _, p := range w.pickIn(r, 0, "EUR") {
			switch {
			case p.o.Status == orders.StatusPaid:
				rawPaid += p.o.Total
				rawPaidN++
				for _, l := range p.o.Lines {
					rawLines += l.Total
				}
				if p.o.Source == orders.SourceCollect {
					rawCollect += p.o.Total
				}
			case orders.CountsAsCancelled(p.o.Status):
				rawCancelled += p.o.Total
				rawCancelledN++
			}
		}

		for _, cur := range []string{"", "CHF"} {
			f := reports.Filter{Range: r, Currency: cur}
			want := cur
			if want == "" {
				want = "EUR"
			}

			// Comparaison des restaurants.
			cmp, err := w.svc.Restaurants(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			checkComparison(t, w, cmp, restaurantsByCurrency(t, w)[want], want, [2]string{cmp.Start, cmp.End}, [2]string{cmp.Previous.Start, cmp.Previous.End})
			ex, tabs := exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "restaurants", Filter: f})
			if ex.Name != "comparaison-restaurants"+name {
				t.Errorf("file name %q", ex.Name)
			}
			rank := tabs["ranking"]
			rows(t, rank, len(cmp.Items))
			var sum int64
			for i, x := range cmp.Items {
				c, p := x.Current, x.Previous
				rowEquals(t, rank, i+1, int64(i+1), x.Name, skip{}, c.RevenueCents, c.HTCents, c.Orders, c.AverageBasketCents, c.ExitMinutes, c.DiscountCents, c.DiscountedOrders, c.CancelledOrders, c.CancelledCents,
					p.RevenueCents, p.HTCents, p.Orders, p.AverageBasketCents, p.ExitMinutes, p.DiscountCents, p.DiscountedOrders, p.CancelledOrders, p.CancelledCents)
				sum += rank.cents(t, i+1, "revenue")
			}
			if rank.table.Columns[3].Header() != "CA TTC ("+want+")" {
				t.Errorf("comparison header %q", rank.table.Columns[3].Header())
			}
			if want == "EUR" && (sum != rawPaid || sum == 0) {
				t.Errorf("comparison CA TTC %d, raw paid orders %d", sum, rawPaid)
			}
			tot := tabs["totals"]
			rows(t, tot, 2)
			rowEquals(t, tot, 1, "Total des restaurants", int64(len(cmp.Items)), cmp.Franchise.Current.RevenueCents, cmp.Franchise.Current.HTCents, cmp.Franchise.Current.Orders)
			rowEquals(t, tot, 2, "Moyenne par restaurant actif", int64(cmp.Active[0]), cmp.Average.Current.RevenueCents, cmp.Average.Current.HTCents, cmp.Average.Current.Orders)

			// Mix produits: products, categories, options; an unknown
			// purchase price leaves the margin's cells empty.
			mix, err := w.svc.ProductMix(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "product-mix", Filter: f})
			prods := tabs["products"]
			rows(t, prods, len(mix.Products))
			var known, unknown int
			sum = 0
			for i, x := range mix.Products {
				rowEquals(t, prods, i+1, x.Rank, x.Name, x.Category, x.Quantity, x.RevenueCents, x.HTCents, skip{}, x.PreviousRank, x.PreviousQuantity, x.PreviousRevenueCents, skip{},
					x.Trend, x.PurchasePriceCents, x.MarginCents, x.MarginRate)
				if x.MarginCents == nil {
					unknown++
				} else {
					known++
				}
				sum += x.RevenueCents
			}
			if known == 0 || unknown == 0 {
				t.Errorf("product mix %s: %d products with a margin, %d without: both kinds wanted", want, known, unknown)
			}
			if want == "EUR" && sum != rawLines {
				t.Errorf("product mix CA TTC %d, raw lines %d", sum, rawLines)
			}
			cats := tabs["categories"]
			rows(t, cats, len(mix.Categories))
			for i, x := range mix.Categories {
				rowEquals(t, cats, i+1, x.Name, x.Quantity, x.RevenueCents, x.HTCents, skip{}, x.PreviousRevenueCents, skip{}, x.Trend)
			}
			opts := tabs["options"]
			rows(t, opts, len(mix.Options))
			for i, x := range mix.Options {
				rowEquals(t, opts, i+1, x.Rank, x.Group, x.Name, x.Quantity, x.RevenueCents, skip{}, x.PreviousRank, x.PreviousQuantity, x.PreviousRevenueCents, x.Trend)
			}

			// Click & collect: by day, hour, type and restaurant.
			cc, err := w.svc.ClickAndCollect(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			checkCollect(t, w, cc, by[want], want, rg)
			_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "click-and-collect", Filter: f})
			days := tabs["days"]
			rows(t, days, len(cc.Days))
			for i, d := range cc.Days {
				rowEquals(t, days, i+1, skip{}, d.Current.Orders, d.Current.RevenueCents, d.Current.AverageBasketCents, d.Current.FeesCents, skip{}, skip{},
					d.Previous.Orders, d.Previous.RevenueCents, d.Previous.AverageBasketCents, d.Previous.FeesCents)
			}
			hours := tabs["hours"]
			rows(t, hours, 24)
			sum = 0
			for i, h := range cc.Hours {
				rowEquals(t, hours, i+1, skip{}, h.Orders, h.RevenueCents)
				sum += h.RevenueCents
			}
			if want == "EUR" && (sum != rawCollect || sum == 0) {
				t.Errorf("click & collect by hour %d, raw %d", sum, rawCollect)
			}
			types := tabs["types"]
			rows(t, types, len(cc.Types))
			for i, x := range cc.Types {
				rowEquals(t, types, i+1, x.Label, x.Orders, x.RevenueCents, x.FeesCents)
			}
			rests := tabs["restaurants"]
			rows(t, rests, len(cc.Restaurants))
			for i, x := range cc.Restaurants {
				rowEquals(t, rests, i+1, x.Name, x.Current.Orders, x.Current.RevenueCents, x.Current.AverageBasketCents, x.Current.FeesCents, skip{},
					x.Previous.Orders, x.Previous.RevenueCents, x.Previous.AverageBasketCents, x.Previous.FeesCents)
			}

			// Annulations: by status, source, reason, day, restaurant,
			// equipment, and every cancelled order of the range.
			ca, err := w.svc.Cancellations(ctx, w.admin, f)
			if err != nil {
				t.Fatal(err)
			}
			checkCancellations(t, w, ca, by[want], want, rg)
			_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "cancellations", Filter: f})
			for _, g := range []struct {
				table string
				list  []reports.CancelGroup
			}{{"statuses", ca.Statuses}, {"sources", ca.Sources}, {"reasons", ca.Reasons}} {
				e := tabs[g.table]
				rows(t, e, len(g.list))
				for i, x := range g.list {
					label := x.Label
					if l := reports.SourceLabels[x.Key]; g.table == "sources" && l != "" {
						label = l
					}
					rowEquals(t, e, i+1, label, x.Orders, x.AmountCents, x.AllOrders)
				}
			}
			rows(t, tabs["days"], len(ca.Days))
			for i, d := range ca.Days {
				rowEquals(t, tabs["days"], i+1, skip{}, d.Orders, d.AmountCents, d.AllOrders)
			}
			rows(t, tabs["restaurants"], len(ca.Restaurants))
			for i, x := range ca.Restaurants {
				rowEquals(t, tabs["restaurants"], i+1, x.Name, x.Current.Orders, x.Current.AmountCents, x.Current.AllOrders, skip{}, x.Previous.Orders, x.Previous.AmountCents, x.Previous.AllOrders)
			}
			rows(t, tabs["equipments"], len(ca.Equipments))
			for i, x := range ca.Equipments {
				rowEquals(t, tabs["equipments"], i+1, x.Name, x.Restaurant, x.Orders, x.AmountCents, x.Refunded)
			}
			list := tabs["orders"]
			all, err := w.svc.CancelledOrders(ctx, w.admin, f, 0, -1)
			if err != nil {
				t.Fatal(err)
			}
			checkCancelledList(t, w, all, by[want], rg, 0, -1)
			rows(t, list, len(all.Items))
			sum = 0
			for i, x := range all.Items {
				rowEquals(t, list, i+1, skip{}, x.BusinessDate[8:10]+"/"+x.BusinessDate[5:7]+"/"+x.BusinessDate[0:4], x.Restaurant, x.OrderID, x.Equipment, reports.SourceLabels[x.Source], x.Type, x.StatusLabel, x.Reason, x.AmountCents, x.FeesCents)
				sum += x.AmountCents
			}
			if int64(len(all.Items)) != ca.Totals.Current.Orders || sum != ca.Totals.Current.AmountCents {
				t.Errorf("cancelled orders: %d for %d cents, report %+v", len(all.Items), sum, ca.Totals.Current)
			}
			if want == "EUR" && (sum != rawCancelled || int64(len(all.Items)) != rawCancelledN || sum == 0) {
				t.Errorf("cancelled orders %d / %d cents, raw %d / %d", len(all.Items), sum, rawCancelledN, rawCancelled)
			}
		}

		// Historique équipements: a table per currency, every equipment's
		// paid orders in its restaurant's currency.
		eq, err := w.svc.Equipments(ctx, w.admin, reports.Filter{Range: r})
		if err != nil {
			t.Fatal(err)
		}
		_, tabs := exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "equipments", Filter: reports.Filter{Range: r}})
		if len(tabs) != 3 {
			t.Errorf("equipments: %d tables, want one per currency (3)", len(tabs))
		}
		seen := map[string]int{}
		var eqN int64
		for _, x := range eq.Items {
			e, ok := tabs["equipments-"+x.Currency]
			if !ok {
				t.Fatalf("no table equipments-%s", x.Currency)
			}
			seen[x.Currency]++
			i := seen[x.Currency]
			rowEquals(t, e, i, x.Restaurant, reports.EquipmentKindNames[x.Kind], x.Name, skip{}, skip{}, x.Orders, x.RevenueCents)
			eqN += x.Orders
		}
		for cur, e := range tabs {
			rows(t, e, seen[cur[len("equipments-"):]])
		}
		var rawAll int64
		for _, p := range w.pick(r, 0) {
			if p.o.Status == orders.StatusPaid {
				rawAll++
			}
		}
		if eqN != rawAll {
			t.Errorf("equipments: %d paid orders, raw %d", eqN, rawAll)
		}

		// Tenancy: another franchise reads none of these restaurants; a
		// restaurant login exports only its own.
		var otherID int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM franchises WHERE id <> ? ORDER BY id LIMIT 1`, w.admin.FranchiseID).Scan(&otherID); err != nil {
			t.Fatal(err)
		}
		mine := w.shops[0].Restaurant.ID
		other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
		for _, rep := range []string{"restaurants", "equipments", "product-mix", "click-and-collect", "cancellations"} {
			if _, err := w.svc.Export(ctx, other, reports.ExportQuery{Report: rep, Filter: reports.Filter{Range: r, RestaurantID: mine}}); !errors.Is(err, tenancy.ErrNotFound) {
				t.Errorf("other franchise, %s: %v, want not found", rep, err)
			}
			ex, err := w.svc.Export(ctx, other, reports.ExportQuery{Report: rep, Filter: reports.Filter{Range: r}})
			if err != nil {
				continue
			}
			for _, tb := range ex.Tables {
				_ = tb.Each(func(row []any) error {
					for _, v := range row {
						if s, ok := v.(string); ok && s == w.shops[0].Restaurant.Nom {
							t.Errorf("other franchise, %s/%s: sees %v", rep, tb.Name, row)
						}
					}
					return nil
				})
			}
		}
		resto := tenancy.Principal{Role: tenancy.RoleRestaurant, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
		_, tabs = exportBoth(t, w.svc, resto, reports.ExportQuery{Report: "cancellations", Filter: reports.Filter{Range: r}})
		var n int
		for i := 1; i < len(tabs["orders"].csv); i++ {
			if got := tabs["orders"].cell(t, i, "restaurant"); got != w.shops[0].Restaurant.Nom {
				t.Errorf("restaurant login sees a cancelled order of %q", got)
			}
			n++
		}
		var rawMine int
		for _, p := range w.pick(r, mine) {
			if orders.CountsAsCancelled(p.o.Status) {
				rawMine++
			}
		}
		if n != rawMine || n == 0 {
			t.Errorf("restaurant login: %d cancelled orders, raw %d", n, rawMine)
		}
		_, tabs = exportBoth(t, w.svc, resto, reports.ExportQuery{Report: "equipments", Filter: reports.Filter{Range: r}})
		for _, e := range tabs {
			for i := 1; i < len(e.csv); i++ {
				if got := e.cell(t, i, "restaurant"); got != w.shops[0].Restaurant.Nom {
					t.Errorf("restaurant login sees an equipment of %q", got)
				}
			}
		}
	})
}
