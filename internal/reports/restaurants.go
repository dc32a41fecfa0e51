package reports

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- restaurant comparison (issue 18) ----

// RestaurantFigures are the comparable figures of a restaurant (or of the
// franchise) over a range.
type RestaurantFigures struct {
	RevenueCents       int64    `json:"revenueCents" doc:"Chiffre d'affaires TTC des commandes payées, en centimes"`
	HTCents            int64    `json:"htCents" doc:"Chiffre d'affaires HT des commandes payées, en centimes"`
	Orders             int64    `json:"orders" doc:"Commandes payées"`
	AverageBasketCents int64    `json:"averageBasketCents" doc:"Panier moyen TTC en centimes (revenueCents / orders arrondi au plus proche) ; 0 sans commande"`
	ExitMinutes        *float64 `json:"exitMinutes" doc:"Temps de sortie cuisine moyen des commandes payées qui en ont un, en minutes non arrondies ; null si aucune n'en a"`
	DiscountCents      int64    `json:"discountCents" doc:"Réductions accordées sur les commandes payées, en centimes"`
	DiscountedOrders   int64    `json:"discountedOrders" doc:"Commandes payées avec une réduction"`
	CancelledOrders    int64    `json:"cancelledOrders" doc:"Commandes annulées (tous les statuts sauf payée et en attente, comme Mes Commandes)"`
	CancelledCents     int64    `json:"cancelledCents" doc:"Montant TTC des commandes annulées, en centimes"`
}

// RestaurantRow is a restaurant of the comparison.
type RestaurantRow struct {
	RestaurantID int64             `json:"restaurantId"`
	Name         string            `json:"name"`
	Archived     bool              `json:"archived" doc:"Restaurant archivé (listé seulement s'il a des commandes sur l'une des deux périodes)"`
	Current      RestaurantFigures `json:"current" doc:"La période"`
	Previous     RestaurantFigures `json:"previous" doc:"La période précédente"`
}

// RestaurantComparison ranks the restaurants of one currency over a range
// and the range just before it.
type RestaurantComparison struct {
	Coverage
	Start     string          `json:"start" doc:"Premier jour de la période (AAAA-MM-JJ)"`
	End       string          `json:"end" doc:"Dernier jour de la période (AAAA-MM-JJ), inclus"`
	Previous  FlashRange      `json:"previous" doc:"Période précédente : le même nombre de jours, juste avant start"`
	FocusID   int64           `json:"focusRestaurantId" doc:"Le restaurant demandé (restaurantId) : la comparaison porte quand même sur tous les restaurants visibles de sa devise, pour le situer ; 0 sans restaurant demandé"`
	Items     []RestaurantRow `json:"restaurants" doc:"Les restaurants de la devise, non archivés ou avec des commandes sur l'une des deux périodes, par chiffre d'affaires décroissant"`
	Franchise struct {
		Current  RestaurantFigures `json:"current"`
		Previous RestaurantFigures `json:"previous"`
	} `json:"franchise" doc:"Le total des restaurants listés (panier moyen et temps de sortie : ceux de toutes leurs commandes ensemble)"`
	Average struct {
		Current  RestaurantFigures `json:"current"`
		Previous RestaurantFigures `json:"previous"`
	} `json:"average" doc:"La moyenne par restaurant actif (au moins une commande payée sur la période) : les montants et les nombres du total divisés par le nombre de restaurants actifs, arrondis à l'unité ; panier moyen et temps de sortie, ceux du total"`
	Active [2]int `json:"activeRestaurants" doc:"Restaurants actifs de la période et de la période précédente"`
}

// restaurantMetrics are the metrics the comparison reads in the rest cells.
var restaurantMetrics = []orders.Metric{orders.MN, orders.MTotal, orders.MHT, orders.MDiscount, orders.MExitSecondsSum, orders.MExitCount}

// Restaurants compares the restaurants. Each of the two ranges reads the
// rest cells (paid orders: count, TTC, HT, discounts, exit times) and the
// ord cells (discounted orders, cancellations) of the listed restaurants,
// whole years and months plus the partial days; the four reads run at once.
func (s *Service) Restaurants(ctx context.Context, p tenancy.Principal, f Filter) (RestaurantComparison, error) {
	focus := f.RestaurantID
	f.RestaurantID = 0
	full, err := s.resolve(ctx, p, f)
	if err != nil {
		return RestaurantComparison{}, err
	}
	if focus != 0 {
		i := slices.IndexFunc(full.restaurants, func(x tenancy.Restaurant) bool { return x.ID == focus })
		if i < 0 {
			return RestaurantComparison{}, tenancy.ErrNotFound
		}
		fr, err := s.ten.Franchise(ctx, p)
		if err != nil {
			return RestaurantComparison{}, err
		}
		f.Currency = full.restaurants[i].Currency(fr.Currency)
	}
	sc, cov, err := s.inCurrency(ctx, p, full, f.Currency)
	if err != nil {
		return RestaurantComparison{}, err
	}
	n := f.Range.Days()
	prev := orders.Range{Start: orders.AddDays(f.Range.Start, -n), End: orders.AddDays(f.Range.Start, -1)}
	rs := [2]orders.Range{f.Range, prev}
	out := RestaurantComparison{Coverage: cov, Start: orders.FormatDate(f.Range.Start), End: orders.FormatDate(f.Range.End),
		Previous: FlashRange{Start: orders.FormatDate(prev.Start), End: orders.FormatDate(prev.End)}, FocusID: focus, Items: []RestaurantRow{}}
	listed := sc.Scope
	listed.Restaurants = sc.ids()

	// Per range: the rest cells (paid orders), the equip cells for the
	// discounted paid orders (a few per restaurant and period, where the ord
	// cells hold every status × source × type), and the ord keys of the
	// cancelled statuses only. Reading every ord key grouped by restaurant
	// sorted ten times more rows than the rest of the report read.
	type acc struct {
		m                   orders.Metrics // paid orders (rest cells)
		discounted          int64
		cancelled, cancelTT int64
		any                 bool // any order at all, paid or not
	}
	var per [2]map[int64]*acc
	if len(listed.Restaurants) > 0 {
		var mu sync.Mutex
		var reads []func() error
		for col := range rs {
			per[col] = map[int64]*acc{}
			get := func(id int64) *acc {
				a := per[col][id]
				if a == nil {
					a = &acc{}
					per[col][id] = a
				}
				return a
			}
			reads = append(reads,
				func() error {
					cells, err := s.orders.Sum(ctx, listed, orders.DimRestaurant, rs[col], orders.ByRestaurant, "", restaurantMetrics...)
					mu.Lock()
					defer mu.Unlock()
					for _, c := range cells {
						a := get(c.Restaurant)
						a.m.Add(c.Metrics)
						a.any = true
					}
					return err
				},
				func() error {
					cells, err := s.orders.Sum(ctx, listed, orders.DimEquipment, rs[col], orders.ByRestaurant, "", orders.MN, orders.MDiscountedOrders)
					mu.Lock()
					defer mu.Unlock()
					for _, c := range cells {
						get(c.Restaurant).discounted += c.DiscountedOrders
					}
					return err
				})
			reads = append(reads, func() error {
				cells, err := s.orders.SumPrefixes(ctx, listed, orders.DimOrders, rs[col], orders.ByRestaurant, orders.CancelledKeys(), orders.MN, orders.MTotal)
				mu.Lock()
				defer mu.Unlock()
				for _, c := range cells {
					a := get(c.Restaurant)
					a.any = true
					a.cancelled += c.N
					a.cancelTT += c.Total
				}
				return err
			})
		}
		if err := concurrently(reads...); err != nil {
			return out, err
		}
	}
	figures := func(a *acc) RestaurantFigures {
		if a == nil {
			return RestaurantFigures{}
		}
		return RestaurantFigures{RevenueCents: a.m.Total, HTCents: a.m.HT, Orders: a.m.N, AverageBasketCents: averageBasket(a.m.Total, a.m.N),
			ExitMinutes: minutes(a.m.ExitSecondsSum, a.m.ExitCount), DiscountCents: a.m.Discount, DiscountedOrders: a.discounted,
			CancelledOrders: a.cancelled, CancelledCents: a.cancelTT}
	}
	var total [2]acc
	for _, x := range sc.restaurants {
		a, b := per[0][x.ID], per[1][x.ID]
		if x.ArchivedAt != nil && (a == nil || !a.any) && (b == nil || !b.any) {
			continue
		}
		out.Items = append(out.Items, RestaurantRow{RestaurantID: x.ID, Name: sc.name(x.ID), Archived: x.ArchivedAt != nil, Current: figures(a), Previous: figures(b)})
		for col, y := range []*acc{a, b} {
			if y == nil {
				continue
			}
			total[col].m.Add(y.m)
			total[col].discounted += y.discounted
			total[col].cancelled += y.cancelled
			total[col].cancelTT += y.cancelTT
			if y.m.N > 0 {
				out.Active[col]++
			}
		}
	}
	out.Franchise.Current, out.Franchise.Previous = figures(&total[0]), figures(&total[1])
	average := func(t RestaurantFigures, n int) RestaurantFigures {
		if n == 0 {
			return RestaurantFigures{ExitMinutes: t.ExitMinutes}
		}
		d := int64(n)
		return RestaurantFigures{RevenueCents: averageBasket(t.RevenueCents, d), HTCents: averageBasket(t.HTCents, d), Orders: averageBasket(t.Orders, d),
			AverageBasketCents: t.AverageBasketCents, ExitMinutes: t.ExitMinutes, DiscountCents: averageBasket(t.DiscountCents, d),
			DiscountedOrders: averageBasket(t.DiscountedOrders, d), CancelledOrders: averageBasket(t.CancelledOrders, d), CancelledCents: averageBasket(t.CancelledCents, d)}
	}
	out.Average.Current, out.Average.Previous = average(out.Franchise.Current, out.Active[0]), average(out.Franchise.Previous, out.Active[1])
	slices.SortStableFunc(out.Items, func(a, b RestaurantRow) int {
		if a.Current.RevenueCents != b.Current.RevenueCents {
			return cmp64(b.Current.RevenueCents, a.Current.RevenueCents)
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, nil
}

// ---- today per restaurant (DashboardMesResto) ----

// OfflineAfter is how long an equipment may stay silent and still count
// as online. A till or kiosk holding a device key calls the server at
// least every few seconds (kiosk feed, orders); its last-seen date is
// written at most every 30 s: five minutes without a call is a device
// switched off or cut from the network, not a quiet moment.
const OfflineAfter = 5 * time.Minute

// EquipmentStatus is a till or kiosk with its online status.
type EquipmentStatus struct {
	EquipmentID int64   `json:"equipmentId"`
	Kind        string  `json:"kind" enum:"caisse,borne" doc:"caisse ou borne"`
	Name        string  `json:"name"`
	LastSeenAt  *string `json:"lastSeenAt" format:"date-time" doc:"Dernier appel de l'équipement au serveur (RFC 3339, à 30 s près) ; null s'il n'a jamais appelé"`
	Online      bool    `json:"online" doc:"Vu depuis moins de offlineAfterMinutes minutes"`
}

// RestaurantToday is a restaurant's day so far.
type RestaurantToday struct {
	RestaurantID int64             `json:"restaurantId"`
	Name         string            `json:"name"`
	Currency     string            `json:"currency" example:"EUR" doc:"Devise du restaurant, celle de ses montants"`
	TimeZone     string            `json:"timeZone" doc:"Fuseau du restaurant (IANA)"`
	Today        FlashFigures      `json:"today" doc:"Aujourd'hui jusqu'à maintenant (chiffres du flash du jour)"`
	LastWeek     FlashFigures      `json:"lastWeek" doc:"Le même jour de la semaine précédente jusqu'à la même heure locale"`
	LastOrderAt  *string           `json:"lastOrderAt" format:"date-time" doc:"Paiement de la dernière commande payée des 7 derniers jours (RFC 3339) ; null sans commande sur ces 7 jours"`
	Equipments   []EquipmentStatus `json:"equipments" doc:"Caisses puis bornes du restaurant, par nom"`
}

// RestaurantsToday is DashboardMesResto: one card per restaurant.
type RestaurantsToday struct {
	Date                string            `json:"date" doc:"Aujourd'hui dans le fuseau du franchiseur (AAAA-MM-JJ)"`
	Until               string            `json:"until" doc:"Heure locale de maintenant (HH:MM, fuseau du franchiseur)"`
	LastWeek            string            `json:"lastWeek" doc:"Le jour de comparaison (AAAA-MM-JJ), une semaine plus tôt"`
	OfflineAfterMinutes int               `json:"offlineAfterMinutes" doc:"Un équipement est hors ligne quand son dernier appel date de plus de ce nombre de minutes (ou qu'il n'a jamais appelé)"`
	Restaurants         []RestaurantToday `json:"restaurants" doc:"Les restaurants non archivés du périmètre, par nom"`
}

// equipmentStatus is e's status at now.
func equipmentStatus(e tenancy.Equipment, now time.Time) EquipmentStatus {
	st := EquipmentStatus{EquipmentID: e.ID, Kind: e.Kind, Name: e.Name}
	if e.LastSeenAt != nil {
		v := e.LastSeenAt.UTC().Format(time.RFC3339)
		st.LastSeenAt = &v
		st.Online = now.Sub(*e.LastSeenAt) <= OfflineAfter
	}
	return st
}

func byKindAndName(a, b tenancy.Equipment) int {
	if a.Kind != b.Kind {
		if a.Kind == tenancy.EquipmentTill {
			return -1
		}
		return 1
	}
	if c := strings.Compare(a.Name, b.Name); c != 0 {
		return c
	}
	return cmp64(a.ID, b.ID)
}

// RestaurantsToday is each restaurant's today: the flash's today and its
// comparison (the same weekday last week until the same hour), the last
// paid order and the equipments' status.
func (s *Service) RestaurantsToday(ctx context.Context, p tenancy.Principal, restaurantID int64) (RestaurantsToday, error) {
	// The scope first (the flash resolves it again, the same): the last
	// orders and the equipments are read while the flash runs.
	now := s.now()
	day := orders.BusinessDate(now, time.UTC)
	sc, err := s.resolve(ctx, p, Filter{RestaurantID: restaurantID, Range: orders.Range{Start: day, End: day}})
	if err != nil {
		return RestaurantsToday{}, err
	}
	var live []int64
	for _, x := range sc.restaurants {
		if x.ArchivedAt == nil {
			live = append(live, x.ID)
		}
	}
	var (
		wg         sync.WaitGroup
		last       map[int64]time.Time
		eqs        []tenancy.Equipment
		lerr, eerr error
	)
	wg.Add(2)
	go func() {
		defer wg.Done()
		last, lerr = s.orders.LastPaid(ctx, p.FranchiseID, live, now.Add(-7*24*time.Hour), now)
	}()
	go func() {
		defer wg.Done()
		eqs, eerr = s.ten.EquipmentsInScope(ctx, p)
	}()
	flash, err := s.Flash(ctx, p, restaurantID)
	wg.Wait()
	for _, e := range []error{err, lerr, eerr} {
		if e != nil {
			return RestaurantsToday{}, e
		}
	}
	today := flash.Periods[0]
	slices.SortFunc(eqs, byKindAndName)
	perRest := map[int64][]EquipmentStatus{}
	for _, e := range eqs {
		perRest[e.RestaurantID] = append(perRest[e.RestaurantID], equipmentStatus(e, now))
	}
	figures := map[int64]FlashRestaurant{}
	for _, r := range today.Restaurants {
		figures[r.RestaurantID] = r
	}
	out := RestaurantsToday{Date: flash.Date, Until: flash.Until, LastWeek: today.Previous.Start, OfflineAfterMinutes: int(OfflineAfter / time.Minute), Restaurants: []RestaurantToday{}}
	for _, x := range sc.restaurants {
		if x.ArchivedAt != nil {
			continue
		}
		fr := figures[x.ID]
		rt := RestaurantToday{RestaurantID: x.ID, Name: sc.name(x.ID), Currency: fr.Currency, TimeZone: zone(x.TimeZone).String(),
			Today: fr.Current, LastWeek: fr.Previous, Equipments: perRest[x.ID]}
		if rt.Equipments == nil {
			rt.Equipments = []EquipmentStatus{}
		}
		if t, ok := last[x.ID]; ok {
			v := t.UTC().Format(time.RFC3339)
			rt.LastOrderAt = &v
		}
		out.Restaurants = append(out.Restaurants, rt)
	}
	slices.SortFunc(out.Restaurants, func(a, b RestaurantToday) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp64(a.RestaurantID, b.RestaurantID)
	})
	return out, nil
}

// ---- equipment history (Historique équipements) ----

// EquipmentRow is a till or kiosk with its sales over the range.
type EquipmentRow struct {
	EquipmentStatus
	RestaurantID int64  `json:"restaurantId"`
	Restaurant   string `json:"restaurant" doc:"Nom du restaurant"`
	Archived     bool   `json:"archived" doc:"Restaurant archivé"`
	Currency     string `json:"currency" example:"EUR" doc:"Devise du restaurant, celle de revenueCents"`
	Orders       int64  `json:"orders" doc:"Commandes payées sur l'équipement pendant la période"`
	RevenueCents int64  `json:"revenueCents" doc:"Chiffre d'affaires TTC de ces commandes, en centimes, dans la devise du restaurant"`
}

// EquipmentReport is every till and kiosk of the scope.
type EquipmentReport struct {
	Start               string         `json:"start"`
	End                 string         `json:"end"`
	OfflineAfterMinutes int            `json:"offlineAfterMinutes" doc:"Un équipement est hors ligne quand son dernier appel date de plus de ce nombre de minutes (ou qu'il n'a jamais appelé)"`
	Items               []EquipmentRow `json:"items" doc:"Par restaurant, puis caisses avant bornes, par nom ; chaque ligne dans la devise de son restaurant (jamais additionnées)"`
}

// Equipments lists the tills and kiosks of the scope with their paid
// orders over the range, from the equipment cells (restaurant rows).
func (s *Service) Equipments(ctx context.Context, p tenancy.Principal, f Filter) (EquipmentReport, error) {
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return EquipmentReport{}, err
	}
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return EquipmentReport{}, err
	}
	out := EquipmentReport{Start: orders.FormatDate(f.Range.Start), End: orders.FormatDate(f.Range.End), OfflineAfterMinutes: int(OfflineAfter / time.Minute), Items: []EquipmentRow{}}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	type done struct {
		cells []orders.Cell
		err   error
	}
	ch := make(chan done, 1)
	go func() {
		c, err := s.orders.Sum(ctx, listed, orders.DimEquipment, f.Range, orders.ByRestaurant, "", orders.MN, orders.MTotal)
		ch <- done{c, err}
	}()
	eqs, err := s.ten.EquipmentsInScope(ctx, p)
	got := <-ch
	if err != nil {
		return out, err
	}
	if got.err != nil {
		return out, got.err
	}
	sales := map[string]orders.Metrics{}
	for _, c := range got.cells {
		m := sales[c.Key]
		m.Add(c.Metrics)
		sales[c.Key] = m
	}
	rests := map[int64]tenancy.Restaurant{}
	for _, x := range sc.restaurants {
		rests[x.ID] = x
	}
	now := s.now()
	for _, e := range eqs {
		x, ok := rests[e.RestaurantID]
		if !ok {
			continue
		}
		m := sales[idKey(e.ID)]
		out.Items = append(out.Items, EquipmentRow{EquipmentStatus: equipmentStatus(e, now), RestaurantID: x.ID, Restaurant: sc.name(x.ID),
			Archived: x.ArchivedAt != nil, Currency: x.Currency(fr.Currency), Orders: m.N, RevenueCents: m.Total})
	}
	kinds := map[int64]tenancy.Equipment{}
	for _, e := range eqs {
		kinds[e.ID] = e
	}
	slices.SortFunc(out.Items, func(a, b EquipmentRow) int {
		if c := strings.Compare(a.Restaurant, b.Restaurant); c != 0 {
			return c
		}
		if a.RestaurantID != b.RestaurantID {
			return cmp64(a.RestaurantID, b.RestaurantID)
		}
		return byKindAndName(kinds[a.EquipmentID], kinds[b.EquipmentID])
	})
	return out, nil
}

func idKey(id int64) string { return strconv.FormatInt(id, 10) }
