package main

import (
	"context"
	"os"
	"testing"
	"time"

	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func TestUpgrade(t *testing.T) {
	path := os.Getenv("UPGDB")
	if path == "" {
		t.Skip()
	}
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	count := func() []int64 {
		var out []int64
		for _, tb := range []string{"orders", "order_lines", "order_options", "order_vat", "order_payments", "rollups"} {
			var n int64
			db.QueryRow(ctx, "SELECT COUNT(*) FROM "+tb).Scan(&n)
			out = append(out, n)
		}
		return out
	}
	before := count()
	done, err := db.Migrate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("migrated", done, before, count())
	var fid int64
	db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid)
	svc := orders.NewService(db, tenancy.NewService(db, events.NewLocal()), events.NewLocal())
	loc, _ := time.LoadLocation("Europe/Paris")
	last := time.Now()
	r := orders.Range{Start: orders.BusinessDate(last.AddDate(0, 0, -364), time.UTC), End: orders.BusinessDate(last, time.UTC)}
	for _, sc := range []orders.Scope{{FranchiseID: fid}} {
		heat, err := svc.HeatMap(ctx, sc, r, loc)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := svc.Sum(ctx, sc, orders.DimHours, r, orders.ByKey, "")
		if err != nil {
			t.Fatal(err)
		}
		var want [24][7]orders.Metrics
		for _, c := range cells {
			tt, _ := time.ParseInLocation("2006010215", c.Key, time.UTC)
			lt := tt.In(loc)
			want[lt.Hour()][int(lt.Weekday())].Add(c.Metrics)
		}
		if heat != want || want[12][3].N == 0 {
			t.Fatalf("heat map differs")
		}
	}
	// A new order still stores.
}
