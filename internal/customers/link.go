package customers

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"brigade/internal/orders"
	"brigade/internal/store"
)

// OrdersStored links the orders just stored that name a customer (the
// orders' stored hook): it runs in the orders' transaction, so that the
// link, the customer's figures and its points commit with the order. A
// retried post is not handed over again (orders skips it), and the link's
// primary key makes a second hand-over count nothing.
func (s *Service) OrdersStored(ctx context.Context, tx *store.Tx, list []orders.StoredOrder) error {
	currencies := map[int64]string{}
	franchises := map[int64]bool{}
	for _, so := range list {
		ref, source := refOf(so.Order)
		if ref == nil {
			continue
		}
		in := CustomerInput{FirstName: ref.FirstName, LastName: ref.LastName, Phone: ref.Phone, Email: ref.Email, Card: ref.Card, PostalCode: ref.PostalCode}
		// A badly written address is dropped rather than refusing a paid order.
		var ok bool
		if in.Phone, ok = NormalizePhone(in.Phone); !ok {
			in.Phone = ""
		}
		if in.Email, ok = NormalizeEmail(in.Email); !ok {
			in.Email = ""
		}
		in.Card = NormalizeCard(in.Card)
		in.FirstName, in.LastName = cleanName(in.FirstName), cleanName(in.LastName)
		in.PostalCode = strings.ToUpper(strings.Join(strings.Fields(in.PostalCode), ""))
		if len(in.PostalCode) > 10 {
			in.PostalCode = ""
		}
		id, err := s.findOrCreate(ctx, tx, so.FranchiseID, ref.ID, in, true)
		if err != nil {
			return err
		}
		if id == 0 {
			continue
		}
		paid := so.Order.PaidAt.Unix()
		res, err := tx.Exec(ctx, `INSERT INTO order_customers (order_id, customer_id, franchise_id, restaurant_id, paid_unix) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			so.ID, id, so.FranchiseID, so.RestaurantID, paid)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		franchises[so.FranchiseID] = true
		if err := s.recordGrants(ctx, tx, so.FranchiseID, id, ref.SmsOptin, ref.EmailOptin, source); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO customer_restaurants (customer_id, restaurant_id, franchise_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, id, so.RestaurantID, so.FranchiseID); err != nil {
			return err
		}
		if so.Order.Status != orders.StatusPaid {
			continue
		}
		cur, ok := currencies[so.FranchiseID]
		if !ok {
			if err := tx.QueryRow(ctx, `SELECT currency FROM franchises WHERE id = ?`, so.FranchiseID).Scan(&cur); err != nil {
				return err
			}
			currencies[so.FranchiseID] = cur
		}
		if err := addVisit(ctx, tx, id, so, paid, cur); err != nil {
			return err
		}
		if s.loyalty != nil {
			e := Earning{FranchiseID: so.FranchiseID, RestaurantID: so.RestaurantID, CustomerID: id, OrderID: so.ID, Currency: cur,
				TotalCents: so.Order.Total, At: so.Order.PaidAt}
			for _, l := range so.Order.Lines {
				if l.ProductID != "" {
					e.Lines = append(e.Lines, EarningLine{ProductID: l.ProductID, Quantity: l.Quantity})
				}
			}
			if _, err := s.loyalty.Earn(ctx, tx, e); err != nil {
				return err
			}
		}
	}
	for f := range franchises {
		s.changed(tx, f)
	}
	return nil
}

// refOf is the customer an order names: its customer part, else its
// click&collect client with a phone.
func refOf(o orders.Order) (*orders.CustomerRef, string) {
	source := SourceTill
	switch o.Source {
	case orders.SourceKiosk:
		source = SourceKiosk
	case orders.SourceCollect:
		source = SourceCollect
	}
	if o.Customer != nil {
		return o.Customer, source
	}
	if o.Collect != nil && strings.TrimSpace(o.Collect.Customer.Phone) != "" {
		c := o.Collect.Customer
		return &orders.CustomerRef{Phone: c.Phone, FirstName: c.FirstName, LastName: c.LastName}, SourceCollect
	}
	return nil, ""
}

// addVisit counts a paid order in its customer's figures.
func addVisit(ctx context.Context, tx *store.Tx, id int64, so orders.StoredOrder, paid int64, currency string) error {
	if _, err := tx.Exec(ctx, `UPDATE customers SET visits = visits + 1,
		first_visit_unix = CASE WHEN first_visit_unix = 0 OR first_visit_unix > ? THEN ? ELSE first_visit_unix END,
		last_restaurant_id = CASE WHEN last_visit_unix <= ? THEN ? ELSE last_restaurant_id END,
		last_visit_unix = CASE WHEN last_visit_unix < ? THEN ? ELSE last_visit_unix END
		WHERE id = ?`, paid, paid, paid, so.RestaurantID, paid, paid, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO customer_spend (customer_id, currency, orders, total_cents) VALUES (?, ?, 1, ?)
		ON CONFLICT (customer_id, currency) DO UPDATE SET orders = customer_spend.orders + 1, total_cents = customer_spend.total_cents + excluded.total_cents`,
		id, currency, so.Order.Total); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE customer_restaurants SET visits = visits + 1, last_visit_unix = CASE WHEN last_visit_unix < ? THEN ? ELSE last_visit_unix END
		WHERE customer_id = ? AND restaurant_id = ?`, paid, paid, id, so.RestaurantID)
	return err
}

// OrderStatusChanged takes back a linked order's points when it is
// refunded (in proportion) or cancelled (the orders' status hook, after
// the change committed).
func (s *Service) OrderStatusChanged(ctx context.Context, franchiseID, restaurantID, equipmentID int64, o orders.Order, ev orders.StatusEvent) {
	if s.loyalty == nil {
		return
	}
	var fraction float64
	switch ev.Status {
	case orders.StatusCancelled, orders.StatusRefunded:
		fraction = 1
	case orders.StatusPartiallyRefunded:
		if o.Total <= 0 {
			return
		}
		fraction = float64(ev.RefundCents) / float64(o.Total)
		if fraction > 1 {
			fraction = 1
		}
	default:
		return
	}
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var orderID, customerID int64
		err := tx.QueryRow(ctx, `SELECT oc.order_id, oc.customer_id FROM orders o JOIN order_customers oc ON oc.order_id = o.id
			WHERE o.restaurant_id = ? AND o.equipment_id = ? AND o.till_order_id = ?`, restaurantID, equipmentID, o.OrderID).Scan(&orderID, &customerID)
		if err != nil {
			return nil // not linked to a customer
		}
		at := ev.At
		if at.IsZero() {
			at = time.Now()
		}
		_, err = s.loyalty.Reverse(ctx, tx, Reversal{FranchiseID: franchiseID, CustomerID: customerID, OrderID: orderID, Ref: ev.EventID, Fraction: fraction, At: at})
		if err == nil {
			s.changed(tx, franchiseID)
		}
		return err
	})
	if err != nil {
		slog.Default().Error("customers: reverse loyalty points", "order", o.OrderID, "err", err)
	}
}

// eraseOrderClients empties the click&collect client's name and phone of
// an erased customer's orders (their figures stay).
func eraseOrderClients(ctx context.Context, tx *store.Tx, customerID int64) error {
	type ex struct {
		id    int64
		extra string
	}
	list, err := store.Collect(ctx, tx, `SELECT o.id, o.extra FROM orders o JOIN order_customers oc ON oc.order_id = o.id WHERE oc.customer_id = ? AND o.extra <> ''`,
		[]any{customerID}, func(s store.Scanner) (ex, error) {
			var e ex
			err := s.Scan(&e.id, &e.extra)
			return e, err
		})
	if err != nil {
		return err
	}
	for _, e := range list {
		var m map[string]any
		if json.Unmarshal([]byte(e.extra), &m) != nil {
			continue
		}
		cc, ok := m["clickncollect"].(map[string]any)
		if !ok {
			continue
		}
		client, ok := cc["client"].(map[string]any)
		if !ok {
			continue
		}
		for k := range client {
			client[k] = ""
		}
		raw, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE orders SET extra = ? WHERE id = ?`, string(raw), e.id); err != nil {
			return err
		}
	}
	return nil
}
