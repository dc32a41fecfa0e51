package orders

import (
	"context"
	"time"

	"brigade/internal/store"
)

// DiscountItem is a row of 'Liste Commande en Réduction'.
type DiscountItem struct {
	ID            int64
	OrderID       string
	DiscountType  string
	DiscountValue int64
	Discount      int64
	RealTotal     int64 // before the discount
	Total         int64
	Type          int
	Label         string
	Cashier       string
	Source        string
	PaidAt        time.Time
	RestaurantID  int64
}

// Discounted lists the discounted paid orders of a scope, newest day first.
func (s *Service) Discounted(ctx context.Context, sc Scope, r Range, page, pageSize int) ([]DiscountItem, int, error) {
	where := "franchise_id = ? AND business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid'"
	args := []any{sc.FranchiseID, r.Start, r.End}
	if sc.Restaurants != nil {
		if len(sc.Restaurants) == 0 {
			return nil, 0, nil
		}
		in, a := store.In(sc.Restaurants)
		where += " AND restaurant_id " + in
		args = append(args, a...)
	}
	limit, offset := pageSize, page*pageSize
	if pageSize < 0 {
		limit, offset = 1<<30, 0
	}
	out, err := store.Collect(ctx, s.db, discountedColumns+where+` ORDER BY business_date DESC, id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset), scanDiscounted)
	if err != nil {
		return nil, 0, err
	}
	cells, err := s.Sum(ctx, sc, DimDiscounts, r, ByKey, "", MN)
	if err != nil {
		return nil, 0, err
	}
	total := 0
	for _, c := range cells {
		total += int(c.N)
	}
	return out, total, nil
}

const discountedColumns = `SELECT id, till_order_id, discount_type, discount_value, discount_cents, subtotal_cents + fees_cents, total_cents, order_type,
		discount_label, cashier, source, paid_unix, restaurant_id FROM orders WHERE `

func scanDiscounted(r store.Scanner) (it DiscountItem, err error) {
	var paid int64
	err = r.Scan(&it.ID, &it.OrderID, &it.DiscountType, &it.DiscountValue, &it.Discount, &it.RealTotal, &it.Total, &it.Type,
		&it.Label, &it.Cashier, &it.Source, &paid, &it.RestaurantID)
	it.PaidAt = time.Unix(paid, 0).UTC()
	return it, err
}

// EachDiscounted calls fn for every discounted paid order of a scope, in
// the order of Discounted, one row at a time as the database sends them:
// the exports of a year of discounted orders never hold the list.
func (s *Service) EachDiscounted(ctx context.Context, sc Scope, r Range, fn func(DiscountItem) error) error {
	where := "franchise_id = ? AND business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid'"
	args := []any{sc.FranchiseID, r.Start, r.End}
	if sc.Restaurants != nil {
		if len(sc.Restaurants) == 0 {
			return nil
		}
		in, a := store.In(sc.Restaurants)
		where += " AND restaurant_id " + in
		args = append(args, a...)
	}
	return store.Each(ctx, s.db, discountedColumns+where+` ORDER BY business_date DESC, id DESC`, args, func(row store.Scanner) error {
		it, err := scanDiscounted(row)
		if err != nil {
			return err
		}
		return fn(it)
	})
}
