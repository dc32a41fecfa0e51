// Package telemetry holds the process's Prometheus metrics: one registry,
// created once, that the HTTP layer and the job runner both feed and that
// GET /metrics exposes. It is not the client library's global registry, so
// that a dependency registering its own collectors there does not leak
// into Brigade's exposition.
package telemetry

import (
	"database/sql"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are Brigade's collectors, registered on Registry.
type Metrics struct {
	Registry *prometheus.Registry

	// HTTPRequests counts answers by route pattern (never the raw path, so
	// that ids in URLs do not make one series per order), method and status.
	HTTPRequests *prometheus.CounterVec
	// HTTPDuration measures answers by route pattern and method.
	HTTPDuration *prometheus.HistogramVec
	// OrdersIngested counts orders received from tills and kiosks, by way
	// in (post, import) and outcome (created, duplicate, rejected).
	OrdersIngested *prometheus.CounterVec
	// Jobs by kind: claimed and started, ended done, ended failed, handed
	// back at shutdown; JobsRunning is how many run in this process now.
	JobsStarted    *prometheus.CounterVec
	JobsDone       *prometheus.CounterVec
	JobsFailed     *prometheus.CounterVec
	JobsHandedBack *prometheus.CounterVec
	JobsRunning    *prometheus.GaugeVec
	// SSEClients is the number of event streams open on this process.
	SSEClients prometheus.Gauge

	pools *poolCollector
}

// Default returns the process's metrics, created at the first call.
var Default = sync.OnceValue(New)

// New builds a fresh set of metrics on its own registry (tests; the
// program uses Default).
func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		HTTPRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brigade_http_requests_total", Help: "HTTP requests answered, by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		HTTPDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "brigade_http_request_duration_seconds", Help: "Time to answer HTTP requests, by route pattern and method.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "method"}),
		OrdersIngested: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brigade_orders_ingested_total", Help: "Orders received from tills and kiosks, by way in (post, import) and outcome (created, duplicate, rejected).",
		}, []string{"via", "outcome"}),
		JobsStarted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brigade_jobs_started_total", Help: "Background jobs started by this process, by kind.",
		}, []string{"kind"}),
		JobsDone: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brigade_jobs_done_total", Help: "Background jobs ended successfully, by kind.",
		}, []string{"kind"}),
		JobsFailed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brigade_jobs_failed_total", Help: "Background jobs ended in failure, by kind.",
		}, []string{"kind"}),
		JobsHandedBack: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brigade_jobs_handed_back_total", Help: "Background jobs put back in the queue at shutdown, by kind.",
		}, []string{"kind"}),
		JobsRunning: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "brigade_jobs_running", Help: "Background jobs running in this process, by kind.",
		}, []string{"kind"}),
		SSEClients: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "brigade_sse_clients", Help: "Event streams (SSE) open on this process.",
		}),
		pools: &poolCollector{},
	}
	reg.MustRegister(m.HTTPRequests, m.HTTPDuration, m.OrdersIngested,
		m.JobsStarted, m.JobsDone, m.JobsFailed, m.JobsHandedBack, m.JobsRunning, m.SSEClients,
		m.pools,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the exposition format for GET /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}

// WatchDB exposes the statistics of the database pools (go_sql_* metrics,
// labelled db_name), replacing the pools watched before: a process serves
// one database, and tests that open many only need the last one.
func (m *Metrics) WatchDB(pools map[string]*sql.DB) {
	names := make([]string, 0, len(pools))
	for n := range pools {
		names = append(names, n)
	}
	sort.Strings(names)
	cs := make([]prometheus.Collector, 0, len(names))
	for _, n := range names {
		cs = append(cs, collectors.NewDBStatsCollector(pools[n], n))
	}
	m.pools.current.Store(&cs)
}

// poolCollector hands the collection to the pools' collectors of the
// moment. It describes nothing (an "unchecked" collector), which is what
// lets the watched pools change after registration.
type poolCollector struct {
	current atomic.Pointer[[]prometheus.Collector]
}

func (c *poolCollector) Describe(chan<- *prometheus.Desc) {}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	cs := c.current.Load()
	if cs == nil {
		return
	}
	for _, col := range *cs {
		col.Collect(ch)
	}
}
