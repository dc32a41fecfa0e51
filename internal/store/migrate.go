package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations
var migrationFS embed.FS

// Migration is one numbered, forward-only schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations lists the embedded migrations of an engine in order.
func Migrations(engine Engine) ([]Migration, error) {
	dir := path.Join("migrations", string(engine))
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, rest, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
		if !ok {
			return nil, fmt.Errorf("migration %s: name must be NNNN_name.sql", name)
		}
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", name, err)
		}
		body, err := fs.ReadFile(migrationFS, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: rest, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i, m := range out {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migrations for %s: expected version %d, found %d", engine, i+1, m.Version)
		}
	}
	return out, nil
}

// Migrate applies every migration not yet applied, each in its own
// transaction, and returns the versions it applied. On PostgreSQL an
// advisory lock keeps instances starting together from racing.
func (db *DB) Migrate(ctx context.Context) ([]int, error) {
	migrations, err := Migrations(db.engine)
	if err != nil {
		return nil, err
	}
	if db.engine == Postgres {
		conn, err := db.write.Conn(ctx)
		if err != nil {
			return nil, err
		}
		defer conn.Close()
		const lockID = 7_311_042_001
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", lockID); err != nil {
			return nil, fmt.Errorf("migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", lockID)
	}
	if _, err := db.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	applied := map[int]bool{}
	rows, err := db.Query(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return nil, err
		}
		applied[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	var done []int
	for _, m := range migrations {
		if applied[m.Version] {
			continue
		}
		err := db.WithTx(ctx, func(tx *Tx) error {
			// Statements run one by one: the pgx driver refuses several
			// statements with arguments, and errors then name the statement.
			for _, stmt := range splitStatements(m.SQL) {
				if _, err := tx.tx.ExecContext(ctx, stmt); err != nil {
					return fmt.Errorf("%w\n%s", err, stmt)
				}
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, CURRENT_TIMESTAMP)", m.Version, m.Name)
			return err
		})
		if err != nil {
			return done, fmt.Errorf("migration %04d_%s (%s): %w", m.Version, m.Name, db.engine, err)
		}
		done = append(done, m.Version)
	}
	return done, nil
}

// splitStatements cuts a migration file on semicolons that end a line,
// dropping comment-only lines. Migrations keep one statement per block.
func splitStatements(sqlText string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(sqlText, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--") || trimmed == "" {
			continue
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		if strings.HasSuffix(trimmed, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// Column is a table column as the engine reports it.
type Column struct {
	Table string
	Name  string
}

// Columns lists every user table's columns, sorted, so that a test can prove
// both engines end with the same schema.
func (db *DB) Columns(ctx context.Context) ([]Column, error) {
	var q string
	switch db.engine {
	case SQLite:
		q = `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
	default:
		q = `SELECT table_name, column_name FROM information_schema.columns
		     WHERE table_schema = current_schema()`
	}
	rows, err := db.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Column
	for rows.Next() {
		var c Column
		if err := rows.Scan(&c.Table, &c.Name); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Name < out[j].Name
	})
	return out, rows.Err()
}
