package customers

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

const customerColumns = `c.id, c.first_name, c.last_name, c.phone, c.email, c.card, c.postal_code, c.birth_month, c.birth_day,
	c.sms_optin, c.email_optin, c.visits, c.first_visit_unix, c.last_visit_unix, c.last_restaurant_id, COALESCE(r.nom, ''),
	c.points, c.lifetime_points, c.erased_unix, c.version`

const customerFrom = ` FROM customers c LEFT JOIN restaurants r ON r.id = c.last_restaurant_id`

func unixTime(u int64) *time.Time {
	if u == 0 {
		return nil
	}
	t := time.Unix(u, 0).UTC()
	return &t
}

func scanCustomer(row store.Scanner) (CustomerInfo, error) {
	var c CustomerInfo
	var sms, email, first, last, lastRestaurant, erased int64
	var restaurantName string
	err := row.Scan(&c.ID, &c.FirstName, &c.LastName, &c.Phone, &c.Email, &c.Card, &c.PostalCode, &c.BirthMonth, &c.BirthDay,
		&sms, &email, &c.Visits, &first, &last, &lastRestaurant, &restaurantName, &c.Points, &c.LifetimePoints, &erased, &c.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return c, tenancy.ErrNotFound
	}
	c.SmsOptin, c.EmailOptin, c.Erased = sms != 0, email != 0, erased != 0
	c.FirstVisit, c.LastVisit = unixTime(first), unixTime(last)
	if lastRestaurant != 0 {
		c.LastRestaurant = &NamedRef{ID: lastRestaurant, Name: restaurantName}
	}
	c.Spend = []CustomerSpend{}
	return c, err
}

// withSpend fills the customers' spend per currency.
func withSpend(ctx context.Context, r store.Runner, list []CustomerInfo) error {
	if len(list) == 0 {
		return nil
	}
	at := make(map[int64]int, len(list))
	ids := make([]int64, len(list))
	for i, c := range list {
		at[c.ID], ids[i] = i, c.ID
	}
	in, args := store.In(ids)
	return store.Each(ctx, r, `SELECT customer_id, currency, total_cents, orders FROM customer_spend WHERE customer_id `+in+` ORDER BY customer_id, currency`, args, func(s store.Scanner) error {
		var id int64
		var sp CustomerSpend
		if err := s.Scan(&id, &sp.Currency, &sp.Cents, &sp.Orders); err != nil {
			return err
		}
		c := &list[at[id]]
		c.Spend = append(c.Spend, sp)
		return nil
	})
}

func customerByID(ctx context.Context, r store.Runner, franchiseID, id int64) (CustomerInfo, error) {
	c, err := scanCustomer(r.QueryRow(ctx, `SELECT `+customerColumns+customerFrom+` WHERE c.franchise_id = ? AND c.id = ?`, franchiseID, id))
	if err != nil {
		return c, err
	}
	list := []CustomerInfo{c}
	err = withSpend(ctx, r, list)
	return list[0], err
}

// findID returns the live customer whose column (phone, email or card)
// holds value, 0 when none.
func findID(ctx context.Context, r store.Runner, franchiseID int64, column, value string) (int64, error) {
	if value == "" {
		return 0, nil
	}
	var id int64
	err := r.QueryRow(ctx, `SELECT id FROM customers WHERE franchise_id = ? AND `+column+` = ? AND `+column+` <> ''`, franchiseID, value).Scan(&id) // <> '': the partial unique index answers
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// insertCustomer adds a customer; 0 when one already holds its phone,
// e-mail or card (nothing inserted).
func insertCustomer(ctx context.Context, r store.Runner, franchiseID int64, in CustomerInput, now int64) (int64, error) {
	var id int64
	err := r.QueryRow(ctx, `INSERT INTO customers (franchise_id, first_name, last_name, phone, email, card, postal_code, birth_month, birth_day, created_unix, updated_unix)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
		franchiseID, in.FirstName, in.LastName, in.Phone, in.Email, in.Card, in.PostalCode, in.BirthMonth, in.BirthDay, now, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

func updateCustomer(ctx context.Context, r store.Runner, franchiseID, id int64, version int, in CustomerInput, now int64) (bool, error) {
	res, err := r.Exec(ctx, `UPDATE customers SET first_name = ?, last_name = ?, phone = ?, email = ?, card = ?, postal_code = ?, birth_month = ?, birth_day = ?,
		version = version + 1, updated_unix = ? WHERE franchise_id = ? AND id = ? AND version = ? AND erased_unix = 0`,
		in.FirstName, in.LastName, in.Phone, in.Email, in.Card, in.PostalCode, in.BirthMonth, in.BirthDay, now, franchiseID, id, version)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// setConsent records a grant or withdrawal and sets the current flag;
// nothing is written when the flag already says so.
func setConsent(ctx context.Context, r store.Runner, franchiseID, customerID int64, channel string, granted bool, source, byUser string, now int64) (bool, error) {
	column := "sms_optin"
	if channel == ChannelEmail {
		column = "email_optin"
	}
	flag := 0
	if granted {
		flag = 1
	}
	res, err := r.Exec(ctx, `UPDATE customers SET `+column+` = ?, version = version + 1, updated_unix = ? WHERE franchise_id = ? AND id = ? AND `+column+` <> ? AND (erased_unix = 0 OR ? = 0)`,
		flag, now, franchiseID, customerID, flag, flag)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	_, err = r.Exec(ctx, `INSERT INTO customer_consents (franchise_id, customer_id, channel, granted, source, by_user, at_unix) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		franchiseID, customerID, channel, flag, source, byUser, now)
	return err == nil, err
}

func consentsOf(ctx context.Context, r store.Runner, franchiseID, customerID int64) ([]CustomerConsent, error) {
	return store.Collect(ctx, r, `SELECT channel, granted, source, by_user, at_unix FROM customer_consents WHERE franchise_id = ? AND customer_id = ? ORDER BY at_unix DESC, id DESC`,
		[]any{franchiseID, customerID}, func(s store.Scanner) (CustomerConsent, error) {
			var c CustomerConsent
			var granted, at int64
			err := s.Scan(&c.Channel, &granted, &c.Source, &c.ByUser, &at)
			c.Granted, c.At = granted != 0, time.Unix(at, 0).UTC()
			return c, err
		})
}

// visible reports whether a non-admin's restaurants include one the
// customer visited.
func visible(ctx context.Context, r store.Runner, customerID int64, restaurants []int64) (bool, error) {
	if len(restaurants) == 0 {
		return false, nil
	}
	in, args := store.In(restaurants)
	var n int
	err := r.QueryRow(ctx, `SELECT COUNT(*) FROM customer_restaurants WHERE customer_id = ? AND restaurant_id `+in, append([]any{customerID}, args...)...).Scan(&n)
	return n > 0, err
}
