package loyalty

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/customers"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// TypeChanged is published when a franchise's program or a customer's
// points change: the loyalty screens refresh.
const TypeChanged = "loyalty.changed"

// Service runs the loyalty program.
type Service struct {
	db  *store.DB
	ten *tenancy.Service
	bus events.Bus
}

var _ customers.Loyalty = (*Service)(nil)

// NewService returns the loyalty service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus}
}

func (s *Service) changed(ctx context.Context, tx *store.Tx, franchiseID int64) {
	tx.AfterCommit(func() {
		s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: franchiseID, Type: TypeChanged})
	})
}

// HistoryModule names the program's entries in the change log.
const HistoryModule = "Fidélité"

// record logs a change of the program's setup and announces it.
func (s *Service) record(ctx context.Context, tx *store.Tx, p tenancy.Principal, a history.Action, target string, changes []history.Change) error {
	actor, err := s.ten.Actor(ctx, tx, p)
	if err != nil {
		return err
	}
	actor.Module, actor.Action, actor.Target, actor.Changes = HistoryModule, a, target, changes
	if err := history.Record(ctx, tx, actor); err != nil {
		return err
	}
	s.changed(ctx, tx, p.FranchiseID)
	return nil
}

func quoted(what, name string) string { return what + " «\u00a0" + name + "\u00a0»" }

func ruleFields(r EarnRule) map[string]any {
	return map[string]any{"nom": r.Name, "type": r.Kind, "points": r.Points, "tranche (centimes)": r.PerCents, "devise": r.Currency, "produit": r.ProductID, "active": r.Active}
}

func tierFields(t Tier) map[string]any {
	return map[string]any{"nom": t.Name, "points cumulés": t.MinPoints, "avantages": t.Perks}
}

func rewardFields(w Reward) map[string]any {
	cents, cur := rewardValue(w)
	return map[string]any{"nom": w.Name, "type": w.Kind, "coût en points": w.CostPoints, "produit": w.ProductID, "réduction": w.DiscountID, "valeur (centimes)": cents, "devise": cur, "active": w.Active}
}

// readScope is what p reads: its franchise, and its restaurants unless it
// sees them all.
func readScope(p tenancy.Principal) (scope, error) {
	if p.FranchiseID == 0 {
		return scope{}, tenancy.ErrForbidden
	}
	sc := scope{franchiseID: p.FranchiseID}
	if !p.AllRestaurants() {
		sc.restaurants = append([]int64{}, p.Restaurants...)
	}
	return sc, nil
}

// canWrite: the franchise's admins and moderators run the program; guests
// and restaurant logins read it.
func canWrite(p tenancy.Principal) error {
	if p.FranchiseID == 0 {
		return tenancy.ErrNotFound
	}
	if p.Role != tenancy.RoleAdmin && p.Role != tenancy.RoleModerator {
		return tenancy.ErrForbidden
	}
	return nil
}

// ---- rules, tiers, rewards ----

// Rules lists the earning rules.
func (s *Service) Rules(ctx context.Context, p tenancy.Principal) ([]EarnRule, error) {
	if _, err := readScope(p); err != nil {
		return nil, err
	}
	return franchiseRules(ctx, s.db, p.FranchiseID, false)
}

// CreateRule adds an earning rule.
func (s *Service) CreateRule(ctx context.Context, p tenancy.Principal, r EarnRule) (EarnRule, error) {
	if err := canWrite(p); err != nil {
		return EarnRule{}, err
	}
	if err := r.normalize(); err != nil {
		return EarnRule{}, err
	}
	var out EarnRule
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		id, err := insertRule(ctx, tx, p.FranchiseID, r)
		if err != nil {
			return err
		}
		if out, err = ruleByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Ajout, quoted("Règle", out.Name), nil)
	})
	return out, err
}

// UpdateRule replaces a rule at the version the editor read.
func (s *Service) UpdateRule(ctx context.Context, p tenancy.Principal, id int64, version int, r EarnRule) (EarnRule, error) {
	if err := canWrite(p); err != nil {
		return EarnRule{}, err
	}
	var out EarnRule
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := ruleByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if err := r.normalize(); err != nil {
			return err
		}
		r.ID = id
		ok, err := updateRule(ctx, tx, p.FranchiseID, r, version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		if out, err = ruleByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Modification, quoted("Règle", out.Name), history.Diff(ruleFields(before), ruleFields(out)))
	})
	return out, err
}

// DeleteRule removes a rule: the points it gave stay.
func (s *Service) DeleteRule(ctx context.Context, p tenancy.Principal, id int64) error {
	return s.remove(ctx, p, "loyalty_rules", "Règle", id)
}

func (s *Service) remove(ctx context.Context, p tenancy.Principal, table, what string, id int64) error {
	if err := canWrite(p); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		var name string
		if err := tx.QueryRow(ctx, `SELECT name FROM `+table+` WHERE franchise_id = ? AND id = ?`, p.FranchiseID, id).Scan(&name); err != nil {
			return notFound(err)
		}
		if err := deleteFrom(ctx, tx, table, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Suppression, quoted(what, name), nil)
	})
}

// Tiers lists the tiers by threshold.
func (s *Service) Tiers(ctx context.Context, p tenancy.Principal) ([]Tier, error) {
	if _, err := readScope(p); err != nil {
		return nil, err
	}
	return franchiseTiers(ctx, s.db, p.FranchiseID)
}

func duplicateTier(t Tier) error {
	return invalid("minPoints", "Un autre niveau commence déjà à %d points.", t.MinPoints)
}

// CreateTier adds a tier.
func (s *Service) CreateTier(ctx context.Context, p tenancy.Principal, t Tier) (Tier, error) {
	if err := canWrite(p); err != nil {
		return Tier{}, err
	}
	if err := t.normalize(); err != nil {
		return Tier{}, err
	}
	var out Tier
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		if taken, err := tierAt(ctx, tx, p.FranchiseID, t.MinPoints, 0); err != nil || taken {
			if err == nil {
				err = duplicateTier(t)
			}
			return err
		}
		id, err := insertTier(ctx, tx, p.FranchiseID, t)
		if err != nil {
			return err
		}
		if out, err = tierByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Ajout, quoted("Niveau", out.Name), nil)
	})
	return out, err
}

// tierAt reports whether another tier starts at minPoints (checked before
// the write: a unique violation would abort a PostgreSQL transaction).
func tierAt(ctx context.Context, r store.Runner, franchiseID, minPoints, except int64) (bool, error) {
	var n int64
	err := r.QueryRow(ctx, `SELECT COUNT(*) FROM loyalty_tiers WHERE franchise_id = ? AND min_points = ? AND id <> ?`, franchiseID, minPoints, except).Scan(&n)
	return n > 0, err
}

// UpdateTier replaces a tier at the version the editor read.
func (s *Service) UpdateTier(ctx context.Context, p tenancy.Principal, id int64, version int, t Tier) (Tier, error) {
	if err := canWrite(p); err != nil {
		return Tier{}, err
	}
	var out Tier
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := tierByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if err := t.normalize(); err != nil {
			return err
		}
		if taken, err := tierAt(ctx, tx, p.FranchiseID, t.MinPoints, id); err != nil || taken {
			if err == nil {
				err = duplicateTier(t)
			}
			return err
		}
		t.ID = id
		ok, err := updateTier(ctx, tx, p.FranchiseID, t, version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		if out, err = tierByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Modification, quoted("Niveau", out.Name), history.Diff(tierFields(before), tierFields(out)))
	})
	return out, err
}

// DeleteTier removes a tier.
func (s *Service) DeleteTier(ctx context.Context, p tenancy.Principal, id int64) error {
	return s.remove(ctx, p, "loyalty_tiers", "Niveau", id)
}

// Rewards lists the rewards, cheapest first.
func (s *Service) Rewards(ctx context.Context, p tenancy.Principal) ([]Reward, error) {
	if _, err := readScope(p); err != nil {
		return nil, err
	}
	return franchiseRewards(ctx, s.db, p.FranchiseID)
}

// CreateReward adds a reward.
func (s *Service) CreateReward(ctx context.Context, p tenancy.Principal, w Reward) (Reward, error) {
	if err := canWrite(p); err != nil {
		return Reward{}, err
	}
	if err := w.normalize(); err != nil {
		return Reward{}, err
	}
	var out Reward
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		id, err := insertReward(ctx, tx, p.FranchiseID, w)
		if err != nil {
			return err
		}
		if out, err = rewardByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Ajout, quoted("Récompense", out.Name), nil)
	})
	return out, err
}

// UpdateReward replaces a reward at the version the editor read.
func (s *Service) UpdateReward(ctx context.Context, p tenancy.Principal, id int64, version int, w Reward) (Reward, error) {
	if err := canWrite(p); err != nil {
		return Reward{}, err
	}
	var out Reward
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := rewardByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if err := w.normalize(); err != nil {
			return err
		}
		w.ID = id
		ok, err := updateReward(ctx, tx, p.FranchiseID, w, version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		if out, err = rewardByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Modification, quoted("Récompense", out.Name), history.Diff(rewardFields(before), rewardFields(out)))
	})
	return out, err
}

// DeleteReward removes a reward: its past redemptions stay in the ledger.
func (s *Service) DeleteReward(ctx context.Context, p tenancy.Principal, id int64) error {
	return s.remove(ctx, p, "loyalty_rewards", "Récompense", id)
}

// ---- earning (customers.Loyalty) ----

// PointsFor is what a paid order earns under rules (the active ones add
// up): visit rules per order, amount rules per whole slice of perCents in
// their currency, product rules per unit.
func PointsFor(rules []EarnRule, e customers.Earning) int64 {
	var total int64
	for _, r := range rules {
		if !r.Active {
			continue
		}
		switch r.Kind {
		case RuleVisit:
			total += r.Points
		case RuleAmount:
			if r.PerCents > 0 && strings.EqualFold(r.Currency, e.Currency) && e.TotalCents > 0 {
				total += e.TotalCents / r.PerCents * r.Points
			}
		case RuleProduct:
			for _, l := range e.Lines {
				if l.ProductID == r.ProductID && l.Quantity > 0 {
					total += int64(l.Quantity) * r.Points
				}
			}
		}
	}
	return total
}

// Earn credits a paid order's points, once per order.
func (s *Service) Earn(ctx context.Context, tx *store.Tx, e customers.Earning) (int64, error) {
	if _, _, err := balance(ctx, tx, e.FranchiseID, e.CustomerID, true); err != nil {
		return 0, err
	}
	rules, err := franchiseRules(ctx, tx, e.FranchiseID, true)
	if err != nil {
		return 0, err
	}
	points := PointsFor(rules, e)
	if points <= 0 || e.OrderID == 0 {
		return 0, nil
	}
	at := e.At
	if at.IsZero() {
		at = time.Now()
	}
	ok, err := insertLedger(ctx, tx, ledgerRow{franchiseID: e.FranchiseID, customerID: e.CustomerID, restaurantID: e.RestaurantID, orderID: e.OrderID,
		kind: KindEarn, points: points, at: at})
	if err != nil || !ok {
		return 0, err
	}
	if err := addPoints(ctx, tx, e.FranchiseID, e.CustomerID, points, points); err != nil {
		return 0, err
	}
	s.changed(ctx, tx, e.FranchiseID)
	return points, nil
}

// Reverse takes back round(earned × fraction) of an order's points, once
// per LoyaltyRef, never more than the order earned nor below a zero balance.
func (s *Service) Reverse(ctx context.Context, tx *store.Tx, r customers.Reversal) (int64, error) {
	var earned, restaurantID int64
	err := tx.QueryRow(ctx, `SELECT points, restaurant_id FROM loyalty_ledger WHERE franchise_id = ? AND customer_id = ? AND kind = 'earn' AND order_id = ?`,
		r.FranchiseID, r.CustomerID, r.OrderID).Scan(&earned, &restaurantID)
	if err == sql.ErrNoRows || r.OrderID == 0 {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	bal, _, err := balance(ctx, tx, r.FranchiseID, r.CustomerID, true)
	if err != nil {
		return 0, err
	}
	var taken int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(value_cents), 0) FROM loyalty_ledger WHERE customer_id = ? AND kind = 'reverse' AND order_id = ?`,
		r.CustomerID, r.OrderID).Scan(&taken); err != nil {
		return 0, err
	}
	fraction := math.Min(math.Max(r.Fraction, 0), 1)
	take := min(int64(math.Round(float64(earned)*fraction)), earned-taken)
	if take <= 0 {
		return 0, nil
	}
	applied := min(take, bal)
	at := r.At
	if at.IsZero() {
		at = time.Now()
	}
	// value_cents keeps what the reversal took from the order's earning
	// (its points taken from the balance may be fewer): two partial
	// refunds never take back more than the order earned.
	ok, err := insertLedger(ctx, tx, ledgerRow{franchiseID: r.FranchiseID, customerID: r.CustomerID, restaurantID: restaurantID, orderID: r.OrderID,
		kind: KindReverse, points: -applied, valueCents: take, ref: r.Ref, at: at})
	if err != nil || !ok {
		return 0, err
	}
	if err := addPoints(ctx, tx, r.FranchiseID, r.CustomerID, -applied, -take); err != nil {
		return 0, err
	}
	s.changed(ctx, tx, r.FranchiseID)
	return applied, nil
}

func tierFor(tiers []Tier, lifetime int64) *LoyaltyRef {
	var out *LoyaltyRef
	for _, t := range tiers { // by min_points ascending
		if t.MinPoints <= lifetime {
			out = &LoyaltyRef{ID: t.ID, Name: t.Name}
		}
	}
	return out
}

// Summary reads a customer's points, tier and the active rewards.
func (s *Service) Summary(ctx context.Context, franchiseID, customerID int64) (customers.LoyaltySummary, error) {
	var out customers.LoyaltySummary
	err := s.db.QueryRow(ctx, `SELECT points, lifetime_points FROM customers WHERE franchise_id = ? AND id = ?`, franchiseID, customerID).Scan(&out.Points, &out.LifetimePoints)
	if err != nil {
		return out, notFound(err)
	}
	tiers, err := franchiseTiers(ctx, s.db, franchiseID)
	if err != nil {
		return out, err
	}
	if t := tierFor(tiers, out.LifetimePoints); t != nil {
		out.TierID, out.TierName = t.ID, t.Name
	}
	rewards, err := franchiseRewards(ctx, s.db, franchiseID)
	if err != nil {
		return out, err
	}
	out.Rewards = []customers.RewardOffer{}
	for _, w := range rewards {
		if w.Active {
			out.Rewards = append(out.Rewards, customers.RewardOffer{ID: w.ID, Name: w.Name, CostPoints: w.CostPoints, Kind: w.Kind, ProductID: w.ProductID, Available: out.Points >= w.CostPoints})
		}
	}
	return out, nil
}

// ---- the customer page ----

// CustomerLoyalty reads a customer's points and last movements.
func (s *Service) CustomerLoyalty(ctx context.Context, p tenancy.Principal, customerID int64) (CustomerLoyalty, error) {
	sc, err := readScope(p)
	if err != nil {
		return CustomerLoyalty{}, err
	}
	if err := customerVisible(ctx, s.db, sc, customerID); err != nil {
		return CustomerLoyalty{}, err
	}
	return s.customerLoyalty(ctx, s.db, p.FranchiseID, customerID)
}

func (s *Service) customerLoyalty(ctx context.Context, r store.Runner, franchiseID, customerID int64) (CustomerLoyalty, error) {
	var out CustomerLoyalty
	if err := r.QueryRow(ctx, `SELECT points, lifetime_points FROM customers WHERE franchise_id = ? AND id = ?`, franchiseID, customerID).Scan(&out.Points, &out.LifetimePoints); err != nil {
		return out, notFound(err)
	}
	tiers, err := franchiseTiers(ctx, r, franchiseID)
	if err != nil {
		return out, err
	}
	out.Tier = tierFor(tiers, out.LifetimePoints)
	out.Entries, err = customerEntries(ctx, r, franchiseID, customerID, 200)
	return out, err
}

// readableRef is what a ledger ref shows: an adjustment's reason, a
// redemption's kiosk order (refs are "<key>|<readable>").
func readableRef(kind, ref string) string {
	if _, after, ok := strings.Cut(ref, "|"); ok {
		return after
	}
	if kind == KindAdjust {
		return ref
	}
	return ""
}

// Adjust corrects a customer's points by hand (the balance never goes
// below zero; points given count towards the tiers).
func (s *Service) Adjust(ctx context.Context, p tenancy.Principal, customerID int64, a LoyaltyAdjustment) (CustomerLoyalty, error) {
	if err := canWrite(p); err != nil {
		return CustomerLoyalty{}, err
	}
	sc, err := readScope(p)
	if err != nil {
		return CustomerLoyalty{}, err
	}
	if err := customerVisible(ctx, s.db, sc, customerID); err != nil {
		return CustomerLoyalty{}, err
	}
	a.Reason = strings.Join(strings.Fields(a.Reason), " ")
	switch {
	case a.Points == 0:
		return CustomerLoyalty{}, invalid("points", "Le nombre de points ne peut pas être nul.")
	case a.Reason == "":
		return CustomerLoyalty{}, invalid("reason", "Le motif est obligatoire.")
	case utf8.RuneCountInString(a.Reason) > 200:
		return CustomerLoyalty{}, invalid("reason", "Le motif ne doit pas dépasser 200 caractères.")
	}
	var out CustomerLoyalty
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		bal, _, err := balance(ctx, tx, p.FranchiseID, customerID, true)
		if err != nil {
			return err
		}
		if bal+a.Points < 0 {
			return invalid("points", "Le client n'a que %d points : le solde ne peut pas devenir négatif.", bal)
		}
		now := time.Now()
		if _, err := insertLedger(ctx, tx, ledgerRow{franchiseID: p.FranchiseID, customerID: customerID, kind: KindAdjust, points: a.Points,
			ref: strconv.FormatInt(now.UnixNano(), 36) + "|" + a.Reason, at: now}); err != nil {
			return err
		}
		if err := addPoints(ctx, tx, p.FranchiseID, customerID, a.Points, max(a.Points, 0)); err != nil {
			return err
		}
		s.changed(ctx, tx, p.FranchiseID)
		out, err = s.customerLoyalty(ctx, tx, p.FranchiseID, customerID)
		return err
	})
	return out, err
}

// ---- the kiosk ----

// Redemption is a kiosk's request to take a reward for an order.
type Redemption struct {
	CustomerID int64  `json:"customerId" minimum:"1"`
	RewardID   int64  `json:"rewardId" minimum:"1"`
	OrderID    string `json:"orderId" maxLength:"120" doc:"Le numéro de commande de la borne (tillOrderId)"`
}

// Redeemed is the answer: the new balance, the reward and the discount the
// kiosk puts on the order.
type Redeemed struct {
	Points   int64            `json:"points" doc:"Le nouveau solde"`
	Reward   Reward           `json:"reward"`
	Discount *orders.Discount `json:"discount,omitempty" required:"false" doc:"La remise à mettre sur la commande (discount) : son libellé « Fidélité : <récompense> » est celui de Mes Réductions ; amount_cents est la valeur de la récompense (0 : le prix du produit offert, à mettre par la borne)"`
}

func (rq *Redemption) ref(restaurantID int64) (string, error) {
	rq.OrderID = strings.TrimSpace(rq.OrderID)
	if rq.OrderID == "" {
		return "", invalid("orderId", "Le numéro de commande est obligatoire.")
	}
	return fmt.Sprintf("%d:%d|%s", restaurantID, rq.RewardID, rq.OrderID), nil
}

// Redeem takes a reward's points for a kiosk order: the balance is checked
// and debited in one statement (never overdrawn), once per order and
// reward (a retried call answers the same).
func (s *Service) Redeem(ctx context.Context, dev tenancy.Device, rq Redemption) (Redeemed, error) {
	franchiseID := dev.Restaurant.FranchiseID
	ref, err := rq.ref(dev.Restaurant.ID)
	if err != nil {
		return Redeemed{}, err
	}
	var out Redeemed
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		w, err := rewardByID(ctx, tx, franchiseID, rq.RewardID)
		if err != nil {
			return err
		}
		if !w.Active {
			return tenancy.ErrNotFound
		}
		if _, _, err := balance(ctx, tx, franchiseID, rq.CustomerID, false); err != nil {
			return err
		}
		cents, cur := rewardValue(w)
		ok, err := insertLedger(ctx, tx, ledgerRow{franchiseID: franchiseID, customerID: rq.CustomerID, restaurantID: dev.Restaurant.ID, rewardID: w.ID,
			kind: KindRedeem, points: -w.CostPoints, valueCents: cents, currency: cur, ref: ref, at: time.Now()})
		if err != nil {
			return err
		}
		if ok {
			spent, err := spend(ctx, tx, franchiseID, rq.CustomerID, w.CostPoints)
			if err != nil {
				return err
			}
			if !spent {
				return ErrInsufficient
			}
			s.changed(ctx, tx, franchiseID)
		}
		bal, _, err := balance(ctx, tx, franchiseID, rq.CustomerID, false)
		out = Redeemed{Points: bal, Reward: w, Discount: &orders.Discount{Type: "montant", Value: cents, Amount: cents, Label: DiscountLabel(w.Name), DiscountID: w.DiscountID}}
		return err
	})
	return out, err
}

// Release gives a redemption's points back (the order was abandoned), once.
func (s *Service) Release(ctx context.Context, dev tenancy.Device, rq Redemption) (Redeemed, error) {
	franchiseID := dev.Restaurant.FranchiseID
	ref, err := rq.ref(dev.Restaurant.ID)
	if err != nil {
		return Redeemed{}, err
	}
	var out Redeemed
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		var points, cents int64
		var cur string
		err := tx.QueryRow(ctx, `SELECT points, value_cents, currency FROM loyalty_ledger WHERE franchise_id = ? AND customer_id = ? AND kind = 'redeem' AND ref = ?`,
			franchiseID, rq.CustomerID, ref).Scan(&points, &cents, &cur)
		if err != nil {
			return notFound(err)
		}
		ok, err := insertLedger(ctx, tx, ledgerRow{franchiseID: franchiseID, customerID: rq.CustomerID, restaurantID: dev.Restaurant.ID, rewardID: rq.RewardID,
			kind: KindRestore, points: -points, valueCents: -cents, currency: cur, ref: ref, at: time.Now()})
		if err != nil {
			return err
		}
		if ok {
			if err := addPoints(ctx, tx, franchiseID, rq.CustomerID, -points, 0); err != nil {
				return err
			}
			s.changed(ctx, tx, franchiseID)
		}
		if out.Reward, err = rewardByID(ctx, tx, franchiseID, rq.RewardID); err != nil && err != tenancy.ErrNotFound {
			return err
		}
		out.Points, _, err = balance(ctx, tx, franchiseID, rq.CustomerID, false)
		return err
	})
	return out, err
}

// ---- dashboard, history, members ----

// maxDays bounds a dashboard's period.
const maxDays = 366

// period reads f's days in the franchise's zone (default: the last 30
// days) and the restaurants to count (f.RestaurantID must be in scope).
func (s *Service) period(ctx context.Context, p tenancy.Principal, f Filter) (sc scope, loc *time.Location, start, end time.Time, err error) {
	if sc, err = readScope(p); err != nil {
		return
	}
	loc = s.ten.Location(ctx, p)
	if f.From == "" || f.To == "" {
		today := time.Now().In(loc)
		day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc)
		if f.To == "" {
			f.To = day.Format(time.DateOnly)
		}
		if f.From == "" {
			to, _ := time.ParseInLocation(time.DateOnly, f.To, loc)
			f.From = to.AddDate(0, 0, -29).Format(time.DateOnly)
		}
	}
	if start, end, err = tenancy.DayRangeIn(loc, f.From, f.To); err != nil {
		return
	}
	if !end.After(start) {
		err = invalid("query.to", "La date de fin doit suivre la date de début.")
		return
	}
	if end.Sub(start) > maxDays*25*time.Hour {
		err = invalid("query.to", "La période ne doit pas dépasser %d jours.", maxDays)
		return
	}
	if f.RestaurantID != 0 {
		if _, err = s.ten.Restaurant(ctx, p, f.RestaurantID); err != nil {
			return
		}
		sc.restaurants = []int64{f.RestaurantID}
	}
	return
}

// ledgerScope is the WHERE of the ledger rows a scope counts: a
// restaurant login counts the movements of its restaurants.
func ledgerScope(sc scope, start, end time.Time) (string, []any) {
	where := `l.franchise_id = ? AND l.at_unix >= ? AND l.at_unix < ?`
	args := []any{sc.franchiseID, start.Unix(), end.Unix()}
	if sc.restaurants != nil {
		if len(sc.restaurants) == 0 {
			return where + ` AND 1 = 0`, args
		}
		in, a := store.In(sc.restaurants)
		where += ` AND l.restaurant_id ` + in
		args = append(args, a...)
	}
	return where, args
}

// memberScope is the WHERE of the members a scope counts.
func memberScope(sc scope) (string, []any) {
	where := `c.franchise_id = ? AND c.erased_unix = 0 AND c.lifetime_points > 0`
	args := []any{sc.franchiseID}
	if sc.restaurants != nil {
		if len(sc.restaurants) == 0 {
			return where + ` AND 1 = 0`, args
		}
		in, a := store.In(sc.restaurants)
		where += ` AND EXISTS (SELECT 1 FROM customer_restaurants cr WHERE cr.customer_id = c.id AND cr.restaurant_id ` + in + `)`
		args = append(args, a...)
	}
	return where, args
}

// Dashboard sums the program over a period.
func (s *Service) Dashboard(ctx context.Context, p tenancy.Principal, f Filter) (LoyaltyDashboard, error) {
	sc, loc, start, end, err := s.period(ctx, p, f)
	if err != nil {
		return LoyaltyDashboard{}, err
	}
	out := LoyaltyDashboard{RewardCost: []LoyaltyMoney{}, ByDay: []DayPoints{}, TopRewards: []TopReward{}}
	mw, margs := memberScope(sc)
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM customers c WHERE `+mw, margs...).Scan(&out.Members); err != nil {
		return out, err
	}
	days := map[string]*DayPoints{}
	for d := start; d.Before(end); d = d.AddDate(0, 0, 1) {
		out.ByDay = append(out.ByDay, DayPoints{Date: d.Format(time.DateOnly)})
	}
	for i := range out.ByDay {
		days[out.ByDay[i].Date] = &out.ByDay[i]
	}
	earns := map[int64]int{}
	cost := map[string]int64{}
	type top struct{ n, points int64 }
	tops := map[int64]*top{}
	lw, largs := ledgerScope(sc, start, end)
	err = store.Each(ctx, s.db, `SELECT l.customer_id, l.kind, l.points, l.value_cents, l.currency, l.reward_id, l.at_unix FROM loyalty_ledger l WHERE `+lw, largs, func(r store.Scanner) error {
		var customer, points, cents, reward, at int64
		var kind, cur string
		if err := r.Scan(&customer, &kind, &points, &cents, &cur, &reward, &at); err != nil {
			return err
		}
		day := days[time.Unix(at, 0).In(loc).Format(time.DateOnly)]
		switch kind {
		case KindEarn, KindReverse, KindAdjust:
			out.PointsEarned += points
			if day != nil {
				day.Earned += points
			}
			if kind == KindEarn {
				earns[customer]++
			}
		case KindRedeem, KindRestore:
			out.PointsRedeemed -= points
			if day != nil {
				day.Redeemed -= points
			}
			n := int64(1)
			if kind == KindRestore {
				n = -1
			}
			out.Redemptions += n
			if cur != "" {
				cost[cur] += cents
			}
			t := tops[reward]
			if t == nil {
				t = &top{}
				tops[reward] = t
			}
			t.n += n
			t.points -= points
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	out.ActiveMembers = int64(len(earns))
	var repeat int64
	for _, n := range earns {
		if n >= 2 {
			repeat++
		}
	}
	if out.ActiveMembers > 0 {
		out.RepeatRate = repeat * 10000 / out.ActiveMembers
	}
	for cur, cents := range cost {
		if cents == 0 {
			continue
		}
		out.RewardCost = append(out.RewardCost, LoyaltyMoney{Cents: cents, Currency: cur})
	}
	slices.SortFunc(out.RewardCost, func(a, b LoyaltyMoney) int { return strings.Compare(a.Currency, b.Currency) })
	names, err := s.rewardNames(ctx, sc.franchiseID)
	if err != nil {
		return out, err
	}
	for id, t := range tops {
		if t.n <= 0 {
			continue
		}
		out.TopRewards = append(out.TopRewards, TopReward{Reward: LoyaltyRef{ID: id, Name: rewardName(names, id)}, Redemptions: t.n, Points: t.points})
	}
	slices.SortFunc(out.TopRewards, func(a, b TopReward) int {
		if a.Redemptions != b.Redemptions {
			return int(b.Redemptions - a.Redemptions)
		}
		return strings.Compare(a.Reward.Name, b.Reward.Name)
	})
	if len(out.TopRewards) > 10 {
		out.TopRewards = out.TopRewards[:10]
	}
	return out, nil
}

func (s *Service) rewardNames(ctx context.Context, franchiseID int64) (map[int64]string, error) {
	list, err := franchiseRewards(ctx, s.db, franchiseID)
	names := make(map[int64]string, len(list))
	for _, w := range list {
		names[w.ID] = w.Name
	}
	return names, err
}

func rewardName(names map[int64]string, id int64) string {
	if n, ok := names[id]; ok {
		return n
	}
	return "Récompense supprimée"
}

func customerName(id int64, first, last string, erased bool) string {
	if erased {
		return "Client effacé"
	}
	if n := strings.TrimSpace(first + " " + last); n != "" {
		return n
	}
	return fmt.Sprintf("Client n° %d", id)
}

func pageOf(f Filter) (limit, offset int) {
	size := f.PageSize
	if size <= 0 {
		size = 50
	}
	size = min(size, 200)
	return size, max(f.Page, 0) * size
}

// History lists the movements of a period, newest first.
func (s *Service) History(ctx context.Context, p tenancy.Principal, f Filter) (LoyaltyHistoryPage, error) {
	sc, _, start, end, err := s.period(ctx, p, f)
	if err != nil {
		return LoyaltyHistoryPage{}, err
	}
	lw, args := ledgerScope(sc, start, end)
	if f.Kind != "" {
		if !slices.Contains([]string{KindEarn, KindReverse, KindRedeem, KindRestore, KindAdjust}, f.Kind) {
			return LoyaltyHistoryPage{}, invalid("query.kind", "Type de mouvement inconnu : %s.", f.Kind)
		}
		lw += ` AND l.kind = ?`
		args = append(args, f.Kind)
	}
	out := LoyaltyHistoryPage{Items: []LoyaltyHistoryItem{}}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM loyalty_ledger l WHERE `+lw, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	names, err := s.rewardNames(ctx, sc.franchiseID)
	if err != nil {
		return out, err
	}
	limit, offset := pageOf(f)
	out.Items, err = store.Collect(ctx, s.db, `SELECT l.at_unix, l.customer_id, c.first_name, c.last_name, c.erased_unix, l.kind, l.points, l.order_id, l.reward_id, l.restaurant_id, x.nom
		FROM loyalty_ledger l JOIN customers c ON c.id = l.customer_id LEFT JOIN restaurants x ON x.id = l.restaurant_id
		WHERE `+lw+` ORDER BY l.at_unix DESC, l.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset), func(r store.Scanner) (LoyaltyHistoryItem, error) {
		var it LoyaltyHistoryItem
		var at, erased, reward, rest int64
		var first, last string
		var restName sql.NullString
		err := r.Scan(&at, &it.Customer.ID, &first, &last, &erased, &it.Kind, &it.Points, &it.OrderID, &reward, &rest, &restName)
		it.At = time.Unix(at, 0).UTC()
		it.Customer.Name = customerName(it.Customer.ID, first, last, erased > 0)
		if reward != 0 {
			it.Reward = &LoyaltyRef{ID: reward, Name: rewardName(names, reward)}
		}
		it.Restaurant = nullableRef(rest, restName, "")
		return it, err
	})
	return out, err
}

// Members ranks the program's members by points.
func (s *Service) Members(ctx context.Context, p tenancy.Principal, f Filter) (LoyaltyMemberPage, error) {
	sc, err := readScope(p)
	if err != nil {
		return LoyaltyMemberPage{}, err
	}
	if f.RestaurantID != 0 {
		if _, err := s.ten.Restaurant(ctx, p, f.RestaurantID); err != nil {
			return LoyaltyMemberPage{}, err
		}
		sc.restaurants = []int64{f.RestaurantID}
	}
	mw, args := memberScope(sc)
	out := LoyaltyMemberPage{Items: []LoyaltyMember{}}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM customers c WHERE `+mw, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	tiers, err := franchiseTiers(ctx, s.db, sc.franchiseID)
	if err != nil {
		return out, err
	}
	limit, offset := pageOf(f)
	out.Items, err = store.Collect(ctx, s.db, `SELECT c.id, c.first_name, c.last_name, c.points, c.lifetime_points, c.visits, c.last_visit_unix FROM customers c
		WHERE `+mw+` ORDER BY c.points DESC, c.lifetime_points DESC, c.id LIMIT ? OFFSET ?`, append(args, limit, offset), func(r store.Scanner) (LoyaltyMember, error) {
		var m LoyaltyMember
		var first, last string
		var lastVisit int64
		err := r.Scan(&m.Customer.ID, &first, &last, &m.Points, &m.LifetimePoints, &m.Visits, &lastVisit)
		m.Customer.Name = customerName(m.Customer.ID, first, last, false)
		m.Tier = tierFor(tiers, m.LifetimePoints)
		if lastVisit > 0 {
			t := time.Unix(lastVisit, 0).UTC()
			m.LastVisit = &t
		}
		return m, err
	})
	return out, err
}
