package orders

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"brigade/internal/store"
)

// LastPaid is, per restaurant, the payment time of its last paid order
// between since and until; restaurants without one are left out. Each
// restaurant walks its (restaurant_id, paid_unix) index backwards from
// until and stops at the first paid order: a read of a few rows per
// restaurant, in one statement.
func (s *Service) LastPaid(ctx context.Context, franchiseID int64, restaurants []int64, since, until time.Time) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	if len(restaurants) == 0 {
		return out, nil
	}
	var q strings.Builder
	var args []any
	last := func(id string) string {
		return `(SELECT o.paid_unix FROM orders o WHERE o.restaurant_id = ` + id + ` AND o.paid_unix >= ? AND o.paid_unix <= ?
			AND o.franchise_id = ? AND o.status = '` + StatusPaid + `' ORDER BY o.paid_unix DESC LIMIT 1)`
	}
	if s.db.Engine() == store.Postgres {
		// One subquery planned once over the array: PostgreSQL planned the
		// UNION ALL of fifty subqueries for longer than it ran them.
		q.WriteString(`SELECT r.id, ` + last("r.id") + ` FROM unnest(CAST(? AS BIGINT[])) AS r(id)`)
		args = []any{since.Unix(), until.Unix(), franchiseID, restaurants}
	} else {
		for i, id := range restaurants {
			if i > 0 {
				q.WriteString(" UNION ALL ")
			}
			q.WriteString(`SELECT CAST(? AS BIGINT), ` + last("?"))
			args = append(args, id, id, since.Unix(), until.Unix(), franchiseID)
		}
	}
	err := store.Each(ctx, s.db, q.String(), args, func(r store.Scanner) error {
		var id int64
		var at sql.NullInt64
		if err := r.Scan(&id, &at); err != nil {
			return err
		}
		if at.Valid {
			out[id] = time.Unix(at.Int64, 0).UTC()
		}
		return nil
	})
	return out, err
}
