package menu_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"syscall"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// bigCarte is the size target: 1,000 products, 300 option groups,
// 5,000 options.
func bigCarte() []byte {
	d := map[string]any{"categories": []any{}, "items": []any{}, "options": []any{}, "cartes": []any{}, "groups_sub_options": []any{}, "promotions": []any{}}
	var cats, items, groups []any
	for c := 0; c < 40; c++ {
		cats = append(cats, map[string]any{"idGlobal": fmt.Sprintf("c%d", c), "idCat": c, "name": fmt.Sprintf("Catégorie %d", c), "parent_id": -1, "position": c})
	}
	for i := 0; i < 1000; i++ {
		var prices []any
		for tariff := 1; tariff <= 3; tariff++ {
			for ot := 1; ot <= 5; ot++ {
				prices = append(prices, map[string]any{"tariff": tariff, "type_order": ot, "price": fmt.Sprintf("%d,%02d", 5+i%20, i%100)})
			}
		}
		items = append(items, map[string]any{"idGlobal": fmt.Sprintf("p%d", i), "id": i, "idCat": i % 40, "name": fmt.Sprintf("Produit %d", i),
			"position": i, "price": 9.9, "prices": prices, "options": []int{i % 300, (i + 1) % 300}, "best_sale": i%7 == 0,
			"description": "Pain brioché, steak haché, cheddar affiné, oignons confits et sauce maison."})
	}
	for g := 0; g < 300; g++ {
		var opts []any
		for o := 0; o < 17; o++ {
			opts = append(opts, map[string]any{"idGlobal": fmt.Sprintf("o%d-%d", g, o), "id_product": o, "name": fmt.Sprintf("Option %d", o),
				"price": 0.5, "tariffData": map[string]any{"T1": map[string]any{"price": 0.5}, "T2": map[string]any{"price": 0.6}}})
		}
		groups = append(groups, map[string]any{"idGlobal": fmt.Sprintf("g%d", g), "id": g, "name": fmt.Sprintf("Groupe %d", g), "number_click": 1, "items": opts})
	}
	d["categories"], d["items"], d["options"] = cats, items, groups
	b, _ := json.Marshal(d)
	return b
}

func BenchmarkValidateBigCarte(b *testing.B) {
	raw := bigCarte()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		d, err := menu.Parse(raw, "x.json")
		if err != nil {
			b.Fatal(err)
		}
		if err := menu.Validate(d); err != nil {
			b.Fatal(err)
		}
		if _, err := d.Encode(); err != nil {
			b.Fatal(err)
		}
	}
}

// bigCarteWith is bigCarte with one edit applied to its products, the way
// an editor changes a loaded carte before saving it.
func bigCarteWith(edit func(i int, p map[string]any)) []byte {
	var d map[string]any
	_ = json.Unmarshal(bigCarte(), &d)
	for i, x := range d["items"].([]any) {
		edit(i, x.(map[string]any))
	}
	b, _ := json.Marshal(d)
	return b
}

// BenchmarkSaveAndLoadBigCarte measures what an editor waits for on a carte
// of 1,000 products: the load of the document and the save of an edited
// version (parse, validation, diff against the stored version, new version
// row, history), on every engine of the test run. Each iteration saves the
// other one of two versions, so every save really changes the carte:
//   - rename: one product renamed (one change);
//   - prices: every product's price changed (1,000 changes).
//
// The reference in the same run is the bare SQL insert of the same bytes
// (BenchmarkReferenceInsert).
func BenchmarkSaveAndLoadBigCarte(b *testing.B) {
	cases := []struct {
		name   string
		edited []byte
	}{
		{"rename", bigCarteWith(func(i int, p map[string]any) {
			if i == 500 {
				p["name"] = "Produit 500 renommé"
			}
		})},
		{"prices", bigCarteWith(func(i int, p map[string]any) { p["price"] = 10.5 })},
	}
	for _, engine := range testutil.Engines(b) {
		for _, tc := range cases {
			b.Run(string(engine)+"/"+tc.name, func(b *testing.B) {
				ctx := context.Background()
				db := testutil.NewDB(b, engine)
				bus := events.NewLocal()
				ten := tenancy.NewService(db, bus)
				if err := demo.Load(ctx, db, ten); err != nil {
					b.Fatal(err)
				}
				u, _ := ten.UserByLogin(ctx, "demo-admin")
				p := tenancy.PrincipalFor(u)
				svc := menu.NewService(db, ten, bus)
				c, err := svc.Create(ctx, p, menu.CampaignInput{Nom: "Grande carte"})
				if err != nil {
					b.Fatal(err)
				}
				versions := [2][]byte{bigCarte(), tc.edited}
				if c, err = svc.SaveDocument(ctx, p, c.ID, c.Version, versions[0]); err != nil {
					b.Fatal(err)
				}
				// On a shared machine the mean wall time swings with the
				// neighbours' load: the median and the process's CPU time per
				// operation are reported beside it.
				var walls []time.Duration
				cpu0 := cpuTime()
				i := 0
				for b.Loop() {
					i++
					start := time.Now()
					_, version, err := svc.Document(ctx, p, c.ID)
					if err != nil {
						b.Fatal(err)
					}
					if c, err = svc.SaveDocument(ctx, p, c.ID, version, versions[i%2]); err != nil {
						b.Fatal(err)
					}
					walls = append(walls, time.Since(start))
				}
				slices.Sort(walls)
				b.ReportMetric(float64(walls[len(walls)/2].Microseconds())/1000, "median-ms/op")
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(len(walls)), "cpu-ms/op")
			})
		}
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkReferenceInsert(b *testing.B) {
	ctx := context.Background()
	db := testutil.NewDB(b, store.SQLite)
	raw := string(bigCarte())
	i := 0
	for b.Loop() {
		i++
		if _, err := db.Exec(ctx, `INSERT INTO app_settings (key, value) VALUES (?, ?)`, fmt.Sprint("k", i), raw); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReferenceGenericJSON is the floor for any JSON codec here: the
// big carte decoded into `any` and encoded back with encoding/json.
func BenchmarkReferenceGenericJSON(b *testing.B) {
	raw := bigCarte()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}
