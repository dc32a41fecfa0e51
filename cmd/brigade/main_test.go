package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestServeAnswersWhileTheDemoOrdersLoad: `brigade serve` on an empty
// database answers within seconds, the demo's year of orders loading behind
// it; stopped mid-load, it leaves a plan the next start resumes (see
// httpapi's TestDemoOrdersLoadInTheBackground) and orders that match it.
func TestServeAnswersWhileTheDemoOrdersLoad(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		dir := t.TempDir()
		dsn := filepath.Join(dir, "brigade.db")
		args := []string{"--data", dir, "--demo-orders", "100000"}
		if engine == store.Postgres {
			dsn = testutil.DSN(t, engine)
			// A database given by URL gets the demo only when asked.
			args = append(args, "--database-url", dsn, "--demo")
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		args = append(args, "--listen", addr)

		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		errc := make(chan error, 1)
		go func() { errc <- serve(ctx, args) }()

		var h struct {
			Status     string               `json:"status"`
			DemoOrders *demo.OrdersProgress `json:"demoOrders"`
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			res, err := http.Get("http://" + addr + "/api/v1/health")
			if err == nil {
				err = json.NewDecoder(res.Body).Decode(&h)
				res.Body.Close()
				if err != nil || res.StatusCode != http.StatusOK {
					t.Fatalf("health: %d %v", res.StatusCode, err)
				}
				break
			}
			select {
			case err := <-errc:
				t.Fatalf("serve ended before answering: %v", err)
			case <-time.After(50 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatal("no answer within a minute")
			}
		}
		if h.DemoOrders == nil || !h.DemoOrders.Loading || h.DemoOrders.Total != 100000 || h.DemoOrders.Loaded >= 100000 {
			t.Fatalf("health answered %+v: the orders should still be loading", h.DemoOrders)
		}
		if res, err := http.Get("http://" + addr + "/api/v1/ready"); err != nil || res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("ready while loading: %v %v", res, err)
		} else {
			res.Body.Close()
		}

		// SIGTERM mid-load: serve stops, the batch in progress rolled back.
		cancel()
		select {
		case err := <-errc:
			if err != nil {
				t.Fatalf("serve: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop")
		}
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		p, err := demo.ReadOrdersProgress(context.Background(), db)
		if err != nil || !p.Loading || p.Loaded >= 100000 {
			t.Fatalf("after the stop: %+v %v", p, err)
		}
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders`).Scan(&n); err != nil || n != p.Loaded {
			t.Fatalf("%d orders stored, the plan says %d (%v)", n, p.Loaded, err)
		}
	})
}
