package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestBothEnginesHaveTheSameSchema(t *testing.T) {
	engines := testutil.Engines(t)
	if len(engines) < 2 {
		t.Skip("PostgreSQL not configured: set " + testutil.PostgresURLEnv)
	}
	ctx := context.Background()
	got := map[store.Engine][]store.Column{}
	for _, e := range engines {
		cols, err := testutil.NewDB(t, e).Columns(ctx)
		if err != nil {
			t.Fatalf("%s columns: %v", e, err)
		}
		got[e] = cols
	}
	a, b := got[store.SQLite], got[store.Postgres]
	set := func(cols []store.Column) map[string]bool {
		m := map[string]bool{}
		for _, c := range cols {
			m[c.Table+"."+c.Name] = true
		}
		return m
	}
	sa, sb := set(a), set(b)
	for k := range sa {
		if !sb[k] {
			t.Errorf("column %s exists on sqlite but not on postgres", k)
		}
	}
	for k := range sb {
		if !sa[k] {
			t.Errorf("column %s exists on postgres but not on sqlite", k)
		}
	}
	if len(sa) < 40 {
		t.Fatalf("expected the tenancy schema, found only %d columns", len(sa))
	}
}

func TestMigrationsAreNumberedAlikeOnBothEngines(t *testing.T) {
	lite, err := store.Migrations(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := store.Migrations(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) != len(pg) {
		t.Fatalf("sqlite has %d migrations, postgres %d", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].Version != pg[i].Version || lite[i].Name != pg[i].Name {
			t.Errorf("migration %d: sqlite %04d_%s vs postgres %04d_%s", i, lite[i].Version, lite[i].Name, pg[i].Version, pg[i].Name)
		}
	}
}

func TestStore(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		dsn := testutil.DSN(t, engine)
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		first, err := db.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) == 0 {
			t.Fatal("first migrate applied nothing")
		}
		again, err := db.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(again) != 0 {
			t.Fatalf("second migrate applied %v again", again)
		}

		t.Run("rollback on error", func(t *testing.T) {
			boom := errors.New("boom")
			err := db.WithTx(ctx, func(tx *store.Tx) error {
				if _, err := tx.Exec(ctx, "INSERT INTO app_settings (key, value) VALUES (?, ?)", "k", "v"); err != nil {
					return err
				}
				return boom
			})
			if !errors.Is(err, boom) {
				t.Fatalf("got %v", err)
			}
			var n int
			if err := db.QueryRow(ctx, "SELECT COUNT(*) FROM app_settings WHERE key = ?", "k").Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Fatal("the insert survived a rolled back transaction")
			}
		})

		t.Run("after-commit hooks run only after a commit", func(t *testing.T) {
			ran := 0
			_ = db.WithTx(ctx, func(tx *store.Tx) error {
				tx.AfterCommit(func() { ran++ })
				return errors.New("rollback")
			})
			if ran != 0 {
				t.Fatal("hook ran after a rollback")
			}
			if err := db.WithTx(ctx, func(tx *store.Tx) error {
				tx.AfterCommit(func() { ran++ })
				return nil
			}); err != nil || ran != 1 {
				t.Fatalf("hook after commit: ran %d, %v", ran, err)
			}
		})

		t.Run("unique violation is recognised", func(t *testing.T) {
			if _, err := db.Exec(ctx, "INSERT INTO app_settings (key, value) VALUES (?, ?)", "u", "1"); err != nil {
				t.Fatal(err)
			}
			_, err := db.Exec(ctx, "INSERT INTO app_settings (key, value) VALUES (?, ?)", "u", "2")
			if !store.IsUniqueViolation(err) {
				t.Fatalf("expected a unique violation, got %v", err)
			}
		})

		t.Run("concurrent writers queue instead of failing", func(t *testing.T) {
			errs := make(chan error, 20)
			for i := range 20 {
				go func() {
					errs <- db.WithTx(ctx, func(tx *store.Tx) error {
						_, err := tx.Exec(ctx, "INSERT INTO app_settings (key, value) VALUES (?, ?)", fmt.Sprintf("c%d", i), "x")
						return err
					})
				}()
			}
			for range 20 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
		})
	})
}

func TestBindRewritesPlaceholdersOutsideStrings(t *testing.T) {
	db := testutil.NewDB(t, store.SQLite)
	if got := db.Bind("SELECT ? , '?'"); got != "SELECT ? , '?'" {
		t.Fatalf("sqlite must keep ?: %q", got)
	}
}

// Carte versions are megabytes of JSON written at every save: PostgreSQL
// compresses them with lz4, several times faster than its default pglz
// (migration 0014), on a server that has it.
func TestCarteVersionsCompressWithLZ4(t *testing.T) {
	if !slices.Contains(testutil.Engines(t), store.Postgres) {
		t.Skip("PostgreSQL not configured: set " + testutil.PostgresURLEnv)
	}
	ctx := context.Background()
	db := testutil.NewDB(t, store.Postgres)
	var lz4 bool
	if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals))`).Scan(&lz4); err != nil {
		t.Fatal(err)
	}
	if !lz4 {
		t.Skip("this PostgreSQL server is built without lz4: the migration keeps pglz")
	}
	var method string
	if err := db.QueryRow(ctx, `SELECT attcompression::text FROM pg_attribute WHERE attrelid = 'campaign_versions'::regclass AND attname = 'document'`).Scan(&method); err != nil {
		t.Fatal(err)
	}
	if method != "l" {
		t.Fatalf("campaign_versions.document compression = %q, want l (lz4)", method)
	}
}
