package orders

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// TypeOrdersChanged is published after orders of a restaurant were stored.
const TypeOrdersChanged = "orders.changed"

// Service stores orders and reads them back.
type Service struct {
	db  *store.DB
	ten *tenancy.Service
	bus events.Bus
	now func() time.Time

	zones sync.Map // time zone name -> *time.Location

	startOnce sync.Once
	queue     chan *pending

	// gate, when set, sees every posted order before it is stored and may
	// refuse it or complete it (the promo code's use: package discounts).
	gate func(ctx context.Context, dev tenancy.Device, o *Order) error
	// statusHooks run after a status change committed.
	statusHooks []StatusHook
	// storedHook, when set, runs in the transaction that stored new orders
	// naming a customer (package customers links them).
	storedHook func(ctx context.Context, tx *store.Tx, orders []StoredOrder) error
}

// StoredOrder is an order just inserted that names a customer (its
// customer part, or a click&collect client's phone).
type StoredOrder struct {
	ID           int64
	FranchiseID  int64
	RestaurantID int64
	Order        Order
}

// SetStoredHook installs what runs in the transaction that inserted orders
// naming a customer (not retried posts: an order is handed over once).
// Orders without a customer cost nothing more. Set it before serving.
func (s *Service) SetStoredHook(h func(ctx context.Context, tx *store.Tx, orders []StoredOrder) error) {
	s.storedHook = h
}

// namesCustomer reports an order the stored hook sees.
func namesCustomer(o *Order) bool {
	return o.Customer != nil || (o.Collect != nil && strings.TrimSpace(o.Collect.Customer.Phone) != "")
}

// SetGate installs the check every posted order passes before it is
// stored (not the imports of past orders). Set it before serving.
func (s *Service) SetGate(g func(ctx context.Context, dev tenancy.Device, o *Order) error) {
	s.gate = g
}

// NewService returns the orders service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus, now: time.Now, queue: make(chan *pending, 4096)}
}

// row is an order ready to store: validated, placed in its restaurant's
// business day.
type row struct {
	order        Order
	franchiseID  int64
	restaurantID int64
	equipmentID  int64
	businessDate int64
	id           int64
	duplicate    bool
}

func (s *Service) location(name string) *time.Location {
	if v, ok := s.zones.Load(name); ok {
		return v.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		loc = time.UTC
	}
	s.zones.Store(name, loc)
	return loc
}

// BusinessDate is the local date (yyyymmdd) of t in loc.
func BusinessDate(t time.Time, loc *time.Location) int64 {
	y, m, d := t.In(loc).Date()
	return int64(y*10000 + int(m)*100 + d)
}

func (s *Service) prepare(dev tenancy.Device, o Order) (*row, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	o.PaidAt = StoredTime(o.PaidAt)
	return &row{
		order:        o,
		franchiseID:  dev.Restaurant.FranchiseID,
		restaurantID: dev.Restaurant.ID,
		equipmentID:  dev.Equipment.ID,
		businessDate: BusinessDate(o.PaidAt, s.location(dev.Restaurant.TimeZone)),
	}, nil
}

// StoredTime is a payment time as orders keep it: UTC, to the second (the
// column holds Unix seconds; an answer must not show a precision that a
// later read would lose).
func StoredTime(t time.Time) time.Time { return t.UTC().Truncate(time.Second) }

// Stored is the answer to a post: the stored order's id, whether it was
// already there (a retried post), and the order as stored.
type Stored struct {
	ID           int64
	Duplicate    bool
	BusinessDate int64
	Order        Order // as posted, its time as stored (StoredTime)
}

type pending struct {
	row  *row
	done chan error
}

// groupSize bounds how many concurrent posts share one transaction.
const groupSize = 512

// Post stores one order from a device. Concurrent posts are gathered into
// one transaction (group commit), and each returns once that transaction
// committed: an acknowledged order is durable. A retried post (same
// restaurant, equipment and till order id) returns the stored order.
func (s *Service) Post(ctx context.Context, dev tenancy.Device, o Order) (Stored, error) {
	r, err := s.prepare(dev, o)
	if err != nil {
		return Stored{}, err
	}
	if s.gate != nil {
		if err := s.gate(ctx, dev, &r.order); err != nil {
			return Stored{}, err
		}
	}
	s.startOnce.Do(func() { go s.commitLoop() })
	p := &pending{row: r, done: make(chan error, 1)}
	select {
	case s.queue <- p:
	case <-ctx.Done():
		return Stored{}, ctx.Err()
	}
	// Once queued the order is written whatever the caller does; wait for it.
	if err := <-p.done; err != nil {
		return Stored{}, err
	}
	return Stored{ID: r.id, Duplicate: r.duplicate, BusinessDate: r.businessDate, Order: r.order}, nil
}

func (s *Service) commitLoop() {
	for first := range s.queue {
		batch := []*pending{first}
	gather:
		for len(batch) < groupSize {
			select {
			case p := <-s.queue:
				batch = append(batch, p)
			default:
				break gather
			}
		}
		rows := make([]*row, len(batch))
		for i, p := range batch {
			rows[i] = p.row
		}
		err := s.storeRows(context.Background(), rows)
		if err != nil && len(batch) > 1 {
			// One bad order must not fail its neighbours: retry one by one.
			for _, p := range batch {
				p.done <- s.storeRows(context.Background(), []*row{p.row})
			}
			continue
		}
		for _, p := range batch {
			p.done <- err
		}
	}
}

// importBatch is how many orders one transaction of a bulk load holds.
const importBatch = 20000

// ImportRows stores orders for any restaurants of one franchise in large
// transactions: the demo generator and the benchmarks load through it, so
// they measure the same code path as a till's import.
func (s *Service) ImportRows(ctx context.Context, devs []tenancy.Device, orders []Order, deviceOf []int) (int, error) {
	rows := make([]*row, 0, importBatch)
	n := 0
	for i, o := range orders {
		r, err := s.prepare(devs[deviceOf[i]], o)
		if err != nil {
			return n, fmt.Errorf("order %s: %w", o.OrderID, err)
		}
		rows = append(rows, r)
		if len(rows) == importBatch || i == len(orders)-1 {
			if err := s.storeRows(ctx, rows); err != nil {
				return n, err
			}
			n += len(rows)
			rows = rows[:0]
		}
	}
	return n, nil
}

// Batch is one transaction of a bulk load (see ImportBatch).
type Batch struct {
	Devices  []tenancy.Device
	Orders   []Order
	DeviceOf []int // the index in Devices of each order's device
	// Quiet stores without orders.changed events: a long load announces
	// itself once it is done rather than refreshing every open page at
	// each batch.
	Quiet bool
	// Also runs in the batch's transaction after the orders are stored:
	// what it writes (a load's resume point) commits with them or not at all.
	Also func(ctx context.Context, tx *store.Tx) error
}

// ImportBatch stores a batch of orders of one franchise in one
// transaction; orders stored before are skipped (idempotent: a load
// interrupted between a commit and its own bookkeeping may replay a batch).
// It returns how many orders were new.
func (s *Service) ImportBatch(ctx context.Context, b Batch) (int, error) {
	rows := make([]*row, 0, len(b.Orders))
	for i, o := range b.Orders {
		r, err := s.prepare(b.Devices[b.DeviceOf[i]], o)
		if err != nil {
			return 0, fmt.Errorf("order %s: %w", o.OrderID, err)
		}
		rows = append(rows, r)
	}
	if err := s.storeRowsWith(ctx, rows, b.Quiet, b.Also); err != nil {
		return 0, err
	}
	n := 0
	for _, r := range rows {
		if !r.duplicate {
			n++
		}
	}
	return n, nil
}

const orderColumns = "franchise_id, restaurant_id, equipment_id, till_order_id, source, order_type, status, paid_unix, business_date, subtotal_cents, discount_cents, fees_cents, total_cents, discount_type, discount_value, discount_label, cashier, exit_seconds, extra, created_at"

type orderKey struct {
	restaurant, equipment int64
	till                  string
}

// extra is what the order columns and raw rows do not hold: the fiscal
// ticket information and the click&collect part.
type extra struct {
	Marque  *Marque  `json:"infos_marque,omitempty"`
	Collect *Collect `json:"clickncollect,omitempty"`
	// The franchise discount and promo code the order used.
	DiscountID int64  `json:"discount_id,omitempty"`
	Code       string `json:"code,omitempty"`
}

// storeRows writes a batch in one transaction: the orders (skipping those
// already stored), their raw lines, and the rollup deltas.
func (s *Service) storeRows(ctx context.Context, rows []*row) error {
	return s.storeRowsWith(ctx, rows, false, nil)
}

// storeRowsWith is storeRows, without events when quiet, running also in
// the transaction.
func (s *Service) storeRowsWith(ctx context.Context, rows []*row, quiet bool, also func(context.Context, *store.Tx) error) error {
	for _, r := range rows {
		r.id, r.duplicate = 0, false
	}
	now := s.now().UTC().Unix()
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		// The first of several posts with the same key in one batch wins.
		first := make(map[orderKey]*row, len(rows))
		fresh := make([]*row, 0, len(rows))
		for _, r := range rows {
			k := orderKey{r.restaurantID, r.equipmentID, r.order.OrderID}
			if _, ok := first[k]; ok {
				continue
			}
			first[k] = r
			fresh = append(fresh, r)
		}
		// Store the new orders with their raw rows and rollups; afterwards
		// the id of an inserted order is set, that of a known one is 0.
		var inserted []*row
		var err error
		if tx.Engine() == store.SQLite {
			inserted, err = storeSQLite(ctx, tx, fresh, now)
		} else {
			inserted, err = storePostgres(ctx, tx, fresh, now, first)
		}
		if err != nil {
			return err
		}
		// Posts not inserted were stored before (or earlier in this batch).
		for _, r := range rows {
			k := orderKey{r.restaurantID, r.equipmentID, r.order.OrderID}
			switch w := first[k]; {
			case w != r:
				r.duplicate = true
			case r.id == 0:
				r.duplicate = true
				if err := tx.QueryRow(ctx, `SELECT id FROM orders WHERE restaurant_id = ? AND equipment_id = ? AND till_order_id = ?`,
					r.restaurantID, r.equipmentID, r.order.OrderID).Scan(&r.id); err != nil {
					return err
				}
			}
		}
		for _, r := range rows {
			if r.duplicate && r.id == 0 {
				r.id = first[orderKey{r.restaurantID, r.equipmentID, r.order.OrderID}].id
			}
		}
		if s.storedHook != nil {
			var named []StoredOrder
			for _, r := range rows {
				if !r.duplicate && r.id != 0 && namesCustomer(&r.order) {
					named = append(named, StoredOrder{ID: r.id, FranchiseID: r.franchiseID, RestaurantID: r.restaurantID, Order: r.order})
				}
			}
			if len(named) > 0 {
				if err := s.storedHook(ctx, tx, named); err != nil {
					return err
				}
			}
		}
		if also != nil {
			if err := also(ctx, tx); err != nil {
				return err
			}
		}
		if len(inserted) > 0 && !quiet {
			type fr struct{ franchise, restaurant int64 }
			seen := map[fr]bool{}
			for _, r := range inserted {
				seen[fr{r.franchiseID, r.restaurantID}] = true
			}
			tx.AfterCommit(func() {
				for k := range seen {
					s.bus.Publish(context.Background(), events.Event{Type: TypeOrdersChanged, FranchiseID: k.franchise,
						Data: map[string]any{"restaurantId": k.restaurant}})
				}
			})
		}
		return nil
	})
}

// storePostgres inserts the orders (RETURNING names those inserted), then
// their raw rows and rollups, each table in one statement.
func storePostgres(ctx context.Context, tx *store.Tx, fresh []*row, now int64, first map[orderKey]*row) ([]*row, error) {
	if err := insertOrders(ctx, tx, fresh, now, first); err != nil {
		return nil, err
	}
	inserted := make([]*row, 0, len(fresh))
	for _, r := range fresh {
		if r.id != 0 {
			inserted = append(inserted, r)
		}
	}
	if len(inserted) == 0 {
		return inserted, nil
	}
	// The raw rows and the rollups in one statement (one round trip): the
	// raw inserts as data-modifying WITH queries of the rollup upsert.
	var q strings.Builder
	var args []any
	q.WriteString("WITH ")
	for i, t := range rawTables(inserted) {
		if i > 0 {
			q.WriteString(", ")
		}
		fmt.Fprintf(&q, "raw%d AS (INSERT INTO %s (%s) %s)", i, t.table, t.columns, unnestSelect(t.types, len(args)))
		args = append(args, columnar(t.types, t.n, t.row)...)
	}
	d := newDeltas()
	for _, r := range inserted {
		d.add(r)
	}
	const types = "isiisiiiiiiiii"
	q.WriteString(" INSERT INTO rollups (" + rollupColumns + ") " + unnestSelect(types, len(args)) + rollupUpsert)
	args = append(args, rollupArrays(d.sorted())...)
	_, err := tx.ExecRaw(ctx, q.String(), args...)
	return inserted, err
}

// storeSQLite gives the new orders their ids itself (the writer connection
// is the only one, and the transaction holds the write lock), so that the
// raw rows and the rollup deltas, assuming every order is new, are computed
// on another core while SQLite inserts the orders. Should some orders have
// been stored before, that work is redone for the others.
func storeSQLite(ctx context.Context, tx *store.Tx, fresh []*row, now int64) ([]*row, error) {
	if len(fresh) == 0 {
		return nil, nil
	}
	var base int64
	if err := tx.QueryRow(ctx, `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'orders'), 0), COALESCE((SELECT MAX(id) FROM orders), 0)) + 1`).Scan(&base); err != nil {
		return nil, err
	}
	for i, r := range fresh {
		r.id = base + int64(i)
	}
	// Three pipelines on the batch: the order rows here, the raw rows and
	// the rollup blocks on other goroutines; the raw rows are written while
	// the rollups are still being folded.
	raw, rollups := make(chan []*blocks, 1), make(chan *blocks, 1)
	build := func(rows []*row) {
		go func() { raw <- rawBlocks(rows) }()
		go func() { rollups <- rollupBlocks(rows) }()
	}
	// Before returning, or touching the rows, wait for what still reads them.
	rawTaken, rollupsTaken := false, false
	wait := func() {
		if !rawTaken {
			<-raw
		}
		if !rollupsTaken {
			<-rollups
		}
		rawTaken, rollupsTaken = true, true
	}
	build(fresh)
	if err := insertOrdersSQLite(ctx, tx, fresh, now); err != nil {
		wait()
		return nil, err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM orders WHERE id >= ? AND id < ?`, base, base+int64(len(fresh))).Scan(&n); err != nil {
		wait()
		return nil, err
	}
	inserted := fresh
	if n != len(fresh) {
		wait()
		res, err := tx.Query(ctx, `SELECT id FROM orders WHERE id >= ? AND id < ?`, base, base+int64(len(fresh)))
		if err != nil {
			return nil, err
		}
		ids := map[int64]bool{}
		for res.Next() {
			var id int64
			if err := res.Scan(&id); err != nil {
				res.Close()
				return nil, err
			}
			ids[id] = true
		}
		res.Close()
		if err := res.Err(); err != nil {
			return nil, err
		}
		inserted = make([]*row, 0, len(ids))
		for _, r := range fresh {
			if ids[r.id] {
				inserted = append(inserted, r)
			} else {
				r.id = 0
			}
		}
		rawTaken, rollupsTaken = false, false
		build(inserted)
	}
	rb := <-raw
	rawTaken = true
	for _, b := range rb {
		if err := b.exec(ctx, tx); err != nil {
			wait()
			return nil, err
		}
	}
	rl := <-rollups
	rollupsTaken = true
	if err := rl.exec(ctx, tx); err != nil {
		return nil, err
	}
	return inserted, nil
}

// rawBlocks are the inserts of the raw rows of orders whose ids are set.
func rawBlocks(rows []*row) []*blocks {
	var out []*blocks
	for _, t := range rawTables(rows) {
		out = append(out, buildBlocks(t.table, t.columns, len(t.types), t.n, "", t.row))
	}
	return out
}

// rollupBlocks are the rollup upserts of new orders.
func rollupBlocks(rows []*row) *blocks {
	d := newDeltas()
	for _, r := range rows {
		d.add(r)
	}
	return d.blocks()
}

// orderTypes are the kinds of the order columns (see columnar).
const orderTypes = "iiissisiiiiiisissnsi"

// orderArgs appends the order columns of r.
func orderArgs(r *row, now int64, args []any) ([]any, error) {
	o := &r.order
	var dType, dLabel, cashier string
	var dValue, discount int64
	if d := o.Discount; d != nil {
		dType, dValue, discount, dLabel, cashier = d.Type, d.Value, d.Amount, d.Label, d.Cashier
	}
	var exit any
	if o.ExitSecs != nil {
		exit = int64(*o.ExitSecs)
	}
	ex := ""
	e := extra{Marque: o.Marque, Collect: o.Collect}
	if d := o.Discount; d != nil {
		e.DiscountID, e.Code = d.DiscountID, d.Code
	}
	if e != (extra{}) {
		b, err := json.Marshal(e)
		if err != nil {
			return args, err
		}
		ex = string(b)
	}
	return append(args, r.franchiseID, r.restaurantID, r.equipmentID, o.OrderID, o.Source, int64(o.Type), o.Status,
		o.PaidAt.Unix(), r.businessDate, o.Subtotal, discount, o.Fees, o.Total, dType, dValue, dLabel, cashier, exit, ex, now), nil
}

// insertOrders writes the order rows on PostgreSQL, in one statement;
// RETURNING gives the ids of those inserted (a conflict means the order was
// there before).
func insertOrders(ctx context.Context, tx *store.Tx, fresh []*row, now int64, first map[orderKey]*row) error {
	if len(fresh) == 0 {
		return nil
	}
	var jsonErr error
	cols := columnar(orderTypes, len(fresh), func(i int, a []any) []any {
		a, err := orderArgs(fresh[i], now, a)
		if err != nil {
			jsonErr = err
		}
		return a
	})
	if jsonErr != nil {
		return jsonErr
	}
	res, err := tx.QueryRaw(ctx, unnestStatement("orders", orderColumns, orderTypes)+
		" ON CONFLICT (restaurant_id, equipment_id, till_order_id) DO NOTHING RETURNING id, restaurant_id, equipment_id, till_order_id", cols...)
	if err != nil {
		return err
	}
	defer res.Close()
	for res.Next() {
		var id int64
		var k orderKey
		if err := res.Scan(&id, &k.restaurant, &k.equipment, &k.till); err != nil {
			return err
		}
		first[k].id = id
	}
	return res.Err()
}

// insertOrdersSQLite writes the order rows with their ids in multi-row
// statements; an order already stored is skipped (its id is then unused).
func insertOrdersSQLite(ctx context.Context, tx *store.Tx, fresh []*row, now int64) error {
	var err error
	b := buildBlocks("orders", "id, "+orderColumns, 21, len(fresh), " ON CONFLICT (restaurant_id, equipment_id, till_order_id) DO NOTHING", func(i int, a []any) []any {
		r := fresh[i]
		a, e := orderArgs(r, now, append(a, r.id))
		if e != nil {
			err = e
		}
		return a
	})
	if err != nil {
		return err
	}
	return b.exec(ctx, tx)
}

// rawTable is one table of raw rows to write: n rows built by row.
type rawTable struct {
	table, columns, types string
	n                     int
	row                   func(k int, a []any) []any
}

// rawTables are the lines, options, VAT lines and payments of new orders
// (whose ids are set).
func rawTables(rows []*row) []rawTable {
	type lineRef struct {
		r    *row
		i, j int
	}
	var nl, no, nv, np int
	for _, r := range rows {
		nl += len(r.order.Lines)
		for _, l := range r.order.Lines {
			no += len(l.Options)
		}
		nv += len(r.order.VAT)
		np += len(r.order.Payments)
	}
	lines, opts := make([]lineRef, 0, nl), make([]lineRef, 0, no)
	vats, pays := make([]lineRef, 0, nv), make([]lineRef, 0, np)
	for _, r := range rows {
		for i, l := range r.order.Lines {
			lines = append(lines, lineRef{r, i, 0})
			for j := range l.Options {
				opts = append(opts, lineRef{r, i, j})
			}
		}
		for i := range r.order.VAT {
			vats = append(vats, lineRef{r, i, 0})
		}
		for i := range r.order.Payments {
			pays = append(pays, lineRef{r, i, 0})
		}
	}
	return []rawTable{
		{"order_lines", "order_id, line_no, restaurant_id, business_date, product_id, product, category, quantity, unit_cents, ttc_cents, tax_rate_bp", "iiiisssiiii", len(lines), func(k int, a []any) []any {
			x := lines[k]
			l := &x.r.order.Lines[x.i]
			return append(a, x.r.id, int64(x.i), x.r.restaurantID, x.r.businessDate, l.ProductID, l.Name, l.Category, int64(l.Quantity), l.UnitPrice, l.Total, int64(l.TaxRate))
		}},
		{"order_options", "order_id, line_no, option_no, restaurant_id, business_date, option_name, group_name, quantity, ttc_cents", "iiiiissii", len(opts), func(k int, a []any) []any {
			x := opts[k]
			op := &x.r.order.Lines[x.i].Options[x.j]
			return append(a, x.r.id, int64(x.i), int64(x.j), x.r.restaurantID, x.r.businessDate, op.Name, op.Group, int64(op.Quantity), op.Total)
		}},
		{"order_vat", "order_id, rate_bp, restaurant_id, business_date, ht_cents, vat_cents, ttc_cents", "iiiiiii", len(vats), func(k int, a []any) []any {
			x := vats[k]
			v := &x.r.order.VAT[x.i]
			return append(a, x.r.id, int64(v.Rate), x.r.restaurantID, x.r.businessDate, v.HT, v.VAT, v.TTC)
		}},
		{"order_payments", "order_id, payment_no, restaurant_id, business_date, method, amount_cents", "iiiisi", len(pays), func(k int, a []any) []any {
			x := pays[k]
			p := &x.r.order.Payments[x.i]
			return append(a, x.r.id, int64(x.i), x.r.restaurantID, x.r.businessDate, p.Method, p.Amount)
		}},
	}
}

// FormatDate writes a yyyymmdd business date as yyyy-mm-dd.
func FormatDate(d int64) string {
	s := strconv.FormatInt(d, 10)
	if len(s) != 8 {
		return s
	}
	return s[:4] + "-" + s[4:6] + "-" + s[6:]
}
