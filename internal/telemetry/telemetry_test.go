package telemetry_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/telemetry"
	"brigade/internal/testutil"
)

// The exposition carries Brigade's metrics, the Go and process collectors
// and the statistics of the pools watched last.
func TestExposition(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		m := telemetry.New()
		db := testutil.NewDB(t, engine)
		if err := db.Ping(context.Background()); err != nil {
			t.Fatal(err)
		}
		m.WatchDB(db.Pools())
		m.HTTPRequests.WithLabelValues("/api/v1/orders/{orderId}", "GET", "200").Inc()
		m.OrdersIngested.WithLabelValues("post", "created").Inc()
		m.JobsRunning.WithLabelValues("export").Set(1)
		m.SSEClients.Inc()

		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		body, _ := io.ReadAll(rec.Body)
		for _, want := range []string{
			`brigade_http_requests_total{method="GET",route="/api/v1/orders/{orderId}",status="200"} 1`,
			`brigade_orders_ingested_total{outcome="created",via="post"} 1`,
			`brigade_jobs_running{kind="export"} 1`,
			`brigade_sse_clients 1`,
			`go_goroutines`,
			`process_cpu_seconds_total`,
			`go_sql_open_connections{db_name="` + string(engine),
		} {
			if !strings.Contains(string(body), want) {
				t.Errorf("exposition lacks %s", want)
			}
		}
	})
}
