package availability

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

const soldOutColumns = `kind, id_global, name, item_group, mode, until_date, until_unix, set_by, set_at`

func scanSoldOut(row store.Scanner) (SoldOut, error) {
	var s SoldOut
	var until int64
	err := row.Scan(&s.Kind, &s.IDGlobal, &s.Name, &s.Group, &s.Mode, &s.UntilDate, &until, &s.SetBy, &s.SetAt)
	if errors.Is(err, sql.ErrNoRows) {
		return s, tenancy.ErrNotFound
	}
	s.Until = time.Unix(until, 0).UTC()
	s.SetAt = s.SetAt.UTC().Truncate(time.Second)
	return s, err
}

// activeSoldOuts lists a restaurant's sold-outs still running at now, by
// kind then idGlobal (the kiosk document's order).
func activeSoldOuts(ctx context.Context, r store.Runner, restaurantID int64, now time.Time) ([]SoldOut, error) {
	return store.Collect(ctx, r, `SELECT `+soldOutColumns+` FROM availability_sold_out
		WHERE restaurant_id = ? AND until_unix > ? ORDER BY kind DESC, id_global`, []any{restaurantID, now.Unix()}, scanSoldOut)
}

// soldOutOf reads one element's row, running or not.
func soldOutOf(ctx context.Context, r store.Runner, restaurantID int64, kind, idGlobal string) (SoldOut, error) {
	return scanSoldOut(r.QueryRow(ctx, `SELECT `+soldOutColumns+` FROM availability_sold_out WHERE restaurant_id = ? AND kind = ? AND id_global = ?`,
		restaurantID, kind, idGlobal))
}

// putSoldOut marks an element sold out, or moves the end of its sold-out.
func putSoldOut(ctx context.Context, r store.Runner, x tenancy.Restaurant, s SoldOut) error {
	_, err := r.Exec(ctx, `INSERT INTO availability_sold_out (franchise_id, restaurant_id, `+soldOutColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (restaurant_id, kind, id_global) DO UPDATE SET name = excluded.name, item_group = excluded.item_group,
			mode = excluded.mode, until_date = excluded.until_date, until_unix = excluded.until_unix, set_by = excluded.set_by, set_at = excluded.set_at`,
		x.FranchiseID, x.ID, s.Kind, s.IDGlobal, s.Name, s.Group, s.Mode, s.UntilDate, s.Until.Unix(), s.SetBy, s.SetAt)
	return err
}

// deleteSoldOut puts an element back on sale.
func deleteSoldOut(ctx context.Context, r store.Runner, restaurantID int64, kind, idGlobal string) error {
	_, err := r.Exec(ctx, `DELETE FROM availability_sold_out WHERE restaurant_id = ? AND kind = ? AND id_global = ?`, restaurantID, kind, idGlobal)
	return err
}

// storedHours is a restaurant's saved hours (version 0: never saved).
type storedHours struct {
	Hours     Hours
	Version   int
	UpdatedBy string
	UpdatedAt time.Time
}

func hoursOf(ctx context.Context, r store.Runner, restaurantID int64) (storedHours, error) {
	var out storedHours
	var raw string
	err := r.QueryRow(ctx, `SELECT hours, version, updated_by, updated_at FROM availability_hours WHERE restaurant_id = ?`, restaurantID).
		Scan(&raw, &out.Version, &out.UpdatedBy, &out.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return storedHours{Hours: DefaultHours()}, nil
	}
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal([]byte(raw), &out.Hours); err != nil {
		return out, fmt.Errorf("horaires du restaurant %d illisibles : %w", restaurantID, err)
	}
	// Read back through normalize: a document stored by an older version
	// comes out in today's shape (seven days, empty lists not null).
	if h, err := normalize(out.Hours); err == nil {
		out.Hours = h
	}
	out.UpdatedAt = out.UpdatedAt.UTC()
	return out, nil
}

// writeHours stores hours over the version read (0: none yet); another
// save in between is a conflict.
func writeHours(ctx context.Context, r store.Runner, x tenancy.Restaurant, read int, h Hours, by string, now time.Time) (int, error) {
	raw, err := json.Marshal(h)
	if err != nil {
		return 0, err
	}
	var res sql.Result
	if read == 0 {
		res, err = r.Exec(ctx, `INSERT INTO availability_hours (restaurant_id, franchise_id, hours, version, updated_by, updated_at)
			VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (restaurant_id) DO NOTHING`, x.ID, x.FranchiseID, string(raw), by, now)
	} else {
		res, err = r.Exec(ctx, `UPDATE availability_hours SET hours = ?, version = version + 1, updated_by = ?, updated_at = ?
			WHERE restaurant_id = ? AND version = ?`, string(raw), by, now, x.ID, read)
	}
	if err != nil {
		return 0, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return 0, err
	} else if n == 0 {
		return 0, tenancy.ErrConflict
	}
	return read + 1, nil
}

// inBatch bounds the ids of one IN list.
const inBatch = 500

// soldOutsPerRestaurant lists the sold-outs running at now of the
// franchise's restaurants ids, per restaurant, in the kiosk document's
// order: one query per 500 restaurants.
func soldOutsPerRestaurant(ctx context.Context, r store.Runner, franchiseID int64, ids []int64, now time.Time) (map[int64][]SoldOut, error) {
	return soldOutsWhere(ctx, r, franchiseID, ids, ` AND until_unix > ?`, now.Unix())
}

// soldOutRowsPerRestaurant lists every sold-out row of the restaurants ids,
// ended or not (putting back on sale deletes the ended ones too).
func soldOutRowsPerRestaurant(ctx context.Context, r store.Runner, franchiseID int64, ids []int64) (map[int64][]SoldOut, error) {
	return soldOutsWhere(ctx, r, franchiseID, ids, ``)
}

func soldOutsWhere(ctx context.Context, r store.Runner, franchiseID int64, ids []int64, cond string, condArgs ...any) (map[int64][]SoldOut, error) {
	out := map[int64][]SoldOut{}
	for chunk := range slices.Chunk(ids, inBatch) {
		in, args := store.In(chunk)
		args = append(append([]any{franchiseID}, args...), condArgs...)
		err := store.Each(ctx, r, `SELECT restaurant_id, `+soldOutColumns+` FROM availability_sold_out
			WHERE franchise_id = ? AND restaurant_id `+in+cond+` ORDER BY restaurant_id, kind DESC, id_global`, args, func(row store.Scanner) error {
			var id int64
			var s SoldOut
			var until int64
			if err := row.Scan(&id, &s.Kind, &s.IDGlobal, &s.Name, &s.Group, &s.Mode, &s.UntilDate, &until, &s.SetBy, &s.SetAt); err != nil {
				return err
			}
			s.Until, s.SetAt = time.Unix(until, 0).UTC(), s.SetAt.UTC().Truncate(time.Second)
			out[id] = append(out[id], s)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hoursPerRestaurant reads the hours of the franchise's restaurants ids
// (the defaults for those that never saved theirs).
func hoursPerRestaurant(ctx context.Context, r store.Runner, franchiseID int64, ids []int64) (map[int64]Hours, error) {
	out := make(map[int64]Hours, len(ids))
	for chunk := range slices.Chunk(ids, inBatch) {
		in, args := store.In(chunk)
		err := store.Each(ctx, r, `SELECT restaurant_id, hours FROM availability_hours WHERE franchise_id = ? AND restaurant_id `+in,
			append([]any{franchiseID}, args...), func(row store.Scanner) error {
				var id int64
				var raw string
				if err := row.Scan(&id, &raw); err != nil {
					return err
				}
				var h Hours
				if err := json.Unmarshal([]byte(raw), &h); err != nil {
					return fmt.Errorf("horaires du restaurant %d illisibles : %w", id, err)
				}
				if n, err := normalize(h); err == nil {
					h = n
				}
				out[id] = h
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	for _, id := range ids {
		if _, ok := out[id]; !ok {
			out[id] = DefaultHours()
		}
	}
	return out, nil
}

// soldOutBatch bounds the rows of one multi-row upsert (11 parameters each).
const soldOutBatch = 200

// putSoldOuts writes many sold-outs as putSoldOut does one, a few hundred
// rows per statement.
func putSoldOuts(ctx context.Context, r store.Runner, list []restaurantSoldOut) error {
	for chunk := range slices.Chunk(list, soldOutBatch) {
		args := make([]any, 0, 11*len(chunk))
		for _, s := range chunk {
			args = append(args, s.restaurant.FranchiseID, s.restaurant.ID, s.Kind, s.IDGlobal, s.Name, s.Group, s.Mode, s.UntilDate, s.Until.Unix(), s.SetBy, s.SetAt)
		}
		_, err := r.Exec(ctx, `INSERT INTO availability_sold_out (franchise_id, restaurant_id, `+soldOutColumns+`)
			VALUES `+strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), ", len(chunk)), ", ")+`
			ON CONFLICT (restaurant_id, kind, id_global) DO UPDATE SET name = excluded.name, item_group = excluded.item_group,
				mode = excluded.mode, until_date = excluded.until_date, until_unix = excluded.until_unix, set_by = excluded.set_by, set_at = excluded.set_at`, args...)
		if err != nil {
			return err
		}
	}
	return nil
}

// deleteSoldOuts puts many elements back on sale: one statement per
// restaurant and kind (and per 500 elements).
func deleteSoldOuts(ctx context.Context, r store.Runner, list []restaurantSoldOut) error {
	type group struct {
		restaurant int64
		kind       string
	}
	ids := map[group][]string{}
	var order []group
	for _, s := range list {
		g := group{s.restaurant.ID, s.Kind}
		if _, ok := ids[g]; !ok {
			order = append(order, g)
		}
		ids[g] = append(ids[g], s.IDGlobal)
	}
	for _, g := range order {
		for chunk := range slices.Chunk(ids[g], inBatch) {
			args := []any{g.restaurant, g.kind}
			for _, id := range chunk {
				args = append(args, id)
			}
			if _, err := r.Exec(ctx, `DELETE FROM availability_sold_out WHERE restaurant_id = ? AND kind = ? AND id_global IN (`+
				strings.TrimSuffix(strings.Repeat("?, ", len(chunk)), ", ")+`)`, args...); err != nil {
				return err
			}
		}
	}
	return nil
}
