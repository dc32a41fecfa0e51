package loyalty_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"brigade/internal/customers"
	"brigade/internal/events"
	"brigade/internal/loyalty"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

type fixture struct {
	db   *store.DB
	svc  *loyalty.Service
	dev  tenancy.Device
	fid  int64
	rest int64
	adm  tenancy.Principal
}

func setup(t *testing.T, engine store.Engine) fixture {
	t.Helper()
	db, ten, shops := testutil.DemoShops(t, engine)
	dev := shops[0].Kiosks[0]
	f := fixture{db: db, svc: loyalty.NewService(db, ten, events.NewLocal()), dev: dev, fid: dev.Restaurant.FranchiseID, rest: dev.Restaurant.ID}
	var uid int64
	if err := db.QueryRow(t.Context(), `SELECT id FROM users WHERE login = 'demo-admin'`).Scan(&uid); err != nil {
		t.Fatal(err)
	}
	f.adm = tenancy.Principal{UserID: uid, Login: "demo-admin", Role: tenancy.RoleAdmin, FranchiseID: f.fid}
	return f
}

// newCustomer inserts a customer row as the customers service would.
func newCustomer(t *testing.T, f fixture, first string, points int64) int64 {
	t.Helper()
	now := time.Now().Unix()
	id, err := store.InsertID(t.Context(), f.db, `INSERT INTO customers (franchise_id, first_name, last_name, points, lifetime_points, visits, created_unix, updated_unix)
		VALUES (?, ?, 'Test', ?, ?, 1, ?, ?)`, f.fid, first, points, points, now, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Exec(t.Context(), `INSERT INTO customer_restaurants (customer_id, restaurant_id, franchise_id, visits, last_visit_unix) VALUES (?, ?, ?, 1, ?)`, id, f.rest, f.fid, now); err != nil {
		t.Fatal(err)
	}
	return id
}

func points(t *testing.T, f fixture, id int64) (int64, int64) {
	t.Helper()
	var p, l int64
	if err := f.db.QueryRow(t.Context(), `SELECT points, lifetime_points FROM customers WHERE id = ?`, id).Scan(&p, &l); err != nil {
		t.Fatal(err)
	}
	return p, l
}

func earn(t *testing.T, f fixture, e customers.Earning) int64 {
	t.Helper()
	var n int64
	err := f.db.WithTx(t.Context(), func(tx *store.Tx) error {
		var err error
		n, err = f.svc.Earn(t.Context(), tx, e)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func reverse(t *testing.T, f fixture, r customers.Reversal) int64 {
	t.Helper()
	var n int64
	err := f.db.WithTx(t.Context(), func(tx *store.Tx) error {
		var err error
		n, err = f.svc.Reverse(t.Context(), tx, r)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Rules add up (visit + amount in its currency only, floored + product per
// unit); an order earns once; a refund takes back in proportion, once per
// ref, never more than earned nor below zero; tiers follow lifetime points.
func TestEarnAndReverse(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		f := setup(t, engine)
		ctx := t.Context()
		for _, r := range []loyalty.EarnRule{
			{Name: "Passage", Kind: loyalty.RuleVisit, Points: 10, Active: true},
			{Name: "1 point par euro", Kind: loyalty.RuleAmount, Points: 1, PerCents: 100, Currency: "eur", Active: true},
			{Name: "Burger", Kind: loyalty.RuleProduct, Points: 5, ProductID: "burger-1", Active: true},
			{Name: "Ancienne", Kind: loyalty.RuleVisit, Points: 1000, Active: false},
		} {
			if _, err := f.svc.CreateRule(ctx, f.adm, r); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.svc.CreateTier(ctx, f.adm, loyalty.Tier{Name: "Argent", MinPoints: 50}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CreateTier(ctx, f.adm, loyalty.Tier{Name: "Or", MinPoints: 500}); err != nil {
			t.Fatal(err)
		}
		c := newCustomer(t, f, "Alice", 0)
		e := customers.Earning{FranchiseID: f.fid, RestaurantID: f.rest, CustomerID: c, OrderID: 101, Currency: "EUR", TotalCents: 2399,
			Lines: []customers.EarningLine{{ProductID: "burger-1", Quantity: 2}, {ProductID: "frites", Quantity: 1}}, At: time.Now()}
		// 10 + floor(2399/100)=23 + 2×5 = 43
		if n := earn(t, f, e); n != 43 {
			t.Fatalf("earned %d, want 43", n)
		}
		if n := earn(t, f, e); n != 0 {
			t.Fatalf("a retried order earned %d more", n)
		}
		if p, l := points(t, f, c); p != 43 || l != 43 {
			t.Fatalf("balance %d/%d", p, l)
		}
		// Another currency: only the visit rule.
		if n := earn(t, f, customers.Earning{FranchiseID: f.fid, RestaurantID: f.rest, CustomerID: c, OrderID: 102, Currency: "CHF", TotalCents: 5000}); n != 10 {
			t.Fatalf("CHF order earned %d, want 10", n)
		}
		sum, err := f.svc.Summary(ctx, f.fid, c)
		if err != nil || sum.Points != 53 || sum.TierName != "Argent" {
			t.Fatalf("summary %+v %v", sum, err)
		}
		// Half refund of order 101: round(43 × 0.5) = 22, once per ref.
		if n := reverse(t, f, customers.Reversal{FranchiseID: f.fid, CustomerID: c, OrderID: 101, Ref: "ev-1", Fraction: 0.5}); n != 22 {
			t.Fatalf("reversed %d, want 22", n)
		}
		if n := reverse(t, f, customers.Reversal{FranchiseID: f.fid, CustomerID: c, OrderID: 101, Ref: "ev-1", Fraction: 0.5}); n != 0 {
			t.Fatalf("a retried reversal took %d more", n)
		}
		// The rest: never more than the order earned.
		if n := reverse(t, f, customers.Reversal{FranchiseID: f.fid, CustomerID: c, OrderID: 101, Ref: "ev-2", Fraction: 1}); n != 21 {
			t.Fatalf("second reversal %d, want 21", n)
		}
		if p, l := points(t, f, c); p != 10 || l != 10 {
			t.Fatalf("after reversals %d/%d, want 10/10", p, l)
		}
		// An order never earned: nothing.
		if n := reverse(t, f, customers.Reversal{FranchiseID: f.fid, CustomerID: c, OrderID: 999, Ref: "x", Fraction: 1}); n != 0 {
			t.Fatalf("unknown order reversed %d", n)
		}
		// Never below zero: the customer spent its points meanwhile.
		b := newCustomer(t, f, "Bob", 0)
		earn(t, f, customers.Earning{FranchiseID: f.fid, RestaurantID: f.rest, CustomerID: b, OrderID: 201, Currency: "EUR", TotalCents: 1000}) // 20
		if _, err := f.db.Exec(ctx, `UPDATE customers SET points = 5 WHERE id = ?`, b); err != nil {
			t.Fatal(err)
		}
		if n := reverse(t, f, customers.Reversal{FranchiseID: f.fid, CustomerID: b, OrderID: 201, Ref: "c", Fraction: 1}); n != 5 {
			t.Fatalf("reversal took %d, want 5 (the balance)", n)
		}
		if p, _ := points(t, f, b); p != 0 {
			t.Fatalf("balance %d, want 0", p)
		}
		// Another franchise's customer cannot earn through this franchise.
		err = f.db.WithTx(ctx, func(tx *store.Tx) error {
			_, err := f.svc.Earn(ctx, tx, customers.Earning{FranchiseID: f.fid + 1000, CustomerID: c, OrderID: 300, Currency: "EUR", TotalCents: 100})
			return err
		})
		if !errors.Is(err, tenancy.ErrNotFound) {
			t.Fatalf("earn for another franchise: %v", err)
		}
	})
}

// Concurrent redemptions never overdraw: with points for three rewards,
// ten kiosks at once get three redemptions and seven « Points insuffisants. »
func TestConcurrentRedemptions(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		f := setup(t, engine)
		ctx := t.Context()
		w, err := f.svc.CreateReward(ctx, f.adm, loyalty.Reward{Name: "Café offert", Kind: loyalty.RewardProduct, CostPoints: 100, ProductID: "cafe",
			Value: &loyalty.LoyaltyMoney{Cents: 250, Currency: "EUR"}, Active: true})
		if err != nil {
			t.Fatal(err)
		}
		c := newCustomer(t, f, "Chloé", 350)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, short := 0, 0
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := f.svc.Redeem(context.Background(), f.dev, loyalty.Redemption{CustomerID: c, RewardID: w.ID, OrderID: fmt.Sprintf("K-%d", i)})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
					if r.Discount == nil || r.Discount.Label != "Fidélité\u00a0: Café offert" || r.Discount.Amount != 250 {
						t.Errorf("discount %+v", r.Discount)
					}
				case errors.Is(err, loyalty.ErrInsufficient):
					short++
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if ok != 3 || short != 7 {
			t.Fatalf("%d redeemed, %d refused; want 3 and 7", ok, short)
		}
		if p, l := points(t, f, c); p != 50 || l != 350 {
			t.Fatalf("balance %d/%d, want 50/350", p, l)
		}
		// A retried redemption answers the same, without spending again.
		r, err := f.svc.Redeem(ctx, f.dev, loyalty.Redemption{CustomerID: c, RewardID: w.ID, OrderID: "K-0"})
		if err != nil && !errors.Is(err, loyalty.ErrInsufficient) {
			t.Fatal(err)
		}
		if p, _ := points(t, f, c); p != 50 {
			t.Fatalf("a retry spent: %d (%+v)", p, r)
		}
		// Release gives back once.
		var given string
		if err := f.db.QueryRow(ctx, `SELECT ref FROM loyalty_ledger WHERE customer_id = ? AND kind = 'redeem' ORDER BY id LIMIT 1`, c).Scan(&given); err != nil {
			t.Fatal(err)
		}
		order := given[len(given)-3:]
		for range 2 {
			r, err := f.svc.Release(ctx, f.dev, loyalty.Redemption{CustomerID: c, RewardID: w.ID, OrderID: order})
			if err != nil || r.Points != 150 {
				t.Fatalf("release: %+v %v", r, err)
			}
		}
		if _, err := f.svc.Release(ctx, f.dev, loyalty.Redemption{CustomerID: c, RewardID: w.ID, OrderID: "never"}); !errors.Is(err, tenancy.ErrNotFound) {
			t.Fatalf("release of nothing: %v", err)
		}
		d, err := f.svc.Dashboard(ctx, f.adm, loyalty.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if d.Redemptions != 2 || d.PointsRedeemed != 200 || len(d.RewardCost) != 1 || d.RewardCost[0].Cents != 500 || len(d.TopRewards) != 1 || d.Members != 1 {
			t.Fatalf("dashboard %+v", d)
		}
	})
}

// Validation messages are French and name the field.
func TestRuleValidation(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		f := setup(t, engine)
		for _, c := range []struct {
			r     loyalty.EarnRule
			field string
			msg   string
		}{
			{loyalty.EarnRule{Name: "A", Kind: loyalty.RuleVisit, Points: 0}, "points", "Le nombre de points doit être positif."},
			{loyalty.EarnRule{Name: "A", Kind: loyalty.RuleAmount, Points: 1}, "perCents", "Le montant par tranche doit être positif."},
			{loyalty.EarnRule{Name: "A", Kind: loyalty.RuleAmount, Points: 1, PerCents: 100}, "currency", "La devise est obligatoire (code ISO à trois lettres, par exemple EUR)."},
			{loyalty.EarnRule{Name: "A", Kind: loyalty.RuleProduct, Points: 1}, "productId", "Choisissez le produit qui rapporte des points."},
			{loyalty.EarnRule{Name: " ", Kind: loyalty.RuleVisit, Points: 1}, "name", "Le nom de la règle est obligatoire."},
		} {
			_, err := f.svc.CreateRule(t.Context(), f.adm, c.r)
			var ve *tenancy.ValidationError
			if !errors.As(err, &ve) || ve.Field != c.field || ve.Message != c.msg {
				t.Errorf("%+v: %v", c.r, err)
			}
		}
		guest := tenancy.Principal{Role: tenancy.RoleGuest, FranchiseID: f.fid, Restaurants: []int64{f.rest}}
		if _, err := f.svc.CreateRule(t.Context(), guest, loyalty.EarnRule{Name: "A", Kind: loyalty.RuleVisit, Points: 1}); !errors.Is(err, tenancy.ErrForbidden) {
			t.Fatalf("guest wrote: %v", err)
		}
		r, err := f.svc.CreateRule(t.Context(), f.adm, loyalty.EarnRule{Name: "A", Kind: loyalty.RuleVisit, Points: 1, Active: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.UpdateRule(t.Context(), f.adm, r.ID, r.Version+1, r); !errors.Is(err, loyalty.ErrStale) {
			t.Fatalf("stale update: %v", err)
		}
	})
}
