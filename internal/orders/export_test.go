package orders

import (
	"context"
	"io"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// ImportNDJSONCapped is ImportNDJSON with other limits, for tests.
func (s *Service) ImportNDJSONCapped(ctx context.Context, dev tenancy.Device, body io.Reader, maxBytes int64, maxLine int) (ImportResult, error) {
	return s.importNDJSON(ctx, dev, body, maxBytes, maxLine)
}

// ReplayRollups recomputes a franchise's rollups from its raw rows: each
// order as posted (its first status), then each of its status changes in
// turn; the rollups stored are replaced by the result.
func (s *Service) ReplayRollups(ctx context.Context, franchiseID int64) error {
	type ref struct{ id, restaurant, equipment int64 }
	var refs []ref
	err := store.Each(ctx, s.db, `SELECT id, restaurant_id, equipment_id FROM orders WHERE franchise_id = ? ORDER BY id`, []any{franchiseID}, func(r store.Scanner) error {
		var x ref
		err := r.Scan(&x.id, &x.restaurant, &x.equipment)
		refs = append(refs, x)
		return err
	})
	if err != nil {
		return err
	}
	d := newDeltas()
	for _, x := range refs {
		det, err := s.detail(ctx, tenancy.Restaurant{ID: x.restaurant, FranchiseID: franchiseID}, x.id)
		if err != nil {
			return err
		}
		r := &row{order: det.Order, franchiseID: franchiseID, restaurantID: x.restaurant, equipmentID: x.equipment, businessDate: det.BusinessDate, id: x.id}
		first := *r
		if len(det.History) > 0 {
			first.order.Status = det.History[0].From
		}
		d.add(&first)
		for i, ev := range det.History {
			d.change(r, det.History[:i], ev)
		}
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM rollups WHERE franchise_id = ?`, franchiseID); err != nil {
			return err
		}
		return d.write(ctx, tx)
	})
}
