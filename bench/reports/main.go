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
// (median of 7 for the rollups, of 3 for raw SQL), on each range.
func runReports(ctx context.Context, dsn string, shops []demo.Shop, last time.Time) {
	open := func() (*store.DB, *orders.Service, *reports.Service) {
		db, err := store.Open(ctx, dsn)
		check(err)
		bus := events.NewLocal()
		ten := tenancy.NewService(db, bus)
		svc := orders.NewService(db, ten, bus)
		return db, svc, reports.NewService(svc, ten)
	}
	db, svc, _ := open()
	defer db.Close()
	var fid int64
	check(db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = 'demo-admin'`).Scan(&fid))
	admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}
	one := shops[0].Restaurant.ID
	type report struct {
		name string
		run  func(rep *reports.Service, f reports.Filter) error
		raw  []string // SQL over the raw rows; {R} is the restaurant condition
	}
	list := []report{
		{"compteurs", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.OrderCounts(ctx, admin, f)
			return err
		},
			[]string{`SELECT status, source, COUNT(*) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? {R} GROUP BY status, source`}},
		{"performance", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Performance(ctx, admin, f, "Europe/Paris")
			return err
		},
			[]string{`SELECT restaurant_id, AVG(exit_seconds), COUNT(*) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY restaurant_id`,
				`SELECT business_date, AVG(exit_seconds) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY business_date`,
				`SELECT order_type, AVG(exit_seconds) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY order_type`,
				`SELECT l.category, l.product, AVG(o.exit_seconds), COUNT(DISTINCT o.id), SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY l.category, l.product`}},
		{"mes produits", func(rep *reports.Service, f reports.Filter) error { _, err := rep.Products(ctx, admin, f); return err },
			[]string{`SELECT l.category, l.product, SUM(l.quantity), SUM(l.ttc_cents) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY l.category, l.product`}},
		{"réductions", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Discounts(ctx, admin, f, false)
			return err
		},
			[]string{`SELECT discount_type, source, discount_label, SUM(discount_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid' {R} GROUP BY discount_type, source, discount_label`,
				`SELECT business_date, SUM(discount_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid' {R} GROUP BY business_date`,
				`SELECT restaurant_id, SUM(discount_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid' {R} GROUP BY restaurant_id`}},
		{"Z équipement", func(rep *reports.Service, f reports.Filter) error { _, err := rep.Z(ctx, admin, f); return err },
			[]string{`SELECT equipment_id, SUM(total_cents), COUNT(*) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND status = 'paid' {R} GROUP BY equipment_id`,
				`SELECT o.equipment_id, v.rate_bp, SUM(v.ht_cents), SUM(v.vat_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.equipment_id, v.rate_bp`,
				`SELECT o.equipment_id, p.method, SUM(p.amount_cents) FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.equipment_id, p.method`}},
		{"journal comptable", func(rep *reports.Service, f reports.Filter) error {
			if f.Range.Days() > reports.AccountingMaxDays {
				return nil
			}
			_, err := rep.Accounting(ctx, admin, f)
			return err
		},
			[]string{`SELECT o.restaurant_id, o.business_date, COUNT(*), SUM(o.total_cents), SUM(o.discount_cents), SUM(o.fees_cents) FROM orders o WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.restaurant_id, o.business_date`,
				`SELECT o.restaurant_id, o.business_date, v.rate_bp, SUM(v.ht_cents), SUM(v.vat_cents) FROM order_vat v JOIN orders o ON o.id = v.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.restaurant_id, o.business_date, v.rate_bp`,
				`SELECT o.restaurant_id, o.business_date, p.method, SUM(p.amount_cents) FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' {R} GROUP BY o.restaurant_id, o.business_date, p.method`}},
		{"ventes catégories", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Sales(ctx, admin, f, reports.SalesProducts, "")
			return err
		},
			[]string{`SELECT l.category, SUM(l.quantity), SUM(l.ttc_cents) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' AND o.order_type <> 4 {R} GROUP BY l.category`}},
		{"ventes options", func(rep *reports.Service, f reports.Filter) error {
			_, err := rep.Sales(ctx, admin, f, reports.SalesOptions, "")
			return err
		},
			[]string{`SELECT x.group_name, SUM(x.quantity), SUM(x.ttc_cents) FROM order_options x JOIN orders o ON o.id = x.order_id WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ? AND o.status = 'paid' AND o.order_type <> 4 {R} GROUP BY x.group_name`}},
	}
	raw := func(db *store.DB, queries []string, cond string, args []any) {
		for _, q := range queries {
			rows, err := db.Query(ctx, strings.ReplaceAll(q, "{R}", cond), args...)
			check(err)
			for rows.Next() {
			}
			check(rows.Err())
			rows.Close()
		}
	}
	// The daily flash (issue 18): no range, today against its comparisons.
	for _, scope := range []struct {
		label string
		id    int64
	}{{"tous", 0}, {"un", one}} {
		cdb, _, crep := open()
		t := time.Now()
		_, err := crep.Flash(ctx, admin, scope.id)
		check(err)
		cold := time.Since(t)
		cdb.Close()
		_, _, rep := open()
		warm := median(7, func() { _, err := rep.Flash(ctx, admin, scope.id); check(err) })
		fmt.Printf("flash du jour, restaurants %-4s : %s à froid, %s à chaud\n", scope.label, ms(cold), ms(warm))
	}
	// Revenue over time (issue 18): each grain on the ranges that start and
	// end mid-month (day and hour: at most 366 days), with its previous
	// range and last year's read at once.
	for _, br := range benchRanges(last)[1:] {
		for _, grain := range []string{reports.GrainDay, reports.GrainWeek, reports.GrainMonth, reports.GrainHour} {
			for _, scope := range []struct {
				label string
				id    int64
			}{{"tous", 0}, {"un", one}} {
				f := reports.Filter{RestaurantID: scope.id, Range: br.r}
				cdb, _, crep := open()
				t := time.Now()
				_, err := crep.Revenue(ctx, admin, f, grain)
				check(err)
				cold := time.Since(t)
				cdb.Close()
				_, _, rep := open()
				warm := median(7, func() { _, err := rep.Revenue(ctx, admin, f, grain); check(err) })
				fmt.Printf("CA dans le temps %-12s %-5s restaurants %-4s : %s à froid, %s à chaud\n", br.label, grain, scope.label, ms(cold), ms(warm))
			}
		}
	}
	// Click & collect and Mes Annulations (issue 18): the range and its
	// previous one, on the ranges that start and end mid-month (at most 366
	// days); the peak hours and the equipment table read their partial
	// indexes, the rest the rest and ord cells.
	for _, br := range benchRanges(last)[1:] {
		for _, scope := range []struct {
			label string
			id    int64
		}{{"tous", 0}, {"un", one}} {
			f := reports.Filter{RestaurantID: scope.id, Range: br.r}
			for _, r := range []struct {
				name string
				run  func(rep *reports.Service) error
			}{
				{"click & collect", func(rep *reports.Service) error { _, err := rep.ClickAndCollect(ctx, admin, f); return err }},
				{"annulations", func(rep *reports.Service) error { _, err := rep.Cancellations(ctx, admin, f); return err }},
				{"annulées (liste)", func(rep *reports.Service) error { _, err := rep.CancelledOrders(ctx, admin, f, 0, 25); return err }},
			} {
				cdb, _, crep := open()
				t := time.Now()
				check(r.run(crep))
				cold := time.Since(t)
				cdb.Close()
				_, _, rep := open()
				warm := median(7, func() { check(r.run(rep)) })
				fmt.Printf("%-16s %-12s restaurants %-4s : %s à froid, %s à chaud\n", r.name, br.label, scope.label, ms(cold), ms(warm))
			}
		}
	}
	// Restaurant comparison (issue 18): every restaurant of the currency on
	// the range and its previous one (one restaurant: in focus, compared
	// with all the others all the same), on the ranges that start and end
	// mid-month; and each restaurant's today (DashboardMesResto).
	for _, br := range benchRanges(last)[1:] {
		for _, scope := range []struct {
			label string
			id    int64
		}{{"tous", 0}, {"un", one}} {
			f := reports.Filter{RestaurantID: scope.id, Range: br.r}
			cdb, _, crep := open()
			t := time.Now()
			_, err := crep.Restaurants(ctx, admin, f)
			check(err)
			cold := time.Since(t)
			cdb.Close()
			_, _, rep := open()
			warm := median(7, func() { _, err := rep.Restaurants(ctx, admin, f); check(err) })
			fmt.Printf("comparaison restaurants %-12s restaurants %-4s : %s à froid, %s à chaud\n", br.label, scope.label, ms(cold), ms(warm))
		}
	}
	{
		cdb, _, crep := open()
		t := time.Now()
		_, err := crep.RestaurantsToday(ctx, admin, 0)
		check(err)
		cold := time.Since(t)
		cdb.Close()
		_, _, rep := open()
		warm := median(7, func() { _, err := rep.RestaurantsToday(ctx, admin, 0); check(err) })
		fmt.Printf("mes restaurants aujourd'hui, restaurants tous : %s à froid, %s à chaud\n", ms(cold), ms(warm))
	}
	// Product mix (issue 18): the range and its previous one, products and
	// options, with the cartes' purchase prices, on every range.
	openMix := func() (*store.DB, *reports.Service) {
		db, err := store.Open(ctx, dsn)
		check(err)
		bus := events.NewLocal()
		ten := tenancy.NewService(db, bus)
		rep := reports.NewService(orders.NewService(db, ten, bus), ten)
		rep.UseCatalogue(menu.NewService(db, ten, bus))
		return db, rep
	}
	for _, br := range benchRanges(last) {
		for _, scope := range []struct {
			label string
			id    int64
		}{{"tous", 0}, {"un", one}} {
			f := reports.Filter{RestaurantID: scope.id, Range: br.r}
			cdb, crep := openMix()
			t := time.Now()
			_, err := crep.ProductMix(ctx, admin, f)
			check(err)
			cold := time.Since(t)
			cdb.Close()
			mdb, rep := openMix()
			warm := median(7, func() { _, err := rep.ProductMix(ctx, admin, f); check(err) })
			mdb.Close()
			fmt.Printf("mix produits %-12s restaurants %-4s : %s à froid, %s à chaud\n", br.label, scope.label, ms(cold), ms(warm))
		}
	}
	fmt.Printf("rapports : à froid = premier appel sur une base tout juste ouverte ; à chaud = médiane de 7 (rollups) et de 3 (SQL brut)\n")
	fmt.Printf("%-18s %-12s %-6s %11s %11s %7s %11s %11s %7s\n", "rapport", "période", "restos", "froid", "SQL froid", "ratio", "chaud", "SQL chaud", "ratio")
	var minCold, minWarm, maxFast float64 = 1e18, 1e18, 0
	for _, r := range list {
		for _, br := range benchRanges(last) {
			for _, scope := range []struct {
				label string
				id    int64
			}{{"tous", 0}, {"un", one}} {
				f := reports.Filter{RestaurantID: scope.id, Range: br.r}
				cond, args := "", []any{fid, br.r.Start, br.r.End}
				if scope.id != 0 {
					cond, args = "AND o.restaurant_id = ?", append(args, scope.id)
				}
				cdb, _, crep := open()
				t := time.Now()
				check(r.run(crep, f))
				cold := time.Since(t)
				cdb.Close()
				rdb, _, _ := open()
				t = time.Now()
				raw(rdb, r.raw, cond, args)
				rawCold := time.Since(t)
				rdb.Close()
				_, _, rep := open()
				warm := median(7, func() { check(r.run(rep, f)) })
				rawWarm := median(3, func() { raw(db, r.raw, cond, args) })
				fmt.Printf("%-18s %-12s %-6s %11s %11s %6.0f× %11s %11s %6.0f×\n", r.name, br.label, scope.label,
					ms(cold), ms(rawCold), float64(rawCold)/float64(cold), ms(warm), ms(rawWarm), float64(rawWarm)/float64(warm))
				minCold = min(minCold, float64(rawCold)/float64(cold))
				minWarm = min(minWarm, float64(rawWarm)/float64(warm))
				maxFast = max(maxFast, float64(max(cold, warm).Microseconds())/1000)
			}
		}
	}
	fmt.Printf("\nratio le plus bas : %.0f× à froid, %.0f× à chaud ; rapport le plus lent : %.1f ms\n", minCold, minWarm, maxFast)
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
