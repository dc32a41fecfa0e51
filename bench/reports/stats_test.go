package main

import (
	"context"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func TestStats(t *testing.T) {
	ctx := context.Background()
	db, _ := store.Open(ctx, t.TempDir()+"/x.db")
	db.Migrate(ctx)
	ten := tenancy.NewService(db, events.NewLocal())
	demo.Load(ctx, db, ten)
	demo.AddRestaurants(ctx, db, ten, 50)
	shops, _ := demo.Shops(ctx, db, ten)
	last := time.Now().AddDate(0, 0, -1)
	g := demo.Generator{Shops: shops, Last: last, Now: last.Add(24 * time.Hour), Days: 37, Total: 100000, Seed: 2026}
	var all []orders.Order
	var devs []tenancy.Device
	var of []int
	var n, l, op, v, p, disc, ex int
	g.Each(func(o orders.Order, d tenancy.Device) error {
		n++
		all = append(all, o)
		devs = append(devs, d)
		of = append(of, len(devs)-1)
		l += len(o.Lines)
		for _, x := range o.Lines {
			op += len(x.Options)
		}
		v += len(o.VAT)
		p += len(o.Payments)
		if o.Discount != nil {
			disc++
		}
		if o.Marque != nil || o.Collect != nil {
			ex++
		}
		return nil
	})
	svc := orders.NewService(db, ten, events.NewLocal())
	t0 := time.Now()
	for i := 0; i < len(all); i += 20000 {
		e := min(len(all), i+20000)
		if _, err := svc.ImportRows(ctx, devs, all[i:e], of[i:e]); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("import %.0f/s", float64(len(all))/time.Since(t0).Seconds())
	rows, _ := db.Query(ctx, `SELECT dim, restaurant_id = 0, period > 1000000, COUNT(*) FROM rollups GROUP BY 1, 2, 3`)
	for rows.Next() {
		var dim string
		var a, b, c int
		rows.Scan(&dim, &a, &b, &c)
		t.Logf("%s franchise=%d day=%d %d", dim, a, b, c)
	}
	rows.Close()
	t.Logf("orders %d lines %.2f opts %.2f vat %.2f pay %.2f disc %.2f extra %.2f", n, float64(l)/float64(n), float64(op)/float64(n), float64(v)/float64(n), float64(p)/float64(n), float64(disc)/float64(n), float64(ex)/float64(n))
}
