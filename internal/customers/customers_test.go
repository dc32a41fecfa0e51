package customers_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/customers"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

func TestNormalizePhone(t *testing.T) {
	for in, want := range map[string]string{
		"06 12 34 56 78":       "+33612345678",
		"06.12.34.56.78":       "+33612345678",
		"+33 6 12 34 56 78":    "+33612345678",
		"+33 (0)6 12 34 56 78": "+33612345678",
		"0033612345678":        "+33612345678",
		"+33612345678":         "+33612345678",
		"612345678":            "+33612345678",
		"+44 20 7946 0958":     "+442079460958",
		"0044 20 7946 0958":    "+442079460958",
		"":                     "",
	} {
		got, ok := customers.NormalizePhone(in)
		if !ok || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"12", "06 12 34", "abc", "+33 6 12 34 56 78 99", "0612345678x"} {
		if got, ok := customers.NormalizePhone(bad); ok {
			t.Errorf("%q accepted as %q", bad, got)
		}
	}
	if e, ok := customers.NormalizeEmail("  Jean.Dupont@Exemple.FR "); !ok || e != "jean.dupont@exemple.fr" {
		t.Errorf("email: %q %v", e, ok)
	}
	if _, ok := customers.NormalizeEmail("jean@"); ok {
		t.Error("a broken e-mail accepted")
	}
	if c := customers.NormalizeCard(" ab 12c "); c != "AB12C" {
		t.Errorf("card: %q", c)
	}
}

// fakeLoyalty records what the customers service asks of the program.
type fakeLoyalty struct {
	mu       sync.Mutex
	earned   []customers.Earning
	reversed []customers.Reversal
}

func (f *fakeLoyalty) Earn(_ context.Context, _ *store.Tx, e customers.Earning) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.earned = append(f.earned, e)
	return 10, nil
}

func (f *fakeLoyalty) Reverse(_ context.Context, _ *store.Tx, r customers.Reversal) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reversed = append(f.reversed, r)
	return 10, nil
}

func (f *fakeLoyalty) Summary(_ context.Context, _, _ int64) (customers.LoyaltySummary, error) {
	return customers.LoyaltySummary{Points: 42, LifetimePoints: 50, TierID: 3, TierName: "Or"}, nil
}

func order(id string, at time.Time, total int64) orders.Order {
	return orders.Order{OrderID: id, Source: orders.SourceKiosk, Type: orders.TypeTakeAway, Status: orders.StatusPaid, PaidAt: at,
		Subtotal: total, Total: total, Lines: []orders.Line{{ProductID: "p-classique", Name: "Le Classique", Quantity: 1, UnitPrice: total, Total: total, TaxRate: 1000}},
		VAT: []orders.VATLine{{Rate: 1000, HT: total * 10 / 11, VAT: total - total*10/11, TTC: total}}, Payments: []orders.Payment{{Method: "cb", Amount: total}}}
}

type world struct {
	db     *store.DB
	orders *orders.Service
	svc    *customers.Service
	loy    *fakeLoyalty
	a, b   tenancy.Device // two restaurants' kiosks or tills
	admin  tenancy.Principal
}

func newWorld(t *testing.T, engine store.Engine) world {
	db, ten, shops := testutil.DemoShops(t, engine)
	bus := events.NewLocal()
	w := world{db: db, orders: orders.NewService(db, ten, bus), svc: customers.NewService(db, ten, bus), loy: &fakeLoyalty{}}
	w.svc.UseLoyalty(w.loy)
	w.orders.SetStoredHook(w.svc.OrdersStored)
	w.orders.SetStatusHook(w.svc.OrderStatusChanged)
	w.a, w.b = shops[0].Tills[0], shops[1].Tills[0]
	w.admin = tenancy.Principal{UserID: 1, Login: "admin", Role: tenancy.RoleAdmin, FranchiseID: w.a.Restaurant.FranchiseID}
	return w
}

func TestOrdersLinkOneCustomerWhateverThePhoneLooksLike(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := newWorld(t, engine)
		at := time.Now().UTC().Add(-48 * time.Hour).Truncate(time.Second)
		o1 := order("C-1", at, 1200)
		o1.Customer = &orders.CustomerRef{Phone: "06 12 34 56 78", FirstName: "Léa", PostalCode: "75011", SmsOptin: true}
		if _, err := w.orders.Post(ctx, w.a, o1); err != nil {
			t.Fatal(err)
		}
		// A retried post counts nothing more.
		if st, err := w.orders.Post(ctx, w.a, o1); err != nil || !st.Duplicate {
			t.Fatalf("retry: %+v %v", st, err)
		}
		o2 := order("C-2", at.Add(time.Hour), 800)
		o2.Customer = &orders.CustomerRef{Phone: "+33 6 12 34 56 78", Email: " Lea@Exemple.fr"}
		if _, err := w.orders.Post(ctx, w.b, o2); err != nil {
			t.Fatal(err)
		}
		// A click&collect order names its client by phone only.
		o3 := order("C-3", at.Add(2*time.Hour), 500)
		o3.Source = orders.SourceCollect
		o3.Collect = &orders.Collect{NumOrder: "W-3", Customer: orders.Customer{FirstName: "Léa", LastName: "Martin", Phone: "0033612345678"}}
		if _, err := w.orders.Post(ctx, w.a, o3); err != nil {
			t.Fatal(err)
		}
		// An order without a customer is not linked.
		if _, err := w.orders.Post(ctx, w.a, order("C-4", at, 300)); err != nil {
			t.Fatal(err)
		}
		page, err := w.svc.List(ctx, w.admin, customers.Filter{})
		if err != nil || page.Total != 1 {
			t.Fatalf("list: %+v %v", page, err)
		}
		c := page.Items[0]
		if c.Phone != "+33612345678" || c.Email != "lea@exemple.fr" || c.FirstName != "Léa" || c.LastName != "Martin" || c.PostalCode != "75011" {
			t.Errorf("identity: %+v", c)
		}
		if c.Visits != 3 || len(c.Spend) != 1 || c.Spend[0].Cents != 2500 || c.Spend[0].Orders != 3 || c.Spend[0].Currency != "EUR" {
			t.Errorf("figures: visits %d spend %+v", c.Visits, c.Spend)
		}
		if c.LastRestaurant == nil || c.LastRestaurant.ID != w.a.Restaurant.ID || c.LastVisit == nil || !c.LastVisit.Equal(at.Add(2*time.Hour)) || !c.FirstVisit.Equal(at) {
			t.Errorf("visits: %+v %v %v", c.LastRestaurant, c.FirstVisit, c.LastVisit)
		}
		if !c.SmsOptin || c.EmailOptin || c.Points != 42 || c.Tier == nil || c.Tier.Name != "Or" {
			t.Errorf("consents and points: %+v", c)
		}
		if len(w.loy.earned) != 3 || w.loy.earned[0].TotalCents != 1200 || w.loy.earned[0].Lines[0].ProductID != "p-classique" {
			t.Errorf("earned: %+v", w.loy.earned)
		}
		cons, err := w.svc.Consents(ctx, w.admin, c.ID)
		if err != nil || len(cons) != 1 || cons[0].Source != customers.SourceKiosk || !cons[0].Granted {
			t.Errorf("consents: %+v %v", cons, err)
		}
		ords, err := w.svc.Orders(ctx, w.admin, c.ID, 0, 10)
		if err != nil || ords.Total != 3 || ords.Items[0].TillOrderID != "C-3" {
			t.Errorf("orders: %+v %v", ords, err)
		}

		// A partial refund takes back its share, a cancellation all.
		if _, err := w.orders.ChangeStatus(ctx, w.a, "C-1", orders.StatusChange{EventID: "r1", Status: orders.StatusPartiallyRefunded, At: at.Add(time.Minute), RefundCents: 300}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.orders.ChangeStatus(ctx, w.b, "C-2", orders.StatusChange{EventID: "x1", Status: orders.StatusCancelled, At: at.Add(2 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		w.loy.mu.Lock()
		rev := append([]customers.Reversal(nil), w.loy.reversed...)
		w.loy.mu.Unlock()
		if len(rev) != 2 || rev[0].Fraction != 0.25 || rev[0].Ref != "r1" || rev[1].Fraction != 1 || rev[0].CustomerID != c.ID {
			t.Errorf("reversed: %+v", rev)
		}

		// Scope: a moderator of restaurant b sees the customer; one of a
		// restaurant it never visited does not; another franchise neither.
		mod := tenancy.Principal{UserID: 2, Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{w.b.Restaurant.ID}}
		if _, err := w.svc.Get(ctx, mod, c.ID); err != nil {
			t.Errorf("moderator of a visited restaurant: %v", err)
		}
		mod.Restaurants = []int64{w.b.Restaurant.ID + 1000}
		if _, err := w.svc.Get(ctx, mod, c.ID); !errors.Is(err, tenancy.ErrNotFound) {
			t.Errorf("moderator of another restaurant: %v", err)
		}
		if p, err := w.svc.List(ctx, mod, customers.Filter{}); err != nil || p.Total != 0 {
			t.Errorf("moderator list: %+v %v", p, err)
		}
		other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: w.admin.FranchiseID + 1000}
		if _, err := w.svc.Get(ctx, other, c.ID); !errors.Is(err, tenancy.ErrNotFound) {
			t.Errorf("another franchise: %v", err)
		}

		// Filters and search.
		for _, f := range []customers.Filter{{Q: "lea"}, {Q: "06 12 34"}, {Q: "0612345678"}, {Optin: "sms"}, {MinVisits: 3}, {RestaurantID: w.b.Restaurant.ID}, {MinSpendCents: 2500, Currency: "EUR"}, {ClickCollect: true}} {
			if p, err := w.svc.List(ctx, w.admin, f); err != nil || p.Total != 1 {
				t.Errorf("filter %+v: %d %v", f, p.Total, err)
			}
		}
		for _, f := range []customers.Filter{{Q: "zoé"}, {Optin: "email"}, {MinVisits: 4}, {NotSeenDays: 30}, {MinSpendCents: 2501, Currency: "EUR"}} {
			if p, err := w.svc.List(ctx, w.admin, f); err != nil || p.Total != 0 {
				t.Errorf("filter %+v: %d %v", f, p.Total, err)
			}
		}

		sum, err := w.svc.Summary(ctx, w.admin, 0)
		if err != nil || sum.Customers != 1 || sum.SmsOptins != 1 || sum.RepeatRate != 10000 || len(sum.ByMonth) != 12 || sum.ActiveLast30Days != 1 {
			t.Errorf("summary: %+v %v", sum, err)
		}
		catch, err := w.svc.Catchment(ctx, w.admin, 0, at.Add(-time.Hour), at.Add(24*time.Hour), "all")
		if err != nil || len(catch.Items) != 1 || catch.Items[0].PostalCode != "75011" || catch.KnownOrders != 1 || catch.UnknownOrders != 1 || catch.Items[0].Share != 10000 {
			// C-1 partially refunded and C-2 cancelled are no longer paid: C-3 known, C-4 unknown.
			t.Errorf("catchment: %+v %v", catch, err)
		}

		// Export: French CSV.
		var buf bytes.Buffer
		if err := w.svc.Export(ctx, w.admin, customers.Filter{}, "csv", &buf); err != nil {
			t.Fatal(err)
		}
		if s := buf.String(); !strings.HasPrefix(s, "\ufeffNom;Prénom;Téléphone") || !strings.Contains(s, "Martin;Léa;+33612345678;lea@exemple.fr") {
			t.Errorf("csv: %q", s)
		}
		buf.Reset()
		if err := w.svc.Export(ctx, w.admin, customers.Filter{}, "xlsx", &buf); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("PK")) {
			t.Errorf("xlsx: %v", err)
		}

		// Withdrawal from the back-office applies at once, with its history.
		got, err := w.svc.SetConsent(ctx, w.admin, c.ID, customers.ChannelSMS, false)
		if err != nil || got.SmsOptin {
			t.Fatalf("withdraw: %+v %v", got, err)
		}
		cons, _ = w.svc.Consents(ctx, w.admin, c.ID)
		if len(cons) != 2 || cons[0].Granted || cons[0].Source != customers.SourceBackOffice || cons[0].ByUser != "admin" {
			t.Errorf("consent history: %+v", cons)
		}
		// A later order saying false does not withdraw, true grants again.
		o5 := order("C-5", at.Add(3*time.Hour), 100)
		o5.Customer = &orders.CustomerRef{Email: "LEA@exemple.fr", EmailOptin: true}
		if _, err := w.orders.Post(ctx, w.a, o5); err != nil {
			t.Fatal(err)
		}
		if got, _ = w.svc.Get(ctx, w.admin, c.ID); !got.EmailOptin || got.SmsOptin || got.Visits != 4 {
			t.Errorf("after C-5: %+v", got)
		}

		// Guests read only; moderators cannot erase.
		guest := tenancy.Principal{UserID: 3, Role: tenancy.RoleGuest, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{w.a.Restaurant.ID}}
		if _, err := w.svc.SetConsent(ctx, guest, c.ID, customers.ChannelEmail, false); !errors.Is(err, tenancy.ErrForbidden) {
			t.Errorf("guest write: %v", err)
		}
		mod.Restaurants = []int64{w.a.Restaurant.ID}
		if err := w.svc.Erase(ctx, mod, c.ID); !errors.Is(err, tenancy.ErrForbidden) {
			t.Errorf("moderator erase: %v", err)
		}

		// Erasure: personal fields emptied, consents withdrawn, the
		// click&collect order's client emptied, figures kept.
		if err := w.svc.Erase(ctx, w.admin, c.ID); err != nil {
			t.Fatal(err)
		}
		got, err = w.svc.Get(ctx, w.admin, c.ID)
		if err != nil || !got.Erased || got.Phone != "" || got.Email != "" || got.FirstName != "" || got.EmailOptin || got.Visits != 4 || got.Spend[0].Cents != 2600 {
			t.Errorf("erased: %+v %v", got, err)
		}
		if p, _ := w.svc.List(ctx, w.admin, customers.Filter{}); p.Total != 0 {
			t.Errorf("an erased customer listed")
		}
		var extra string
		if err := w.db.QueryRow(ctx, `SELECT extra FROM orders WHERE till_order_id = 'C-3'`).Scan(&extra); err != nil || strings.Contains(extra, "Martin") || strings.Contains(extra, "0033") || !strings.Contains(extra, "W-3") {
			t.Errorf("order extra after erasure: %s %v", extra, err)
		}
		// The same phone again makes a new customer.
		o6 := order("C-6", at.Add(4*time.Hour), 100)
		o6.Customer = &orders.CustomerRef{Phone: "0612345678"}
		if _, err := w.orders.Post(ctx, w.a, o6); err != nil {
			t.Fatal(err)
		}
		if p, _ := w.svc.List(ctx, w.admin, customers.Filter{}); p.Total != 1 || p.Items[0].ID == c.ID {
			t.Errorf("after erasure, same phone: %+v", p)
		}
	})
}

func TestCreateUpdateAndKiosk(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := newWorld(t, engine)
		c, err := w.svc.Create(ctx, w.admin, customers.CustomerInput{FirstName: " Jean ", LastName: "Dupont", Phone: "07 00 00 00 01", Card: "f-001", BirthMonth: 2, BirthDay: 29})
		if err != nil || c.Phone != "+33700000001" || c.Card != "F-001" || c.FirstName != "Jean" || c.Version != 1 {
			t.Fatalf("create: %+v %v", c, err)
		}
		var conflict *customers.Conflict
		if _, err := w.svc.Create(ctx, w.admin, customers.CustomerInput{Phone: "+33 7 00 00 00 01"}); !errors.As(err, &conflict) || conflict.Message != "Un client avec ce téléphone existe déjà." {
			t.Errorf("duplicate phone: %v", err)
		}
		var ve *tenancy.ValidationError
		if _, err := w.svc.Create(ctx, w.admin, customers.CustomerInput{Phone: "12"}); !errors.As(err, &ve) || ve.Field != "phone" {
			t.Errorf("bad phone: %v", err)
		}
		if _, err := w.svc.Create(ctx, w.admin, customers.CustomerInput{FirstName: "A", BirthMonth: 2, BirthDay: 30}); !errors.As(err, &ve) || ve.Field != "birthDay" {
			t.Errorf("30 février: %v", err)
		}
		up, err := w.svc.Update(ctx, w.admin, c.ID, c.Version, customers.CustomerInput{FirstName: "Jean", LastName: "Dupont", Email: "JEAN@exemple.fr", Card: "F-001"})
		if err != nil || up.Email != "jean@exemple.fr" || up.Phone != "" || up.Version != 2 {
			t.Fatalf("update: %+v %v", up, err)
		}
		if _, err := w.svc.Update(ctx, w.admin, c.ID, c.Version, customers.CustomerInput{FirstName: "X"}); !errors.Is(err, customers.ErrStale) {
			t.Errorf("stale update: %v", err)
		}
		// A moderator's new customer is one of its restaurants'.
		mod := tenancy.Principal{UserID: 2, Role: tenancy.RoleModerator, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{w.a.Restaurant.ID}}
		mc, err := w.svc.Create(ctx, mod, customers.CustomerInput{FirstName: "Zoé"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Get(ctx, mod, mc.ID); err != nil {
			t.Errorf("moderator's own customer: %v", err)
		}
		if _, err := w.svc.Get(ctx, mod, c.ID); !errors.Is(err, tenancy.ErrNotFound) {
			t.Errorf("moderator sees a customer of no restaurant of its: %v", err)
		}

		// Kiosk: lookup by card and e-mail, unknown, register.
		k, err := w.svc.Lookup(ctx, w.a, " f-001", "", "")
		if err != nil || k.ID != c.ID || k.Points != 42 || k.FirstName != "Jean" {
			t.Errorf("lookup by card: %+v %v", k, err)
		}
		if k, err = w.svc.Lookup(ctx, w.a, "", "", "Jean@Exemple.fr"); err != nil || k.ID != c.ID {
			t.Errorf("lookup by e-mail: %+v %v", k, err)
		}
		if _, err := w.svc.Lookup(ctx, w.a, "", "0699999999", ""); !errors.Is(err, customers.ErrUnknown) {
			t.Errorf("unknown: %v", err)
		}
		other := w.a
		other.Restaurant.FranchiseID += 1000
		if _, err := w.svc.Lookup(ctx, other, "F-001", "", ""); !errors.Is(err, customers.ErrUnknown) {
			t.Errorf("another franchise's kiosk: %v", err)
		}
		r, err := w.svc.Register(ctx, w.a, customers.KioskCustomerInput{FirstName: "Noé", Phone: "06 99 99 99 99", SmsOptin: true})
		if err != nil || r.ID == 0 {
			t.Fatalf("register: %+v %v", r, err)
		}
		again, err := w.svc.Register(ctx, w.a, customers.KioskCustomerInput{Phone: "+33699999999"})
		if err != nil || again.ID != r.ID {
			t.Errorf("register again: %+v %v", again, err)
		}
		got, _ := w.svc.Get(ctx, w.admin, r.ID)
		if !got.SmsOptin {
			t.Errorf("kiosk consent not recorded: %+v", got)
		}
		data, err := w.svc.Data(ctx, w.admin, r.ID)
		if err != nil || data.Profile.ID != r.ID || len(data.Consents) != 1 || data.Loyalty == nil {
			t.Errorf("data: %+v %v", data, err)
		}
	})
}
