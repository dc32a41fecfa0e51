package store

import (
	"context"
)

// Scanner is a row being read: *sql.Rows, *sql.Row or a wrapper of them.
// It is an alias so that scan functions written against the interface
// literal fit as they are.
type Scanner = interface{ Scan(dest ...any) error }

// Collect runs query and turns each row into a T with scan. The rows are
// always closed, and an error met while iterating (a lost connection, a
// cancelled context) is returned instead of a silently short list. No rows
// give a nil slice, as appending to one would.
func Collect[T any](ctx context.Context, r Runner, query string, args []any, scan func(Scanner) (T, error)) ([]T, error) {
	var out []T
	err := Each(ctx, r, query, args, func(row Scanner) error {
		v, err := scan(row)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Each runs query and calls fn on each row, for readers that fill a map or
// group rows; it stops at fn's first error and returns it. The rows are
// always closed and their iteration error checked.
func Each(ctx context.Context, r Runner, query string, args []any, fn func(Scanner) error) error {
	rows, err := r.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return rows.Close()
}

// ScanValue reads a row of a single column: Collect(ctx, r, `SELECT id …`,
// args, ScanValue[int64]).
func ScanValue[T any](row Scanner) (T, error) {
	var v T
	err := row.Scan(&v)
	return v, err
}
