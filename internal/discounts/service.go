package discounts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"time"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// TypeChanged is published when a franchise's discounts or codes change:
// kiosks fetch their discounts document again.
const TypeChanged = "discounts.changed"

// HistoryModule names the discounts' entries in the change log.
const HistoryModule = "Réductions"

// Service defines discounts and codes and answers the kiosks.
type Service struct {
	db  *store.DB
	ten *tenancy.Service
	bus events.Bus
	now func() time.Time
}

// NewService returns the discounts service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus, now: time.Now}
}

// visible: an admin sees every discount; another login those of the whole
// franchise and those of its restaurants.
func visible(p tenancy.Principal, d FranchiseDiscount) bool {
	if p.AllRestaurants() || len(d.Rules.Restaurants) == 0 {
		return true
	}
	for _, id := range d.Rules.Restaurants {
		if slices.Contains(p.Restaurants, id) {
			return true
		}
	}
	return false
}

// manageable: admins manage every discount; moderators and restaurant
// logins define discounts for their own restaurants only (never the whole
// franchise's); guests read.
func manageable(p tenancy.Principal, d FranchiseDiscount) bool {
	switch p.Role {
	case tenancy.RoleAdmin:
		return true
	case tenancy.RoleModerator, tenancy.RoleRestaurant:
		if len(d.Rules.Restaurants) == 0 {
			return false
		}
		for _, id := range d.Rules.Restaurants {
			if !slices.Contains(p.Restaurants, id) {
				return false
			}
		}
		return true
	}
	return false
}

// List returns the discounts the principal sees, oldest first.
func (s *Service) List(ctx context.Context, p tenancy.Principal) ([]FranchiseDiscount, error) {
	all, err := franchiseDiscounts(ctx, s.db, p.FranchiseID, false)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, d := range all {
		if visible(p, d) {
			out = append(out, d)
		}
	}
	return out, nil
}

// Get returns one discount the principal sees.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (FranchiseDiscount, error) {
	d, err := discountByID(ctx, s.db, p.FranchiseID, id)
	if err == nil && !visible(p, d) {
		err = tenancy.ErrNotFound
	}
	return d, err
}

// checkRestaurants refuses restaurants outside the principal's franchise
// or scope.
func (s *Service) checkRestaurants(ctx context.Context, p tenancy.Principal, ids []int64) error {
	for _, id := range ids {
		if _, err := s.ten.Restaurant(ctx, p, id); errors.Is(err, tenancy.ErrNotFound) {
			return invalid("rules.restaurants", "Restaurant inconnu : %d.", id)
		} else if err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) prepare(ctx context.Context, p tenancy.Principal, d *FranchiseDiscount) error {
	f, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return err
	}
	if err := d.normalize(f.Currency); err != nil {
		return err
	}
	if !manageable(p, *d) {
		if p.Role == tenancy.RoleModerator || p.Role == tenancy.RoleRestaurant {
			return invalid("rules.restaurants", "Choisissez le ou les restaurants où s'applique la réduction : seul un administrateur définit celles de toute la franchise.")
		}
		return tenancy.ErrForbidden
	}
	return s.checkRestaurants(ctx, p, d.Rules.Restaurants)
}

func (s *Service) record(ctx context.Context, tx *store.Tx, p tenancy.Principal, a history.Action, target string, changes []history.Change) error {
	actor, err := s.ten.Actor(ctx, tx, p)
	if err != nil {
		return err
	}
	actor.Module, actor.Action, actor.Target, actor.Changes = HistoryModule, a, target, changes
	if err := history.Record(ctx, tx, actor); err != nil {
		return err
	}
	tx.AfterCommit(func() {
		s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: p.FranchiseID, Type: TypeChanged})
	})
	return nil
}

// Create adds a discount.
func (s *Service) Create(ctx context.Context, p tenancy.Principal, d FranchiseDiscount) (FranchiseDiscount, error) {
	if err := s.prepare(ctx, p, &d); err != nil {
		return FranchiseDiscount{}, err
	}
	d.OwnerRestaurant = 0
	if !p.AllRestaurants() {
		d.OwnerRestaurant = d.Rules.Restaurants[0]
	}
	var out FranchiseDiscount
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		id, err := insertDiscount(ctx, tx, p.FranchiseID, d)
		if err != nil {
			return err
		}
		if out, err = discountByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Ajout, "Réduction « "+out.Name+" »", nil)
	})
	return out, err
}

// Update replaces a discount's definition; version is the one the editor
// read (If-Match): a stale write gets ErrStale.
func (s *Service) Update(ctx context.Context, p tenancy.Principal, id int64, version int, d FranchiseDiscount) (FranchiseDiscount, error) {
	var out FranchiseDiscount
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := discountByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if !visible(p, before) {
			return tenancy.ErrNotFound
		}
		if !manageable(p, before) {
			return tenancy.ErrForbidden
		}
		d.ID = id
		if err := s.prepare(ctx, p, &d); err != nil {
			return err
		}
		ok, err := updateDiscount(ctx, tx, p.FranchiseID, d, version)
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		if out, err = discountByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Modification, "Réduction « "+out.Name+" »", history.Diff(fields(before), fields(out)))
	})
	return out, err
}

// fields are what the history compares between two versions.
func fields(d FranchiseDiscount) map[string]any {
	rules, _ := json.Marshal(d.Rules)
	return map[string]any{"nom": d.Name, "type": d.Kind, "valeur": d.Value, "devise": d.Currency, "automatique": d.Automatic,
		"cumulable": d.Stackable, "active": d.Active, "début": d.StartDate, "fin": d.EndDate, "conditions": string(rules)}
}

// Delete removes a discount (kept for the orders and reports that name it:
// its codes stop working at once).
func (s *Service) Delete(ctx context.Context, p tenancy.Principal, id int64) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		d, err := discountByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if !visible(p, d) {
			return tenancy.ErrNotFound
		}
		if !manageable(p, d) {
			return tenancy.ErrForbidden
		}
		if _, err := tx.Exec(ctx, `UPDATE discounts SET removed_at = ?, active = FALSE WHERE id = ?`, time.Now().UTC(), id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Suppression, "Réduction « "+d.Name+" »", nil)
	})
}

// ---- promo codes ----

// Codes lists the codes of the discounts the principal sees, newest first.
func (s *Service) Codes(ctx context.Context, p tenancy.Principal) ([]PromoCode, error) {
	all, err := franchiseCodes(ctx, s.db, p.FranchiseID)
	if err != nil || p.AllRestaurants() {
		return all, err
	}
	seen, err := s.List(ctx, p)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, c := range all {
		if slices.ContainsFunc(seen, func(d FranchiseDiscount) bool { return d.ID == c.DiscountID }) {
			out = append(out, c)
		}
	}
	return out, nil
}

// CreateCode adds a promo code granting one of the principal's discounts.
func (s *Service) CreateCode(ctx context.Context, p tenancy.Principal, c PromoCode) (PromoCode, error) {
	if err := c.normalize(); err != nil {
		return PromoCode{}, err
	}
	var out PromoCode
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		d, err := discountByID(ctx, tx, p.FranchiseID, c.DiscountID)
		if errors.Is(err, tenancy.ErrNotFound) || (err == nil && !visible(p, d)) {
			return invalid("discountId", "Réduction inconnue.")
		}
		if err != nil {
			return err
		}
		if !manageable(p, d) {
			return tenancy.ErrForbidden
		}
		id, err := store.InsertID(ctx, tx, `INSERT INTO promo_codes (franchise_id, discount_id, code, max_uses, per_customer, used, valid_from, valid_until, active, created_at)
			VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`, p.FranchiseID, d.ID, c.Code, c.MaxUses, c.PerCustomer, c.ValidFrom, c.ValidUntil, c.Active, time.Now().UTC())
		if store.IsUniqueViolation(err) {
			return invalid("code", "Le code « %s » existe déjà.", c.Code)
		}
		if err != nil {
			return err
		}
		if out, err = codeByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Ajout, "Code promo « "+out.Code+" » ("+d.Name+")", nil)
	})
	return out, err
}

// PromoCodeChange is what the back-office may change on a code: its quota,
// validity and whether it is active (the code and its discount stay).
type PromoCodeChange struct {
	MaxUses     int    `json:"maxUses" minimum:"0"`
	PerCustomer int    `json:"perCustomer" minimum:"0"`
	ValidFrom   string `json:"validFrom"`
	ValidUntil  string `json:"validUntil"`
	Active      bool   `json:"active"`
}

// UpdateCode changes a code's quota, validity or activity. A quota below
// the uses already made is refused.
func (s *Service) UpdateCode(ctx context.Context, p tenancy.Principal, id int64, ch PromoCodeChange) (PromoCode, error) {
	var out PromoCode
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, d, err := s.codeToManage(ctx, tx, p, id)
		if err != nil {
			return err
		}
		next := c
		next.MaxUses, next.PerCustomer, next.ValidFrom, next.ValidUntil, next.Active = ch.MaxUses, ch.PerCustomer, ch.ValidFrom, ch.ValidUntil, ch.Active
		if err := next.normalize(); err != nil {
			return err
		}
		// The quota is checked against the uses in the same statement, so
		// that a redemption between the read and the write cannot slip under it.
		res, err := tx.Exec(ctx, `UPDATE promo_codes SET max_uses = ?, per_customer = ?, valid_from = ?, valid_until = ?, active = ?
			WHERE id = ? AND (? = 0 OR used <= ?)`, next.MaxUses, next.PerCustomer, next.ValidFrom, next.ValidUntil, next.Active, id, next.MaxUses, next.MaxUses)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return invalid("maxUses", "Le quota ne peut pas être inférieur aux utilisations déjà faites.")
		}
		if out, err = codeByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Modification, "Code promo « "+c.Code+" » ("+d.Name+")", history.Diff(codeFields(c), codeFields(out)))
	})
	return out, err
}

func codeFields(c PromoCode) map[string]any {
	return map[string]any{"quota": c.MaxUses, "par client": c.PerCustomer, "début": c.ValidFrom, "fin": c.ValidUntil, "actif": c.Active}
}

// DeleteCode removes a code that was never used; a used code is
// deactivated instead, so that its redemptions keep their code.
func (s *Service) DeleteCode(ctx context.Context, p tenancy.Principal, id int64) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, d, err := s.codeToManage(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if c.Used > 0 {
			return invalid("code", "Ce code a déjà servi %d fois : désactivez-le plutôt que de le supprimer.", c.Used)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM promo_codes WHERE id = ? AND used = 0`, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Suppression, "Code promo « "+c.Code+" » ("+d.Name+")", nil)
	})
}

func (s *Service) codeToManage(ctx context.Context, tx *store.Tx, p tenancy.Principal, id int64) (PromoCode, FranchiseDiscount, error) {
	c, err := codeByID(ctx, tx, p.FranchiseID, id)
	if err != nil {
		return c, FranchiseDiscount{}, err
	}
	d, err := discountByID(ctx, tx, p.FranchiseID, c.DiscountID)
	if err != nil {
		return c, d, err
	}
	if !visible(p, d) {
		return c, d, tenancy.ErrNotFound
	}
	if !manageable(p, d) {
		return c, d, tenancy.ErrForbidden
	}
	return c, d, nil
}

// ---- kiosks and tills ----

// KioskDiscounts is what a kiosk receives: the automatic discounts that can apply
// in its restaurant (codes are never listed: a kiosk checks the one typed).
type KioskDiscounts struct {
	Currency  string          `json:"currency" doc:"Devise du restaurant"`
	Discounts []KioskDiscount `json:"discounts"`
}

// KioskDiscount is an automatic discount as kiosks receive it: what it
// takes off and when it applies.
type KioskDiscount struct {
	ID        int64         `json:"id"`
	Name      string        `json:"name"`
	Kind      string        `json:"kind" enum:"pourcentage,montant"`
	Value     int64         `json:"value"`
	Currency  string        `json:"currency"`
	Stackable bool          `json:"stackable"`
	StartDate string        `json:"startDate"`
	EndDate   string        `json:"endDate"`
	Rules     DiscountRules `json:"rules"`
}

// KioskDocument is the discounts document of a device's restaurant, with
// its ETag (a hash of the body: the same discounts give the same bytes).
func (s *Service) KioskDocument(ctx context.Context, dev tenancy.Device) (body []byte, etag string, err error) {
	currency, err := s.ten.RestaurantCurrency(ctx, dev.Restaurant)
	if err != nil {
		return nil, "", err
	}
	all, err := franchiseDiscounts(ctx, s.db, dev.Restaurant.FranchiseID, true)
	if err != nil {
		return nil, "", err
	}
	today := s.now().In(location(dev.Restaurant.TimeZone)).Format(time.DateOnly)
	doc := KioskDiscounts{Currency: currency, Discounts: []KioskDiscount{}}
	for _, d := range all {
		if len(d.Rules.Restaurants) > 0 && !slices.Contains(d.Rules.Restaurants, dev.Restaurant.ID) {
			continue
		}
		if d.Kind == KindAmount && d.Currency != currency {
			continue
		}
		if d.EndDate != "" && d.EndDate < today {
			continue
		}
		doc.Discounts = append(doc.Discounts, KioskDiscount{ID: d.ID, Name: d.Name, Kind: d.Kind, Value: d.Value, Currency: d.Currency,
			Stackable: d.Stackable, StartDate: d.StartDate, EndDate: d.EndDate, Rules: d.Rules})
	}
	body, err = json.Marshal(doc)
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(body)
	return body, `"d-` + hex.EncodeToString(sum[:12]) + `"`, nil
}

func location(name string) *time.Location {
	if loc, err := time.LoadLocation(name); err == nil && name != "" {
		return loc
	}
	return time.UTC
}

// AppliedDiscount is a discount as applied to a basket.
type AppliedDiscount struct {
	DiscountID  int64  `json:"discount_id"`
	Name        string `json:"name" doc:"Libellé à reprendre dans discount.label de la commande"`
	Kind        string `json:"type" enum:"pourcentage,montant"`
	Value       int64  `json:"value" doc:"pourcentage : en points de base ; montant : en centimes"`
	Amount      int64  `json:"amount_cents" doc:"Ce que la réduction retire de ce panier, en centimes"`
	Currency    string `json:"currency"`
	Code        string `json:"code,omitempty"`
	Stackable   bool   `json:"stackable"`
	Description string `json:"description" doc:"L'effet en clair, par exemple « 10 % sur la commande »"`
}

func applied(d FranchiseDiscount, amount int64, currency, code string) AppliedDiscount {
	return AppliedDiscount{DiscountID: d.ID, Name: d.Name, Kind: d.Kind, Value: d.Value, Amount: amount, Currency: currency, Code: code,
		Stackable: d.Stackable, Description: describe(d)}
}

// resolve finds a code and its discount, and where the basket is priced.
func (s *Service) resolve(ctx context.Context, r store.Runner, dev tenancy.Device, code string, b *Basket) (PromoCode, FranchiseDiscount, place, error) {
	var pl place
	c, err := codeByText(ctx, r, dev.Restaurant.FranchiseID, NormalizeCode(code))
	if errors.Is(err, tenancy.ErrNotFound) {
		return c, FranchiseDiscount{}, pl, refuse("Ce code promo n'existe pas.")
	}
	if err != nil {
		return c, FranchiseDiscount{}, pl, err
	}
	d, err := discountByID(ctx, r, dev.Restaurant.FranchiseID, c.DiscountID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return c, d, pl, refuse("Ce code promo n'existe pas.")
	}
	if err != nil {
		return c, d, pl, err
	}
	pl, err = s.placeOf(ctx, r, dev, b)
	return c, d, pl, err
}

func (s *Service) placeOf(ctx context.Context, r store.Runner, dev tenancy.Device, b *Basket) (place, error) {
	currency, err := s.ten.RestaurantCurrency(ctx, dev.Restaurant)
	if err != nil {
		return place{}, err
	}
	if b.Source == "" {
		b.Source = dev.Equipment.Kind
	}
	pl := place{restaurantID: dev.Restaurant.ID, currency: currency, loc: location(dev.Restaurant.TimeZone), now: s.now()}
	for _, id := range b.Applied {
		o, err := discountByID(ctx, r, dev.Restaurant.FranchiseID, id)
		if errors.Is(err, tenancy.ErrNotFound) {
			continue
		}
		if err != nil {
			return pl, err
		}
		pl.applied = append(pl.applied, o)
	}
	return pl, nil
}

// Check says what a code would take off a basket, or why it does not apply
// (a *Refusal), without using it.
func (s *Service) Check(ctx context.Context, dev tenancy.Device, code string, b Basket) (AppliedDiscount, error) {
	c, d, pl, err := s.resolve(ctx, s.db, dev, code, &b)
	if err != nil {
		return AppliedDiscount{}, err
	}
	if err := c.open(pl.now.In(pl.loc).Format(time.DateOnly)); err != nil {
		return AppliedDiscount{}, err
	}
	if c.PerCustomer > 0 && b.Customer != "" {
		n, err := customerUses(ctx, s.db, c.ID, b.Customer)
		if err != nil {
			return AppliedDiscount{}, err
		}
		if n >= c.PerCustomer {
			return AppliedDiscount{}, refuse("Ce client a déjà utilisé ce code promo.")
		}
	}
	amount, err := d.amountFor(b, pl)
	if err != nil {
		return AppliedDiscount{}, err
	}
	return applied(d, amount, pl.currency, c.Code), nil
}

// Redeem uses a code for an order of the device (orderID: the till's order
// id), once: a retry with the same order id gets the same answer and uses
// nothing more. The use is counted in the same transaction as the quota
// check, so that a quota is never exceeded.
func (s *Service) Redeem(ctx context.Context, dev tenancy.Device, code, orderID string, b Basket) (AppliedDiscount, error) {
	return s.redeem(ctx, dev, code, orderID, b, nil)
}

// redeem is Redeem; fixed, when set, is the amount a till already charged
// (an order posted with a code it did not redeem first): the code's
// validity, quota and per-customer limit are checked, not the rules of a
// basket Brigade does not have in full.
func (s *Service) redeem(ctx context.Context, dev tenancy.Device, code, orderID string, b Basket, fixed *int64) (AppliedDiscount, error) {
	var out AppliedDiscount
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, d, pl, err := s.resolve(ctx, tx, dev, code, &b)
		if err != nil {
			return err
		}
		prev, found, err := redemptionOf(ctx, tx, c.ID, dev.Equipment.ID, orderID)
		if err != nil {
			return err
		}
		if found && !prev.released {
			out = applied(d, prev.amount, pl.currency, c.Code)
			return nil
		}
		c.Used = 0 // the quota is taken below, atomically
		if err := c.open(pl.now.In(pl.loc).Format(time.DateOnly)); err != nil {
			return err
		}
		var amount int64
		if fixed != nil {
			amount = *fixed
		} else if amount, err = d.amountFor(b, pl); err != nil {
			return err
		}
		ok, err := take(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		if !ok {
			return refuse("Ce code promo a atteint son nombre maximal d'utilisations.")
		}
		if c.PerCustomer > 0 {
			if b.Customer == "" {
				return refuse("Ce code promo est limité à %d utilisation(s) par client : identifiez le client.", c.PerCustomer)
			}
			// After take: on PostgreSQL the code's row is locked, so two
			// uses by the same customer are counted one after the other.
			n, err := customerUses(ctx, tx, c.ID, b.Customer)
			if err != nil {
				return err
			}
			if n >= c.PerCustomer {
				return refuse("Ce client a déjà utilisé ce code promo.")
			}
		}
		now := time.Now().UTC()
		if found {
			_, err = tx.Exec(ctx, `UPDATE promo_redemptions SET released = FALSE, amount_cents = ?, customer = ?, created_at = ? WHERE id = ?`, amount, b.Customer, now, prev.id)
		} else {
			_, err = tx.Exec(ctx, `INSERT INTO promo_redemptions (franchise_id, code_id, restaurant_id, equipment_id, till_order_id, customer, amount_cents, released, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, FALSE, ?)`, dev.Restaurant.FranchiseID, c.ID, dev.Restaurant.ID, dev.Equipment.ID, orderID, b.Customer, amount, now)
		}
		if err != nil {
			return err
		}
		out = applied(d, amount, pl.currency, c.Code)
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: dev.Restaurant.FranchiseID, Type: TypeCodeUsed,
				Data: map[string]any{"codeId": c.ID}})
		})
		return nil
	})
	if store.IsUniqueViolation(err) {
		// The same order redeemed twice at once: the other one won.
		return s.redeem(ctx, dev, code, orderID, b, fixed)
	}
	return out, err
}

// TypeCodeUsed is published when a code is used or given back (the codes
// screen refreshes its counts).
const TypeCodeUsed = "discounts.codeUsed"

// Release gives back the use of a code by an order whose payment failed or
// that was cancelled before payment; false when there was none to give back.
func (s *Service) Release(ctx context.Context, dev tenancy.Device, code, orderID string) (bool, error) {
	released := false
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, err := codeByText(ctx, tx, dev.Restaurant.FranchiseID, NormalizeCode(code))
		if errors.Is(err, tenancy.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE promo_redemptions SET released = TRUE WHERE code_id = ? AND equipment_id = ? AND till_order_id = ? AND NOT released`,
			c.ID, dev.Equipment.ID, orderID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE promo_codes SET used = used - 1 WHERE id = ? AND used > 0`, c.ID); err != nil {
			return err
		}
		released = true
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: dev.Restaurant.FranchiseID, Type: TypeCodeUsed,
				Data: map[string]any{"codeId": c.ID}})
		})
		return nil
	})
	return released, err
}

// OrderGate is called before an order with a promo code is stored
// (orders.Service.Gate): a paid or pending order uses its code (once: the
// kiosk usually redeemed it before payment, and then this finds that use);
// a failed or cancelled one gives it back. The order names the discount the
// code granted. A code that cannot be used refuses the order with the
// reason, and the till learns it before its order is counted.
func (s *Service) OrderGate(ctx context.Context, dev tenancy.Device, o *orders.Order) error {
	if o.Discount == nil || o.Discount.Code == "" {
		return nil
	}
	o.Discount.Code = NormalizeCode(o.Discount.Code)
	switch o.Status {
	case orders.StatusPaid, orders.StatusPending:
	default:
		_, err := s.Release(ctx, dev, o.Discount.Code, o.OrderID)
		return err
	}
	customer := ""
	if o.Collect != nil {
		customer = o.Collect.Customer.Phone
	}
	amount := o.Discount.Amount
	a, err := s.redeem(ctx, dev, o.Discount.Code, o.OrderID, Basket{Subtotal: o.Subtotal, Type: o.Type, Source: o.Source, Customer: customer}, &amount)
	if err != nil {
		var r *Refusal
		if errors.As(err, &r) {
			return &orders.ValidationError{Field: "discount.code", Message: "Code promo « " + o.Discount.Code + " » refusé : " + r.Reason}
		}
		return err
	}
	o.Discount.DiscountID = a.DiscountID
	if o.Discount.Label == "" {
		o.Discount.Label = a.Name
	}
	return nil
}

// OrderStatusChanged is called after an order's status changed
// (orders.Service.SetStatusHook): an order cancelled or refused at payment
// gives its promo code's use back, as one posted so would. A refund keeps
// it: the customer did use the code.
func (s *Service) OrderStatusChanged(ctx context.Context, franchiseID, restaurantID, equipmentID int64, o orders.Order, ev orders.StatusEvent) {
	if o.Discount == nil || o.Discount.Code == "" || (ev.Status != orders.StatusCancelled && ev.Status != orders.StatusFailed) {
		return
	}
	dev := tenancy.Device{Restaurant: tenancy.Restaurant{ID: restaurantID, FranchiseID: franchiseID}, Equipment: tenancy.Equipment{ID: equipmentID}}
	if _, err := s.Release(ctx, dev, o.Discount.Code, o.OrderID); err != nil {
		slog.ErrorContext(ctx, "promo code release after a status change", "order", o.OrderID, "code", o.Discount.Code, "err", err)
	}
}
