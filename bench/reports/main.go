// Command reports measures Brigade's orders and reports on a franchise of
// 50 restaurants with a year of generated orders (1,000,000 by default):
// bulk import, single posts over HTTP, every report from the rollups, and
// the same reports computed by plain SQL over the raw rows in the same run.
// Figures are ratios against those references; nothing here passes or
// fails on time.
//
//	go run ./bench/reports                       # SQLite
//	go run ./bench/reports -postgres postgres://postgres@127.0.0.1:5432/test?sslmode=disable
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"brigade/internal/app"
	"brigade/internal/auth"
	"brigade/internal/blob"
	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/httpapi"
	"brigade/internal/menu"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func main() {
	total := flag.Int("orders", 1_000_000, "orders in the year")
	rests := flag.Int("restaurants", 50, "restaurants of the franchise")
	posts := flag.Int("posts", 20_000, "single orders posted over HTTP")
	clients := flag.Int("clients", 64, "concurrent HTTP clients")
	pg := flag.String("postgres", "", "PostgreSQL server URL (a fresh database is created); empty: SQLite in a temporary folder")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the import to this file")
	importOnly := flag.Bool("import-only", false, "stop after the bulk import")
	skipReports := flag.Bool("skip-reports", false, "skip the reports and the order list (import and HTTP posts only)")
	postProfile := flag.String("postprofile", "", "write a CPU profile of the HTTP posts to this file")
	reuse := flag.String("reuse", "", "reports only, on a database a run with -keep left (SQLite path or PostgreSQL URL)")
	keep := flag.Bool("keep", false, "keep the database (its name is printed) for -reuse")
	flag.Parse()
	ctx := context.Background()

	dsn, cleanup := *reuse, func() {}
	if dsn == "" {
		dsn, cleanup = freshDatabase(*pg)
	}
	if *keep {
		fmt.Println("base gardée :", dsn)
	} else {
		defer cleanup()
	}
	db, err := store.Open(ctx, dsn)
	check(err)
	defer db.Close()
	_, err = db.Migrate(ctx)
	check(err)
	bus := events.NewLocal()
	ten := tenancy.NewService(db, bus)
	if *reuse == "" {
		check(demo.Load(ctx, db, ten))
		check(demo.AddRestaurants(ctx, db, ten, *rests))
	}
	shops, err := demo.Shops(ctx, db, ten)
	check(err)
	if *reuse != "" {
		last := time.Now().AddDate(0, 0, -1)
		runReports(ctx, dsn, shops, last)
		return
	}
	fmt.Printf("Brigade — benchmark des commandes et rapports (%s, %d restaurants, %d commandes sur un an)\n\n", db.Engine(), len(shops), *total)

	// Generate first, then time the import alone.
	last := time.Now().AddDate(0, 0, -1)
	g := demo.Generator{Shops: shops, Last: last, Now: last.Add(24 * time.Hour), Days: 365, Total: *total, Seed: 2026}
	t0 := time.Now()
	var all []orders.Order
	var devs []tenancy.Device
	var of []int
	devIndex := map[int64]int{}
	check(g.Each(func(o orders.Order, d tenancy.Device) error {
		i, ok := devIndex[d.Equipment.ID]
		if !ok {
			i = len(devs)
			devIndex[d.Equipment.ID] = i
			devs = append(devs, d)
		}
		all = append(all, o)
		of = append(of, i)
		return nil
	}))
	fmt.Printf("génération      %9d commandes en %v (hors mesure)\n", len(all), time.Since(t0).Round(time.Millisecond))
	svc := orders.NewService(db, ten, bus)
	if *profile != "" {
		f, err := os.Create(*profile)
		check(err)
		check(pprof.StartCPUProfile(f))
	}
	t0 = time.Now()
	cpu0 := cpuTime()
	const chunk = 20_000
	for i := 0; i < len(all); i += chunk {
		end := min(len(all), i+chunk)
		_, err := svc.ImportRows(ctx, devs, all[i:end], of[i:end])
		check(err)
	}
	imp := time.Since(t0)
	impCPU := cpuTime() - cpu0
	if *profile != "" {
		pprof.StopCPUProfile()
	}
	fmt.Printf("import en masse %9.0f commandes/s (%v pour %d, lignes brutes et rollups dans la même transaction ; processus : %v de CPU, %.0f %% d'un cœur, charge %s)\n\n",
		float64(len(all))/imp.Seconds(), imp.Round(time.Millisecond), len(all), impCPU.Round(time.Millisecond), 100*impCPU.Seconds()/imp.Seconds(), loadAverage())

	if *importOnly {
		return
	}
	// Fresh statistics, as autovacuum / a maintenance ANALYZE would leave
	// them on a live database (references and rollups alike).
	_, err = db.Exec(ctx, "ANALYZE")
	check(err)
	// Reports: the whole year, all restaurants and one.
	if !*skipReports {
		runReports(ctx, dsn, shops, last)
	}
	posting(ctx, db, ten, bus, svc, shops, last, *posts, *clients, *postProfile)
}

// benchRange is a date range of the reports table: the whole year ending
// yesterday (whole months in the middle, the cheapest case for the month
// rollups) and two ranges that start and end mid-month, as an owner picks
// them.
type benchRange struct {
	label string
	r     orders.Range
}

func benchRanges(last time.Time) []benchRange {
	end := orders.BusinessDate(last.Add(24*time.Hour), time.UTC)
	year := orders.Range{Start: orders.BusinessDate(last.AddDate(0, 0, -364), time.UTC), End: end}
	// The 17th ten months back to the 12th of last month; the 9th of two
	// months back to the 23rd of last month (about six weeks).
	m := time.Date(last.Year(), last.Month(), 1, 0, 0, 0, 0, time.UTC)
	day := func(t time.Time) int64 { return orders.BusinessDate(t, time.UTC) }
	label := func(r orders.Range) string {
		return fmt.Sprintf("%02d/%02d→%02d/%02d", r.Start%100, r.Start/100%100, r.End%100, r.End/100%100)
	}
	tenMonths := orders.Range{Start: day(m.AddDate(0, -10, 16)), End: day(m.AddDate(0, -1, 11))}
	sixWeeks := orders.Range{Start: day(m.AddDate(0, -2, 8)), End: day(m.AddDate(0, -1, 22))}
	return []benchRange{
		{"un an", year},
		{label(tenMonths), tenMonths},
		{label(sixWeeks), sixWeeks},
	}
}

// runReports times every report from the rollups against the same report
// computed by plain SQL over the raw rows, both cold (the first call on a
// freshly opened database: empty SQLite page cache or new PostgreSQL
// connections, no statement or catalogue cache in the process) and warm
// (median of 7 for the rollups, of 3 for raw SQL), on each range and for
// the whole franchise and one restaurant; the reports of the day so far
// (no range) once per scope.
func runReports(ctx context.Context, dsn string, shops []demo.Shop, last time.Time) {
	open := func() (*store.DB, *orders.Service, *reports.Service) {
		db, err := store.Open(ctx, dsn)
		check(err)
		bus := events.NewLocal()
		ten := tenancy.NewService(db, bus)
		svc := orders.NewService(db, ten, bus)
		rep := reports.NewService(svc, ten)
		// The cartes' purchase prices (product mix), as the app wires it.
		rep.UseCatalogue(menu.NewService(db, ten, bus))
		return db, svc, rep
	}
	db, svc, _ := open()
	defer db.Close()
	var fid int64
	check(db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid))
	admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}
	fr, err := tenancy.NewService(db, events.NewLocal()).Franchise(ctx, admin)
	check(err)
	x := refs{db: db, fid: fid, currency: fr.Currency, loc: zoneOf(tenancy.CountryByCode(fr.CountryCode).TimeZone)}
	for _, s := range shops {
		x.rests = append(x.rests, s.Restaurant)
	}
	one := shops[0].Restaurant.ID
	type report struct {
		name string
		run  func(rep *reports.Service, f reports.Filter) error
		raw  func(f reports.Filter) []rawQuery // the same figures in SQL over the raw rows
	}
	revenue := func(name, grain string) report {
		return report{name, func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Revenue(ctx, admin, f, grain)
			return err
		}, func(f reports.Filter) []rawQuery { return x.revenue(f, grain) }}
	}
	list := []report{
		{"compteurs", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.OrderCounts(ctx, admin, f)
			return err
		},
			x.plain(`SELECT status, source, COUNT(*) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? {R} GROUP BY status, source`)},
		{"performance", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Performance(ctx, admin, f, "Europe/Paris")
			return err
		},
			x.plain(`SELECT restaurant_id, AVG(exit_seconds), COUNT(*) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY restaurant_id`,
				`SELECT business_date, AVG(exit_seconds) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY business_date`,
				`SELECT order_type, AVG(exit_seconds) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY order_type`,
				`SELECT l.category, l.product, AVG(o.exit_seconds), COUNT(DISTINCT o.id), SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY l.category, l.product`)},
		{"mes produits", func(rep *reports.Service, f reports.Filter) error { _, err := rep.Products(ctx, admin, f); return err },
			x.plain(`SELECT l.category, l.product, SUM(l.quantity), SUM(l.ttc_cents) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY l.category, l.product`)},
		{"réductions", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Discounts(ctx, admin, f, false)
			return err
		},
			x.plain(`SELECT discount_type, source, discount_label, SUM(discount_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid' {R} GROUP BY discount_type, source, discount_label`,
				`SELECT business_date, SUM(discount_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid' {R} GROUP BY business_date`,
				`SELECT restaurant_id, SUM(discount_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid' {R} GROUP BY restaurant_id`)},
		{"Z équipement", func(rep *reports.Service, f reports.Filter) error { _, err := rep.Z(ctx, admin, f); return err },
			x.plain(`SELECT equipment_id, SUM(total_cents), COUNT(*) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY equipment_id`,
				`SELECT o.equipment_id, v.rate_bp, SUM(v.ht_cents), SUM(v.vat_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.equipment_id, v.rate_bp`,
				`SELECT o.equipment_id, p.method, SUM(p.amount_cents) FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.equipment_id, p.method`)},
		{"journal comptable", func(rep *reports.Service, f reports.Filter) error {
			if f.Range.Days() > reports.AccountingMaxDays {
				return nil
			}
			_, err := rep.Accounting(ctx, admin, f)
			return err
		},
			x.plain(`SELECT o.restaurant_id, o.business_date, COUNT(*), SUM(o.total_cents), SUM(o.discount_cents), SUM(o.fees_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.restaurant_id, o.business_date`,
				`SELECT o.restaurant_id, o.business_date, v.rate_bp, SUM(v.ht_cents), SUM(v.vat_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.restaurant_id, o.business_date, v.rate_bp`,
				`SELECT o.restaurant_id, o.business_date, p.method, SUM(p.amount_cents) FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.restaurant_id, o.business_date, p.method`)},
		{"ventes catégories", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Sales(ctx, admin, f, reports.SalesProducts, "")
			return err
		},
			x.plain(`SELECT l.category, SUM(l.quantity), SUM(l.ttc_cents) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' AND o.order_type <> 4 {R} GROUP BY l.category`)},
		{"ventes options", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Sales(ctx, admin, f, reports.SalesOptions, "")
			return err
		},
			x.plain(`SELECT x.group_name, SUM(x.quantity), SUM(x.ttc_cents) FROM order_options x JOIN orders o ON o.id = x.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' AND o.order_type <> 4 {R} GROUP BY x.group_name`)},
		// The screens of issue 18: each with its comparison ranges (see
		// the reference builders below).
		revenue("CA jour", reports.GrainDay),
		revenue("CA semaine", reports.GrainWeek),
		revenue("CA mois", reports.GrainMonth),
		revenue("CA heure", reports.GrainHour),
		{"click & collect", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.ClickAndCollect(ctx, admin, f)
			return err
		}, x.collect},
		{"annulations", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Cancellations(ctx, admin, f)
			return err
		}, x.cancellations},
		{"annulées (liste)", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.CancelledOrders(ctx, admin, f, 0, 25)
			return err
		}, x.cancelledPage},
		{"comparaison restos", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Restaurants(ctx, admin, f)
			return err
		}, x.comparison},
		{"mix produits", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.ProductMix(ctx, admin, f)
			return err
		}, func(f reports.Filter) []rawQuery { return x.productMix(f, time.Now()) }},
	}
	// The day so far (issue 18): no range, today against its comparisons.
	daily := []report{
		{"flash du jour", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Flash(ctx, admin, f.RestaurantID)
			return err
		}, func(f reports.Filter) []rawQuery { return x.flash(f.RestaurantID, time.Now()) }},
		{"restos aujourd'hui", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.RestaurantsToday(ctx, admin, f.RestaurantID)
			return err
		}, func(f reports.Filter) []rawQuery { return x.restaurantsToday(f.RestaurantID, time.Now()) }},
	}
	raw := func(db *store.DB, queries []rawQuery) {
		for _, q := range queries {
			rows, err := db.Query(ctx, q.sql, q.args...)
			check(err)
			for rows.Next() {
			}
			check(rows.Err())
			rows.Close()
		}
	}
	fmt.Printf("rapports : à froid = premier appel sur une base tout juste ouverte ; à chaud = médiane de 7 (rollups) et de 3 (SQL brut)\n")
	fmt.Printf("%-18s %-12s %-6s %11s %11s %7s %11s %11s %7s\n", "rapport", "période", "restos", "froid", "SQL froid", "ratio", "chaud", "SQL chaud", "ratio")
	var minCold, minWarm, maxFast float64 = 1e18, 1e18, 0
	measure := func(r report, br benchRange) {
		for _, scope := range []struct {
			label string
			id    int64
		}{{"tous", 0}, {"un", one}} {
			f := reports.Filter{RestaurantID: scope.id, Range: br.r}
			cdb, _, crep := open()
			t := time.Now()
			check(r.run(crep, f))
			cold := time.Since(t)
			cdb.Close()
			queries := r.raw(f)
			rdb, _, _ := open()
			t = time.Now()
			raw(rdb, queries)
			rawCold := time.Since(t)
			rdb.Close()
			wdb, _, rep := open()
			warm := median(7, func() { check(r.run(rep, f)) })
			wdb.Close()
			rawWarm := median(3, func() { raw(db, queries) })
			fmt.Printf("%-18s %-12s %-6s %11s %11s %7s %11s %11s %7s\n", r.name, br.label, scope.label,
				ms(cold), ms(rawCold), ratio(float64(rawCold)/float64(cold)), ms(warm), ms(rawWarm), ratio(float64(rawWarm)/float64(warm)))
			minCold = min(minCold, float64(rawCold)/float64(cold))
			minWarm = min(minWarm, float64(rawWarm)/float64(warm))
			maxFast = max(maxFast, float64(max(cold, warm).Microseconds())/1000)
		}
	}
	for _, r := range list {
		for _, br := range benchRanges(last) {
			measure(r, br)
		}
	}
	for _, r := range daily {
		measure(r, benchRange{label: "aujourd'hui"})
	}
	fmt.Printf("\nratio le plus bas : %s à froid, %s à chaud ; rapport le plus lent : %.1f ms\n", ratio(minCold), ratio(minWarm), maxFast)
	// The order list, page 500 of one restaurant's year.
	yr := benchRanges(last)[0].r
	page := median(7, func() {
		_, _, err := svc.List(ctx, admin, orders.ListFilter{RestaurantID: one, Range: yr, Page: 500, PageSize: 25})
		check(err)
	})
	fmt.Printf("liste des commandes, page 500 d'un restaurant sur un an : %s\n", ms(page))
}

func posting(ctx context.Context, db *store.DB, ten *tenancy.Service, bus events.Bus, svc *orders.Service, shops []demo.Shop, last time.Time, posts, clients int, profile string) {

	// Single posts over HTTP, durable when acknowledged.
	blobs, err := blob.NewFolder(filepath.Join(os.TempDir(), "brigade-bench-blobs"))
	check(err)
	wired, err := app.New(ctx, db, bus, blobs, auth.Config{TokenTTL: time.Hour})
	check(err)
	h := httpapi.New(httpapi.Deps{Services: wired})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	check(err)
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/kiosk/v1/orders"
	g2 := demo.Generator{Shops: shops, Last: last, Now: last.Add(24 * time.Hour), Days: 30, Total: posts, Seed: 99}
	type job struct {
		body []byte
		key  string
	}
	var jobs []job
	check(g2.Each(func(o orders.Order, d tenancy.Device) error {
		o.OrderID = "HTTP-" + o.OrderID
		b, err := json.Marshal(o)
		if err != nil {
			return err
		}
		jobs = append(jobs, job{b, demo.DeviceKey(d.Equipment.UserKeenID)})
		return nil
	}))
	var next, failed atomic.Int64
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	var wg sync.WaitGroup
	if profile != "" {
		f, err := os.Create(profile)
		check(err)
		check(pprof.StartCPUProfile(f))
	}
	t0 := time.Now()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(jobs[i].body))
				req.Header.Set("Authorization", "Bearer "+jobs[i].key)
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil || res.StatusCode != http.StatusCreated {
					failed.Add(1)
				}
				if res != nil {
					res.Body.Close()
				}
			}
		}()
	}
	wg.Wait()
	el := time.Since(t0)
	if profile != "" {
		pprof.StopCPUProfile()
	}
	fmt.Printf("envois unitaires HTTP : %.0f commandes/s (%d envois, %d clients, %d échecs, chacune validée avant la réponse ; charge %s)\n", float64(len(jobs))/el.Seconds(), len(jobs), clients, failed.Load(), loadAverage())
}

// cpuTime is the CPU time of this process (user + system): on a shared
// machine, the share of a core the run got says how noisy its figures are.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage is the machine's one-minute load average (Linux), or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

func median(n int, fn func()) time.Duration {
	var d []time.Duration
	for i := 0; i < n; i++ {
		t := time.Now()
		fn()
		d = append(d, time.Since(t))
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

// ratio is a reference's time over the report's, to a tenth below 10×.
func ratio(r float64) string {
	if r < 10 {
		return fmt.Sprintf("%.1f×", r)
	}
	return fmt.Sprintf("%.0f×", r)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func freshDatabase(pg string) (string, func()) {
	if pg == "" {
		dir, err := os.MkdirTemp("", "brigade-bench-")
		check(err)
		return filepath.Join(dir, "brigade.db"), func() { os.RemoveAll(dir) }
	}
	name := fmt.Sprintf("brigade_bench_%d", time.Now().UnixNano())
	admin, err := sql.Open("pgx", pg)
	check(err)
	_, err = admin.Exec("CREATE DATABASE " + name)
	check(err)
	u := pg
	if i := strings.LastIndex(u, "/"); i > len("postgres://") {
		rest := ""
		if j := strings.Index(u[i:], "?"); j >= 0 {
			rest = u[i+j:]
		}
		u = u[:i] + "/" + name + rest
	}
	return u, func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}
}

// ---- raw references ----
//
// Each reference computes a report's figures with plain GROUP BY SQL over
// the raw rows (orders, order_lines, order_options, order_vat), for the
// range and every comparison range the report reads. What is left to Go
// (adding days into weeks or totals, UTC hours into local hours, ranking)
// is not timed: a few thousand rows at most, which only flatters the
// references. Nor are the cartes' purchase prices (product mix), read from
// the same documents by both.

// rawQuery is a query of a reference and its arguments.
type rawQuery struct {
	sql  string
	args []any
}

// The {W} of a reference's query: the franchise and two bounds, business
// dates (both included) or Unix times ([from, to)).
const (
	inDays = "o.franchise_id = ? AND o.business_date BETWEEN ? AND ?"
	inTime = "o.franchise_id = ? AND o.paid_unix >= ? AND o.paid_unix < ?"
)

// Order predicates, written as the partial indexes state them (migration
// 0017): a reference may read them as the reports do.
const (
	paidOnly   = "o.status = '" + orders.StatusPaid + "'"
	notPending = "o.status <> '" + orders.StatusPending + "'"
	cancelled  = "o.status NOT IN ('" + orders.StatusPaid + "', '" + orders.StatusPending + "')"
	collected  = "o.source = '" + orders.SourceCollect + "' AND o.status = '" + orders.StatusPaid + "'"
)

// refs builds the references for the franchise's restaurants.
type refs struct {
	db       *store.DB // its engine's IN lists (store.DB.Among)
	fid      int64
	currency string         // the franchise's
	loc      *time.Location // the franchise's zone: the flash's today
	rests    []tenancy.Restaurant
}

// rawScope is the restaurants a reference covers and their condition on
// o.restaurant_id ({R}): none for the whole franchise.
type rawScope struct {
	rests []tenancy.Restaurant
	cond  string
	args  []any
}

// scope is restaurant id, or (0) every restaurant in currency ("": every
// restaurant): the reports of amounts count the restaurants of one
// currency, the franchise's by default.
func (x refs) scope(id int64, currency string) rawScope {
	var s rawScope
	var others []any
	for _, r := range x.rests {
		switch {
		case id != 0 && r.ID == id:
			return rawScope{rests: []tenancy.Restaurant{r}, cond: "AND o.restaurant_id = ?", args: []any{id}}
		case currency == "" || r.Currency(x.currency) == currency:
			s.rests = append(s.rests, r)
		default:
			others = append(others, r.ID)
		}
	}
	if len(others) > 0 {
		s.cond, s.args = "AND o.restaurant_id NOT IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(others)), ", ")+")", others
	}
	return s
}

// among is restaurants ids, listed: what the restaurant and time index
// (orders_by_restaurant_time) reads.
func (x refs) among(ids []int64) rawScope {
	var s rawScope
	for _, r := range x.rests {
		if slices.Contains(ids, r.ID) {
			s.rests = append(s.rests, r)
		}
	}
	cond, args := x.db.Among("o.restaurant_id", ids)
	s.cond, s.args = "AND "+cond, args
	return s
}

// zones splits a scope by time zone: one hour of UTC is one local hour in
// each (the demo zones keep whole-hour offsets).
func (x refs) zones(s rawScope) []rawScope {
	var names []string
	ids := map[string][]int64{}
	for _, r := range s.rests {
		if ids[r.TimeZone] == nil {
			names = append(names, r.TimeZone)
		}
		ids[r.TimeZone] = append(ids[r.TimeZone], r.ID)
	}
	if len(names) <= 1 {
		return []rawScope{s}
	}
	out := make([]rawScope, len(names))
	for i, n := range names {
		out[i] = x.among(ids[n])
	}
	return out
}

// q is tmpl with its {W} (where, bounds a and b) and {R} (the scope's
// restaurants); the arguments are the franchise, a, b and the scope's.
func (x refs) q(s rawScope, tmpl, where string, a, b int64) rawQuery {
	return rawQuery{strings.NewReplacer("{W}", where, "{R}", s.cond).Replace(tmpl), append([]any{x.fid, a, b}, s.args...)}
}

// plain is queries written out for the range ("o.franchise_id = ? AND
// o.business_date BETWEEN ? AND ?" then {R}), on the filter's restaurant.
func (x refs) plain(queries ...string) func(f reports.Filter) []rawQuery {
	return func(f reports.Filter) []rawQuery {
		s := x.scope(f.RestaurantID, "")
		out := make([]rawQuery, len(queries))
		for i, q := range queries {
			out[i] = x.q(s, q, inDays, f.Range.Start, f.Range.End)
		}
		return out
	}
}

// previousRange is as many days just before r.
func previousRange(r orders.Range) orders.Range {
	n := r.Days()
	return orders.Range{Start: orders.AddDays(r.Start, -n), End: orders.AddDays(r.Start, -1)}
}

// hours are a range's orders matching where per hour of UTC (paid_unix /
// 3600), per zone of the scope: Go would place each bucket in its zone's
// local hour and weekday.
func (x refs) hours(s rawScope, r orders.Range, where string) []rawQuery {
	var out []rawQuery
	for _, z := range x.zones(s) {
		out = append(out, x.q(z, `SELECT o.paid_unix / 3600, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+where+` {R} GROUP BY o.paid_unix / 3600`, inDays, r.Start, r.End))
	}
	return out
}

// revenue is CA dans le temps: the paid orders' count, TTC and HT (from
// order_vat) per day (grains day and week, weeks added up from the days)
// or per month, or per UTC hour with the HT total (grain hour), for the
// range, its previous range and last year's (364 days back; month: the same
// dates); the range's weekday × hour heat map from UTC hours.
func (x refs) revenue(f reports.Filter, grain string) []rawQuery {
	s := x.scope(f.RestaurantID, x.currency)
	r := f.Range
	ly := orders.Range{Start: orders.AddDays(r.Start, -364), End: orders.AddDays(r.End, -364)}
	if grain == reports.GrainMonth {
		ly = orders.Range{Start: sameDateLastYear(r.Start), End: sameDateLastYear(r.End)}
	}
	bucket := "o.business_date"
	if grain == reports.GrainMonth {
		bucket = "o.business_date / 100"
	}
	var out []rawQuery
	for col, rg := range []orders.Range{r, previousRange(r), ly} {
		if grain == reports.GrainHour {
			out = append(out, x.hours(s, rg, paidOnly)...)
			out = append(out, x.q(s, `SELECT SUM(v.ht_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE {W} AND `+paidOnly+` {R}`, inDays, rg.Start, rg.End))
			continue
		}
		out = append(out,
			x.q(s, `SELECT `+bucket+`, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+paidOnly+` {R} GROUP BY `+bucket, inDays, rg.Start, rg.End),
			x.q(s, `SELECT `+bucket+`, SUM(v.ht_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE {W} AND `+paidOnly+` {R} GROUP BY `+bucket, inDays, rg.Start, rg.End))
		if col == 0 {
			out = append(out, x.hours(s, rg, paidOnly)...)
		}
	}
	return out
}

// collect is click & collect: for the range and its previous range, the
// paid orders' count, TTC and fees per restaurant and source and per day
// and source (click & collect and all sources; totals from the
// restaurants); for the range, the click & collect orders per type and per
// UTC hour.
func (x refs) collect(f reports.Filter) []rawQuery {
	s := x.scope(f.RestaurantID, x.currency)
	var out []rawQuery
	for col, rg := range []orders.Range{f.Range, previousRange(f.Range)} {
		out = append(out,
			x.q(s, `SELECT o.restaurant_id, o.source, COUNT(*), SUM(o.total_cents), SUM(o.fees_cents) FROM orders o WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id, o.source`, inDays, rg.Start, rg.End),
			x.q(s, `SELECT o.business_date, o.source, COUNT(*), SUM(o.total_cents), SUM(o.fees_cents) FROM orders o WHERE {W} AND `+paidOnly+` {R} GROUP BY o.business_date, o.source`, inDays, rg.Start, rg.End))
		if col == 0 {
			out = append(out, x.q(s, `SELECT o.order_type, COUNT(*), SUM(o.total_cents), SUM(o.fees_cents) FROM orders o WHERE {W} AND `+collected+` {R} GROUP BY o.order_type`, inDays, rg.Start, rg.End))
			out = append(out, x.hours(s, rg, collected)...)
		}
	}
	return out
}

// cancellations is Mes Annulations: for the range and its previous range,
// the orders but pending ones (paid and cancelled) per restaurant and
// status (totals and statuses from them); for the range, per source and
// status, per day and status, and the cancelled orders per equipment and
// status with the equipment's name.
func (x refs) cancellations(f reports.Filter) []rawQuery {
	s := x.scope(f.RestaurantID, x.currency)
	var out []rawQuery
	for col, rg := range []orders.Range{f.Range, previousRange(f.Range)} {
		out = append(out, x.q(s, `SELECT o.restaurant_id, o.status, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+notPending+` {R} GROUP BY o.restaurant_id, o.status`, inDays, rg.Start, rg.End))
		if col == 0 {
			out = append(out,
				x.q(s, `SELECT o.source, o.status, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+notPending+` {R} GROUP BY o.source, o.status`, inDays, rg.Start, rg.End),
				x.q(s, `SELECT o.business_date, o.status, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+notPending+` {R} GROUP BY o.business_date, o.status`, inDays, rg.Start, rg.End),
				x.q(s, `SELECT o.restaurant_id, o.equipment_id, e.name, o.status, COUNT(*), SUM(o.total_cents) FROM orders o LEFT JOIN equipments e ON e.id = o.equipment_id WHERE {W} AND `+cancelled+` {R} GROUP BY o.restaurant_id, o.equipment_id, e.name, o.status`, inDays, rg.Start, rg.End))
		}
	}
	return out
}

// cancelledPage is the first page of the cancelled orders (25, latest
// first, with their equipment) and their count.
func (x refs) cancelledPage(f reports.Filter) []rawQuery {
	s := x.scope(f.RestaurantID, x.currency)
	return []rawQuery{
		x.q(s, `SELECT COUNT(*) FROM orders o WHERE {W} AND `+cancelled+` {R}`, inDays, f.Range.Start, f.Range.End),
		x.q(s, `SELECT o.id, o.till_order_id, o.restaurant_id, e.name, e.user_keen_id, o.source, o.order_type, o.status, o.total_cents, o.fees_cents, o.paid_unix, o.business_date
			FROM orders o LEFT JOIN equipments e ON e.id = o.equipment_id WHERE {W} AND `+cancelled+` {R}
			ORDER BY o.business_date DESC, o.paid_unix DESC, o.id DESC LIMIT 25`, inDays, f.Range.Start, f.Range.End),
	}
}

// comparison is the restaurant comparison: every restaurant of the
// currency (of the restaurant in focus, if any), for the range and its
// previous range: per restaurant and status (but pending), count, TTC,
// discounts, exit times and discounted orders (the paid figures and the
// cancelled ones), and HT from order_vat.
func (x refs) comparison(f reports.Filter) []rawQuery {
	currency := x.currency
	for _, r := range x.rests {
		if r.ID == f.RestaurantID {
			currency = r.Currency(x.currency)
		}
	}
	s := x.scope(0, currency)
	var out []rawQuery
	for _, rg := range []orders.Range{f.Range, previousRange(f.Range)} {
		out = append(out,
			x.q(s, `SELECT o.restaurant_id, o.status, COUNT(*), SUM(o.total_cents), SUM(o.discount_cents), SUM(o.exit_seconds), COUNT(o.exit_seconds),
				SUM(CASE WHEN o.discount_cents > 0 THEN 1 ELSE 0 END) FROM orders o WHERE {W} AND `+notPending+` {R} GROUP BY o.restaurant_id, o.status`, inDays, rg.Start, rg.End),
			x.q(s, `SELECT o.restaurant_id, SUM(v.ht_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id`, inDays, rg.Start, rg.End))
	}
	return out
}

// productMix is the product mix: the paid orders' lines per category and
// product (units, TTC, and HT line by line as the rollups round it) and
// options per group and option, for the range; units and TTC for its
// previous range, cut as the report cuts it (reference).
func (x refs) productMix(f reports.Filter, now time.Time) []rawQuery {
	s := x.scope(f.RestaurantID, x.currency)
	const (
		lines = `SELECT l.category, l.product, SUM(l.quantity), SUM(l.ttc_cents){HT} FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE {W} AND ` + paidOnly + ` {R} GROUP BY l.category, l.product`
		ht    = `, SUM((l.ttc_cents * 10000 + (10000 + l.tax_rate_bp) / 2) / (10000 + l.tax_rate_bp))`
		opts  = `SELECT x.group_name, x.option_name, SUM(x.quantity), SUM(x.ttc_cents) FROM order_options x JOIN orders o ON o.id = x.order_id WHERE {W} AND ` + paidOnly + ` {R} GROUP BY x.group_name, x.option_name`
	)
	out := []rawQuery{
		x.q(s, strings.Replace(lines, "{HT}", ht, 1), inDays, f.Range.Start, f.Range.End),
		x.q(s, opts, inDays, f.Range.Start, f.Range.End),
	}
	for _, p := range x.reference(s, f.Range, now) {
		out = append(out, x.q(p.s, strings.Replace(lines, "{HT}", "", 1), p.where, p.a, p.b), x.q(p.s, opts, p.where, p.a, p.b))
	}
	return out
}

// refPart is part of a reference period: restaurants and bounds.
type refPart struct {
	s     rawScope
	where string // inDays or inTime
	a, b  int64
}

// reference is r's previous period of as many days, as the reports cut it
// (reports.reference): a restaurant whose today is in r is compared until
// now, its previous period ending on the matching day at now's local time
// of day; the others' is read whole.
func (x refs) reference(s rawScope, r orders.Range, now time.Time) []refPart {
	n := r.Days()
	prev := orders.Range{Start: orders.AddDays(r.Start, -n), End: orders.AddDays(r.End, -n)}
	type cut struct {
		ids      []int64
		day      int64
		from, to int64
	}
	var rest []int64
	var cuts []*cut
	byZone := map[string]*cut{}
	for _, rs := range s.rests {
		loc := zoneOf(rs.TimeZone)
		today := orders.BusinessDate(now, loc)
		if today < r.Start || today > r.End {
			rest = append(rest, rs.ID)
			continue
		}
		k := fmt.Sprint(loc, today)
		c := byZone[k]
		if c == nil {
			day, l := orders.AddDays(today, -n), now.In(loc)
			c = &cut{day: day, from: midnight(day, loc).Unix(), to: dayAt(day, loc, l).Unix()}
			byZone[k] = c
			cuts = append(cuts, c)
		}
		c.ids = append(c.ids, rs.ID)
	}
	if len(cuts) == 0 {
		return []refPart{{s, inDays, prev.Start, prev.End}}
	}
	var out []refPart
	if len(rest) > 0 {
		out = append(out, refPart{x.among(rest), inDays, prev.Start, prev.End})
	}
	for _, c := range cuts {
		if end := orders.AddDays(c.day, -1); end >= prev.Start {
			out = append(out, refPart{x.among(c.ids), inDays, prev.Start, end})
		}
		out = append(out, refPart{x.among(c.ids), inTime, c.from, c.to})
	}
	return out
}

// flash is the daily flash: for each span it reads (today, yesterday, the
// week and the month, each with its previous period and last year's; see
// flashSpans), the paid orders' count and TTC per restaurant, source and
// type, and HT per restaurant from order_vat. A span is read as the
// instants its business days cover in each restaurant's zone, its last day
// cut at now's local time of day (windows): by the restaurant and time
// index, as the report reads its cut days.
func (x refs) flash(id int64, now time.Time) []rawQuery {
	s := x.scope(id, "")
	today := orders.BusinessDate(now, x.loc)
	var out []rawQuery
	seen := map[daySpan]bool{}
	for _, sp := range flashSpans(today) {
		if seen[sp] {
			continue
		}
		seen[sp] = true
		for _, w := range windows(s.rests, sp, today, now) {
			z := x.among(w.ids)
			out = append(out,
				x.q(z, `SELECT o.restaurant_id, o.source, o.order_type, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id, o.source, o.order_type`, inTime, w.from, w.to),
				x.q(z, `SELECT o.restaurant_id, SUM(v.ht_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id`, inTime, w.from, w.to))
		}
	}
	return out
}

// restaurantsToday is Mes Restaurants aujourd'hui: per restaurant (not
// archived), today and the same weekday last week until now's local time
// of day (count, TTC; HT from order_vat), the last paid order of the last
// seven days, and the equipments with their last call.
func (x refs) restaurantsToday(id int64, now time.Time) []rawQuery {
	var live []tenancy.Restaurant
	var ids []int64
	for _, r := range x.scope(id, "").rests {
		if r.ArchivedAt == nil {
			live = append(live, r)
			ids = append(ids, r.ID)
		}
	}
	today := orders.BusinessDate(now, x.loc)
	week := orders.AddDays(today, -7)
	var out []rawQuery
	for _, sp := range []daySpan{{today, today, true}, {week, week, true}} {
		for _, w := range windows(live, sp, today, now) {
			z := x.among(w.ids)
			out = append(out,
				x.q(z, `SELECT o.restaurant_id, COUNT(*), SUM(o.total_cents) FROM orders o WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id`, inTime, w.from, w.to),
				x.q(z, `SELECT o.restaurant_id, SUM(v.ht_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id`, inTime, w.from, w.to))
		}
	}
	out = append(out, x.q(x.among(ids), `SELECT o.restaurant_id, MAX(o.paid_unix) FROM orders o WHERE {W} AND `+paidOnly+` {R} GROUP BY o.restaurant_id`,
		inTime, now.Add(-7*24*time.Hour).Unix(), now.Unix()+1))
	eq := rawQuery{`SELECT e.id, e.restaurant_id, e.kind, e.name, e.last_seen_at FROM equipments e WHERE e.franchise_id = ?`, []any{x.fid}}
	if id != 0 {
		eq.sql, eq.args = eq.sql+" AND e.restaurant_id = ?", append(eq.args, id)
	}
	return append(out, eq)
}

// daySpan is business days, both ends included; cut: the last one ends at
// now's local time of day.
type daySpan struct {
	start, end int64
	cut        bool
}

// flashSpans are the spans the flash reads on day today (as
// reports.flashPeriods): today, yesterday and the week (Monday to today),
// each 7 and 364 days back; the month (the 1st to today), the previous
// month to the same day and the same dates last year.
func flashSpans(today int64) []daySpan {
	t := time.Date(int(today/10000), time.Month(today/100%100), int(today%100), 0, 0, 0, 0, time.UTC)
	monday := orders.AddDays(today, -((int(t.Weekday()) + 6) % 7))
	yesterday := orders.AddDays(today, -1)
	var out []daySpan
	for _, sp := range []daySpan{{today, today, true}, {yesterday, yesterday, false}, {monday, today, true}} {
		for _, back := range []int{0, -7, -364} {
			out = append(out, daySpan{orders.AddDays(sp.start, back), orders.AddDays(sp.end, back), sp.cut})
		}
	}
	first := func(d int64) int64 { return d/100*100 + 1 }
	prev, ly := reports.PreviousMonth(today), sameDateLastYear(today)
	return append(out, daySpan{first(today), today, true}, daySpan{first(prev), prev, true}, daySpan{first(ly), ly, true})
}

// sameDateLastYear is the same calendar date one year earlier, clamped to
// the month's length (29 February → 28 February).
func sameDateLastYear(d int64) int64 {
	y, m, day := int(d/10000)-1, int(d/100%100), int(d%100)
	last := time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return int64(y*10000 + m*100 + min(day, last))
}

// window is restaurants and the instants [from, to) of a span of their
// business days.
type window struct {
	ids      []int64
	from, to int64
}

// windows places a span in each restaurant's zone (a business day is a
// local date). A cut span's last day ends at now's local time of day where
// the restaurant's today is the franchise's, is whole where it is later
// and empty where it is earlier (as the flash cuts it). Restaurants of the
// same instants share a window.
func windows(rests []tenancy.Restaurant, sp daySpan, today int64, now time.Time) []window {
	var out []window
	at := map[[2]int64]int{}
	for _, r := range rests {
		loc := zoneOf(r.TimeZone)
		from, to := midnight(sp.start, loc), midnight(orders.AddDays(sp.end, 1), loc)
		if sp.cut {
			switch d := orders.BusinessDate(now, loc); {
			case d < today:
				to = midnight(sp.end, loc)
			case d == today:
				to = dayAt(sp.end, loc, now.In(loc))
			}
		}
		if !from.Before(to) {
			continue
		}
		k := [2]int64{from.Unix(), to.Unix()}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, window{from: k[0], to: k[1]})
		}
		out[i].ids = append(out[i].ids, r.ID)
	}
	return out
}

// midnight is the start of day d in loc.
func midnight(d int64, loc *time.Location) time.Time {
	return time.Date(int(d/10000), time.Month(d/100%100), int(d%100), 0, 0, 0, 0, loc)
}

// dayAt is day d in loc at local's time of day.
func dayAt(d int64, loc *time.Location, local time.Time) time.Time {
	return time.Date(int(d/10000), time.Month(d/100%100), int(d%100), local.Hour(), local.Minute(), local.Second(), 0, loc)
}

var zones = map[string]*time.Location{}

// zoneOf is a restaurant's zone (UTC when unknown), as the reports load it.
func zoneOf(name string) *time.Location {
	if loc, ok := zones[name]; ok {
		return loc
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		loc = time.UTC
	}
	zones[name] = loc
	return loc
}
