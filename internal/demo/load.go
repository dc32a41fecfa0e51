package demo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// The demo's year of orders (300 000 by default) takes minutes to store.
// `brigade serve` answers at once and loads it in the background; `brigade
// demo` loads it before returning. Either way the load follows a plan kept
// in the database (app_settings): the generator's parameters, fixed at the
// first start so that a resumed load makes the very same orders, and how
// far the load got, saved in the transaction of each batch it counts. A
// load interrupted (crash, kill, Ctrl-C) is finished by the next start,
// never left at a partial year. Ingestion is idempotent, so a batch stored
// twice (two instances loading at once) is stored once.

// planKey names the plan in app_settings.
const planKey = "demo_orders"

// OrdersBatch is how many orders one transaction of the load holds: small
// enough that a till's post waits about a second at most for the writer
// (SQLite has one), large enough to keep the load fast.
const OrdersBatch = 2000

// OrdersPlan is the demo's year of orders and how far its load got.
type OrdersPlan struct {
	// Anchor is the instant the year ends: the first start's.
	Anchor time.Time `json:"anchor"`
	// Total is about how many orders the year holds (--demo-orders).
	Total int    `json:"total"`
	Seed  uint64 `json:"seed"`
	// Loaded is how many orders of the generator's stream are stored.
	Loaded int  `json:"loaded"`
	Done   bool `json:"done"`
}

// OrdersProgress is the load as the app shows it.
type OrdersProgress struct {
	Loading bool `json:"loading" doc:"Vrai tant que les commandes de démonstration se chargent (les rapports sont alors incomplets)"`
	Loaded  int  `json:"loaded" doc:"Commandes déjà chargées"`
	Total   int  `json:"total" doc:"Commandes à charger, environ (la dernière journée s'arrête à l'heure du premier démarrage)"`
	Percent int  `json:"percent" minimum:"0" maximum:"100" doc:"Avancement en % ; 100 une fois le chargement terminé"`
}

// Progress is how far the plan's load got.
func (p OrdersPlan) Progress() OrdersProgress {
	if p.Total <= 0 {
		return OrdersProgress{}
	}
	out := OrdersProgress{Loading: !p.Done, Loaded: p.Loaded, Total: p.Total, Percent: 100}
	if !p.Done {
		// The stream holds about Total orders: never 100 % before the end.
		out.Percent = min(99, p.Loaded*100/p.Total)
	}
	return out
}

type queryRower interface {
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
}

func readPlan(ctx context.Context, q queryRower) (OrdersPlan, bool, error) {
	var raw string
	err := q.QueryRow(ctx, `SELECT value FROM app_settings WHERE key = ?`, planKey).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return OrdersPlan{}, false, nil
	}
	if err != nil {
		return OrdersPlan{}, false, err
	}
	var p OrdersPlan
	if err := json.Unmarshal([]byte(raw), &p); err != nil {
		return OrdersPlan{}, false, err
	}
	return p, true, nil
}

// ReadOrdersProgress tells how far the demo orders' load got; without a
// load (no demo, or none planned) Loading is false.
func ReadOrdersProgress(ctx context.Context, db *store.DB) (OrdersProgress, error) {
	p, _, err := readPlan(ctx, db)
	return p.Progress(), err
}

// PlanOrders returns the demo orders' plan, writing it at the first call:
// a year of about total orders ending at now. Later calls return the
// stored plan whatever their arguments (a resumed load must make the same
// orders). A demo franchise that holds orders without a plan (loaded by an
// earlier version) is done; total ≤ 0 plans nothing.
func PlanOrders(ctx context.Context, db *store.DB, total int, now time.Time) (OrdersPlan, error) {
	if p, ok, err := readPlan(ctx, db); err != nil || ok {
		return p, err
	}
	if total <= 0 {
		return OrdersPlan{Done: true}, nil
	}
	var n int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM orders o JOIN users u ON u.franchise_id = o.franchise_id WHERE u.login = ?`, "demo-admin").Scan(&n); err != nil {
		return OrdersPlan{}, err
	}
	p := OrdersPlan{Anchor: now.UTC().Truncate(time.Second), Total: total, Seed: 2026}
	if n > 0 {
		p.Loaded, p.Done = n, true
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return OrdersPlan{}, err
	}
	// Two instances starting at once: the first plan wins, both read it.
	if _, err := db.Exec(ctx, `INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`, planKey, string(raw)); err != nil {
		return OrdersPlan{}, err
	}
	p, _, err = readPlan(ctx, db)
	return p, err
}

// LoadPlannedOrders stores the plan's orders not stored yet, in batches of
// batch orders (OrdersBatch when 0), each committed with the plan's new
// resume point; progress, if set, hears of each commit. It returns the plan
// as it left it: Done unless ctx ended or a batch failed, in which case the
// next call resumes after the last batch committed.
func LoadPlannedOrders(ctx context.Context, db *store.DB, ten *tenancy.Service, svc *orders.Service, plan OrdersPlan, batch int, progress func(OrdersPlan)) (OrdersPlan, error) {
	if plan.Done || plan.Total <= 0 {
		return plan, nil
	}
	if batch <= 0 {
		batch = OrdersBatch
	}
	shops, err := Shops(ctx, db, ten)
	if err != nil {
		return plan, err
	}
	shops = demoShops(shops)
	g := Generator{Shops: shops, Last: plan.Anchor, Now: plan.Anchor, Days: 365, Total: plan.Total, Seed: plan.Seed}
	var devs []tenancy.Device
	devIndex := map[int64]int{}
	list := make([]orders.Order, 0, batch)
	of := make([]int, 0, batch)
	seen := 0 // orders of the stream so far
	flush := func(done bool) error {
		next := plan
		next.Loaded, next.Done = seen, done
		raw, err := json.Marshal(next)
		if err != nil {
			return err
		}
		_, err = svc.ImportBatch(ctx, orders.Batch{Devices: devs, Orders: list, DeviceOf: of,
			// The last batch announces the load (orders.changed): open
			// pages refresh once, not at every batch.
			Quiet: !done,
			Also: func(ctx context.Context, tx *store.Tx) error {
				// The plan only moves forward (another instance may have
				// gone further).
				cur, _, err := readPlan(ctx, tx)
				if err != nil || cur.Done || cur.Loaded > next.Loaded {
					return err
				}
				_, err = tx.Exec(ctx, `UPDATE app_settings SET value = ? WHERE key = ?`, string(raw), planKey)
				return err
			}})
		if err != nil {
			return err
		}
		plan = next
		list, of = list[:0], of[:0]
		if progress != nil {
			progress(plan)
		}
		return nil
	}
	err = g.Each(func(o orders.Order, dev tenancy.Device) error {
		seen++
		if seen <= plan.Loaded {
			return nil // stored by an earlier run
		}
		i, ok := devIndex[dev.Equipment.ID]
		if !ok {
			i = len(devs)
			devIndex[dev.Equipment.ID] = i
			devs = append(devs, dev)
		}
		list = append(list, o)
		of = append(of, i)
		if len(list) == batch {
			return flush(false)
		}
		return nil
	})
	if err == nil {
		err = flush(true)
	}
	if err == nil {
		err = refundSome(ctx, db, svc, shops, plan.Anchor)
	}
	return plan, err
}

// refundSome gives the demo's last month a few refunds posted after the
// sale, as tills do (issue 19): one paid order in 97 refunded in part a day
// or two later, one in 211 refunded in full within the hour. The changes
// have fixed keys: a resumed load posts them again harmlessly.
func refundSome(ctx context.Context, db *store.DB, svc *orders.Service, shops []Shop, now time.Time) error {
	devices := map[int64]tenancy.Device{}
	for _, s := range shops {
		for _, d := range append(append([]tenancy.Device{}, s.Tills...), s.Kiosks...) {
			devices[d.Equipment.ID] = d
		}
	}
	type paid struct {
		till      string
		equipment int64
		at        time.Time
		total     int64
	}
	var list []paid
	err := store.Each(ctx, db, `SELECT till_order_id, equipment_id, paid_unix, total_cents FROM orders WHERE status IN ('paid', 'partially_refunded', 'refunded') AND paid_unix >= ? ORDER BY id`,
		[]any{now.AddDate(0, 0, -30).Unix()}, func(r store.Scanner) error {
			var p paid
			var at int64
			err := r.Scan(&p.till, &p.equipment, &at, &p.total)
			p.at = time.Unix(at, 0)
			list = append(list, p)
			return err
		})
	if err != nil {
		return err
	}
	reasons := []string{"Produit manquant", "Boisson renversée", "Attente trop longue", "Erreur de cuisson"}
	for i, p := range list {
		dev, ok := devices[p.equipment]
		if !ok {
			continue
		}
		var c orders.StatusChange
		switch {
		case i%211 == 0:
			c = orders.StatusChange{EventID: "demo-refund", Status: orders.StatusRefunded, At: p.at.Add(35 * time.Minute), Reason: "Erreur de commande"}
		case i%97 == 0:
			cents := p.total / 5 / 10 * 10
			if cents == 0 {
				continue
			}
			c = orders.StatusChange{EventID: "demo-partial", Status: orders.StatusPartiallyRefunded, At: p.at.Add(time.Duration(24+i%24) * time.Hour),
				RefundCents: cents, Method: "especes", Reason: reasons[i%len(reasons)]}
		default:
			continue
		}
		if c.At.After(now) {
			continue
		}
		_, err := svc.ChangeStatus(ctx, dev, p.till, c)
		if _, refused := errors.AsType[*orders.ErrTransition](err); err != nil && !refused {
			return fmt.Errorf("demo refund of %s: %w", p.till, err)
		}
	}
	return nil
}

// LoadOrders plans the demo's year of about total orders ending at now and
// loads it (or what is left of it) before returning.
func LoadOrders(ctx context.Context, db *store.DB, ten *tenancy.Service, svc *orders.Service, total int, now time.Time, progress func(OrdersPlan)) (OrdersPlan, error) {
	plan, err := PlanOrders(ctx, db, total, now)
	if err != nil {
		return plan, err
	}
	return LoadPlannedOrders(ctx, db, ten, svc, plan, 0, progress)
}

// demoShops keeps the demo's own restaurants and devices: a restaurant or a
// till added by hand before a resumed load must not change the stream of
// orders the plan makes.
func demoShops(all []Shop) []Shop {
	want := map[string]site{}
	for i, x := range sites {
		want[siret(demoSiretPrefix, i+1)] = x
	}
	keep := func(devs []tenancy.Device, siret, kind string, n int) []tenancy.Device {
		var out []tenancy.Device
		for _, d := range devs {
			for k := 1; k <= n; k++ {
				if d.Equipment.UserKeenID == fmt.Sprintf("%s-%s-%d", siret, kind, k) {
					out = append(out, d)
				}
			}
		}
		return out
	}
	var out []Shop
	for _, s := range all {
		x, ok := want[s.Restaurant.Siret]
		if !ok {
			continue
		}
		s.Tills = keep(s.Tills, s.Restaurant.Siret, tenancy.EquipmentTill, x.tills)
		s.Kiosks = keep(s.Kiosks, s.Restaurant.Siret, tenancy.EquipmentKiosk, x.kiosks)
		if len(s.Tills) > 0 {
			s.Weight = 1.5 - 0.07*float64(len(out)%12)
			out = append(out, s)
		}
	}
	return out
}
