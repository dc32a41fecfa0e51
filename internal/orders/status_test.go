package orders_test

import (
	"context"
	"testing"
	"time"

	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// TestEveryTillStatusIsStoredAndOnlyPaidIsSales posts one order of each
// status a till sends: each is stored and listed with its status; only the
// paid one reaches the sales rollups, and every one is counted per status.
func TestEveryTillStatusIsStoredAndOnlyPaidIsSales(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db, ten, shops := testutil.DemoShops(t, engine)
		dev := shops[0].Tills[0]
		svc := orders.NewService(db, ten, events.NewLocal())
		at := time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC)
		for i, s := range orders.Statuses {
			o := orders.Order{OrderID: "S-" + s.Code, Source: orders.SourceTill, Type: orders.TypeDineIn, Status: s.Code, PaidAt: at.Add(time.Duration(i) * time.Minute),
				Subtotal: 1100, Total: 1100, Lines: []orders.Line{{Name: "Le Classique", Category: "Burgers", Quantity: 1, UnitPrice: 1100, Total: 1100, TaxRate: 1000}},
				VAT: []orders.VATLine{{Rate: 1000, HT: 1000, VAT: 100, TTC: 1100}}, Payments: []orders.Payment{{Method: "cb", Amount: 1100}}}
			if s.Code == orders.StatusPending || s.Code == orders.StatusFailed {
				o.Payments = nil
			}
			if _, err := svc.Post(ctx, dev, o); err != nil {
				t.Fatalf("%s: %v", s.Code, err)
			}
		}
		admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: dev.Restaurant.FranchiseID}
		day := orders.BusinessDate(at, time.UTC)
		items, total, err := svc.List(ctx, admin, orders.ListFilter{RestaurantID: dev.Restaurant.ID, Range: orders.Range{Start: day - 1, End: day + 1}, PageSize: -1})
		if err != nil || total != len(orders.Statuses) {
			t.Fatalf("list: %d orders, %v", total, err)
		}
		listed := map[string]bool{}
		for _, it := range items {
			listed[it.Status] = true
		}
		for _, s := range orders.Statuses {
			if !listed[s.Code] {
				t.Errorf("%s not listed (%v)", s.Code, listed)
			}
		}
		// Each status its own order count; only the paid order is a sale.
		rows, err := db.Query(ctx, `SELECT key, n FROM rollups WHERE dim = ? AND restaurant_id = ? AND period > 10000000`, orders.DimOrders, dev.Restaurant.ID)
		if err != nil {
			t.Fatal(err)
		}
		perStatus := map[string]int64{}
		for rows.Next() {
			var key string
			var n int64
			if err := rows.Scan(&key, &n); err != nil {
				t.Fatal(err)
			}
			perStatus[key[:len(key)-len("|caisse|1")]] += n
		}
		rows.Close()
		for _, s := range orders.Statuses {
			if perStatus[s.Code] != 1 {
				t.Errorf("%s counted %d times (%v)", s.Code, perStatus[s.Code], perStatus)
			}
		}
		var sales, revenue int64
		if err := db.QueryRow(ctx, `SELECT COALESCE(SUM(n), 0), COALESCE(SUM(a1), 0) FROM rollups WHERE dim = ? AND restaurant_id = ? AND period > 10000000`,
			orders.DimProducts, dev.Restaurant.ID).Scan(&sales, &revenue); err != nil {
			t.Fatal(err)
		}
		if sales != 1 || revenue != 1100 {
			t.Errorf("products sold: %d orders, %d cents; only the paid order (1100) is a sale", sales, revenue)
		}
	})
}
