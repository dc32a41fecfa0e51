package orders_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// BenchmarkIngest stores b.N demo orders (50 restaurants, a year of days)
// through ImportRows, the bulk path of the demo and of bench/reports: raw
// rows and rollups in the same transaction, 20,000 orders a transaction.
// It reports orders/s; run it with a fixed count, e.g.
// -bench Ingest -benchtime 100000x (PostgreSQL too when
// BRIGADE_TEST_POSTGRES_URL is set).
func BenchmarkIngest(b *testing.B) {
	for _, engine := range testutil.Engines(b) {
		b.Run(string(engine), func(b *testing.B) {
			ctx := context.Background()
			db, ten, _ := testutil.DemoShops(b, engine)
			if err := demo.AddRestaurants(ctx, db, ten, 50); err != nil {
				b.Fatal(err)
			}
			shops, err := demo.Shops(ctx, db, ten)
			if err != nil {
				b.Fatal(err)
			}
			last := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
			g := demo.Generator{Shops: shops, Last: last, Now: last.Add(24 * time.Hour), Days: 365, Total: b.N, Seed: 2026}
			var all []orders.Order
			var devs []tenancy.Device
			var of []int
			devIndex := map[int64]int{}
			if err := g.Each(func(o orders.Order, d tenancy.Device) error {
				i, ok := devIndex[d.Equipment.ID]
				if !ok {
					i = len(devs)
					devIndex[d.Equipment.ID] = i
					devs = append(devs, d)
				}
				all = append(all, o)
				of = append(of, i)
				return nil
			}); err != nil {
				b.Fatal(err)
			}
			// The generator makes about b.N orders: top up or cut to b.N.
			for k := 0; len(all) < b.N; k++ {
				o := all[k]
				o.OrderID = fmt.Sprintf("%s-x%d", o.OrderID, k)
				all, of = append(all, o), append(of, of[k])
			}
			all, of = all[:b.N], of[:b.N]
			svc := orders.NewService(db, ten, events.NewLocal())
			const chunk = 20_000
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < len(all); i += chunk {
				end := min(len(all), i+chunk)
				if _, err := svc.ImportRows(ctx, devs, all[i:end], of[i:end]); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "orders/s")
		})
	}
}
