package store_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"slices"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

type item struct {
	id   int64
	name string
}

func scanItem(row store.Scanner) (item, error) {
	var it item
	err := row.Scan(&it.id, &it.name)
	return it, err
}

// spy remembers the rows it handed out, to check that they were closed.
type spy struct {
	store.Runner
	rows *sql.Rows
}

func (s *spy) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := s.Runner.Query(ctx, query, args...)
	s.rows = rows
	return rows, err
}

func TestCollectAndEach(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		if _, err := db.Exec(ctx, `CREATE TABLE rows_test (id INTEGER NOT NULL, name TEXT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		for _, it := range []item{{2, "frites"}, {1, "burger"}, {3, "soda"}} {
			if _, err := db.Exec(ctx, `INSERT INTO rows_test (id, name) VALUES (?, ?)`, it.id, it.name); err != nil {
				t.Fatal(err)
			}
		}

		got, err := store.Collect(ctx, db, `SELECT id, name FROM rows_test WHERE id >= ? ORDER BY id`, []any{1}, scanItem)
		if err != nil || !slices.Equal(got, []item{{1, "burger"}, {2, "frites"}, {3, "soda"}}) {
			t.Fatalf("Collect: %v %v", got, err)
		}
		ids, err := store.Collect(ctx, db, `SELECT id FROM rows_test ORDER BY id DESC`, nil, store.ScanValue[int64])
		if err != nil || !slices.Equal(ids, []int64{3, 2, 1}) {
			t.Fatalf("ScanValue: %v %v", ids, err)
		}
		none, err := store.Collect(ctx, db, `SELECT id, name FROM rows_test WHERE id > ?`, []any{9}, scanItem)
		if err != nil || none != nil {
			t.Fatalf("no rows: %#v %v", none, err)
		}

		// A scan that fails stops the reading, and the rows are closed
		// (a row left open would hold a connection, SQLite's only writer).
		boom := errors.New("boom")
		s := &spy{Runner: db}
		n := 0
		err = store.Each(ctx, s, `SELECT id, name FROM rows_test ORDER BY id`, nil, func(row store.Scanner) error {
			n++
			return boom
		})
		if !errors.Is(err, boom) || n != 1 {
			t.Fatalf("Each after a failing row: %v after %d rows", err, n)
		}
		if s.rows.Next() {
			t.Fatal("the rows were left open after the failure")
		}
		if _, err := store.Collect(ctx, s, `SELECT id, name FROM rows_test`, nil, func(row store.Scanner) (item, error) {
			var it item
			return it, row.Scan(&it.id) // one column short
		}); err == nil {
			t.Fatal("a scan error must be returned")
		}
		if s.rows.Next() {
			t.Fatal("the rows were left open after a scan error")
		}

		// Inside a transaction too.
		err = db.WithTx(ctx, func(tx *store.Tx) error {
			sum := int64(0)
			err := store.Each(ctx, tx, `SELECT id, name FROM rows_test`, nil, func(row store.Scanner) error {
				it, err := scanItem(row)
				sum += it.id
				return err
			})
			if err == nil && sum != 6 {
				t.Errorf("sum %d", sum)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.Collect(ctx, db, `SELECT nope FROM rows_test`, nil, scanItem); err == nil {
			t.Fatal("a failing query must be returned")
		}
	})
}

// A connection lost in the middle of a result: the error must come back,
// never a list that merely looks shorter.
func TestCollectReportsAnErrorMidway(t *testing.T) {
	db := sql.OpenDB(brokenConnector{})
	defer db.Close()
	got, err := store.Collect(context.Background(), sqlRunner{db}, `SELECT id, name`, nil, scanItem)
	if !errors.Is(err, errLost) || got != nil {
		t.Fatalf("got %v, %v; want errLost", got, err)
	}
	n := 0
	err = store.Each(context.Background(), sqlRunner{db}, `SELECT id, name`, nil, func(store.Scanner) error { n++; return nil })
	if !errors.Is(err, errLost) || n != 2 {
		t.Fatalf("Each: %v after %d rows", err, n)
	}
}

var errLost = errors.New("connection lost")

type sqlRunner struct{ db *sql.DB }

func (r sqlRunner) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.db.QueryContext(ctx, q, args...)
}
func (r sqlRunner) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return r.db.QueryRowContext(ctx, q, args...)
}
func (r sqlRunner) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return r.db.ExecContext(ctx, q, args...)
}

// brokenConnector is a driver whose result gives two rows, then fails.
type brokenConnector struct{}

func (brokenConnector) Connect(context.Context) (driver.Conn, error) { return brokenConn{}, nil }
func (brokenConnector) Driver() driver.Driver                        { return nil }

type brokenConn struct{}

func (brokenConn) Prepare(string) (driver.Stmt, error) { return brokenStmt{}, nil }
func (brokenConn) Close() error                        { return nil }
func (brokenConn) Begin() (driver.Tx, error)           { return nil, errors.New("no transactions") }

type brokenStmt struct{}

func (brokenStmt) Close() error                               { return nil }
func (brokenStmt) NumInput() int                              { return -1 }
func (brokenStmt) Exec([]driver.Value) (driver.Result, error) { return nil, errors.New("read only") }
func (brokenStmt) Query([]driver.Value) (driver.Rows, error)  { return &brokenRows{}, nil }

type brokenRows struct{ n int }

func (*brokenRows) Columns() []string { return []string{"id", "name"} }
func (*brokenRows) Close() error      { return nil }
func (r *brokenRows) Next(dest []driver.Value) error {
	r.n++
	if r.n > 2 {
		return errLost
	}
	dest[0], dest[1] = int64(r.n), "x"
	return nil
}
