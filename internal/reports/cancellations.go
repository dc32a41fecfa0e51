package reports

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- cancellations: MesAnnulations (issue 18) ----

// NoReason is what the screens show for a cancellation without a reason:
// an order posted cancelled has none (the order payload has no such
// field); a status change posted later may give one.
const NoReason = "Motif non renseigné"

// Cancellations are the cancelled orders of a range (every status but paid
// and pending: cancelled, refunded, partially refunded, card refused)
// against the range just before it, over the restaurants of one currency.
type Cancellations struct {
	Coverage
	Start       string             `json:"start" doc:"Premier jour de la période (AAAA-MM-JJ, jour d'exploitation)"`
	End         string             `json:"end" doc:"Dernier jour de la période (AAAA-MM-JJ), inclus"`
	Previous    FlashRange         `json:"previous" doc:"Période précédente : le même nombre de jours, juste avant start"`
	Totals      CancelTotals       `json:"totals" doc:"Les deux périodes entières"`
	Statuses    []CancelGroup      `json:"statuses" doc:"Par statut (annulée, remboursée, remboursée en partie, paiement refusé) : seuls les statuts présents, le plus de commandes d'abord"`
	Sources     []CancelGroup      `json:"sources" doc:"Par source (caisse, borne, click & collect) : toutes les sources ayant des commandes, le plus d'annulations d'abord"`
	Reasons     []CancelGroup      `json:"reasons" doc:"Par motif : ceux des changements de statut postés après la commande (POST /kiosk/v1/orders/{orderId}/status) ; les commandes envoyées déjà annulées et les changements sans motif forment le groupe « Motif non renseigné »"`
	Days        []CancelDay        `json:"days" doc:"Chaque jour de la période dans l'ordre, vides compris"`
	Restaurants []CancelRestaurant `json:"restaurants" doc:"Un rang par restaurant du périmètre (de cette devise), le plus d'annulations d'abord"`
	Equipments  []CancelEquipment  `json:"equipments" doc:"Les équipements ayant des annulations sur la période, le plus d'annulations d'abord"`
}

// CancelFigures are the cancelled orders of a period beside the orders
// that reached an end (paid or cancelled; pending orders are not yet
// either).
type CancelFigures struct {
	Orders      int64   `json:"orders" doc:"Commandes annulées (tous les statuts sauf payée et en attente)"`
	AmountCents int64   `json:"amountCents" doc:"Leur total TTC (frais compris), en centimes"`
	AllOrders   int64   `json:"allOrders" doc:"Commandes payées ou annulées (les commandes en attente ne comptent pas)"`
	SharePct    float64 `json:"sharePct" doc:"Part des commandes annulées : orders / allOrders, en % tronqué à deux décimales ; 0 sans commande"`
}

// CancelTotals are the two ranges, whole.
type CancelTotals struct {
	Current  CancelFigures `json:"current" doc:"La période"`
	Previous CancelFigures `json:"previous" doc:"La période précédente (voir previous)"`
}

// CancelGroup is the cancelled orders of one status, source or reason.
type CancelGroup struct {
	Key   string `json:"key" doc:"Statut (cancelled, refunded, partially_refunded, failed), source (caisse, borne, clickncollect) ou motif"`
	Label string `json:"label" example:"Annulée"`
	CancelFigures
}

// CancelDay is a day of the range.
type CancelDay struct {
	Date string `json:"date" doc:"Le jour (AAAA-MM-JJ)"`
	CancelFigures
}

// CancelRestaurant is a restaurant's two ranges.
type CancelRestaurant struct {
	ID       int64         `json:"id"`
	Name     string        `json:"name"`
	Current  CancelFigures `json:"current"`
	Previous CancelFigures `json:"previous"`
}

// CancelEquipment is an equipment's cancelled orders of the range.
type CancelEquipment struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	RestaurantID int64  `json:"restaurantId"`
	Restaurant   string `json:"restaurant"`
	Orders       int64  `json:"orders" doc:"Commandes annulées"`
	AmountCents  int64  `json:"amountCents" doc:"Leur total TTC, en centimes"`
	Refunded     int64  `json:"refunded" doc:"Dont remboursées (en tout ou en partie)"`
}

// cancelAcc adds up order cells (status|source|type keys).
type cancelAcc struct{ cancelled, all orders.Metrics }

func (a *cancelAcc) add(status string, m orders.Metrics) {
	if status == orders.StatusPending {
		return
	}
	a.all.Add(m)
	if orders.CountsAsCancelled(status) {
		a.cancelled.Add(m)
	}
}

func (a cancelAcc) figures() CancelFigures {
	return CancelFigures{Orders: a.cancelled.N, AmountCents: a.cancelled.Total, AllOrders: a.all.N, SharePct: pct(a.cancelled.N, a.all.N)}
}

// Cancellations computes MesAnnulations. Counts and amounts come from the
// order cells (ord: status|source|type): per restaurant from their month
// and year rows, per day from the franchise's day rows (minus the
// restaurants of other currencies) or the listed restaurants'. Only the
// per-equipment figures read orders, from the orders_cancelled index: the
// rollups keep no equipment for orders that are not sales.
func (s *Service) Cancellations(ctx context.Context, p tenancy.Principal, f Filter) (Cancellations, error) {
	if f.Range.End >= f.Range.Start && f.Range.Days() > maxDailyDays {
		return Cancellations{}, &tenancy.ValidationError{Field: "query.end", Message: "La période compte 366 jours au plus."}
	}
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return Cancellations{}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return Cancellations{}, err
	}
	cur, prev := f.Range, previousRange(f.Range)
	out := Cancellations{Coverage: cov, Start: orders.FormatDate(cur.Start), End: orders.FormatDate(cur.End),
		Previous: FlashRange{Start: orders.FormatDate(prev.Start), End: orders.FormatDate(prev.End)},
		Statuses: []CancelGroup{}, Sources: []CancelGroup{}, Reasons: []CancelGroup{}, Days: []CancelDay{},
		Restaurants: []CancelRestaurant{}, Equipments: []CancelEquipment{}}
	// Per restaurant: the paid orders from the rest cells (one per
	// restaurant and period) and the cancelled ones from the ord keys of
	// the cancelled statuses (one read), never the ord cells of every
	// status, source and type. The statuses and sources come from the franchise's rows.
	var perRest, paidRest, perKey [2][]orders.Cell
	var perDay []orders.Cell
	var equip []orders.EquipmentCell
	var reasons []orders.ReasonCell
	if len(sc.restaurants) > 0 {
		ids := sc.ids()
		listed := orders.Scope{FranchiseID: sc.FranchiseID, Restaurants: ids}
		parts := full.partsOf(ids)
		var mu sync.Mutex
		reads := []func() error{
			// Per day: the paid orders from the rest cells (one row per day),
			// the cancelled ones from their statuses' ord keys.
			func() error {
				cells, err := s.sumSigned(ctx, parts, orders.DimRestaurant, cur, orders.ByDayTotal, nil, orders.MN, orders.MTotal)
				for i := range cells {
					cells[i].Key = orders.StatusPaid + "|"
				}
				mu.Lock()
				perDay = append(perDay, cells...)
				mu.Unlock()
				return err
			},
			func() (err error) {
				equip, err = s.orders.CancelledPerEquipment(ctx, listed, cur)
				return err
			},
			func() (err error) {
				reasons, err = s.orders.CancelReasons(ctx, listed, cur)
				return err
			},
		}
		for col, rg := range [2]orders.Range{cur, prev} {
			reads = append(reads,
				func() (err error) {
					paidRest[col], err = s.orders.Sum(ctx, listed, orders.DimRestaurant, rg, orders.ByRestaurant, "", orders.MN, orders.MTotal)
					return err
				},
				func() (err error) {
					perKey[col], err = s.sumSigned(ctx, parts, orders.DimOrders, rg, orders.ByKey, nil, orders.MN, orders.MTotal)
					return err
				})
			if col == 0 {
				reads = append(reads, func() error {
					// One row per day: the cancelled statuses' keys summed in SQL.
					cells, err := s.sumSigned(ctx, parts, orders.DimOrders, rg, orders.ByDayTotal, orders.CancelledKeys(), orders.MN, orders.MTotal)
					for i := range cells {
						cells[i].Key = orders.StatusCancelled + "|"
					}
					mu.Lock()
					perDay = append(perDay, cells...)
					mu.Unlock()
					return err
				})
			}
			reads = append(reads, func() (err error) {
				perRest[col], err = s.orders.SumPrefixes(ctx, listed, orders.DimOrders, rg, orders.ByRestaurant, orders.CancelledKeys(), orders.MN, orders.MTotal)
				return err
			})
		}
		if err := concurrently(reads...); err != nil {
			return out, err
		}
	}

	var totals [2]cancelAcc
	rests := map[int64]*[2]cancelAcc{}
	rest := func(id int64) *[2]cancelAcc {
		r := rests[id]
		if r == nil {
			r = &[2]cancelAcc{}
			rests[id] = r
		}
		return r
	}
	statuses := map[string]*cancelAcc{}
	sources := map[string]*cancelAcc{}
	for col := range perRest {
		for _, c := range paidRest[col] {
			rest(c.Restaurant)[col].add(orders.StatusPaid, c.Metrics)
		}
		for _, c := range perRest[col] {
			rest(c.Restaurant)[col].add(splitKey(c.Key, "|", 3)[0], c.Metrics)
		}
		for _, c := range perKey[col] {
			k := splitKey(c.Key, "|", 3)
			totals[col].add(k[0], c.Metrics)
			if col != 0 {
				continue
			}
			if orders.CountsAsCancelled(k[0]) {
				if statuses[k[0]] == nil {
					statuses[k[0]] = &cancelAcc{}
				}
				statuses[k[0]].add(k[0], c.Metrics)
			}
			if sources[k[1]] == nil {
				sources[k[1]] = &cancelAcc{}
			}
			sources[k[1]].add(k[0], c.Metrics)
		}
	}
	out.Totals = CancelTotals{Current: totals[0].figures(), Previous: totals[1].figures()}
	for k, a := range statuses {
		out.Statuses = append(out.Statuses, CancelGroup{Key: k, Label: orders.StatusLabel(k), CancelFigures: a.figures()})
	}
	// A status's share is of every order of the period.
	for i := range out.Statuses {
		out.Statuses[i].AllOrders = out.Totals.Current.AllOrders
		out.Statuses[i].SharePct = pct(out.Statuses[i].Orders, out.Statuses[i].AllOrders)
	}
	for k, a := range sources {
		if a.all.N == 0 {
			continue
		}
		label := SourceLabels[k]
		if label == "" {
			label = k
		}
		out.Sources = append(out.Sources, CancelGroup{Key: k, Label: label, CancelFigures: a.figures()})
	}
	for _, g := range [][]CancelGroup{out.Statuses, out.Sources} {
		slices.SortFunc(g, func(a, b CancelGroup) int {
			if a.Orders != b.Orders {
				return cmpInt64(b.Orders, a.Orders)
			}
			return strings.Compare(a.Key, b.Key)
		})
	}
	// The reasons of status changes; what is left (orders posted
	// cancelled, changes without a reason) has none.
	left := out.Totals.Current
	var unknown CancelFigures
	for _, r := range reasons {
		left.Orders, left.AmountCents = left.Orders-r.N, left.AmountCents-r.Total
		if r.Reason == "" {
			unknown.Orders, unknown.AmountCents = unknown.Orders+r.N, unknown.AmountCents+r.Total
			continue
		}
		out.Reasons = append(out.Reasons, CancelGroup{Key: r.Reason, Label: r.Reason, CancelFigures: CancelFigures{Orders: r.N, AmountCents: r.Total}})
	}
	if unknown.Orders += left.Orders; unknown.Orders > 0 {
		unknown.AmountCents += left.AmountCents
		out.Reasons = append(out.Reasons, CancelGroup{Key: "", Label: NoReason, CancelFigures: unknown})
	}
	for i := range out.Reasons {
		out.Reasons[i].AllOrders = out.Totals.Current.AllOrders
		out.Reasons[i].SharePct = pct(out.Reasons[i].Orders, out.Reasons[i].AllOrders)
	}
	slices.SortStableFunc(out.Reasons, func(a, b CancelGroup) int { return cmpInt64(b.Orders, a.Orders) })

	days := map[int64]*cancelAcc{}
	for _, c := range perDay {
		a := days[c.Period]
		if a == nil {
			a = &cancelAcc{}
			days[c.Period] = a
		}
		a.add(splitKey(c.Key, "|", 3)[0], c.Metrics)
	}
	for d := cur.Start; d <= cur.End; d = orders.AddDays(d, 1) {
		day := CancelDay{Date: orders.FormatDate(d)}
		if a := days[d]; a != nil {
			day.CancelFigures = a.figures()
		}
		out.Days = append(out.Days, day)
	}

	for _, x := range sc.restaurants {
		r := CancelRestaurant{ID: x.ID, Name: sc.name(x.ID)}
		if a := rests[x.ID]; a != nil {
			r.Current, r.Previous = a[0].figures(), a[1].figures()
		}
		out.Restaurants = append(out.Restaurants, r)
	}
	slices.SortStableFunc(out.Restaurants, func(a, b CancelRestaurant) int { return cmpInt64(b.Current.Orders, a.Current.Orders) })

	// The equipments' names, from those the principal may see (one read,
	// only when some were cancelled on).
	names := map[int64]string{}
	if len(equip) > 0 {
		eqs, err := s.ten.EquipmentsInScope(ctx, p)
		if err != nil {
			return out, err
		}
		for _, e := range eqs {
			names[e.ID] = e.Name
		}
	}
	byID := map[int64]int{}
	for _, c := range equip {
		i, ok := byID[c.Equipment]
		if !ok {
			i = len(out.Equipments)
			byID[c.Equipment] = i
			out.Equipments = append(out.Equipments, CancelEquipment{ID: c.Equipment, Name: names[c.Equipment], RestaurantID: c.Restaurant, Restaurant: sc.name(c.Restaurant)})
		}
		e := &out.Equipments[i]
		e.Orders += c.N
		e.AmountCents += c.Total
		if c.Status == orders.StatusRefunded || c.Status == orders.StatusPartiallyRefunded {
			e.Refunded += c.N
		}
	}
	slices.SortStableFunc(out.Equipments, func(a, b CancelEquipment) int { return cmpInt64(b.Orders, a.Orders) })
	return out, nil
}

// CancelledOrder is a row of the latest cancelled orders.
type CancelledOrder struct {
	ID           int64  `json:"id" doc:"Identifiant Brigade de la commande (GET /api/v1/orders/{orderId} : son détail)"`
	OrderID      string `json:"orderId" doc:"Numéro de la commande dans la caisse"`
	RestaurantID int64  `json:"restaurantId"`
	Restaurant   string `json:"restaurant"`
	Equipment    string `json:"equipment" doc:"Nom de l'équipement"`
	EquipmentKey string `json:"equipmentKey" doc:"Identifiant (user_keen_id) de l'équipement"`
	Source       string `json:"source" enum:"caisse,borne,clickncollect"`
	Type         string `json:"type" example:"A Emporter"`
	Status       string `json:"status" enum:"cancelled,refunded,partially_refunded,failed"`
	StatusLabel  string `json:"statusLabel" example:"Annulée"`
	Reason       string `json:"reason" doc:"Motif du changement de statut qui a annulé ou remboursé la commande, sinon « Motif non renseigné »"`
	AmountCents  int64  `json:"amountCents" doc:"Total TTC de la commande, en centimes"`
	FeesCents    int64  `json:"feesCents"`
	PaidAt       string `json:"paidAt" format:"date-time" doc:"Horodatage (UTC) de la commande"`
	BusinessDate string `json:"businessDate" doc:"Jour d'exploitation (AAAA-MM-JJ)"`
}

// CancelledPage is a page of the latest cancelled orders.
type CancelledPage struct {
	Coverage
	Items []CancelledOrder `json:"items"`
	Total int64            `json:"total" doc:"Commandes annulées de la période"`
}

// CancelledOrders lists the cancelled orders of the range, latest first, a
// page at a time, over the restaurants of one currency; the total comes
// from the order cells.
func (s *Service) CancelledOrders(ctx context.Context, p tenancy.Principal, f Filter, page, pageSize int) (CancelledPage, error) {
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return CancelledPage{}, err
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return CancelledPage{}, err
	}
	out := CancelledPage{Coverage: cov, Items: []CancelledOrder{}}
	if len(sc.restaurants) == 0 {
		return out, nil
	}
	listed := orders.Scope{FranchiseID: sc.FranchiseID, Restaurants: sc.ids()}
	var items []orders.CancelledItem
	var cells []orders.Cell
	err = concurrently(
		func() (err error) {
			items, err = s.orders.Cancelled(ctx, listed, f.Range, page, pageSize)
			return err
		},
		func() (err error) {
			cells, err = s.sumSigned(ctx, full.partsOf(sc.ids()), orders.DimOrders, f.Range, orders.ByKey, nil, orders.MN)
			return err
		},
	)
	if err != nil {
		return out, err
	}
	for _, c := range cells {
		if orders.CountsAsCancelled(splitKey(c.Key, "|", 3)[0]) {
			out.Total += c.N
		}
	}
	for _, it := range items {
		out.Items = append(out.Items, CancelledOrder{ID: it.ID, OrderID: it.OrderID, RestaurantID: it.RestaurantID, Restaurant: sc.name(it.RestaurantID),
			Equipment: it.Equipment, EquipmentKey: it.EquipmentKey, Source: it.Source, Type: orders.TypeNames[it.Type], Status: it.Status,
			StatusLabel: orders.StatusLabel(it.Status), Reason: cmp.Or(it.Reason, NoReason), AmountCents: it.Total, FeesCents: it.Fees,
			PaidAt: it.PaidAt.Format(time.RFC3339), BusinessDate: orders.FormatDate(it.BusinessDate)})
	}
	return out, nil
}
