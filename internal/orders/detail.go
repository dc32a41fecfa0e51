package orders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// ErrNotFound: no such order in the caller's scope — the same answer as
// for another franchise's order.
var ErrNotFound = tenancy.ErrNotFound

// Detail is an order with everything the ticket shows.
type Detail struct {
	ID            int64
	Order         Order
	Equipment     string
	EquipmentKeen string
	Restaurant    tenancy.Restaurant
	Currency      string // of every amount of the order: the restaurant's
	BusinessDate  int64
	// Refunded is what partial refunds gave back since the payment.
	Refunded int64
	// History is the order's status changes, oldest first.
	History []StatusEvent
}

// Get reads one order in the caller's scope.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (Detail, error) {
	var rid int64
	if err := s.db.QueryRow(ctx, `SELECT restaurant_id FROM orders WHERE id = ? AND franchise_id = ?`, id, p.FranchiseID).Scan(&rid); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Detail{}, ErrNotFound
		}
		return Detail{}, err
	}
	x, err := s.ten.Restaurant(ctx, p, rid)
	if err != nil {
		return Detail{}, ErrNotFound
	}
	return s.detail(ctx, x, id)
}

// Lookup finds an order by the deep link's till order id, SIRET and
// equipment (user_keen_id), in the caller's scope.
func (s *Service) Lookup(ctx context.Context, p tenancy.Principal, tillOrderID, siret, keen string) (Detail, error) {
	var id, rid int64
	err := s.db.QueryRow(ctx, `SELECT o.id, o.restaurant_id FROM orders o JOIN restaurants r ON r.id = o.restaurant_id JOIN equipments e ON e.id = o.equipment_id
		WHERE o.franchise_id = ? AND r.siret = ? AND e.user_keen_id = ? AND o.till_order_id = ?`, p.FranchiseID, siret, keen, tillOrderID).Scan(&id, &rid)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Detail{}, ErrNotFound
		}
		return Detail{}, err
	}
	x, err := s.ten.Restaurant(ctx, p, rid)
	if err != nil {
		return Detail{}, ErrNotFound
	}
	return s.detail(ctx, x, id)
}

func (s *Service) detail(ctx context.Context, x tenancy.Restaurant, id int64) (Detail, error) {
	d := Detail{ID: id, Restaurant: x}
	var err error
	if d.Currency, err = s.ten.RestaurantCurrency(ctx, x); err != nil {
		return d, err
	}
	o := &d.Order
	var paid int64
	var dType, dLabel, cashier, ex string
	var dValue, discount int64
	var exit sql.NullInt64
	err = s.db.QueryRow(ctx, `SELECT o.till_order_id, o.source, o.order_type, o.status, o.paid_unix, o.business_date, o.subtotal_cents, o.discount_cents,
		o.fees_cents, o.total_cents, o.discount_type, o.discount_value, o.discount_label, o.cashier, o.exit_seconds, o.extra, e.name, e.user_keen_id, o.refunded_cents
		FROM orders o JOIN equipments e ON e.id = o.equipment_id WHERE o.id = ?`, id).Scan(
		&o.OrderID, &o.Source, &o.Type, &o.Status, &paid, &d.BusinessDate, &o.Subtotal, &discount, &o.Fees, &o.Total,
		&dType, &dValue, &dLabel, &cashier, &exit, &ex, &d.Equipment, &d.EquipmentKeen, &d.Refunded)
	if err != nil {
		return d, err
	}
	o.PaidAt = time.Unix(paid, 0).UTC()
	if dType != "" {
		o.Discount = &Discount{Type: dType, Value: dValue, Amount: discount, Label: dLabel, Cashier: cashier}
	}
	if exit.Valid {
		v := int(exit.Int64)
		o.ExitSecs = &v
	}
	if ex != "" {
		var e extra
		if err := json.Unmarshal([]byte(ex), &e); err != nil {
			return d, err
		}
		o.Marque, o.Collect = e.Marque, e.Collect
		if o.Discount != nil {
			o.Discount.DiscountID, o.Discount.Code = e.DiscountID, e.Code
		}
	}
	o.Lines, err = store.Collect(ctx, s.db, `SELECT product_id, product, category, quantity, unit_cents, ttc_cents, tax_rate_bp FROM order_lines WHERE order_id = ? ORDER BY line_no`, []any{id},
		func(r store.Scanner) (l Line, err error) {
			err = r.Scan(&l.ProductID, &l.Name, &l.Category, &l.Quantity, &l.UnitPrice, &l.Total, &l.TaxRate)
			return l, err
		})
	if err != nil {
		return d, err
	}
	err = store.Each(ctx, s.db, `SELECT line_no, option_name, group_name, quantity, ttc_cents FROM order_options WHERE order_id = ? ORDER BY line_no, option_no`, []any{id},
		func(r store.Scanner) error {
			var i int
			var op Option
			if err := r.Scan(&i, &op.Name, &op.Group, &op.Quantity, &op.Total); err != nil {
				return err
			}
			if i < len(o.Lines) {
				o.Lines[i].Options = append(o.Lines[i].Options, op)
			}
			return nil
		})
	if err != nil {
		return d, err
	}
	o.VAT, err = store.Collect(ctx, s.db, `SELECT rate_bp, ht_cents, vat_cents, ttc_cents FROM order_vat WHERE order_id = ? ORDER BY rate_bp`, []any{id},
		func(r store.Scanner) (v VATLine, err error) {
			err = r.Scan(&v.Rate, &v.HT, &v.VAT, &v.TTC)
			return v, err
		})
	if err != nil {
		return d, err
	}
	o.Payments, err = store.Collect(ctx, s.db, `SELECT method, amount_cents FROM order_payments WHERE order_id = ? ORDER BY payment_no`, []any{id},
		func(r store.Scanner) (p Payment, err error) {
			err = r.Scan(&p.Method, &p.Amount)
			return p, err
		})
	if err != nil {
		return d, err
	}
	d.History, err = eventsOf(ctx, s.db, id)
	return d, err
}
