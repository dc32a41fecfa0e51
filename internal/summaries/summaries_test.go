package summaries_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/jobs"
	"brigade/internal/mail"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/summaries"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

type posted struct {
	o   orders.Order
	dev tenancy.Device
	day int64
}

type world struct {
	db      *store.DB
	ten     *tenancy.Service
	reports *reports.Service
	smtp    *testutil.SMTPServer
	sender  mail.Sender
	admin   tenancy.Principal
	orders  []posted
	shops   []demo.Shop
}

// newWorld is the demo franchise's first four restaurants (EUR, MAD and
// CHF) with 400 days of orders up to Tuesday 24 November 2026, and a real
// SMTP server on loopback.
func newWorld(t *testing.T, engine store.Engine) world {
	t.Helper()
	ctx := context.Background()
	db, ten, shops := testutil.DemoShops(t, engine)
	shops = shops[:4]
	ord := orders.NewService(db, ten, events.NewLocal())
	last := time.Date(2026, 11, 24, 23, 59, 0, 0, time.UTC)
	g := demo.Generator{Shops: shops, Last: last, Now: last, Days: 400, Total: 3000, Seed: 24}
	var all []posted
	if err := g.Each(func(o orders.Order, dev tenancy.Device) error {
		loc, _ := time.LoadLocation(dev.Restaurant.TimeZone)
		all = append(all, posted{o: o, dev: dev, day: orders.BusinessDate(o.PaidAt, loc)})
		return nil
	}); err != nil {
		t.Fatal(err)
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
	admin, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil {
		t.Fatal(err)
	}
	srv := testutil.StartSMTP(t)
	sender, err := mail.Open(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return world{db: db, ten: ten, reports: reports.NewService(ord, ten), smtp: srv, sender: sender,
		admin: tenancy.PrincipalFor(admin), orders: all, shops: shops}
}

// instance is one server: its jobs runner and summaries service.
func (w world) instance(now func() time.Time) (*summaries.Service, *jobs.Runner) {
	runner := jobs.NewRunner(w.db, events.NewLocal())
	s := summaries.NewService(w.db, w.ten, w.reports, runner, w.sender, "http://brigade.test")
	s.SetClock(now)
	return s, runner
}

// raw sums the paid orders of days [from, to] per currency from the orders
// as posted.
func (w world) raw(from, to int64) map[string]*reports.FlashFigures {
	out := map[string]*reports.FlashFigures{}
	for _, p := range w.orders {
		if p.day < from || p.day > to || p.o.Status != orders.StatusPaid {
			continue
		}
		cur := p.dev.Restaurant.Currency("EUR")
		f := out[cur]
		if f == nil {
			f = &reports.FlashFigures{}
			out[cur] = f
		}
		f.RevenueCents += p.o.Total
		for _, v := range p.o.VAT {
			f.HTCents += v.HT
		}
		f.Orders++
	}
	return out
}

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

// TestSummariesSentOncePerPeriod: two instances (each its own jobs runner)
// queue and run the due summaries at the same time, twice, and a third
// starts afterwards: each subscription's period is mailed exactly once,
// through a real SMTP server, with the reports' figures.
func TestSummariesSentOncePerPeriod(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		paris, _ := time.LoadLocation("Europe/Paris")
		c := &clock{now: time.Date(2026, 11, 25, 6, 30, 0, 0, paris)} // before 07:00: yesterday is not due yet
		a, runA := w.instance(c.Now)
		b, runB := w.instance(c.Now)
		daily, err := a.Create(ctx, w.admin, summaries.SubscriptionInput{Frequency: summaries.Daily, Email: "patron@exemple.fr"})
		if err != nil {
			t.Fatal(err)
		}
		if daily.LastPeriod != "2026-11-23" {
			t.Fatalf("daily created with last period %s, want 2026-11-23", daily.LastPeriod)
		}
		if n, err := a.QueueDue(ctx); err != nil || n != 0 {
			t.Fatalf("before 07:00: %d queued (%v)", n, err)
		}
		c.Set(time.Date(2026, 11, 25, 7, 5, 0, 0, paris))
		race := func() {
			var wg sync.WaitGroup
			for _, x := range []struct {
				s *summaries.Service
				r *jobs.Runner
			}{{a, runA}, {b, runB}, {a, runA}, {b, runB}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := x.s.QueueDue(ctx); err != nil {
						t.Error(err)
					}
					if err := x.r.RunPending(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		}
		race()
		race()
		got := w.smtp.Wait(t, 1, 10*time.Second)
		time.Sleep(200 * time.Millisecond)
		if got = w.smtp.Mails(); len(got) != 1 {
			t.Fatalf("%d mails for one period, want 1", len(got))
		}
		m := got[0]
		if len(m.To) != 1 || m.To[0] != "patron@exemple.fr" {
			t.Fatalf("recipients %v", m.To)
		}
		if m.Subject != "Brigade — résumé du mardi 24 novembre 2026" {
			t.Fatalf("subject %q", m.Subject)
		}
		if m.ContentType != "multipart/alternative" || m.Text == "" || !strings.Contains(m.HTML, "<table") {
			t.Fatalf("not text + HTML: %s", m.ContentType)
		}
		// The figures are the flash's « yesterday », and those are the
		// raw orders' (each currency on its own).
		sum, err := w.reports.DaySummary(ctx, w.admin, 0, 20261124)
		if err != nil {
			t.Fatal(err)
		}
		want := w.raw(20261124, 20261124)
		if len(sum.Totals) < 2 {
			t.Fatalf("%d currencies, want several", len(sum.Totals))
		}
		for _, tot := range sum.Totals {
			r := want[tot.Currency]
			if r == nil || tot.Current.RevenueCents != r.RevenueCents || tot.Current.HTCents != r.HTCents || tot.Current.Orders != r.Orders {
				t.Fatalf("%s: summary %+v, raw orders %+v", tot.Currency, tot.Current, r)
			}
			for _, s := range []string{reports.FrenchMoney(tot.Current.RevenueCents, tot.Currency), reports.FrenchMoney(tot.Current.HTCents, tot.Currency)} {
				if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, s) {
					t.Fatalf("%s missing from the mail:\n%s", s, m.Text)
				}
			}
			prev := w.raw(20261117, 20261117)[tot.Currency]
			if prev != nil && tot.Previous.RevenueCents != prev.RevenueCents {
				t.Fatalf("%s previous %d, raw %d", tot.Currency, tot.Previous.RevenueCents, prev.RevenueCents)
			}
		}
		for _, s := range []string{"http://brigade.test/stats/SuiviQuotidien", "supprimez l'abonnement", "Meilleurs restaurants"} {
			if !strings.Contains(m.Text, s) {
				t.Fatalf("%q missing from the text:\n%s", s, m.Text)
			}
		}
		list, err := a.List(ctx, w.admin)
		if err != nil || len(list) != 1 || list[0].LastPeriod != "2026-11-24" {
			t.Fatalf("after sending: %+v %v", list, err)
		}

		// A restart (a third instance) sends nothing more for the period.
		cc, runC := w.instance(c.Now)
		if n, err := cc.QueueDue(ctx); err != nil || n != 0 {
			t.Fatalf("after a restart: %d queued (%v)", n, err)
		}
		_ = runC.RunPending(ctx)

		// Weekly, for a restaurant: due on Monday 30 November for the week
		// of the 23rd; the totals are the revenue report's, and add up
		// the restaurants'.
		shop := w.shops[0].Restaurant
		weekly, err := a.Create(ctx, w.admin, summaries.SubscriptionInput{Frequency: summaries.Weekly, RestaurantID: shop.ID, Email: "compta@exemple.fr"})
		if err != nil {
			t.Fatal(err)
		}
		if weekly.LastPeriod != "2026-11-16" || weekly.RestaurantName == "" {
			t.Fatalf("weekly created: %+v", weekly)
		}
		c.Set(time.Date(2026, 11, 30, 7, 1, 0, 0, paris))
		race()
		got = w.smtp.Wait(t, 3, 10*time.Second) // the daily of the 29th and the weekly
		time.Sleep(200 * time.Millisecond)
		if got = w.smtp.Mails(); len(got) != 3 {
			t.Fatalf("%d mails, want 3", len(got))
		}
		var wk *testutil.Received
		for i := range got {
			if got[i].To[0] == "compta@exemple.fr" {
				wk = &got[i]
			}
		}
		if wk == nil || wk.Subject != "Brigade — résumé de la semaine du lundi 23 novembre 2026 au dimanche 29 novembre 2026 — "+weekly.RestaurantName {
			t.Fatalf("weekly mail: %+v", wk)
		}
		ws, err := w.reports.WeekSummary(ctx, w.admin, shop.ID, 20261123)
		if err != nil {
			t.Fatal(err)
		}
		wr := w.raw(20261123, 20261129)
		ownCurrency := shop.Currency("EUR")
		if len(ws.Totals) != 1 || ws.Totals[0].Currency != ownCurrency || len(ws.Restaurants) != 1 ||
			ws.Totals[0].Current != ws.Restaurants[0].Current || ws.Totals[0].Previous != ws.Restaurants[0].Previous {
			t.Fatalf("week summary %+v", ws)
		}
		var rawShop reports.FlashFigures
		for _, p := range w.orders {
			if p.dev.Restaurant.ID == shop.ID && p.day >= 20261123 && p.day <= 20261129 && p.o.Status == orders.StatusPaid {
				rawShop.RevenueCents += p.o.Total
				rawShop.Orders++
			}
		}
		_ = wr
		if ws.Totals[0].Current.RevenueCents != rawShop.RevenueCents || ws.Totals[0].Current.Orders != rawShop.Orders {
			t.Fatalf("week %+v, raw %+v", ws.Totals[0].Current, rawShop)
		}
		if s := reports.FrenchMoney(rawShop.RevenueCents, ownCurrency); !strings.Contains(wk.Text, s) {
			t.Fatalf("%s missing from the weekly mail:\n%s", s, wk.Text)
		}
	})
}

// TestSummariesScope: a subscription is scoped by its login.
func TestSummariesScope(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, store.SQLite)
	s, _ := w.instance(time.Now)
	// Another franchise's restaurant.
	other := tenancy.Principal{UserID: w.admin.UserID, Role: tenancy.RoleAdmin, FranchiseID: w.admin.FranchiseID}
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM restaurants WHERE franchise_id <> ? ORDER BY id LIMIT 1`, w.admin.FranchiseID).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, other, summaries.SubscriptionInput{Frequency: summaries.Daily, RestaurantID: foreign, Email: "a@exemple.fr"}); err == nil {
		t.Fatal("subscribed to another franchise's restaurant")
	}
	// A restaurant login: its restaurant only.
	resto := tenancy.Principal{UserID: w.admin.UserID, Role: tenancy.RoleRestaurant, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{w.shops[1].Restaurant.ID}}
	if _, err := s.Create(ctx, resto, summaries.SubscriptionInput{Frequency: summaries.Daily, RestaurantID: w.shops[0].Restaurant.ID, Email: "a@exemple.fr"}); err == nil {
		t.Fatal("a restaurant login subscribed to another restaurant")
	}
	if _, err := s.Create(ctx, resto, summaries.SubscriptionInput{Frequency: summaries.Weekly, RestaurantID: w.shops[1].Restaurant.ID, Email: "a@exemple.fr"}); err != nil {
		t.Fatal(err)
	}
	// Its « all restaurants » preview covers its restaurant alone.
	pv, err := s.SendPreview(ctx, resto, summaries.SubscriptionInput{Frequency: summaries.Daily, Email: "resto@exemple.fr"})
	if err != nil {
		t.Fatal(err)
	}
	m := w.smtp.Wait(t, 1, 10*time.Second)[0]
	if m.Subject != pv.Subject || !strings.HasPrefix(m.Subject, "[Aperçu] Brigade — résumé du ") || !strings.Contains(m.Text, "(1 restaurant)") || strings.Contains(m.Text, w.shops[0].Restaurant.Nom) {
		t.Fatalf("preview of a restaurant login: %q\n%s", m.Subject, m.Text)
	}
	for _, bad := range []summaries.SubscriptionInput{{Frequency: "monthly", Email: "a@exemple.fr"}, {Frequency: summaries.Daily, Email: "pas une adresse"}} {
		if _, err := s.Create(ctx, w.admin, bad); err == nil {
			t.Fatalf("%+v accepted", bad)
		}
	}
	// Another login's subscription cannot be deleted.
	mine, err := s.List(ctx, resto)
	if err != nil || len(mine) != 1 {
		t.Fatalf("%+v %v", mine, err)
	}
	stranger := w.admin
	stranger.UserID++
	if err := s.Delete(ctx, stranger, mine[0].ID); err == nil {
		t.Fatal("deleted another login's subscription")
	}
	if err := s.Delete(ctx, resto, mine[0].ID); err != nil {
		t.Fatal(err)
	}
}

// TestDuePeriods: the period due at a moment, and when the next one is.
func TestDuePeriods(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	for _, c := range []struct {
		freq string
		at   time.Time
		want int64
	}{
		{summaries.Daily, time.Date(2026, 11, 25, 6, 59, 0, 0, paris), 20261123},
		{summaries.Daily, time.Date(2026, 11, 25, 7, 0, 0, 0, paris), 20261124},
		{summaries.Daily, time.Date(2026, 3, 1, 8, 0, 0, 0, paris), 20260228},
		{summaries.Weekly, time.Date(2026, 11, 30, 6, 59, 0, 0, paris), 20261116}, // Monday before 07:00
		{summaries.Weekly, time.Date(2026, 11, 30, 7, 0, 0, 0, paris), 20261123},
		{summaries.Weekly, time.Date(2026, 12, 6, 23, 0, 0, 0, paris), 20261123}, // Sunday
	} {
		if got := summaries.DuePeriod(c.freq, c.at, paris); got != c.want {
			t.Errorf("%s at %s: %d, want %d", c.freq, c.at, got, c.want)
		}
	}
	if got := summaries.NextSend(summaries.Daily, 20261124, paris); !got.Equal(time.Date(2026, 11, 26, 7, 0, 0, 0, paris)) {
		t.Errorf("daily next send %s", got)
	}
	if got := summaries.NextSend(summaries.Weekly, 20261123, paris); !got.Equal(time.Date(2026, 12, 7, 7, 0, 0, 0, paris)) {
		t.Errorf("weekly next send %s", got)
	}
}

// TestSummaryRetriedWhenTheMailServerRefuses: a period whose mail the
// server refused is queued again at the next tick, and sent once the
// server takes it; a preview then says 503's error.
func TestSummaryRetriedWhenTheMailServerRefuses(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, store.SQLite)
	paris, _ := time.LoadLocation("Europe/Paris")
	c := &clock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, paris)}
	s, runner := w.instance(c.Now)
	if _, err := s.Create(ctx, w.admin, summaries.SubscriptionInput{Frequency: summaries.Daily, Email: "patron@exemple.fr"}); err != nil {
		t.Fatal(err)
	}
	c.Set(time.Date(2026, 11, 25, 7, 30, 0, 0, paris))
	w.smtp.SetRefuse(true)
	if _, err := s.SendPreview(ctx, w.admin, summaries.SubscriptionInput{Frequency: summaries.Daily, Email: "patron@exemple.fr"}); err != summaries.ErrSend {
		t.Fatalf("preview to a refusing server: %v", err)
	}
	if n, err := s.QueueDue(ctx); err != nil || n != 1 {
		t.Fatalf("queued %d (%v)", n, err)
	}
	if err := runner.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	var failed int
	if err := w.db.QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE kind = ? AND status = 'failed'`, summaries.JobSend).Scan(&failed); err != nil || failed != 1 {
		t.Fatalf("%d failed jobs (%v)", failed, err)
	}
	w.smtp.SetRefuse(false)
	if n, err := s.QueueDue(ctx); err != nil || n != 1 {
		t.Fatalf("retry queued %d (%v)", n, err)
	}
	if err := runner.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	if got := w.smtp.Wait(t, 1, 5*time.Second); len(got) != 1 || got[0].Subject != "Brigade — résumé du mardi 24 novembre 2026" {
		t.Fatalf("after the retry: %+v", got)
	}
	if n, err := s.QueueDue(ctx); err != nil || n != 0 {
		t.Fatalf("after sending: %d queued (%v)", n, err)
	}
}

// TestNoSummaryForABlockedFranchise: a franchise blocked for unpaid
// maintenance gets no summary; the period is passed.
func TestNoSummaryForABlockedFranchise(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, store.SQLite)
	paris, _ := time.LoadLocation("Europe/Paris")
	c := &clock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, paris)}
	s, runner := w.instance(c.Now)
	if _, err := s.Create(ctx, w.admin, summaries.SubscriptionInput{Frequency: summaries.Daily, Email: "patron@exemple.fr"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE franchises SET is_blocked = TRUE WHERE id = ?`, w.admin.FranchiseID); err != nil {
		t.Fatal(err)
	}
	c.Set(time.Date(2026, 11, 25, 7, 30, 0, 0, paris))
	if n, err := s.QueueDue(ctx); err != nil || n != 1 {
		t.Fatalf("queued %d (%v)", n, err)
	}
	if err := runner.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if got := w.smtp.Mails(); len(got) != 0 {
		t.Fatalf("a blocked franchise got %d mails", len(got))
	}
	if n, err := s.QueueDue(ctx); err != nil || n != 0 {
		t.Fatalf("queued again: %d (%v)", n, err)
	}
}

// TestPreviewsBounded: a preview goes to any address, so a login sends a
// few an hour at most.
func TestPreviewsBounded(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, store.SQLite)
	s, _ := w.instance(time.Now)
	in := summaries.SubscriptionInput{Frequency: summaries.Daily, Email: "a@exemple.fr"}
	for i := 0; i < 10; i++ {
		if _, err := s.SendPreview(ctx, w.admin, in); err != nil {
			t.Fatalf("preview %d: %v", i+1, err)
		}
	}
	if _, err := s.SendPreview(ctx, w.admin, in); err != summaries.ErrTooManyPreviews {
		t.Fatalf("11th preview: %v", err)
	}
	if got := w.smtp.Wait(t, 10, 10*time.Second); len(got) != 10 {
		t.Fatalf("%d mails", len(got))
	}
}
