package discounts

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

const discountColumns = `d.id, d.owner_restaurant_id, d.name, d.kind, d.value, d.currency, d.automatic, d.stackable, d.active,
	d.start_date, d.end_date, d.rules, d.version, d.created_at, d.updated_at,
	(SELECT COUNT(*) FROM promo_codes c WHERE c.discount_id = d.id)`

func scanDiscount(row store.Scanner) (FranchiseDiscount, error) {
	var d FranchiseDiscount
	var rules string
	err := row.Scan(&d.ID, &d.OwnerRestaurant, &d.Name, &d.Kind, &d.Value, &d.Currency, &d.Automatic, &d.Stackable, &d.Active,
		&d.StartDate, &d.EndDate, &rules, &d.Version, &d.CreatedAt, &d.UpdatedAt, &d.Codes)
	if errors.Is(err, sql.ErrNoRows) {
		return d, tenancy.ErrNotFound
	}
	if err != nil {
		return d, err
	}
	if err := json.Unmarshal([]byte(rules), &d.Rules); err != nil {
		return d, fmt.Errorf("règles de la réduction %d illisibles : %w", d.ID, err)
	}
	d.Rules.TargetIDs = nonNil(d.Rules.TargetIDs)
	d.Rules.OrderTypes = nonNil(d.Rules.OrderTypes)
	d.Rules.Channels = nonNil(d.Rules.Channels)
	d.Rules.Restaurants = nonNil(d.Rules.Restaurants)
	d.Rules.Days = nonNil(d.Rules.Days)
	d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
	return d, nil
}

// franchiseDiscounts reads the discounts of a franchise that are not
// deleted; automaticOnly keeps the active automatic ones (the kiosks').
func franchiseDiscounts(ctx context.Context, r store.Runner, franchiseID int64, automaticOnly bool) ([]FranchiseDiscount, error) {
	q := `SELECT ` + discountColumns + ` FROM discounts d WHERE d.franchise_id = ? AND d.removed_at IS NULL`
	if automaticOnly {
		q += ` AND d.automatic AND d.active`
	}
	return store.Collect(ctx, r, q+` ORDER BY d.id`, []any{franchiseID}, scanDiscount)
}

func discountByID(ctx context.Context, r store.Runner, franchiseID, id int64) (FranchiseDiscount, error) {
	return scanDiscount(r.QueryRow(ctx, `SELECT `+discountColumns+` FROM discounts d WHERE d.franchise_id = ? AND d.id = ? AND d.removed_at IS NULL`, franchiseID, id))
}

func insertDiscount(ctx context.Context, r store.Runner, franchiseID int64, d FranchiseDiscount) (int64, error) {
	rules, err := json.Marshal(d.Rules)
	if err != nil {
		return 0, err
	}
	now := time.Now().UTC()
	return store.InsertID(ctx, r, `INSERT INTO discounts (franchise_id, owner_restaurant_id, name, kind, value, currency, automatic, stackable, active,
		start_date, end_date, rules, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
		franchiseID, d.OwnerRestaurant, d.Name, d.Kind, d.Value, d.Currency, d.Automatic, d.Stackable, d.Active, d.StartDate, d.EndDate, string(rules), now, now)
}

// updateDiscount writes d over version; false when the version moved on.
func updateDiscount(ctx context.Context, r store.Runner, franchiseID int64, d FranchiseDiscount, version int) (bool, error) {
	rules, err := json.Marshal(d.Rules)
	if err != nil {
		return false, err
	}
	res, err := r.Exec(ctx, `UPDATE discounts SET name = ?, kind = ?, value = ?, currency = ?, automatic = ?, stackable = ?, active = ?,
		start_date = ?, end_date = ?, rules = ?, version = version + 1, updated_at = ?
		WHERE franchise_id = ? AND id = ? AND version = ? AND removed_at IS NULL`,
		d.Name, d.Kind, d.Value, d.Currency, d.Automatic, d.Stackable, d.Active, d.StartDate, d.EndDate, string(rules), time.Now().UTC(),
		franchiseID, d.ID, version)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const codeColumns = `c.id, c.code, c.discount_id, d.name, c.max_uses, c.per_customer, c.used, c.valid_from, c.valid_until, c.active, c.created_at`

func scanCode(row store.Scanner) (PromoCode, error) {
	var c PromoCode
	err := row.Scan(&c.ID, &c.Code, &c.DiscountID, &c.DiscountName, &c.MaxUses, &c.PerCustomer, &c.Used, &c.ValidFrom, &c.ValidUntil, &c.Active, &c.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return c, tenancy.ErrNotFound
	}
	c.CreatedAt = c.CreatedAt.UTC()
	return c, err
}

func franchiseCodes(ctx context.Context, r store.Runner, franchiseID int64) ([]PromoCode, error) {
	return store.Collect(ctx, r, `SELECT `+codeColumns+` FROM promo_codes c JOIN discounts d ON d.id = c.discount_id
		WHERE c.franchise_id = ? AND d.removed_at IS NULL ORDER BY c.id DESC`, []any{franchiseID}, scanCode)
}

func codeByID(ctx context.Context, r store.Runner, franchiseID, id int64) (PromoCode, error) {
	return scanCode(r.QueryRow(ctx, `SELECT `+codeColumns+` FROM promo_codes c JOIN discounts d ON d.id = c.discount_id
		WHERE c.franchise_id = ? AND c.id = ? AND d.removed_at IS NULL`, franchiseID, id))
}

func codeByText(ctx context.Context, r store.Runner, franchiseID int64, code string) (PromoCode, error) {
	return scanCode(r.QueryRow(ctx, `SELECT `+codeColumns+` FROM promo_codes c JOIN discounts d ON d.id = c.discount_id
		WHERE c.franchise_id = ? AND c.code = ? AND d.removed_at IS NULL`, franchiseID, code))
}

// redemption is a code's use by one order of one equipment.
type redemption struct {
	id       int64
	amount   int64
	released bool
}

func redemptionOf(ctx context.Context, r store.Runner, codeID, equipmentID int64, orderID string) (redemption, bool, error) {
	var x redemption
	err := r.QueryRow(ctx, `SELECT id, amount_cents, released FROM promo_redemptions WHERE code_id = ? AND equipment_id = ? AND till_order_id = ?`,
		codeID, equipmentID, orderID).Scan(&x.id, &x.amount, &x.released)
	if errors.Is(err, sql.ErrNoRows) {
		return x, false, nil
	}
	return x, err == nil, err
}

// take raises a code's use count unless its quota is reached: one
// statement, so concurrent redemptions never take more than the quota (on
// PostgreSQL the row lock orders them; SQLite has one writer).
func take(ctx context.Context, r store.Runner, codeID int64) (bool, error) {
	res, err := r.Exec(ctx, `UPDATE promo_codes SET used = used + 1 WHERE id = ? AND active AND (max_uses = 0 OR used < max_uses)`, codeID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func customerUses(ctx context.Context, r store.Runner, codeID int64, customer string) (int, error) {
	var n int
	err := r.QueryRow(ctx, `SELECT COUNT(*) FROM promo_redemptions WHERE code_id = ? AND customer = ? AND NOT released`, codeID, customer).Scan(&n)
	return n, err
}
