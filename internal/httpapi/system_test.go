package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// health reads the demo orders' load as the app sees it.
func demoHealth(t *testing.T, srv *testutil.Server) *demo.OrdersProgress {
	t.Helper()
	var h struct {
		Status     string               `json:"status"`
		DemoOrders *demo.OrdersProgress `json:"demoOrders"`
	}
	res := srv.Do(t, http.MethodGet, "/api/v1/health", "", nil)
	res.JSON(t, &h)
	if res.Status != http.StatusOK || h.Status != "ok" {
		t.Fatalf("health: %d %s", res.Status, res.Body)
	}
	return h.DemoOrders
}

// countOrders counts the stored orders and checks that the rollups count
// each exactly once (a replayed batch must not count twice).
func countOrders(t *testing.T, db *store.DB) int {
	t.Helper()
	ctx := context.Background()
	var n, total, rn, rtotal int64
	if err := db.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(total_cents), 0) FROM orders`).Scan(&n, &total); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `SELECT COALESCE(SUM(n), 0), COALESCE(SUM(a1), 0) FROM rollups WHERE dim = ? AND restaurant_id <> 0 AND period > 10000000`, orders.DimOrders).Scan(&rn, &rtotal); err != nil {
		t.Fatal(err)
	}
	if rn != n || rtotal != total {
		t.Fatalf("rollups count %d orders (%d cents), the orders table %d (%d cents)", rn, rtotal, n, total)
	}
	return int(n)
}

// TestDemoOrdersLoadInTheBackground: a server whose demo orders are still
// to load answers health at once (with the load's progress for the app's
// banner) and says it is not ready; a load interrupted after a batch is
// resumed by the next start where it stopped, with the same orders, and
// the server is ready once it is done.
func TestDemoOrdersLoadInTheBackground(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx := context.Background()
		if p := demoHealth(t, srv); p != nil {
			t.Fatalf("no load planned, health says %+v", p)
		}
		start := time.Now()
		plan, err := demo.PlanOrders(ctx, srv.DB, 1200, start)
		if err != nil || plan.Done || plan.Loaded != 0 {
			t.Fatalf("plan: %+v %v", plan, err)
		}

		// Nothing loaded yet: health answers, ready does not.
		if p := demoHealth(t, srv); p == nil || !p.Loading || p.Loaded != 0 || p.Total != 1200 || p.Percent != 0 {
			t.Fatalf("before the load: %+v", p)
		}
		res := srv.Do(t, http.MethodGet, "/api/v1/ready", "", nil)
		if res.Status != http.StatusServiceUnavailable || !strings.Contains(string(res.Body), "Chargement des commandes de démonstration") {
			t.Fatalf("ready before the load: %d %s", res.Status, res.Body)
		}

		// The first start stops after its first batch (Ctrl-C, a crash).
		stop, cancel := context.WithCancel(ctx)
		batches := 0
		svc := orders.NewService(srv.DB, srv.Tenancy, srv.Bus)
		left, err := demo.LoadPlannedOrders(stop, srv.DB, srv.Tenancy, svc, plan, 300, func(demo.OrdersPlan) {
			batches++
			cancel()
		})
		cancel()
		if !errors.Is(err, context.Canceled) || batches != 1 || left.Done || left.Loaded != 300 {
			t.Fatalf("interrupted load: %+v after %d batches, %v", left, batches, err)
		}
		if n := countOrders(t, srv.DB); n != 300 {
			t.Fatalf("%d orders stored after one batch of 300", n)
		}
		if p := demoHealth(t, srv); p == nil || !p.Loading || p.Loaded != 300 || p.Percent != 25 {
			t.Fatalf("after one batch: %+v", p)
		}

		// The next start, later and with another size, resumes the plan.
		again, err := demo.PlanOrders(ctx, srv.DB, 300000, start.Add(time.Hour))
		if err != nil || again.Loaded != 300 || again.Total != 1200 || !again.Anchor.Equal(plan.Anchor) || again.Done {
			t.Fatalf("plan at the next start: %+v %v (first %+v)", again, err, plan)
		}
		done, err := demo.LoadPlannedOrders(ctx, srv.DB, srv.Tenancy, svc, again, 300, nil)
		if err != nil || !done.Done || done.Loaded < 1000 || done.Loaded > 1400 {
			t.Fatalf("resumed load: %+v %v", done, err)
		}
		if n := countOrders(t, srv.DB); n != done.Loaded {
			t.Fatalf("%d orders stored, the plan made %d", n, done.Loaded)
		}
		if p := demoHealth(t, srv); p == nil || p.Loading || p.Percent != 100 || p.Loaded != done.Loaded {
			t.Fatalf("after the load: %+v", p)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/ready", "", nil); res.Status != http.StatusOK {
			t.Fatalf("ready after the load: %d %s", res.Status, res.Body)
		}

		// The same orders as one uninterrupted load: replaying the whole
		// plan stores nothing new.
		replay := plan
		replay.Done = false
		replay.Loaded = 0
		if _, err := demo.LoadPlannedOrders(ctx, srv.DB, srv.Tenancy, svc, replay, 400, nil); err != nil {
			t.Fatal(err)
		}
		if n := countOrders(t, srv.DB); n != done.Loaded {
			t.Fatalf("a full replay of the plan stored %d orders, not %d: the resumed load made other orders", n, done.Loaded)
		}
	})
}
