package main

import (
	"context"
	"os"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func TestRep(t *testing.T) {
	path := os.Getenv("REPDB")
	if path == "" {
		t.Skip()
	}
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	ten := tenancy.NewService(db, events.NewLocal())
	shops, _ := demo.Shops(ctx, db, ten)
	svc := orders.NewService(db, ten, events.NewLocal())
	rep := reports.NewService(svc, ten)
	var fid int64
	db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid)
	admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}
	last := time.Now().AddDate(0, 0, -1)
	yr := orders.Range{Start: orders.BusinessDate(last.AddDate(0, 0, -364), time.UTC), End: orders.BusinessDate(last.Add(24*time.Hour), time.UTC)}
	var id int64
	if os.Getenv("ONE") != "" {
		id = shops[0].Restaurant.ID
	}
	f := reports.Filter{RestaurantID: id, Range: yr}
	which := os.Getenv("REP")
	t0 := time.Now()
	for i := 0; i < 30; i++ {
		var err error
		switch which {
		case "perf":
			_, err = rep.Performance(ctx, admin, f, "Europe/Paris")
		case "z":
			_, err = rep.Z(ctx, admin, f)
		case "red":
			_, err = rep.Discounts(ctx, admin, f, false)
		case "prod":
			_, err = rep.Products(ctx, admin, f)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%s %v", which, time.Since(t0)/30)
}
