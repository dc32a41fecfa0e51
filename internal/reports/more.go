package reports

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"brigade/internal/menu"
	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- Mes Réductions (§2.4) ----

// Amount is a labelled amount in cents.
type Amount struct {
	Label  string `json:"label"`
	Cents  int64  `json:"cents"`
	Orders int64  `json:"orders"`
}

// DiscountReport is the three donuts, the series and the table per
// restaurant (paid orders with a discount), over the restaurants of one
// currency.
type DiscountReport struct {
	Coverage
	ByType       []Amount `json:"byType"`
	BySource     []Amount `json:"bySource"`
	ByLabel      []Amount `json:"byLabel"`
	Series       []Amount `json:"series" doc:"Par jour (yyyy-mm-dd) ou par mois (yyyy-mm)"`
	ByRestaurant []Amount `json:"byRestaurant"`
	Total        int64    `json:"totalCents"`
}

// SourceLabels are the labels of the order sources.
var SourceLabels = map[string]string{orders.SourceTill: "Caisse", orders.SourceKiosk: "Borne", orders.SourceCollect: "Click&Collect"}

func addAmount(list []Amount, label string, m orders.Metrics) []Amount {
	for i := range list {
		if list[i].Label == label {
			list[i].Cents += m.A1
			list[i].Orders += m.N
			return list
		}
	}
	return append(list, Amount{Label: label, Cents: m.A1, Orders: m.N})
}

func byCentsDesc(a, b Amount) int {
	if a.Cents != b.Cents {
		return int(b.Cents - a.Cents)
	}
	return strings.Compare(a.Label, b.Label)
}

// Discounts computes Mes Réductions; monthly gives the series per month.
func (s *Service) Discounts(ctx context.Context, p tenancy.Principal, f Filter, monthly bool) (DiscountReport, error) {
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return DiscountReport{}, err
	}
	out := DiscountReport{Coverage: cov, ByType: []Amount{}, BySource: []Amount{}, ByLabel: []Amount{}, Series: []Amount{}, ByRestaurant: []Amount{}}
	// The series from the per-restaurant cells (a2 = discount): one row
	// per day or month instead of one per discount kind; read on another
	// connection meanwhile.
	g := orders.ByDayTotal
	if monthly {
		g = orders.ByMonth
	}
	var series []orders.Cell
	done := make(chan error, 1)
	go func() {
		var err error
		series, err = s.orders.Sum(ctx, sc.Scope, orders.DimRestaurant, f.Range, g, "", orders.MA2)
		done <- err
	}()
	cells, err := s.orders.Sum(ctx, sc.Scope, orders.DimDiscounts, f.Range, orders.ByKey, "", orders.MA1)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return out, err
	}
	for _, c := range cells {
		k := splitKey(c.Key, orders.Sep, 3)
		out.ByType = addAmount(out.ByType, k[0], c.Metrics)
		out.BySource = addAmount(out.BySource, SourceLabels[k[1]], c.Metrics)
		label := k[2]
		if label == "" {
			label = "Sans libellé"
		}
		out.ByLabel = addAmount(out.ByLabel, label, c.Metrics)
		out.Total += c.A1
	}
	for _, l := range [][]Amount{out.ByType, out.BySource, out.ByLabel} {
		slices.SortFunc(l, byCentsDesc)
	}
	for _, c := range series {
		if c.A2 == 0 {
			continue
		}
		label := orders.FormatDate(c.Period)
		if monthly {
			label = strconv.FormatInt(c.Period/100, 10) + "-" + strconv.FormatInt(c.Period%100+100, 10)[1:]
		}
		out.Series = addAmount(out.Series, label, orders.Metrics{A1: c.A2})
	}
	slices.SortFunc(out.Series, func(a, b Amount) int { return strings.Compare(a.Label, b.Label) })
	if len(sc.restaurants) == 1 {
		// One restaurant: its discounts are the total (the rest cells' a2
		// and the disc cells' a1 both sum the discounts of paid orders).
		if out.Total > 0 {
			out.ByRestaurant = addAmount(out.ByRestaurant, sc.name(sc.restaurants[0].ID), orders.Metrics{A1: out.Total})
		}
		return out, nil
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	per, err := s.orders.Sum(ctx, listed, orders.DimRestaurant, f.Range, orders.ByRestaurant, "", orders.MA2)
	if err != nil {
		return out, err
	}
	for _, c := range per {
		if c.A2 > 0 {
			out.ByRestaurant = addAmount(out.ByRestaurant, sc.name(c.Restaurant), orders.Metrics{A1: c.A2})
		}
	}
	slices.SortFunc(out.ByRestaurant, byCentsDesc)
	return out, nil
}

// DiscountedOrders lists the discounted orders of the report's scope, the
// restaurants of one currency (as Discounts).
func (s *Service) DiscountedOrders(ctx context.Context, p tenancy.Principal, f Filter, page, pageSize int) ([]orders.DiscountItem, int, func(int64) string, Coverage, error) {
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return nil, 0, nil, cov, err
	}
	items, total, err := s.orders.Discounted(ctx, sc.Scope, f.Range, page, pageSize)
	return items, total, sc.name, cov, err
}

// ---- Z Équipement (§2.5) ----

// ZRates are the VAT rates of the Z table's columns, in basis points.
var ZRates = []int{220, 250, 550, 770, 850, 1000, 2000}

// ZRow is the Z of one equipment over the range. Identities (in cents):
// TotalWithPlatform = TotalTTC + Platform = sum of VATByRate TTC = sum of the
// payments; HT + VAT = TotalWithPlatform.
type ZRow struct {
	Restaurant        string           `json:"pseudo"`
	RestaurantID      int64            `json:"restaurantId"`
	Currency          string           `json:"currency" example:"EUR" doc:"Devise des montants de la ligne (celle du restaurant)"`
	Equipment         string           `json:"name_equipement"`
	EquipmentID       int64            `json:"equipmentId"`
	TotalWithPlatform int64            `json:"totalp_platfrome" doc:"Total des commandes payées, plateforme comprise (centimes)"`
	TotalTTC          int64            `json:"totalTtc" doc:"Total hors commandes plateforme (centimes)"`
	HT                int64            `json:"ca_ht"`
	VAT               int64            `json:"tva"`
	VATByRate         map[string]int64 `json:"tvaByRate" doc:"TVA par taux, clé en points de base (550 = 5,5 %)"`
	Platform          int64            `json:"total_platform" doc:"Total des commandes plateforme (type 4)"`
	Payments          map[string]int64 `json:"payments" doc:"Par moyen : cb, especes, titre_restaurant, cheque_vacances, cash_machine, plateforme, avoir"`
	Promotions        int64            `json:"Promotion" doc:"Commandes avec une réduction"`
	Orders            int64            `json:"nbcommandes_ttc_platform" doc:"Commandes payées, plateforme comprise"`
	PlatformOrders    int64            `json:"nbcommande_platforme"`
}

// ZReport is the Z table: the equipments of the restaurants of one
// currency.
type ZReport struct {
	Coverage
	Items []ZRow `json:"items"`
}

// Z computes the table per restaurant and equipment.
func (s *Service) Z(ctx context.Context, p tenancy.Principal, f Filter) (ZReport, error) {
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return ZReport{Coverage: cov}, err
	}
	rep := ZReport{Coverage: cov}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	type key struct{ rest, eq int64 }
	rows := map[key]*ZRow{}
	get := func(rest int64, eqKey string) *ZRow {
		eq, _ := strconv.ParseInt(eqKey, 10, 64)
		k := key{rest, eq}
		if r := rows[k]; r != nil {
			return r
		}
		r := &ZRow{RestaurantID: rest, Restaurant: sc.name(rest), Currency: cov.Currency, EquipmentID: eq, VATByRate: map[string]int64{}, Payments: map[string]int64{}}
		rows[k] = r
		return r
	}
	eqCells, err := s.orders.Sum(ctx, listed, orders.DimEquipment, f.Range, orders.ByRestaurant, "", orders.MA1, orders.MA2, orders.MC1, orders.MC2)
	if err != nil {
		return rep, err
	}
	for _, c := range eqCells {
		r := get(c.Restaurant, c.Key)
		r.TotalWithPlatform += c.A1
		r.Platform += c.A2
		r.TotalTTC += c.A1 - c.A2
		r.Promotions += c.C1
		r.Orders += c.N
		r.PlatformOrders += c.C2
	}
	vatCells, err := s.orders.Sum(ctx, listed, orders.DimVAT, f.Range, orders.ByRestaurant, "", orders.MA1, orders.MA2)
	if err != nil {
		return rep, err
	}
	for _, c := range vatCells {
		k := splitKey(c.Key, orders.Sep, 2)
		r := get(c.Restaurant, k[0])
		r.HT += c.A1
		r.VAT += c.A2
		r.VATByRate[k[1]] += c.A2
	}
	payCells, err := s.orders.Sum(ctx, listed, orders.DimPayments, f.Range, orders.ByRestaurant, "", orders.MA1)
	if err != nil {
		return rep, err
	}
	for _, c := range payCells {
		k := splitKey(c.Key, orders.Sep, 2)
		get(c.Restaurant, k[0]).Payments[k[1]] += c.A1
	}
	eqs, err := s.ten.EquipmentsInScope(ctx, p)
	if err != nil {
		return rep, err
	}
	names := make(map[int64]string, len(eqs))
	for _, e := range eqs {
		names[e.ID] = e.Name
	}
	out := make([]ZRow, 0, len(rows))
	for _, r := range rows {
		r.Equipment = names[r.EquipmentID]
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b ZRow) int {
		if c := strings.Compare(a.Restaurant, b.Restaurant); c != 0 {
			return c
		}
		if c := strings.Compare(a.Equipment, b.Equipment); c != 0 {
			return c
		}
		return int(a.EquipmentID - b.EquipmentID)
	})
	rep.Items = out
	return rep, nil
}

// ---- product and option sales v2 (§2.6) ----

// SalesRow is a category, product or option of the sales pages. Platform
// orders (type 4) are left out of counts and amounts alike.
type SalesRow struct {
	Name     string   `json:"name"`
	Count    int64    `json:"nombrescommandes" doc:"Nombre de ventes (unités)"`
	Amount   int64    `json:"ttcAmountCents"`
	Previous int64    `json:"previousAmountCents" doc:"Montant sur la période précédente de même durée (quand la période comprend aujourd'hui, son dernier jour compté jusqu'à l'heure qu'il est : voir previousUntil)"`
	Percent  *float64 `json:"pourcentage" doc:"Évolution du montant en % par rapport à la période précédente de même durée ; null sans référence (rien de vendu sur la période précédente)"`
	Image    string   `json:"image,omitempty" doc:"Produits d'une catégorie : l'image du produit dans les cartes de la franchise (nom de fichier, à lire par GET /api/v1/images/products/{file}) ; absente quand le produit n'en a pas"`
}

// SalesKind is products or options.
type SalesKind string

const (
	SalesProducts SalesKind = "products"
	SalesOptions  SalesKind = "options"
)

// SalesReport is a list of the sales pages over the restaurants of one
// currency (units and amounts alike).
type SalesReport struct {
	Coverage
	Items         []SalesRow `json:"items"`
	PreviousUntil string     `json:"previousUntil,omitempty" doc:"Quand la période comprend aujourd'hui : l'heure locale (HH:MM) jusqu'à laquelle le dernier jour de la période précédente est compté, celle de maintenant (aujourd'hui jusqu'à maintenant contre la veille jusqu'à la même heure)"`
}

// Sales lists the categories (category "") or the products / options of
// one category, with their change against the previous equal-length period.
func (s *Service) Sales(ctx context.Context, p tenancy.Principal, f Filter, kind SalesKind, category string) (SalesReport, error) {
	sc, cov, err := s.money(ctx, p, f)
	rep := SalesReport{Coverage: cov, Items: []SalesRow{}}
	if err != nil {
		return rep, err
	}
	dim := orders.DimProducts
	if kind == SalesOptions {
		dim = orders.DimOptions
	}
	prefix := "0" + orders.Sep
	if category != "" {
		prefix += category + orders.Sep
	}
	// The previous period of equal length, cut at now's time of day when
	// the range holds today (see reference): today until now against the
	// day before until the same hour, never against a whole day.
	days := f.Range.Days()
	sum := func(sc orders.Scope, r orders.Range) ([]orders.Cell, error) {
		return s.orders.Sum(ctx, sc, dim, r, orders.ByKey, prefix, orders.MQty, orders.MA1)
	}
	prevCells, _, until, err := s.reference(ctx, sc, f.Range, func(d int64) int64 { return orders.AddDays(d, -days) }, sum,
		func(ids []int64, from, to time.Time) ([]orders.Cell, error) {
			return s.orders.SalesBetween(ctx, sc.FranchiseID, ids, from, to, kind == SalesOptions)
		})
	if err != nil {
		return rep, err
	}
	rep.PreviousUntil = until
	fold := func(cells []orders.Cell, err error) (map[string]*orders.Metrics, []string, error) {
		if err != nil {
			return nil, nil, err
		}
		m := map[string]*orders.Metrics{}
		var names []string
		for _, c := range cells {
			if !strings.HasPrefix(c.Key, prefix) {
				continue // the raw part of a cut day is not filtered by the query
			}
			k := splitKey(c.Key, orders.Sep, 3)
			name := k[1]
			if category != "" {
				name = k[2]
			}
			if _, ok := m[name]; !ok {
				names = append(names, name)
			}
			addTo(m, name, c.Metrics)
		}
		return m, names, nil
	}
	now, names, err := fold(sum(sc.Scope, f.Range))
	if err != nil {
		return rep, err
	}
	before, _, err := fold(prevCells, nil)
	if err != nil {
		return rep, err
	}
	out := make([]SalesRow, 0, len(names))
	for _, n := range names {
		m := now[n]
		r := SalesRow{Name: n, Count: m.Qty, Amount: m.A1}
		if b := before[n]; b != nil {
			r.Previous = b.A1
			r.Percent = trend(m.A1, b.A1)
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b SalesRow) int {
		if a.Amount != b.Amount {
			return int(b.Amount - a.Amount)
		}
		return strings.Compare(a.Name, b.Name)
	})
	if kind == SalesProducts && category != "" && len(out) > 0 {
		if err := s.addImages(ctx, p, category, out); err != nil {
			return rep, err
		}
	}
	rep.Items = out
	return rep, nil
}

// Catalogue is what the sales pages ask the menu package: the products of
// the franchise's cartes, with their image.
type Catalogue interface {
	Catalogue(ctx context.Context, p tenancy.Principal) ([]menu.CatalogueCarte, error)
}

// UseCatalogue gives the sales pages the products' images.
func (s *Service) UseCatalogue(c Catalogue) { s.catalogue = c }

// addImages sets each product row's image: the product of that name in
// that category in the franchise's cartes (the rollups key products by
// category and name), the first carte holding one with an image winning;
// letter case and surrounding spaces do not matter.
func (s *Service) addImages(ctx context.Context, p tenancy.Principal, category string, rows []SalesRow) error {
	if s.catalogue == nil {
		return nil
	}
	cartes, err := s.catalogue.Catalogue(ctx, p)
	if errors.Is(err, tenancy.ErrForbidden) {
		return nil // a login that may not read cartes sees initials
	}
	if err != nil {
		return err
	}
	fold := func(v string) string { return strings.ToLower(strings.TrimSpace(v)) }
	want := fold(category)
	paths := map[string]string{}
	for _, c := range cartes {
		for _, pr := range c.Products {
			if pr.Path == "" || fold(pr.CategoryName) != want {
				continue
			}
			if _, ok := paths[fold(pr.Name)]; !ok {
				paths[fold(pr.Name)] = pr.Path
			}
		}
	}
	for i := range rows {
		rows[i].Image = paths[fold(rows[i].Name)]
	}
	return nil
}

// ---- real-time dashboard ----

// Realtime is today's activity. Order counts cover every restaurant of the
// scope; amounts are given once per currency, never added across.
type Realtime struct {
	Date         string          `json:"date"`
	Orders       int64           `json:"orders" doc:"Commandes payées du jour, tous les restaurants du périmètre (toutes devises)"`
	Cancelled    int64           `json:"cancelled"`
	Collect      int64           `json:"clickncollect"`
	Totals       []RealtimeTotal `json:"totals" doc:"Chiffre d'affaires du jour par devise (les devises ne sont jamais additionnées) : la devise du franchiseur d'abord, puis par nombre de restaurants"`
	ByRestaurant []RealtimeRest  `json:"byRestaurant"`
	Counts       Counts          `json:"counts" doc:"Les trois compteurs du jour (tous les restaurants du périmètre) et leur tendance : aujourd'hui jusqu'à maintenant contre le même jour de la semaine précédente jusqu'à la même heure"`
}

// RealtimeTotal is the day of the restaurants of one currency.
type RealtimeTotal struct {
	Currency     string   `json:"currency" example:"EUR"`
	Restaurants  int      `json:"restaurants" doc:"Restaurants du périmètre dans cette devise"`
	Revenue      int64    `json:"revenueCents"`
	Orders       int64    `json:"orders" doc:"Commandes payées de ces restaurants"`
	AverageCents int64    `json:"averageBasketCents"`
	ByHour       []Amount `json:"byHour" doc:"Chiffre d'affaires par heure locale (label HH), dans cette devise"`
}

// RealtimeRest is a restaurant's day.
type RealtimeRest struct {
	RestaurantID int64  `json:"restaurantId"`
	Name         string `json:"name"`
	Currency     string `json:"currency" example:"CHF" doc:"Devise du restaurant"`
	Revenue      int64  `json:"revenueCents"`
	Orders       int64  `json:"orders"`
}

// Realtime is today's figures, today being the date in the franchise's
// country zone.
func (s *Service) Realtime(ctx context.Context, p tenancy.Principal, restaurantID int64) (Realtime, error) {
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return Realtime{}, err
	}
	loc, err := time.LoadLocation(tenancy.CountryByCode(fr.CountryCode).TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := orders.BusinessDate(s.now(), loc)
	f := Filter{RestaurantID: restaurantID, Range: orders.Range{Start: today, End: today}}
	sc, err := s.resolve(ctx, p, f)
	if err != nil {
		return Realtime{}, err
	}
	out := Realtime{Date: orders.FormatDate(today), ByRestaurant: []RealtimeRest{}, Totals: []RealtimeTotal{}}
	if out.Counts, err = s.orderCounts(ctx, sc, f.Range, PreviousWeek); err != nil {
		return out, err
	}
	currencyOf := make(map[int64]string, len(sc.restaurants))
	for _, x := range sc.restaurants {
		currencyOf[x.ID] = x.Currency(fr.Currency)
	}
	totals := map[string]*RealtimeTotal{}
	for _, c := range currencies(sc.restaurants, fr.Currency) {
		out.Totals = append(out.Totals, RealtimeTotal{Currency: c.Code, Restaurants: c.Restaurants})
	}
	for i := range out.Totals {
		totals[out.Totals[i].Currency] = &out.Totals[i]
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	cells, err := s.orders.Sum(ctx, listed, orders.DimOrders, f.Range, orders.ByRestaurant, "", orders.MA1)
	if err != nil {
		return out, err
	}
	per := map[int64]*RealtimeRest{}
	for _, c := range cells {
		k := splitKey(c.Key, "|", 3)
		switch k[0] {
		case orders.StatusPaid:
			out.Orders += c.N
			if t := totals[currencyOf[c.Restaurant]]; t != nil {
				t.Revenue += c.A1
				t.Orders += c.N
			}
			r := per[c.Restaurant]
			if r == nil {
				r = &RealtimeRest{RestaurantID: c.Restaurant, Name: sc.name(c.Restaurant), Currency: currencyOf[c.Restaurant]}
				per[c.Restaurant] = r
			}
			r.Revenue += c.A1
			r.Orders += c.N
		default:
			if orders.CountsAsCancelled(k[0]) {
				out.Cancelled += c.N
			}
		}
		if k[1] == orders.SourceCollect {
			out.Collect += c.N
		}
	}
	for _, r := range per {
		out.ByRestaurant = append(out.ByRestaurant, *r)
	}
	slices.SortFunc(out.ByRestaurant, func(a, b RealtimeRest) int {
		if a.Currency != b.Currency {
			return slices.IndexFunc(out.Totals, func(t RealtimeTotal) bool { return t.Currency == a.Currency }) -
				slices.IndexFunc(out.Totals, func(t RealtimeTotal) bool { return t.Currency == b.Currency })
		}
		return int(b.Revenue - a.Revenue)
	})
	// The hours: the scope's rows when it has one currency, else each
	// restaurant's rows folded into its currency.
	byHour := map[string]*[24]orders.Metrics{}
	for _, t := range out.Totals {
		byHour[t.Currency] = &[24]orders.Metrics{}
	}
	hourScope, group := sc.Scope, orders.ByKey
	if len(out.Totals) > 1 {
		hourScope, group = listed, orders.ByRestaurant
	}
	hours, err := s.orders.Sum(ctx, hourScope, orders.DimHours, f.Range, group, "", orders.MA1)
	if err != nil {
		return out, err
	}
	for _, c := range hours {
		cur := currencyOf[c.Restaurant]
		if group == orders.ByKey && len(out.Totals) == 1 {
			cur = out.Totals[0].Currency
		}
		hb := byHour[cur]
		t, err := time.ParseInLocation("2006010215", c.Key, time.UTC)
		if hb == nil || err != nil {
			continue
		}
		hb[t.In(loc).Hour()].Add(c.Metrics)
	}
	for i := range out.Totals {
		t := &out.Totals[i]
		if t.Orders > 0 {
			t.AverageCents = (t.Revenue + t.Orders/2) / t.Orders
		}
		t.ByHour = make([]Amount, 0, 24)
		for h, m := range byHour[t.Currency] {
			t.ByHour = append(t.ByHour, Amount{Label: strconv.Itoa(100 + h)[1:], Cents: m.A1, Orders: m.N})
		}
	}
	return out, nil
}
