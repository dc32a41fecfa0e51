package orders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// The order lifecycle (issue 19). A till posts an order with a status, then
// may post its changes: a pending order is paid, cancelled or refused; a
// paid order is cancelled, refunded, or refunded in part (once or more,
// then perhaps in full). Each change names its time, its reason and a key
// of the till's own (event_id) that makes a retried post harmless.
//
// How a change counts in the reports. An order contributes to the rollups
// what its state makes it (contribution): a paid order is a sale; a
// cancelled, refunded or refused one counts among the cancelled orders; an
// order refunded in part after its payment stays a sale, less what was
// given back. A change adds, on the business day and at the hour it
// happened, and on the till that made it, its new contribution less its
// former one: the day of a refund shows the refund (the revenue of that
// day goes down by the amount given back), the day of the sale keeps the
// sale, and any range holding both counts the order as its final state
// does. Replaying the history of every order from its raw rows gives the
// stored rollups again (TestLifecycleRollupsEqualReplay).
//
// A partial refund names its amount, not its lines: it lowers the revenue,
// its VAT (shared between the order's rates in proportion to their
// amounts), the payments of its method and the hour it happened; the
// products sold and the order counts stay. A full refund takes back the
// whole sale, products included.
//
// An order posted with the status partially_refunded (its amount unknown)
// counts nothing, as before; only a full refund may follow it.

// StatusChange is a status change a till posts for one of its orders.
type StatusChange struct {
	EventID     string    `json:"event_id" minLength:"1" maxLength:"64" doc:"Identifiant du changement dans la caisse : un changement renvoyé avec le même identifiant n'est appliqué qu'une fois"`
	Status      string    `json:"status" enum:"paid,cancelled,refunded,partially_refunded,failed" doc:"Nouveau statut. pending → paid, cancelled ou failed ; paid → cancelled, refunded ou partially_refunded ; partially_refunded → partially_refunded (un autre remboursement partiel) ou refunded (le reste)"`
	At          time.Time `json:"at" doc:"Horodatage RFC 3339 du changement : il compte ce jour-là (jour d'exploitation du restaurant)"`
	Reason      string    `json:"reason,omitempty" maxLength:"300" doc:"Motif (client, erreur de saisie, produit manquant…)"`
	RefundCents int64     `json:"refund_cents,omitempty" minimum:"0" doc:"Montant rendu, en centimes : obligatoire pour partially_refunded ; pour refunded, ce qui reste à rembourser (par défaut)"`
	Method      string    `json:"method,omitempty" maxLength:"40" doc:"Moyen de paiement du remboursement (cb, especes…) ; par défaut celui du plus gros paiement de la commande"`
	Equipment   string    `json:"user_keen_id,omitempty" maxLength:"120" doc:"Équipement (user_keen_id) qui a envoyé la commande, s'il n'est pas celui qui envoie le changement (un remboursement fait sur une autre caisse du restaurant)"`
}

// StatusEvent is a status change as the order's history keeps it.
type StatusEvent struct {
	EventID      string    `json:"event_id"`
	From         string    `json:"from"`
	Status       string    `json:"status"`
	At           time.Time `json:"at"`
	BusinessDate string    `json:"business_date" doc:"Jour d'exploitation où le changement compte"`
	RefundCents  int64     `json:"refund_cents,omitempty"`
	Method       string    `json:"method,omitempty"`
	Reason       string    `json:"reason,omitempty"`
	Equipment    string    `json:"equipement" doc:"Équipement qui a envoyé le changement"`
	equipmentID  int64
	businessDate int64
}

// Changed is the answer to a status change.
type Changed struct {
	OrderID   int64
	Duplicate bool // the change had been received before: nothing was applied
	Event     StatusEvent
}

// ErrTransition refuses a change the order's status does not allow.
type ErrTransition struct{ From, To, msg string }

func (e *ErrTransition) Error() string { return e.msg }

// nextStatuses are the changes each status allows.
var nextStatuses = map[string][]string{
	StatusPending:           {StatusPaid, StatusCancelled, StatusFailed},
	StatusPaid:              {StatusCancelled, StatusRefunded, StatusPartiallyRefunded},
	StatusPartiallyRefunded: {StatusPartiallyRefunded, StatusRefunded},
}

// transition checks the change from (with refunded given back by partial
// refunds) to to.
func transition(from string, refunded int64, to string) error {
	refuse := func(format string, args ...any) error {
		return &ErrTransition{From: from, To: to, msg: fmt.Sprintf(format, args...)}
	}
	switch from {
	case StatusCancelled:
		return refuse("Cette commande est annulée : son statut ne change plus.")
	case StatusRefunded:
		return refuse("Cette commande est remboursée : son statut ne change plus.")
	case StatusFailed:
		return refuse("Le paiement de cette commande a été refusé : son statut ne change plus. Une nouvelle tentative est une nouvelle commande.")
	case StatusPartiallyRefunded:
		if to == StatusPartiallyRefunded && refunded == 0 {
			return refuse("Cette commande a été reçue remboursée en partie, sans le montant rendu : seul un remboursement complet (refunded) peut suivre.")
		}
	}
	for _, s := range nextStatuses[from] {
		if s == to {
			return nil
		}
	}
	switch from {
	case StatusPending:
		return refuse("Une commande en attente n'a pas été payée : elle ne peut pas être remboursée. Envoyez cancelled pour l'annuler.")
	case StatusPaid:
		if to == StatusPaid {
			return refuse("Cette commande est déjà payée.")
		}
		return refuse("Une commande payée ne peut pas passer en paiement refusé : envoyez cancelled pour l'annuler ou refunded pour la rembourser.")
	default:
		return refuse("Une commande remboursée en partie ne peut qu'être remboursée encore (partially_refunded) ou entièrement (refunded).")
	}
}

// maxClockSkew is how far in the future a change's time may be (a till's
// clock a little ahead).
const maxClockSkew = 5 * time.Minute

// check validates a change's own fields.
func (c *StatusChange) check(now time.Time) error {
	c.EventID = strings.TrimSpace(c.EventID)
	c.Reason = strings.TrimSpace(c.Reason)
	c.Method = strings.TrimSpace(c.Method)
	c.Equipment = strings.TrimSpace(c.Equipment)
	if c.EventID == "" || utf8.RuneCountInString(c.EventID) > 64 {
		return invalid("event_id", "L'identifiant du changement (event_id) est obligatoire (64 caractères au plus).")
	}
	switch c.Status {
	case StatusPaid, StatusCancelled, StatusRefunded, StatusPartiallyRefunded, StatusFailed:
	case StatusPending:
		return invalid("status", "Une commande ne revient pas en attente.")
	default:
		return invalid("status", "Le statut « %s » n'est pas reconnu. Statuts acceptés : paid, cancelled, refunded, partially_refunded ou failed.", c.Status)
	}
	if c.At.IsZero() || c.At.Year() < 2000 {
		return invalid("at", "L'horodatage du changement (at) est obligatoire.")
	}
	if c.At.After(now.Add(maxClockSkew)) {
		return invalid("at", "L'horodatage du changement est dans le futur : vérifiez l'horloge de l'équipement.")
	}
	c.At = StoredTime(c.At)
	if utf8.RuneCountInString(c.Reason) > 300 {
		return invalid("reason", "Le motif tient en 300 caractères au plus.")
	}
	refund := c.Status == StatusRefunded || c.Status == StatusPartiallyRefunded
	if !refund && (c.RefundCents != 0 || c.Method != "") {
		return invalid("refund_cents", "Seul un remboursement a un montant et un moyen de paiement.")
	}
	if c.RefundCents < 0 || c.RefundCents > maxCents {
		return invalid("refund_cents", "Le montant remboursé n'est pas valide.")
	}
	if c.Status == StatusPartiallyRefunded && c.RefundCents == 0 {
		return invalid("refund_cents", "Indiquez le montant rendu (refund_cents) du remboursement partiel.")
	}
	if c.Method != "" && !knownMethod(c.Method) {
		return invalid("method", "Le moyen de paiement %q n'est pas reconnu.", c.Method)
	}
	return nil
}

// errRetry: the order changed between the read and the write; read again.
var errRetry = errors.New("orders: the order changed meanwhile")

// ChangeStatus applies a status change posted by a device to one of its
// restaurant's orders (tillOrderID, posted by the device itself or by the
// equipment the change names). The change, the order's status and the
// rollup deltas commit together; a change already received (same
// event_id) is answered as stored, without being applied again.
func (s *Service) ChangeStatus(ctx context.Context, dev tenancy.Device, tillOrderID string, c StatusChange) (Changed, error) {
	// The order first: one the device cannot reach is missing, whatever
	// the change says (another restaurant's equipment included).
	eqID, eqName := dev.Equipment.ID, dev.Equipment.Name
	if keen := strings.TrimSpace(c.Equipment); keen != "" && keen != dev.Equipment.UserKeenID {
		if err := s.db.QueryRow(ctx, `SELECT id FROM equipments WHERE restaurant_id = ? AND user_keen_id = ?`, dev.Restaurant.ID, keen).Scan(&eqID); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return Changed{}, ErrNotFound
			}
			return Changed{}, err
		}
	}
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM orders WHERE restaurant_id = ? AND equipment_id = ? AND till_order_id = ?`,
		dev.Restaurant.ID, eqID, strings.TrimSpace(tillOrderID)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Changed{}, ErrNotFound
	}
	if err != nil {
		return Changed{}, err
	}
	if err := c.check(s.now()); err != nil {
		return Changed{}, err
	}
	// The order's raw rows never change: read them once, outside the
	// transaction.
	det, err := s.detail(ctx, dev.Restaurant, id)
	if err != nil {
		return Changed{}, err
	}
	r := &row{order: det.Order, franchiseID: dev.Restaurant.FranchiseID, restaurantID: dev.Restaurant.ID, businessDate: det.BusinessDate, id: id}
	if err := s.db.QueryRow(ctx, `SELECT equipment_id FROM orders WHERE id = ?`, id).Scan(&r.equipmentID); err != nil {
		return Changed{}, err
	}
	loc := s.location(dev.Restaurant.TimeZone)
	// Two changes of one order at once: the second finds the status it
	// read gone (compare and set) and reads again.
	for attempt := 0; ; attempt++ {
		out, err := s.changeOnce(ctx, r, c, dev.Equipment.ID, eqName, loc)
		if errors.Is(err, errRetry) && attempt < 20 {
			continue
		}
		return out, err
	}
}

func (s *Service) changeOnce(ctx context.Context, r *row, c StatusChange, byEquipment int64, byName string, loc *time.Location) (Changed, error) {
	out := Changed{OrderID: r.id}
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var status string
		var refunded int64
		if err := tx.QueryRow(ctx, `SELECT status, refunded_cents FROM orders WHERE id = ?`, r.id).Scan(&status, &refunded); err != nil {
			return err
		}
		history, err := eventsOf(ctx, tx, r.id)
		if err != nil {
			return err
		}
		for _, e := range history {
			if e.EventID == c.EventID {
				out.Duplicate, out.Event = true, e
				return nil
			}
		}
		if err := transition(status, refunded, c.Status); err != nil {
			return err
		}
		last := r.order.PaidAt
		if n := len(history); n > 0 {
			last = history[n-1].At
		}
		if c.At.Before(last) {
			what := "la commande"
			if len(history) > 0 {
				what = "le changement de statut précédent"
			}
			return invalid("at", "Le changement (%s) ne peut pas précéder %s (%s).", c.At.In(loc).Format("02/01/2006 15:04"), what, last.In(loc).Format("02/01/2006 15:04"))
		}
		ev := StatusEvent{EventID: c.EventID, From: status, Status: c.Status, At: c.At, Reason: c.Reason, Method: c.Method,
			equipmentID: byEquipment, Equipment: byName, businessDate: BusinessDate(c.At, loc)}
		ev.BusinessDate = FormatDate(ev.businessDate)
		if c.Status == StatusRefunded || c.Status == StatusPartiallyRefunded {
			remaining := r.order.Total - refunded
			switch {
			case c.Status == StatusRefunded && c.RefundCents == 0:
				ev.RefundCents = remaining
			case c.RefundCents > remaining:
				return invalid("refund_cents", "Le remboursement (%s) dépasse ce qui reste à rembourser (%s).", euros(c.RefundCents), euros(remaining))
			case c.Status == StatusRefunded && c.RefundCents != remaining:
				return invalid("refund_cents", "Un remboursement complet rend ce qui reste à rembourser (%s) : indiquez ce montant, ou envoyez partially_refunded.", euros(remaining))
			default:
				ev.RefundCents = c.RefundCents
			}
			if ev.Status == StatusPartiallyRefunded && ev.RefundCents == remaining {
				// Everything given back: the order is refunded.
				ev.Status = StatusRefunded
			}
			if ev.Method == "" {
				ev.Method = mainMethod(r.order.Payments)
			}
		}
		newRefunded := refunded
		if ev.Status == StatusPartiallyRefunded {
			newRefunded += ev.RefundCents
		}
		res, err := tx.Exec(ctx, `UPDATE orders SET status = ?, refunded_cents = ? WHERE id = ? AND status = ? AND refunded_cents = ?`,
			ev.Status, newRefunded, r.id, status, refunded)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errRetry
		}
		res, err = tx.Exec(ctx, `INSERT INTO order_events (order_id, franchise_id, restaurant_id, equipment_id, event_key, from_status, status, at_unix, business_date, refund_cents, method, reason, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_id, event_key) DO NOTHING`,
			r.id, r.franchiseID, r.restaurantID, ev.equipmentID, ev.EventID, ev.From, ev.Status, ev.At.Unix(), ev.businessDate, ev.RefundCents, ev.Method, ev.Reason, s.now().UTC().Unix())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errRetry // the same change, posted twice at once: the other one applied it
		}
		d := newDeltas()
		d.change(r, history, ev)
		if err := d.write(ctx, tx); err != nil {
			return err
		}
		out.Event = ev
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{Type: TypeOrdersChanged, FranchiseID: r.franchiseID,
				Data: map[string]any{"restaurantId": r.restaurantID}})
			for _, h := range s.statusHooks {
				h(context.WithoutCancel(ctx), r.franchiseID, r.restaurantID, r.equipmentID, r.order, ev)
			}
		})
		return nil
	})
	return out, err
}

// StatusHook runs after a status change committed.
type StatusHook func(ctx context.Context, franchiseID, restaurantID, equipmentID int64, o Order, ev StatusEvent)

// SetStatusHook adds what runs after a status change committed (a
// cancelled order gives its promo code's use back: package discounts; a
// refunded one takes its loyalty points back: package customers). Hooks
// run in the order they were added. Set them before serving.
func (s *Service) SetStatusHook(h func(ctx context.Context, franchiseID, restaurantID, equipmentID int64, o Order, ev StatusEvent)) {
	s.statusHooks = append(s.statusHooks, h)
}

// mainMethod is the method of an order's largest payment: a refund's
// method when the till names none.
func mainMethod(ps []Payment) string {
	best := Payment{Method: "cb"}
	for i, p := range ps {
		if i == 0 || p.Amount > best.Amount {
			best = p
		}
	}
	return best.Method
}

// eventsOf is an order's history, oldest first.
func eventsOf(ctx context.Context, q store.Runner, orderID int64) ([]StatusEvent, error) {
	return store.Collect(ctx, q, `SELECT v.event_key, v.from_status, v.status, v.at_unix, v.business_date, v.refund_cents, v.method, v.reason, v.equipment_id, COALESCE(e.name, '')
		FROM order_events v LEFT JOIN equipments e ON e.id = v.equipment_id WHERE v.order_id = ? ORDER BY v.id`, []any{orderID},
		func(r store.Scanner) (e StatusEvent, err error) {
			var at int64
			err = r.Scan(&e.EventID, &e.From, &e.Status, &at, &e.businessDate, &e.RefundCents, &e.Method, &e.Reason, &e.equipmentID, &e.Equipment)
			e.At = time.Unix(at, 0).UTC()
			e.BusinessDate = FormatDate(e.businessDate)
			return e, err
		})
}

// refundPart is money a refund gave back, and how.
type refundPart struct {
	cents  int64
	method string
}

// saleState is what an order's history made of it: its status, whether it
// was a sale (posted paid, or paid later), and the refunds given back since.
type saleState struct {
	status string
	sale   bool
	parts  []refundPart
}

// then is the state after the change e.
func (st saleState) then(e StatusEvent) saleState {
	next := saleState{status: e.Status, sale: st.sale || e.Status == StatusPaid, parts: st.parts[:len(st.parts):len(st.parts)]}
	if st.sale && (e.Status == StatusPartiallyRefunded || e.Status == StatusRefunded) {
		next.parts = append(next.parts, refundPart{e.RefundCents, e.Method})
	}
	return next
}

// stateAfter folds an order's history from the status it was posted with.
func stateAfter(posted string, history []StatusEvent) saleState {
	st := saleState{status: posted, sale: posted == StatusPaid}
	for _, e := range history {
		st = st.then(e)
	}
	return st
}

// contribution adds to d what the order r counts in the state st, placed
// on day, at the hour at and on the equipment eq:
//
//   - not a sale (posted pending, cancelled, refunded…, or not paid
//     yet): what an order posted with that status counts;
//   - a sale, refunded in part or not: the sale, less the refunds (their
//     amounts from the revenue, VAT and payments of their methods);
//   - a sale refunded in full: a refunded order, whose payments were taken
//     in by their methods and given back by the refunds' (a meal paid with
//     meal vouchers and refunded by card leaves the vouchers in the till
//     and the card short);
//   - a sale cancelled: a cancelled order (its payments voided).
func (d *deltas) contribution(r *row, st saleState, day int64, at time.Time, eq int64) {
	v := *r
	v.order.Status, v.order.PaidAt, v.businessDate, v.equipmentID = st.status, at, day, eq
	switch {
	case st.sale && (st.status == StatusPaid || st.status == StatusPartiallyRefunded):
		v.order.Status = StatusPaid
		d.add(&v)
		for _, p := range st.parts {
			d.refund(&v, p)
		}
	case st.sale && st.status == StatusRefunded:
		d.add(&v)
		f, rest, key := v.franchiseID, v.restaurantID, strconv.FormatInt(eq, 10)+Sep
		for _, p := range v.order.Payments {
			d.put(f, rest, day, DimPayments, key+p.Method, Metrics{Total: p.Amount})
		}
		for _, p := range st.parts {
			d.put(f, rest, day, DimPayments, key+p.method, Metrics{Total: -p.cents})
		}
	default:
		d.add(&v)
	}
}

// change adds the deltas of ev, applied to the order r after the changes
// history: its new contribution less its former one, both on the day, at
// the hour and on the equipment of the change.
func (d *deltas) change(r *row, history []StatusEvent, ev StatusEvent) {
	posted := ev.From
	if len(history) > 0 {
		posted = history[0].From
	}
	before := stateAfter(posted, history)
	d.neg = true
	d.contribution(r, before, ev.businessDate, ev.At, ev.equipmentID)
	d.neg = false
	d.contribution(r, before.then(ev), ev.businessDate, ev.At, ev.equipmentID)
}

// refund adds what a partial refund takes back from the sale r (placed on
// its day, hour and equipment): the amount from the revenue, the order
// total and the payments of its method, its VAT shared between the
// order's rates; the products and the order counts stay.
func (d *deltas) refund(r *row, p refundPart) {
	o := &r.order
	f, rest, day := r.franchiseID, r.restaurantID, r.businessDate
	eq := strconv.FormatInt(r.equipmentID, 10)
	var ht int64
	for _, v := range refundVAT(o.VAT, p.cents) {
		d.put(f, rest, day, DimVAT, eq+Sep+strconv.Itoa(v.Rate), Metrics{HT: -v.HT, VAT: -v.VAT, Total: -v.TTC})
		ht += v.HT
	}
	back := Metrics{Total: -p.cents}
	d.put(f, rest, day, DimOrders, StatusPaid+"|"+o.Source+"|"+strconv.Itoa(o.Type), back)
	d.put(f, rest, day, DimPayments, eq+Sep+p.method, back)
	em := back
	if o.Type == TypePlatform {
		em.PlatformTotal = -p.cents
	}
	d.put(f, rest, day, DimEquipment, eq, em)
	d.put(f, rest, day, DimRestaurant, "", Metrics{Total: -p.cents, HT: -ht})
	paid := o.PaidAt.UTC()
	d.put(f, rest, day, DimHours, paid.Format("2006010215"), back)
	d.put(f, rest, day, DimWeekHours, WeekHourKey(int(paid.Weekday()), paid.Hour()), back)
	if o.Source == SourceCollect {
		d.put(f, rest, day, DimCollectHours, paid.Format("2006010215"), back)
		d.put(f, rest, day, DimCollectWeekHours, WeekHourKey(int(paid.Weekday()), paid.Hour()), back)
	}
}

// refundVAT shares a refund between an order's VAT rates in proportion to
// their TTC amounts (the last rate takes the rounding), each split into HT
// and VAT at its rate. An order without VAT lines gives one line at 0 %.
func refundVAT(vat []VATLine, cents int64) []VATLine {
	var sum int64
	for _, v := range vat {
		sum += v.TTC
	}
	if sum <= 0 {
		return []VATLine{{Rate: 0, HT: cents, TTC: cents}}
	}
	out := make([]VATLine, len(vat))
	left := cents
	for i, v := range vat {
		ttc := left
		if i < len(vat)-1 {
			ttc = (cents*v.TTC + sum/2) / sum
			left -= ttc
		}
		ht := HT(ttc, v.Rate)
		out[i] = VATLine{Rate: v.Rate, HT: ht, VAT: ttc - ht, TTC: ttc}
	}
	return out
}

// write upserts the deltas in tx, leaving out the cells they leave
// unchanged (a change's former and new contributions share most cells).
func (d *deltas) write(ctx context.Context, tx *store.Tx) error {
	all := d.sorted()
	cells := all[:0]
	for _, c := range all {
		if *c.m != (Metrics{}) {
			cells = append(cells, c)
		}
	}
	if len(cells) == 0 {
		return nil
	}
	if tx.Engine() == store.Postgres {
		const types = "isiisiiiiiiiii"
		_, err := tx.ExecRaw(ctx, "INSERT INTO rollups ("+rollupColumns+") "+unnestSelect(types, 0)+rollupUpsert, rollupArrays(cells)...)
		return err
	}
	return buildBlocks("rollups", rollupColumns, 14, len(cells), rollupUpsert, rollupRow(cells)).exec(ctx, tx)
}
