package orders_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// demoOrders stores 130 days of demo orders through the orders service.
func demoOrders(t *testing.T, engine store.Engine) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, ten, shops := testutil.DemoShops(t, engine)
	last := time.Date(2026, 4, 12, 23, 59, 0, 0, time.UTC)
	g := demo.Generator{Shops: shops, Last: last, Now: last.Add(48 * time.Hour), Days: 130, Total: 3000, Seed: 7}
	var all []orders.Order
	var devs []tenancy.Device
	var of []int
	_ = g.Each(func(o orders.Order, d tenancy.Device) error {
		all = append(all, o)
		devs = append(devs, d)
		of = append(of, len(devs)-1)
		return nil
	})
	svc := orders.NewService(db, ten, events.NewLocal())
	if _, err := svc.ImportRows(ctx, devs, all, of); err != nil {
		t.Fatal(err)
	}
	return db
}

// dumpRollups prints the rollup rows matching where, in a stable order.
func dumpRollups(t *testing.T, db *store.DB, where string) string {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT franchise_id, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2 FROM rollups WHERE `+where+` ORDER BY dim, 1, 2, 3, 4`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var v [13]any
		var p [13]int64
		var k string
		for i := range v {
			v[i] = &p[i]
		}
		v[3] = &k
		if err := rows.Scan(v[:]...); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&b, p, k)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// runRollupInserts runs the INSERT INTO rollups statements of a migration.
func runRollupInserts(t *testing.T, db *store.DB, engine store.Engine, file string) {
	t.Helper()
	runRollupStatements(t, db, engine, file, "INSERT INTO rollups")
}

// runRollupStatements runs the statements of a migration that start with
// verb.
func runRollupStatements(t *testing.T, db *store.DB, engine store.Engine, file, verb string) {
	t.Helper()
	src, err := os.ReadFile("../store/migrations/" + string(engine) + "/" + file)
	if err != nil {
		t.Fatal(err)
	}
	rest := string(src)
	for {
		i := strings.Index(rest, verb)
		if i < 0 {
			break
		}
		stmt := rest[i:]
		stmt = stmt[:strings.Index(stmt, ";")]
		rest = rest[i+len(stmt):]
		if _, err := db.Exec(context.Background(), stmt); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMigrationBackfillEqualsWrites: the rows migration 0009 derives from
// the rollups already stored (the week-hour cells and the year grain) are
// the very rows the orders service writes for the same orders.
func TestMigrationBackfillEqualsWrites(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db := demoOrders(t, engine)
		// The hour dimensions of later migrations (0018) did not exist
		// when 0009 ran: its year rows are for the others.
		if _, err := db.Exec(context.Background(), `DELETE FROM rollups WHERE dim IN ('chour', 'cwhour')`); err != nil {
			t.Fatal(err)
		}
		where := `dim = 'whour' OR period < 10000`
		before := dumpRollups(t, db, where)
		if _, err := db.Exec(context.Background(), `DELETE FROM rollups WHERE `+where); err != nil {
			t.Fatal(err)
		}
		runRollupInserts(t, db, engine, "0009_orders_speed.sql")
		after := dumpRollups(t, db, where)
		if before != after || len(before) < 1000 {
			t.Fatalf("backfill differs (%d vs %d bytes)", len(before), len(after))
		}
	})
}

// TestCategoryRatesBackfillEqualsWrites: the category × VAT rate rows
// migration 0010 and the category rows migration 0011 derive from the raw
// orders, at every grain, are the very rows the orders service writes for
// the same orders.
func TestCategoryRatesBackfillEqualsWrites(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db := demoOrders(t, engine)
		where := `dim = 'crate'`
		before := dumpRollups(t, db, where)
		if !strings.Contains(before, orders.Sep+"550\n") || !strings.Contains(before, orders.Sep+"1000\n") {
			t.Fatalf("the writer stored no 5,5 %% and 10 %% category rows:\n%.500s", before)
		}
		if _, err := db.Exec(context.Background(), `DELETE FROM rollups WHERE `+where); err != nil {
			t.Fatal(err)
		}
		runRollupInserts(t, db, engine, "0010_category_rates.sql")
		after := dumpRollups(t, db, where)
		if before != after || len(before) < 1000 {
			t.Fatalf("backfill differs (%d vs %d bytes)", len(before), len(after))
		}

		// The category rows of migration 0011 (orders once per category,
		// exit seconds, late units and units with options).
		where = `dim = 'cat'`
		before = dumpRollups(t, db, where)
		if !catMetricsSet(before) {
			t.Fatalf("the writer stored no category rows with exit times, late units and units with options:\n%.500s", before)
		}
		if _, err := db.Exec(context.Background(), `DELETE FROM rollups WHERE `+where); err != nil {
			t.Fatal(err)
		}
		runRollupInserts(t, db, engine, "0011_categories.sql")
		after = dumpRollups(t, db, where)
		if before != after || len(before) < 1000 {
			t.Fatalf("category backfill differs (%d vs %d bytes)", len(before), len(after))
		}
	})
}

// catMetricsSet reports whether the dumped rows have exit times, late units
// and units with options: the comparison then puts every metric to the test.
func catMetricsSet(dump string) bool {
	var exit, late, opts bool
	for _, line := range strings.Split(dump, "\n") {
		var p [13]int64
		if _, err := fmt.Sscanf(line, "[%d %d %d %d %d %d %d %d %d %d %d %d %d]", &p[0], &p[1], &p[2], &p[3], &p[4], &p[5], &p[6], &p[7], &p[8], &p[9], &p[10], &p[11], &p[12]); err != nil {
			continue
		}
		// franchise, restaurant, period, 0 (the key is printed after), n, qty, a1, a2, a3, e_sum, e_n, c1, c2
		exit = exit || p[10] > 0
		late = late || p[11] > 0
		opts = opts || p[12] > 0
	}
	return exit && late && opts
}

// TestRevenueHTBackfillEqualsWrites: the HT migration 0015 puts in the
// rest cells already stored, from the vat cells, is the HT the orders
// service writes there for the same orders, at every grain.
func TestRevenueHTBackfillEqualsWrites(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db := demoOrders(t, engine)
		where := `dim = 'rest'`
		before := dumpRollups(t, db, where)
		var withHT int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM rollups WHERE dim = 'rest' AND a3 > 0 AND a3 < a1`).Scan(&withHT); err != nil || withHT < 100 {
			t.Fatalf("the writer stored %d rest rows with an HT below the TTC (%v)", withHT, err)
		}
		if _, err := db.Exec(context.Background(), `UPDATE rollups SET a3 = 0 WHERE `+where); err != nil {
			t.Fatal(err)
		}
		runRollupStatements(t, db, engine, "0015_revenue_ht.sql", "UPDATE rollups")
		after := dumpRollups(t, db, where)
		if before != after || len(before) < 1000 {
			t.Fatalf("HT backfill differs (%d vs %d bytes)", len(before), len(after))
		}
	})
}

// TestCollectCancelBackfillEqualsWrites: the click & collect hour cells
// (chour, cwhour) and the cancelled orders per equipment (cequip) that
// migration 0018 derives from the raw orders are the very rows the orders
// service writes for the same orders.
func TestCollectCancelBackfillEqualsWrites(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db := demoOrders(t, engine)
		for _, dim := range []string{"chour", "cwhour", "cequip"} {
			var n int
			if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM rollups WHERE dim = ? AND restaurant_id <> 0 AND n > 0`, dim).Scan(&n); err != nil || n < 20 {
				t.Fatalf("the writer stored %d %s rows (%v)", n, dim, err)
			}
		}
		where := `dim IN ('chour', 'cwhour', 'cequip')`
		before := dumpRollups(t, db, where)
		if _, err := db.Exec(context.Background(), `DELETE FROM rollups WHERE `+where); err != nil {
			t.Fatal(err)
		}
		runRollupInserts(t, db, engine, "0018_collect_cancel_cells.sql")
		after := dumpRollups(t, db, where)
		if before != after || len(before) < 1000 {
			t.Fatalf("backfill differs (%d vs %d bytes)", len(before), len(after))
		}
	})
}
