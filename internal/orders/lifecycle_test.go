package orders_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// lifecycleWorld is 60 days of demo orders of every restaurant, stored
// through the orders service, with the devices that posted them.
type lifecycleWorld struct {
	db      *store.DB
	svc     *orders.Service
	devices map[int64]tenancy.Device // by equipment id
	fid     int64
}

func newLifecycleWorld(t *testing.T, engine store.Engine) lifecycleWorld {
	t.Helper()
	ctx := context.Background()
	db, ten, shops := testutil.DemoShops(t, engine)
	last := time.Date(2026, 4, 12, 22, 0, 0, 0, time.UTC)
	g := demo.Generator{Shops: shops, Last: last, Now: last, Days: 60, Total: 1500, Seed: 19}
	var all []orders.Order
	var devs []tenancy.Device
	var of []int
	w := lifecycleWorld{db: db, devices: map[int64]tenancy.Device{}}
	_ = g.Each(func(o orders.Order, d tenancy.Device) error {
		all = append(all, o)
		devs = append(devs, d)
		of = append(of, len(devs)-1)
		w.devices[d.Equipment.ID] = d
		w.fid = d.Restaurant.FranchiseID
		return nil
	})
	w.svc = orders.NewService(db, ten, events.NewLocal())
	if _, err := w.svc.ImportRows(ctx, devs, all, of); err != nil {
		t.Fatal(err)
	}
	return w
}

type storedOrder struct {
	till      string
	equipment int64
	paid      time.Time
	total     int64
}

func (w lifecycleWorld) ordersWith(t *testing.T, status string) []storedOrder {
	t.Helper()
	out, err := store.Collect(context.Background(), w.db, `SELECT till_order_id, equipment_id, paid_unix, total_cents FROM orders WHERE status = ? ORDER BY id`, []any{status},
		func(r store.Scanner) (o storedOrder, err error) {
			var paid int64
			err = r.Scan(&o.till, &o.equipment, &paid, &o.total)
			o.paid = time.Unix(paid, 0).UTC()
			return o, err
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// nonZeroRollups is the franchise's rollup rows that hold something (a
// cell a change brought back to zero is no different from no cell).
func nonZeroRollups(t *testing.T, db *store.DB) string {
	return dumpRollups(t, db, `NOT (n = 0 AND qty = 0 AND a1 = 0 AND a2 = 0 AND a3 = 0 AND e_sum = 0 AND e_n = 0 AND c1 = 0 AND c2 = 0)`)
}

// TestLifecycleRollupsEqualReplay: refunds (full, partial, several
// partial then the rest), cancellations and payments of pending orders,
// posted by concurrent tills, some twice at once, leave rollups equal to
// replaying every order's history from the raw rows; a retried change is
// applied once, and two concurrent partial refunds that together exceed the
// order cannot both pass.
func TestLifecycleRollupsEqualReplay(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := newLifecycleWorld(t, engine)
		paid := w.ordersWith(t, orders.StatusPaid)
		pending := w.ordersWith(t, orders.StatusPending)
		if len(paid) < 200 || len(pending) < 5 {
			t.Fatalf("%d paid, %d pending orders", len(paid), len(pending))
		}
		// Each order's changes, in the order a till sends them.
		var plans [][]orders.StatusChange
		var planOrders []storedOrder
		ev := 0
		change := func(status string, at time.Time, refund int64, method string) orders.StatusChange {
			ev++
			return orders.StatusChange{EventID: "EV-" + strconv.Itoa(ev), Status: status, At: at, Reason: "test", RefundCents: refund, Method: method}
		}
		for i, o := range paid[:150] {
			var p []orders.StatusChange
			day := time.Duration(i%20) * 24 * time.Hour
			switch {
			case i < 50: // refunded in full, up to 19 days later
				p = append(p, change(orders.StatusRefunded, o.paid.Add(day+time.Hour), 0, ""))
			case i < 110: // refunded in part, once or twice, then maybe the rest
				p = append(p, change(orders.StatusPartiallyRefunded, o.paid.Add(day+time.Hour), o.total/3, "especes"))
				if i%2 == 0 {
					p = append(p, change(orders.StatusPartiallyRefunded, o.paid.Add(day+26*time.Hour), o.total/4, ""))
				}
				if i%3 == 0 {
					p = append(p, change(orders.StatusRefunded, o.paid.Add(day+50*time.Hour), 0, "cb"))
				}
			default: // cancelled within the hour
				p = append(p, change(orders.StatusCancelled, o.paid.Add(40*time.Minute), 0, ""))
			}
			plans, planOrders = append(plans, p), append(planOrders, o)
		}
		for i, o := range pending {
			status := orders.StatusPaid
			if i%3 == 0 {
				status = orders.StatusCancelled
			}
			p := []orders.StatusChange{change(status, o.paid.Add(30*time.Minute), 0, "")}
			if status == orders.StatusPaid && i%2 == 0 {
				p = append(p, change(orders.StatusRefunded, o.paid.Add(3*24*time.Hour), 0, ""))
			}
			plans, planOrders = append(plans, p), append(planOrders, o)
		}

		// The revenue of each restaurant and day, before the changes and
		// as the changes should leave it: a payment adds the order on its
		// day, a refund or cancellation takes back what was left on its own.
		type rd struct{ restaurant, day int64 }
		want := map[rd]int64{}
		err := store.Each(ctx, w.db, `SELECT restaurant_id, business_date, SUM(total_cents) FROM orders WHERE status = 'paid' GROUP BY restaurant_id, business_date`, nil,
			func(r store.Scanner) error {
				var k rd
				var v int64
				err := r.Scan(&k.restaurant, &k.day, &v)
				want[k] = v
				return err
			})
		if err != nil {
			t.Fatal(err)
		}
		for k, plan := range plans {
			o := planOrders[k]
			dev := w.devices[o.equipment]
			loc, _ := time.LoadLocation(dev.Restaurant.TimeZone)
			isPaid := k < 150
			var back int64
			for _, c := range plan {
				day := rd{dev.Restaurant.ID, orders.BusinessDate(c.At, loc)}
				switch {
				case c.Status == orders.StatusPaid:
					want[day] += o.total
					isPaid = true
				case isPaid && c.Status == orders.StatusPartiallyRefunded:
					want[day] -= c.RefundCents
					back += c.RefundCents
				case isPaid:
					want[day] -= o.total - back
				}
			}
		}

		// Four tills at once, each order's changes in turn; every third
		// change posted twice at the same time (a till's retry racing its
		// first try).
		var applied, duplicates sync.Map
		work := make(chan int)
		var wg sync.WaitGroup
		errs := make(chan error, len(plans))
		for range 4 {
			wg.Go(func() {
				for k := range work {
					o := planOrders[k]
					dev := w.devices[o.equipment]
					for j, c := range plans[k] {
						post := func() {
							got, err := w.svc.ChangeStatus(ctx, dev, o.till, c)
							if err != nil {
								errs <- err
								return
							}
							if got.Duplicate {
								duplicates.Store(c.EventID, true)
							} else if _, twice := applied.LoadOrStore(c.EventID, true); twice {
								errs <- errors.New("change " + c.EventID + " applied twice")
							}
						}
						if (k+j)%3 == 0 {
							var both sync.WaitGroup
							both.Go(post)
							both.Go(post)
							both.Wait()
						} else {
							post()
						}
					}
				}
			})
		}
		for k := range plans {
			work <- k
		}
		close(work)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		n := 0
		applied.Range(func(any, any) bool { n++; return true })
		if n != ev {
			t.Fatalf("%d changes applied, want %d", n, ev)
		}
		dups := 0
		duplicates.Range(func(any, any) bool { dups++; return true })
		if dups == 0 {
			t.Fatal("no retried change was answered as a duplicate")
		}

		// Two partial refunds of 60 % each at once: one passes, the
		// other finds too little left.
		o := paid[160]
		dev := w.devices[o.equipment]
		var refused, passed sync.Map
		var both sync.WaitGroup
		for i := range 2 {
			both.Go(func() {
				_, err := w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "RACE-" + strconv.Itoa(i), Status: orders.StatusPartiallyRefunded,
					At: o.paid.Add(time.Hour), RefundCents: o.total * 6 / 10})
				var ve *orders.ValidationError
				switch {
				case err == nil:
					passed.Store(i, true)
				case errors.As(err, &ve) && ve.Field == "refund_cents":
					refused.Store(i, true)
				default:
					t.Error(err)
				}
			})
		}
		both.Wait()
		np, nr := 0, 0
		passed.Range(func(any, any) bool { np++; return true })
		refused.Range(func(any, any) bool { nr++; return true })
		if np != 1 || nr != 1 {
			t.Fatalf("concurrent partial refunds: %d passed, %d refused", np, nr)
		}

		race := w.devices[o.equipment]
		loc, _ := time.LoadLocation(race.Restaurant.TimeZone)
		want[rd{race.Restaurant.ID, orders.BusinessDate(o.paid.Add(time.Hour), loc)}] -= o.total * 6 / 10
		got := map[rd]int64{}
		err = store.Each(ctx, w.db, `SELECT restaurant_id, period, a1 FROM rollups WHERE dim = 'rest' AND restaurant_id > 0 AND period > 19000000`, nil,
			func(r store.Scanner) error {
				var k rd
				var v int64
				err := r.Scan(&k.restaurant, &k.day, &v)
				got[k] = v
				return err
			})
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("restaurant %d on %d: revenue %d, want %d", k.restaurant, k.day, got[k], v)
			}
			delete(got, k)
		}
		for k, v := range got {
			if v != 0 {
				t.Errorf("restaurant %d on %d: revenue %d, want none", k.restaurant, k.day, v)
			}
		}

		stored := nonZeroRollups(t, w.db)
		if err := w.svc.ReplayRollups(ctx, w.fid); err != nil {
			t.Fatal(err)
		}
		replayed := nonZeroRollups(t, w.db)
		if stored != replayed {
			t.Fatalf("rollups differ from the replay of the raw orders (%d vs %d bytes)\n%s", len(stored), len(replayed), firstDiff(stored, replayed))
		}
	})
}

// firstDiff shows where two dumps part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return "stored:   …" + a[from:min(len(a), i+200)] + "\nreplayed: …" + b[from:min(len(b), i+200)]
}

// TestLifecycleRules: what a change may and may not do, each refusal in
// French on its field.
func TestLifecycleRules(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		w := newLifecycleWorld(t, engine)
		paid := w.ordersWith(t, orders.StatusPaid)
		pending := w.ordersWith(t, orders.StatusPending)
		o, p := paid[0], pending[0]
		dev := w.devices[o.equipment]
		at := o.paid.Add(time.Hour)
		expect := func(name string, err error, field string) {
			t.Helper()
			var ve *orders.ValidationError
			var te *orders.ErrTransition
			switch {
			case field == "transition" && errors.As(err, &te):
			case field != "transition" && errors.As(err, &ve) && ve.Field == field:
			default:
				t.Errorf("%s: %v, want a refusal on %s", name, err, field)
			}
		}
		_, err := w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusRefunded, At: o.paid.Add(-time.Minute)})
		expect("before the order", err, "at")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusPartiallyRefunded, At: at})
		expect("partial without amount", err, "refund_cents")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusPartiallyRefunded, At: at, RefundCents: o.total + 1})
		expect("more than the order", err, "refund_cents")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusCancelled, At: at, RefundCents: 100})
		expect("an amount on a cancellation", err, "refund_cents")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusRefunded, At: at, Method: "bitcoin"})
		expect("unknown method", err, "method")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusPending, At: at})
		expect("back to pending", err, "status")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusFailed, At: at})
		expect("paid then failed", err, "transition")
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusRefunded, At: time.Now().Add(time.Hour)})
		expect("in the future", err, "at")
		_, err = w.svc.ChangeStatus(ctx, w.devices[p.equipment], p.till, orders.StatusChange{EventID: "a", Status: orders.StatusRefunded, At: p.paid.Add(time.Hour)})
		expect("refund of a pending order", err, "transition")

		// Another restaurant's till cannot reach the order.
		var other tenancy.Device
		for _, d := range w.devices {
			if d.Restaurant.ID != dev.Restaurant.ID {
				other = d
				break
			}
		}
		if _, err := w.svc.ChangeStatus(ctx, other, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusRefunded, At: at}); !errors.Is(err, orders.ErrNotFound) {
			t.Errorf("another restaurant's till: %v", err)
		}
		if _, err := w.svc.ChangeStatus(ctx, other, o.till, orders.StatusChange{EventID: "a", Status: orders.StatusRefunded, At: at, Equipment: dev.Equipment.UserKeenID}); !errors.Is(err, orders.ErrNotFound) {
			t.Error("another restaurant's till named the order's equipment and changed it")
		}

		// A partial refund equal to what is left refunds the order; then
		// nothing more.
		got, err := w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "p1", Status: orders.StatusPartiallyRefunded, At: at, RefundCents: 100})
		if err != nil || got.Event.Status != orders.StatusPartiallyRefunded || got.Event.Method == "" {
			t.Fatalf("partial refund: %+v %v", got, err)
		}
		got, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "p2", Status: orders.StatusPartiallyRefunded, At: at.Add(time.Minute), RefundCents: o.total - 100})
		if err != nil || got.Event.Status != orders.StatusRefunded {
			t.Fatalf("the rest as a partial refund: %+v %v", got, err)
		}
		_, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "p3", Status: orders.StatusPaid, At: at.Add(2 * time.Minute)})
		expect("after the refund", err, "transition")
		// The retry of an applied change is answered, not refused.
		got, err = w.svc.ChangeStatus(ctx, dev, o.till, orders.StatusChange{EventID: "p1", Status: orders.StatusPartiallyRefunded, At: at, RefundCents: 100})
		if err != nil || !got.Duplicate || got.Event.RefundCents != 100 {
			t.Fatalf("retry: %+v %v", got, err)
		}
		// Earlier than the last change: refused.
		q := paid[1]
		qd := w.devices[q.equipment]
		if _, err := w.svc.ChangeStatus(ctx, qd, q.till, orders.StatusChange{EventID: "x1", Status: orders.StatusPartiallyRefunded, At: q.paid.Add(2 * time.Hour), RefundCents: 50}); err != nil {
			t.Fatal(err)
		}
		_, err = w.svc.ChangeStatus(ctx, qd, q.till, orders.StatusChange{EventID: "x2", Status: orders.StatusRefunded, At: q.paid.Add(time.Hour)})
		expect("before the last change", err, "at")
	})
}
