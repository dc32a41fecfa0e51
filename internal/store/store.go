// Package store opens Brigade's SQL database (SQLite by default, PostgreSQL
// to scale out), applies the embedded migrations and gives the domain
// packages one small API over both engines.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// Engine names the SQL engine behind a DB.
type Engine string

const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// ErrNotFound is returned by lookups that find no row. Domain packages wrap
// it in their own typed errors; a missing row is never (nil, nil).
var ErrNotFound = errors.New("not found")

// DB is the database handle shared by the domain packages. Queries are
// written once with `?` placeholders and rebound for PostgreSQL.
//
// SQLite gets two pools: many readers, and exactly one writer so that
// writers queue in Go instead of failing with SQLITE_BUSY. PostgreSQL uses
// one pool for both.
type DB struct {
	engine Engine
	read   *sql.DB
	write  *sql.DB
	rebind sync.Map // query text -> rebound text
}

// Open connects to the database named by url: a postgres:// URL selects
// PostgreSQL, anything else is a SQLite file path.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(ctx, dsn)
}

func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	// As many idle connections as open ones: under a burst (tills posting
	// at once) a smaller idle limit closes connections only to open new
	// ones a moment later, and each new PostgreSQL connection is a process.
	pool.SetMaxOpenConns(20)
	pool.SetMaxIdleConns(20)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect postgres: %w", err)
	}
	warmPool(ctx, pool, 4)
	return &DB{engine: Postgres, read: pool, write: pool}, nil
}

// warmPool opens n connections at once and hands them back idle: the first
// requests after a start (a report reads four rollup sums at a time) find
// their connections open instead of each waiting for a new PostgreSQL
// backend. A failure is left to the first query to report.
func warmPool(ctx context.Context, pool *sql.DB, n int) {
	conns := make([]*sql.Conn, n)
	var wg sync.WaitGroup
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conns[i], _ = pool.Conn(ctx)
		}()
	}
	wg.Wait()
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("create data folder: %w", err)
		}
	}
	// busy_timeout comes first so that the pragmas after it already wait
	// instead of failing while another process holds the file.
	pragmas := []string{"busy_timeout(10000)", "journal_mode(WAL)", "foreign_keys(ON)", "synchronous(FULL)", "cache_size(-65536)", "temp_store(MEMORY)", "mmap_size(1073741824)"}
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	q.Set("_time_format", "sqlite")
	base := "file:" + path + "?" + q.Encode()

	write, err := sql.Open("sqlite", base+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	read, err := sql.Open("sqlite", base)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	read.SetMaxOpenConns(8)
	read.SetMaxIdleConns(8)
	return &DB{engine: SQLite, read: read, write: write}, nil
}

// Engine reports which engine this DB talks to.
func (db *DB) Engine() Engine { return db.engine }

// Close closes both pools.
func (db *DB) Close() error {
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// Pools names the connection pools behind the DB, for their statistics
// (sql.DB.Stats): "postgres", or SQLite's "sqlite_read" and "sqlite_write".
func (db *DB) Pools() map[string]*sql.DB {
	if db.read == db.write {
		return map[string]*sql.DB{string(db.engine): db.write}
	}
	return map[string]*sql.DB{string(db.engine) + "_read": db.read, string(db.engine) + "_write": db.write}
}

// Ping checks the connection (used by the health endpoint).
func (db *DB) Ping(ctx context.Context) error { return db.read.PingContext(ctx) }

// Bind rewrites `?` placeholders as `$1, $2…` for PostgreSQL. Question marks
// inside string literals are left alone.
func (db *DB) Bind(query string) string {
	if db.engine != Postgres {
		return query
	}
	if v, ok := db.rebind.Load(query); ok {
		return v.(string)
	}
	var b strings.Builder
	n := 0
	inString := false
	for _, r := range query {
		switch {
		case r == '\'':
			inString = !inString
			b.WriteRune(r)
		case r == '?' && !inString:
			n++
			b.WriteString("$" + strconv.Itoa(n))
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	db.rebind.Store(query, out)
	return out
}

// Query runs a read on the reader pool.
func (db *DB) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return db.read.QueryContext(ctx, db.Bind(query), args...)
}

// QueryRow runs a single-row read on the reader pool.
func (db *DB) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return db.read.QueryRowContext(ctx, db.Bind(query), args...)
}

// Exec runs a write on the writer connection.
func (db *DB) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return db.write.ExecContext(ctx, db.Bind(query), args...)
}

// Tx is a write transaction; its methods rebind like DB's.
type Tx struct {
	db          *DB
	tx          *sql.Tx
	afterCommit []func()
}

// AfterCommit runs fn once the transaction has committed (never after a
// rollback): events must not announce changes that did not happen.
func (t *Tx) AfterCommit(fn func()) { t.afterCommit = append(t.afterCommit, fn) }

func (t *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.db.Bind(query), args...)
}

func (t *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.db.Bind(query), args...)
}

func (t *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.db.Bind(query), args...)
}

// ExecRaw runs a statement already written for the engine (`$n`
// placeholders on PostgreSQL): generated statements of many shapes, such as
// multi-row inserts, are not worth caching their rebinding.
func (t *Tx) ExecRaw(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, query, args...)
}

// PrepareRaw prepares a statement written for the engine, for the life of
// the transaction.
func (t *Tx) PrepareRaw(ctx context.Context, query string) (*sql.Stmt, error) {
	return t.tx.PrepareContext(ctx, query)
}

// QueryRaw is ExecRaw for statements that return rows.
func (t *Tx) QueryRaw(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, query, args...)
}

// Engine reports the engine of the transaction's database.
func (t *Tx) Engine() Engine { return t.db.engine }

// WithTx runs fn in a write transaction, committing when fn returns nil and
// rolling back otherwise (including on panic).
func (db *DB) WithTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	sqlTx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{db: db, tx: sqlTx}
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = sqlTx.Commit(); err != nil {
		return err
	}
	for _, f := range tx.afterCommit {
		f()
	}
	return nil
}

// Runner is what DB and Tx have in common: store code written against it
// runs the same in or out of a transaction.
type Runner interface {
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
	Exec(ctx context.Context, query string, args ...any) (sql.Result, error)
}

var (
	_ Runner = (*DB)(nil)
	_ Runner = (*Tx)(nil)
)

// InsertID runs an INSERT … RETURNING id and gives back the new id; both
// engines support RETURNING.
func InsertID(ctx context.Context, r Runner, query string, args ...any) (int64, error) {
	var id int64
	if err := r.QueryRow(ctx, query+" RETURNING id", args...).Scan(&id); err != nil {
		return 0, err
	}
	return id, nil
}

// IsUniqueViolation reports whether err is a unique-constraint failure on
// either engine.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLSTATE 23505")
}

// Among is the condition "col is one of ids" for this engine: one array
// parameter on PostgreSQL (the statement's text and plan do not depend on
// how many ids there are), an IN list on SQLite.
func (db *DB) Among(col string, ids []int64) (string, []any) {
	if db.Engine() == Postgres {
		return col + " = ANY(?)", []any{ids}
	}
	in, args := In(ids)
	return col + " " + in, args
}

// In returns "IN (?, ?, …)" for ids and the ids as arguments, so that every
// package writes its scoped IN lists the same way.
func In(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return "IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + ")", args
}
