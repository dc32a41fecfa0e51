// Command deploy measures the generation of the deployed menus
// (deploy.Service.Generate) for a franchise of 1,000 restaurants: six
// cartes of 300 products with options, each restaurant linked to three of
// them (20 combinations), one restaurant in ten with its own prices (so
// about 120 distinct merges). The same run measures two references:
//   - merge + encode + gzip of every restaurant without sharing (measured
//     on a sample, scaled to all restaurants): what Generate would cost
//     without its content addressing;
//   - the plain insert of the rows and documents Generate stored (same
//     bytes, same transactions of 100 restaurants): the floor of the
//     storage.
//
// Nothing passes or fails on time; the target is under 5 s.
//
//	go run ./bench/deploy                       # SQLite
//	go run ./bench/deploy -postgres postgres://postgres@127.0.0.1:5432/test?sslmode=disable
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"brigade/internal/blob"
	"brigade/internal/demo"
	"brigade/internal/deploy"
	"brigade/internal/events"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func main() {
	nRests := flag.Int("restaurants", 1000, "restaurants of the franchise")
	nCartes := flag.Int("cartes", 6, "cartes of the franchise")
	perCarte := flag.Int("products", 300, "products per carte")
	linked := flag.Int("linked", 3, "cartes linked to each restaurant")
	runs := flag.Int("runs", 3, "first generations timed (the median is reported)")
	sample := flag.Int("sample", 40, "restaurants merged one by one for the reference without sharing")
	pg := flag.String("postgres", "", "PostgreSQL server URL (a fresh database is created); empty: SQLite in a temporary folder")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the generations to this file")
	dump := flag.String("dump", "", "write one deployed document (JSON) to this file")
	flag.Parse()
	ctx := context.Background()

	dsn, cleanup := freshDatabase(*pg)
	defer cleanup()
	db, err := store.Open(ctx, dsn)
	check(err)
	defer db.Close()
	_, err = db.Migrate(ctx)
	check(err)
	bus := events.NewLocal()
	ten := tenancy.NewService(db, bus)
	check(demo.Load(ctx, db, ten))
	owner, err := ten.UserByLogin(ctx, "demo-admin")
	check(err)
	admin := tenancy.PrincipalFor(owner)
	fid := admin.FranchiseID

	t0 := time.Now()
	// The franchise: the demo restaurants plus new ones up to n, and the
	// demo's links replaced by the benchmark's cartes.
	var have int
	check(db.QueryRow(ctx, `SELECT COUNT(*) FROM restaurants WHERE franchise_id = ? AND archived_at IS NULL`, fid).Scan(&have))
	check(db.WithTx(ctx, func(tx *store.Tx) error {
		for i := have; i < *nRests; i++ {
			if _, err := ten.NewRestaurant(ctx, tx, tenancy.Restaurant{FranchiseID: fid, Siret: fmt.Sprintf("9%08d%05d", 87654321, i+1), Nom: fmt.Sprintf("Bench %04d", i+1),
				Ville: "Paris", CountryCode: "FR"}); err != nil {
				return err
			}
		}
		return nil
	}))
	rs, err := ten.Restaurants(ctx, admin, tenancy.RestaurantFilter{})
	check(err)
	ids := make([]int64, len(rs))
	for i, x := range rs {
		ids[i] = x.ID
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	_, err = db.Exec(ctx, `DELETE FROM campaign_restaurants WHERE campaign_id IN (SELECT id FROM campaigns WHERE franchise_id = ?)`, fid)
	check(err)
	msvc := menu.NewService(db, ten, bus)
	type carte struct {
		id  int64
		src deploy.Source
	}
	var cartes []carte
	for c := 0; c < *nCartes; c++ {
		in := menu.CampaignInput{Nom: fmt.Sprintf("Carte bench %d", c+1), IsPrincipal: c == 0}
		if c == *nCartes-1 {
			in.DateDebut, in.DateFin, in.IsPeriodic, in.CampagneDates = "2026-12-01", "2027-02-28", true, []string{"2026-12-01", "2027-02-28"}
		}
		created, err := msvc.Create(ctx, admin, in)
		check(err)
		raw := carteDocument(c, *perCarte)
		saved, err := msvc.SaveDocument(ctx, admin, created.ID, created.Version, raw)
		check(err)
		doc, err := menu.Parse(raw, in.Nom)
		check(err)
		cartes = append(cartes, carte{created.ID, deploy.Source{CampaignID: created.ID, Nom: in.Nom, IsPrincipal: in.IsPrincipal, CreatedAt: saved.CreatedAt,
			DateDebut: in.DateDebut, DateFin: in.DateFin, IsPeriodic: in.IsPeriodic, Doc: doc}})
	}
	// Each restaurant serves `linked` cartes: the combinations in turn.
	combos := combinations(*nCartes, *linked)
	links := map[int64][]int{}
	check(db.WithTx(ctx, func(tx *store.Tx) error {
		for i, id := range ids {
			links[id] = combos[i%len(combos)]
			for _, c := range links[id] {
				if err := menu.Link(ctx, tx, cartes[c].id, id); err != nil {
					return err
				}
			}
		}
		return nil
	}))
	// One restaurant in ten has its own prices.
	overrides := map[int64][]deploy.Override{}
	now := time.Now().UTC()
	check(db.WithTx(ctx, func(tx *store.Tx) error {
		for i, id := range ids {
			if i%10 != 3 {
				continue
			}
			c := links[id][0]
			for k := 0; k < 3; k++ {
				o := deploy.Override{Kind: deploy.KindProduct, IDGlobal: fmt.Sprintf("c%d-prod-%d", c, 40+k*7), Tariff: 1, TypeOrder: 1, Cents: int64(500 + i + k)}
				if _, err := tx.Exec(ctx, `INSERT INTO price_customisations (franchise_id, restaurant_id, kind, id_global, tariff, type_order, size, price_cents, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					fid, id, o.Kind, o.IDGlobal, o.Tariff, o.TypeOrder, o.Size, o.Cents, now); err != nil {
					return err
				}
				overrides[id] = append(overrides[id], o)
			}
		}
		return nil
	}))
	blobDir, err := os.MkdirTemp("", "brigade-bench-blobs-")
	check(err)
	defer os.RemoveAll(blobDir)
	blobs, err := blob.NewFolder(blobDir)
	check(err)
	runner := jobs.NewRunner(db, bus)
	svc := deploy.NewService(db, ten, runner, bus, blobs)
	fmt.Printf("Brigade — benchmark de la génération (%s, %d restaurants, %d cartes de %d produits, %d par restaurant, %d avec prix personnalisés ; préparation %v)\n\n",
		db.Engine(), len(ids), *nCartes, *perCarte, *linked, len(overrides), time.Since(t0).Round(time.Millisecond))

	params := deploy.GenerateParams{RestaurantIDs: ids, By: "Benchmark"}
	if *profile != "" {
		f, err := os.Create(*profile)
		check(err)
		check(pprof.StartCPUProfile(f))
	}
	var res deploy.GenerateResult
	var cpus []time.Duration
	first := median(*runs, func() {
		c0 := cpuTime()
		defer func() { cpus = append(cpus, cpuTime()-c0) }()
		// A first generation each time: nothing deployed yet.
		for _, t := range []string{"deployed_current", "deployed_menus", "deployed_documents"} {
			_, err := db.Exec(ctx, `DELETE FROM `+t)
			check(err)
		}
		var err error
		res, err = svc.Generate(ctx, fid, params, 0, nil)
		check(err)
	})
	again := median(*runs, func() {
		_, err := svc.Generate(ctx, fid, params, 0, nil)
		check(err)
	})
	if *profile != "" {
		pprof.StopCPUProfile()
	}
	hashes := map[string]bool{}
	products := 0
	for _, r := range res.Restaurants {
		hashes[r.Etag] = true
		products += r.Products
	}
	var docBytes, gzBytes int64
	check(db.QueryRow(ctx, `SELECT COALESCE(SUM(size), 0), COUNT(*) FROM deployed_documents`).Scan(&docBytes, new(int)))
	rows, err := db.Query(ctx, `SELECT gzipped FROM deployed_documents`)
	check(err)
	for rows.Next() {
		var gz []byte
		check(rows.Scan(&gz))
		gzBytes += int64(len(gz))
	}
	rows.Close()
	if *dump != "" {
		var raw []byte
		check(db.QueryRow(ctx, `SELECT document FROM deployed_documents WHERE hash = ?`, res.Restaurants[0].Etag).Scan(&raw))
		check(os.WriteFile(*dump, raw, 0o644))
	}

	// Reference 1: every restaurant merged, encoded and gzipped on its own.
	n := min(*sample, len(ids))
	one := median(1, func() {
		for _, id := range ids[:n] {
			var src []deploy.Source
			for _, c := range links[id] {
				src = append(src, cartes[c].src)
			}
			deploy.SortSources(src)
			d, _ := deploy.Merge(src, overrides[id], time.Now())
			raw, err := d.Encode()
			check(err)
			_, err = gzipLike(raw)
			check(err)
		}
	})
	naive := one * time.Duration(len(ids)) / time.Duration(n)

	// Reference 2: the plain insert of what Generate stored.
	plain := plainInsert(ctx, db)

	fmt.Printf("%-62s %10s\n", "mesure", "durée")
	fmt.Printf("%-62s %10s\n", fmt.Sprintf("génération, %d restaurants (première, médiane de %d)", len(ids), *runs), secs(first))
	sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
	fmt.Printf("%-62s %10s\n", "  dont temps processeur du programme (médiane, tous cœurs)", secs(cpus[len(cpus)/2]))
	fmt.Printf("%-62s %10s\n", "régénération sans changement (médiane)", secs(again))
	fmt.Printf("%-62s %10s\n", fmt.Sprintf("réf. fusion+encodage+gzip un par un (%d mesurés, ×%d)", n, len(ids)), secs(naive))
	fmt.Printf("%-62s %10s\n", "réf. insertion simple des mêmes lignes et documents", secs(plain))
	fmt.Printf("\n%d menus distincts pour %d restaurants (%d produits par restaurant en moyenne), %.1f Mo JSON, %.1f Mo gzip\n",
		len(hashes), len(res.Restaurants), products/max(1, len(res.Restaurants)), float64(docBytes)/1e6, float64(gzBytes)/1e6)
	fmt.Printf("génération / fusion un par un : %.2f ; génération / insertion simple : %.1f× ; cible de l'issue : < 5 s → %s\n",
		first.Seconds()/naive.Seconds(), first.Seconds()/plain.Seconds(), map[bool]string{true: "atteinte", false: "NON atteinte"}[first < 5*time.Second])
}

// plainInsert copies deployed_documents, deployed_menus and
// deployed_current into empty tables of the same shape, 100 restaurants
// per transaction, and returns the time of the inserts alone.
func plainInsert(ctx context.Context, db *store.DB) time.Duration {
	type doc struct {
		hash      string
		raw, gz   []byte
		size      int
		createdAt time.Time
	}
	type row struct {
		rid, fid                  int64
		version                   int
		hash, inputs, report, man string
		createdAt                 time.Time
		createdBy                 string
	}
	var docs []doc
	rows, err := db.Query(ctx, `SELECT hash, document, gzipped, size, created_at FROM deployed_documents`)
	check(err)
	for rows.Next() {
		var d doc
		check(rows.Scan(&d.hash, &d.raw, &d.gz, &d.size, &d.createdAt))
		docs = append(docs, d)
	}
	rows.Close()
	var menus []row
	rows, err = db.Query(ctx, `SELECT restaurant_id, franchise_id, version, hash, inputs, report, manifest, created_at, created_by FROM deployed_menus ORDER BY restaurant_id`)
	check(err)
	for rows.Next() {
		var r row
		check(rows.Scan(&r.rid, &r.fid, &r.version, &r.hash, &r.inputs, &r.report, &r.man, &r.createdAt, &r.createdBy))
		menus = append(menus, r)
	}
	rows.Close()
	for _, t := range []string{"deployed_documents", "deployed_menus", "deployed_current"} {
		_, err := db.Exec(ctx, `CREATE TABLE bench_`+t+` AS SELECT * FROM `+t+` WHERE 1 = 0`)
		check(err)
	}
	t0 := time.Now()
	stored := map[string]bool{}
	byHash := map[string]doc{}
	for _, d := range docs {
		byHash[d.hash] = d
	}
	for start := 0; start < len(menus); start += 100 {
		batch := menus[start:min(start+100, len(menus))]
		check(db.WithTx(ctx, func(tx *store.Tx) error {
			for _, r := range batch {
				if !stored[r.hash] {
					d := byHash[r.hash]
					if _, err := tx.Exec(ctx, `INSERT INTO bench_deployed_documents (hash, document, gzipped, size, created_at) VALUES (?, ?, ?, ?, ?)`, d.hash, d.raw, d.gz, d.size, d.createdAt); err != nil {
						return err
					}
					stored[r.hash] = true
				}
				if _, err := tx.Exec(ctx, `INSERT INTO bench_deployed_menus (restaurant_id, version, franchise_id, hash, inputs, report, manifest, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					r.rid, r.version, r.fid, r.hash, r.inputs, r.report, r.man, r.createdAt, r.createdBy); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO bench_deployed_current (restaurant_id, franchise_id, version, hash, updated_at) VALUES (?, ?, ?, ?, ?)`,
					r.rid, r.fid, r.version, r.hash, r.createdAt); err != nil {
					return err
				}
			}
			return nil
		}))
	}
	return time.Since(t0)
}

// carteDocument builds carte c: n products in ten categories, four option
// groups, sizes on one product in five. The first 30 products of every
// carte share their idGlobal (the franchise's common products), so that
// merges deduplicate.
func carteDocument(c, n int) []byte {
	type obj = map[string]any
	price := func(cents int) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }
	const nCats = 10
	var cats, items []any
	for ci := 0; ci < nCats; ci++ {
		cats = append(cats, obj{"idGlobal": fmt.Sprintf("c%d-cat-%d", c, ci+1), "idCat": ci + 1, "name": fmt.Sprintf("Catégorie %d.%d", c+1, ci+1), "parent_id": -1, "position": ci + 1,
			"path": fmt.Sprintf("c%d-cat-%d.png", c, ci+1), "translation": []any{obj{"langue": "en", "name": fmt.Sprintf("Category %d.%d", c+1, ci+1)}}})
	}
	for id := 1; id <= n; id++ {
		cents := 200 + (id*37+c*11)%1500
		var prices []any
		for _, ot := range []int{1, 2, 3} {
			prices = append(prices, obj{"tariff": 1, "type_order": ot, "price": price(cents + (ot/3)*150)})
		}
		g := fmt.Sprintf("c%d-prod-%d", c, id)
		if id <= 30 {
			g = fmt.Sprintf("common-prod-%d", id)
		}
		p := obj{"idGlobal": g, "id": id, "idCat": (id-1)%nCats + 1, "name": fmt.Sprintf("Produit %d de la carte %d", id, c+1),
			"description": "Une description de produit de longueur réaliste, avec ses ingrédients principaux.",
			"position":    (id-1)/nCats + 1, "price": price(cents), "price_platform": price(cents + 200), "prices": prices, "many_size": id%5 == 0, "many_type": true,
			"options": []int{1 + id%4, 1 + (id+1)%4}, "best_sale": id%50 == 1, "path": fmt.Sprintf("c%d-prod-%d.png", c, id)}
		if id%5 == 0 {
			p["allSizes"] = []any{
				obj{"id_size": 1, "name_size": "junior", "label_size": "Taille 1", "size_enabled": true, "price": price(cents), "price_sp": price(cents)},
				obj{"id_size": 2, "name_size": "senior", "label_size": "Taille 2", "size_enabled": true, "price": price(cents + 60), "price_sp": price(cents + 60)},
				obj{"id_size": 3, "name_size": "mega", "label_size": "Taille 3", "size_enabled": true, "price": price(cents + 120), "price_sp": price(cents + 120)},
			}
		}
		items = append(items, p)
	}
	var groups []any
	for g := 1; g <= 4; g++ {
		var opts []any
		for k := 1; k <= 6; k++ {
			cents := (k - 1) * 50
			opts = append(opts, obj{"idGlobal": fmt.Sprintf("c%d-opt-%d-%d", c, g, k), "id_product": k, "name": fmt.Sprintf("Option %d.%d", g, k), "price": price(cents), "order_item": k,
				"tariffData": obj{"T1": obj{"price": price(cents)}}})
		}
		groups = append(groups, obj{"idGlobal": fmt.Sprintf("c%d-grp-%d", c, g), "id": g, "name": fmt.Sprintf("Groupe %d", g), "min_items": 0, "max_items": 2, "number_click": 1,
			"position": g, "items": opts})
	}
	doc := obj{"categories": cats, "items": items, "options": groups, "cartes": []any{}, "groups_sub_options": []any{}, "promotions": []any{},
		"zones": []any{}, "tags": []any{}, "printers": []any{}, "screens": []any{}}
	b, err := json.Marshal(doc)
	check(err)
	return b
}

func combinations(n, k int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < n; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, nil)
	return out
}

func gzipLike(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, 7)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	err = zw.Close()
	return buf.Bytes(), err
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

// cpuTime is the CPU time (user + system) of this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func secs(d time.Duration) string {
	return strings.Replace(fmt.Sprintf("%.2f s", d.Seconds()), ".", ",", 1)
}

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
