package loyalty

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return tenancy.ErrNotFound
	}
	return err
}

const ruleColumns = `id, name, kind, points, per_cents, currency, product_id, active, version`

func scanRule(s store.Scanner) (EarnRule, error) {
	var r EarnRule
	var active int64
	err := s.Scan(&r.ID, &r.Name, &r.Kind, &r.Points, &r.PerCents, &r.Currency, &r.ProductID, &active, &r.Version)
	r.Active = active == 1
	return r, notFound(err)
}

func franchiseRules(ctx context.Context, r store.Runner, franchiseID int64, activeOnly bool) ([]EarnRule, error) {
	q := `SELECT ` + ruleColumns + ` FROM loyalty_rules WHERE franchise_id = ?`
	if activeOnly {
		q += ` AND active = 1`
	}
	return store.Collect(ctx, r, q+` ORDER BY name, id`, []any{franchiseID}, scanRule)
}

func ruleByID(ctx context.Context, r store.Runner, franchiseID, id int64) (EarnRule, error) {
	return scanRule(r.QueryRow(ctx, `SELECT `+ruleColumns+` FROM loyalty_rules WHERE franchise_id = ? AND id = ?`, franchiseID, id))
}

func flag(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func insertRule(ctx context.Context, r store.Runner, franchiseID int64, x EarnRule) (int64, error) {
	now := time.Now().Unix()
	return store.InsertID(ctx, r, `INSERT INTO loyalty_rules (franchise_id, name, kind, points, per_cents, currency, product_id, active, version, created_unix, updated_unix)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`, franchiseID, x.Name, x.Kind, x.Points, x.PerCents, x.Currency, x.ProductID, flag(x.Active), now, now)
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func updateRule(ctx context.Context, r store.Runner, franchiseID int64, x EarnRule, version int) (bool, error) {
	return affected(r.Exec(ctx, `UPDATE loyalty_rules SET name = ?, kind = ?, points = ?, per_cents = ?, currency = ?, product_id = ?, active = ?, version = version + 1, updated_unix = ?
		WHERE franchise_id = ? AND id = ? AND version = ?`, x.Name, x.Kind, x.Points, x.PerCents, x.Currency, x.ProductID, flag(x.Active), time.Now().Unix(), franchiseID, x.ID, version))
}

const tierColumns = `id, name, min_points, perks, version`

func scanTier(s store.Scanner) (Tier, error) {
	var t Tier
	err := s.Scan(&t.ID, &t.Name, &t.MinPoints, &t.Perks, &t.Version)
	return t, notFound(err)
}

func franchiseTiers(ctx context.Context, r store.Runner, franchiseID int64) ([]Tier, error) {
	return store.Collect(ctx, r, `SELECT `+tierColumns+` FROM loyalty_tiers WHERE franchise_id = ? ORDER BY min_points, id`, []any{franchiseID}, scanTier)
}

func tierByID(ctx context.Context, r store.Runner, franchiseID, id int64) (Tier, error) {
	return scanTier(r.QueryRow(ctx, `SELECT `+tierColumns+` FROM loyalty_tiers WHERE franchise_id = ? AND id = ?`, franchiseID, id))
}

func insertTier(ctx context.Context, r store.Runner, franchiseID int64, t Tier) (int64, error) {
	now := time.Now().Unix()
	return store.InsertID(ctx, r, `INSERT INTO loyalty_tiers (franchise_id, name, min_points, perks, version, created_unix, updated_unix) VALUES (?, ?, ?, ?, 1, ?, ?)`,
		franchiseID, t.Name, t.MinPoints, t.Perks, now, now)
}

func updateTier(ctx context.Context, r store.Runner, franchiseID int64, t Tier, version int) (bool, error) {
	return affected(r.Exec(ctx, `UPDATE loyalty_tiers SET name = ?, min_points = ?, perks = ?, version = version + 1, updated_unix = ? WHERE franchise_id = ? AND id = ? AND version = ?`,
		t.Name, t.MinPoints, t.Perks, time.Now().Unix(), franchiseID, t.ID, version))
}

const rewardColumns = `id, name, kind, cost_points, product_id, discount_id, value_cents, currency, active, version`

func scanReward(s store.Scanner) (Reward, error) {
	var w Reward
	var cents, active int64
	var cur string
	err := s.Scan(&w.ID, &w.Name, &w.Kind, &w.CostPoints, &w.ProductID, &w.DiscountID, &cents, &cur, &active, &w.Version)
	if cur != "" {
		w.Value = &LoyaltyMoney{Cents: cents, Currency: cur}
	}
	w.Active = active == 1
	return w, notFound(err)
}

func franchiseRewards(ctx context.Context, r store.Runner, franchiseID int64) ([]Reward, error) {
	return store.Collect(ctx, r, `SELECT `+rewardColumns+` FROM loyalty_rewards WHERE franchise_id = ? ORDER BY cost_points, name, id`, []any{franchiseID}, scanReward)
}

func rewardByID(ctx context.Context, r store.Runner, franchiseID, id int64) (Reward, error) {
	return scanReward(r.QueryRow(ctx, `SELECT `+rewardColumns+` FROM loyalty_rewards WHERE franchise_id = ? AND id = ?`, franchiseID, id))
}

func rewardValue(w Reward) (int64, string) {
	if w.Value == nil {
		return 0, ""
	}
	return w.Value.Cents, w.Value.Currency
}

func insertReward(ctx context.Context, r store.Runner, franchiseID int64, w Reward) (int64, error) {
	now := time.Now().Unix()
	cents, cur := rewardValue(w)
	return store.InsertID(ctx, r, `INSERT INTO loyalty_rewards (franchise_id, name, kind, cost_points, product_id, discount_id, value_cents, currency, active, version, created_unix, updated_unix)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`, franchiseID, w.Name, w.Kind, w.CostPoints, w.ProductID, w.DiscountID, cents, cur, flag(w.Active), now, now)
}

func updateReward(ctx context.Context, r store.Runner, franchiseID int64, w Reward, version int) (bool, error) {
	cents, cur := rewardValue(w)
	return affected(r.Exec(ctx, `UPDATE loyalty_rewards SET name = ?, kind = ?, cost_points = ?, product_id = ?, discount_id = ?, value_cents = ?, currency = ?, active = ?, version = version + 1, updated_unix = ?
		WHERE franchise_id = ? AND id = ? AND version = ?`, w.Name, w.Kind, w.CostPoints, w.ProductID, w.DiscountID, cents, cur, flag(w.Active), time.Now().Unix(), franchiseID, w.ID, version))
}

func deleteFrom(ctx context.Context, r store.Runner, table string, franchiseID, id int64) error {
	ok, err := affected(r.Exec(ctx, `DELETE FROM `+table+` WHERE franchise_id = ? AND id = ?`, franchiseID, id))
	if err == nil && !ok {
		err = tenancy.ErrNotFound
	}
	return err
}

// ledgerRow is a movement to write.
type ledgerRow struct {
	franchiseID, customerID, restaurantID, orderID, rewardID int64
	kind                                                     string
	points, valueCents                                       int64
	currency, ref                                            string
	at                                                       time.Time
}

// insertLedger writes a movement once: false when the same movement (same
// customer, kind, order and ref) is already there. ON CONFLICT keeps a
// PostgreSQL transaction usable where a failed insert would abort it.
func insertLedger(ctx context.Context, r store.Runner, l ledgerRow) (bool, error) {
	return affected(r.Exec(ctx, `INSERT INTO loyalty_ledger (franchise_id, customer_id, restaurant_id, order_id, reward_id, kind, points, value_cents, currency, ref, at_unix)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		l.franchiseID, l.customerID, l.restaurantID, l.orderID, l.rewardID, l.kind, l.points, l.valueCents, l.currency, l.ref, l.at.Unix()))
}

// balance reads a customer's points; lock takes the row for the rest of the
// transaction on PostgreSQL (SQLite has one writer: its transactions never
// interleave).
func balance(ctx context.Context, tx *store.Tx, franchiseID, customerID int64, lock bool) (points, lifetime int64, err error) {
	q := `SELECT points, lifetime_points FROM customers WHERE franchise_id = ? AND id = ? AND erased_unix = 0`
	if lock && tx.Engine() == store.Postgres {
		q += ` FOR UPDATE`
	}
	err = tx.QueryRow(ctx, q, franchiseID, customerID).Scan(&points, &lifetime)
	return points, lifetime, notFound(err)
}

func addPoints(ctx context.Context, r store.Runner, franchiseID, customerID, points, lifetime int64) error {
	ok, err := affected(r.Exec(ctx, `UPDATE customers SET points = points + ?, lifetime_points = CASE WHEN lifetime_points + ? < 0 THEN 0 ELSE lifetime_points + ? END, updated_unix = ?
		WHERE franchise_id = ? AND id = ?`, points, lifetime, lifetime, time.Now().Unix(), franchiseID, customerID))
	if err == nil && !ok {
		err = tenancy.ErrNotFound
	}
	return err
}

// spend takes cost points if the customer has them, in one statement: two
// redemptions at once never overdraw.
func spend(ctx context.Context, r store.Runner, franchiseID, customerID, cost int64) (bool, error) {
	return affected(r.Exec(ctx, `UPDATE customers SET points = points - ?, updated_unix = ? WHERE franchise_id = ? AND id = ? AND erased_unix = 0 AND points >= ?`,
		cost, time.Now().Unix(), franchiseID, customerID, cost))
}

// scope is the restaurants a reader sees (nil: the whole franchise).
type scope struct {
	franchiseID int64
	restaurants []int64
}

// customerVisible reports whether a customer of the franchise is one the
// scope sees (a restaurant login: one that visited its restaurants).
func customerVisible(ctx context.Context, r store.Runner, sc scope, customerID int64) error {
	var n int64
	if err := r.QueryRow(ctx, `SELECT COUNT(*) FROM customers WHERE franchise_id = ? AND id = ?`, sc.franchiseID, customerID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return tenancy.ErrNotFound
	}
	if sc.restaurants == nil {
		return nil
	}
	if len(sc.restaurants) == 0 {
		return tenancy.ErrNotFound
	}
	in, args := store.In(sc.restaurants)
	if err := r.QueryRow(ctx, `SELECT COUNT(*) FROM customer_restaurants WHERE customer_id = ? AND restaurant_id `+in, append([]any{customerID}, args...)...).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return tenancy.ErrNotFound
	}
	return nil
}

func nullableRef(id int64, name sql.NullString, fallback string) *LoyaltyRef {
	if id == 0 {
		return nil
	}
	if name.Valid {
		return &LoyaltyRef{ID: id, Name: name.String}
	}
	return &LoyaltyRef{ID: id, Name: fallback}
}

func customerEntries(ctx context.Context, r store.Runner, franchiseID, customerID int64, limit int) ([]LoyaltyEntry, error) {
	return store.Collect(ctx, r, `SELECT l.kind, l.points, l.order_id, l.reward_id, w.name, l.ref, l.at_unix, l.restaurant_id, x.nom
		FROM loyalty_ledger l LEFT JOIN loyalty_rewards w ON w.id = l.reward_id LEFT JOIN restaurants x ON x.id = l.restaurant_id
		WHERE l.franchise_id = ? AND l.customer_id = ? ORDER BY l.at_unix DESC, l.id DESC LIMIT ?`, []any{franchiseID, customerID, limit},
		func(s store.Scanner) (LoyaltyEntry, error) {
			var e LoyaltyEntry
			var rewardID, restID, at int64
			var rewardName, restName sql.NullString
			err := s.Scan(&e.Kind, &e.Points, &e.OrderID, &rewardID, &rewardName, &e.Reason, &at, &restID, &restName)
			e.Reward = nullableRef(rewardID, rewardName, "Récompense supprimée")
			e.Restaurant = nullableRef(restID, restName, "")
			e.At = time.Unix(at, 0).UTC()
			e.Reason = readableRef(e.Kind, e.Reason)
			return e, err
		})
}
