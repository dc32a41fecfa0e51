package reports

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- Z du jour (issue 18): the Z of one business day, printable ----

// ZRate is one VAT rate of a Z: HT, VAT and TTC at that rate (cents).
type ZRate struct {
	Rate int   `json:"rate" doc:"Taux en points de base (550 = 5,5 %)"`
	HT   int64 `json:"htCents"`
	VAT  int64 `json:"vatCents"`
	TTC  int64 `json:"ttcCents"`
}

// ZEquipment is the Z of one equipment on the day: the row of the Z table
// plus HT and TTC per VAT rate.
type ZEquipment struct {
	ZRow
	Kind  string  `json:"kind" doc:"caisse ou borne (vide : équipement supprimé depuis)"`
	Rates []ZRate `json:"rates" doc:"Par taux de TVA, du plus petit au plus grand"`
}

// ZDayRestaurant is one restaurant of the Z of the day: each equipment's
// Z, then the restaurant's total (the equipments added up), with what the
// rollups hold per restaurant only: the fees of the paid orders and the
// cancelled orders.
type ZDayRestaurant struct {
	RestaurantID   int64        `json:"restaurantId"`
	Name           string       `json:"name"`
	Siret          string       `json:"siret"`
	Address        string       `json:"address"`
	TimeZone       string       `json:"timeZone"`
	Currency       string       `json:"currency"`
	Equipments     []ZEquipment `json:"equipments"`
	Total          ZEquipment   `json:"total" doc:"Les équipements additionnés"`
	Fees           int64        `json:"feesCents" doc:"Frais (livraison, gestion) des commandes payées"`
	Cancelled      int64        `json:"cancelledOrders" doc:"Commandes annulées, remboursées ou refusées ce jour"`
	CancelledTotal int64        `json:"cancelledCents" doc:"Leur montant TTC"`
}

// ZDay is the Z of one business day of the restaurants of one currency.
type ZDay struct {
	Coverage
	Franchise   string           `json:"franchise"`
	Date        string           `json:"date" format:"date"`
	PrintedAt   time.Time        `json:"printedAt"`
	Restaurants []ZDayRestaurant `json:"restaurants"`
}

// ZOfDay computes the Z of one business day: per restaurant of the scope
// (one currency, as every report holding money) and equipment, from the
// rollups (four grouped reads, whatever the number of restaurants).
func (s *Service) ZOfDay(ctx context.Context, p tenancy.Principal, restaurantID int64, day int64, currency string) (ZDay, error) {
	f := Filter{RestaurantID: restaurantID, Range: orders.Range{Start: day, End: day}, Currency: currency}
	sc, cov, err := s.money(ctx, p, f)
	if err != nil {
		return ZDay{Coverage: cov}, err
	}
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return ZDay{Coverage: cov}, err
	}
	out := ZDay{Coverage: cov, Franchise: fr.Name, Date: orders.FormatDate(day), PrintedAt: s.now().UTC()}
	z, err := s.Z(ctx, p, f)
	if err != nil {
		return out, err
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	type key struct{ rest, eq int64 }
	rates := map[key]map[int]*ZRate{}
	vatCells, err := s.orders.Sum(ctx, listed, orders.DimVAT, f.Range, orders.ByRestaurant, "", orders.MHT, orders.MVAT, orders.MTotal)
	if err != nil {
		return out, err
	}
	for _, c := range vatCells {
		k := splitKey(c.Key, orders.Sep, 2)
		eq, _ := strconv.ParseInt(k[0], 10, 64)
		rate, _ := strconv.Atoi(k[1])
		m := rates[key{c.Restaurant, eq}]
		if m == nil {
			m = map[int]*ZRate{}
			rates[key{c.Restaurant, eq}] = m
		}
		r := m[rate]
		if r == nil {
			r = &ZRate{Rate: rate}
			m[rate] = r
		}
		r.HT += c.HT
		r.VAT += c.VAT
		r.TTC += c.Total
	}
	ordCells, err := s.orders.Sum(ctx, listed, orders.DimOrders, f.Range, orders.ByRestaurant, "", orders.MTotal, orders.MFees)
	if err != nil {
		return out, err
	}
	eqs, err := s.ten.EquipmentsInScope(ctx, p)
	if err != nil {
		return out, err
	}
	kinds := make(map[int64]string, len(eqs))
	for _, e := range eqs {
		kinds[e.ID] = e.Kind
	}
	byID := map[int64]*ZDayRestaurant{}
	for _, x := range sc.restaurants {
		name := x.Nom
		if name == "" {
			name = x.Pseudo
		}
		out.Restaurants = append(out.Restaurants, ZDayRestaurant{RestaurantID: x.ID, Name: name, Siret: x.Siret,
			Address: strings.TrimSpace(x.Adresse + " " + x.Ville), TimeZone: x.TimeZone, Currency: cov.Currency, Equipments: []ZEquipment{}})
	}
	slices.SortFunc(out.Restaurants, func(a, b ZDayRestaurant) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return int(a.RestaurantID - b.RestaurantID)
	})
	for i := range out.Restaurants {
		r := &out.Restaurants[i]
		r.Total = ZEquipment{ZRow: ZRow{RestaurantID: r.RestaurantID, Restaurant: r.Name, Currency: r.Currency, VATByRate: map[string]int64{}, Payments: map[string]int64{}}, Rates: []ZRate{}}
		byID[r.RestaurantID] = r
	}
	for _, row := range z.Items {
		r := byID[row.RestaurantID]
		if r == nil {
			continue
		}
		e := ZEquipment{ZRow: row, Kind: kinds[row.EquipmentID], Rates: sortedRates(rates[key{row.RestaurantID, row.EquipmentID}])}
		r.Equipments = append(r.Equipments, e)
		addZ(&r.Total, e)
	}
	for _, c := range ordCells {
		r := byID[c.Restaurant]
		if r == nil {
			continue
		}
		status := splitKey(c.Key, "|", 3)[0]
		switch {
		case status == orders.StatusPaid:
			r.Fees += c.Fees
		case orders.CountsAsCancelled(status):
			r.Cancelled += c.N
			r.CancelledTotal += c.Total
		}
	}
	return out, nil
}

func sortedRates(m map[int]*ZRate) []ZRate {
	out := make([]ZRate, 0, len(m))
	for _, r := range m {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b ZRate) int { return a.Rate - b.Rate })
	return out
}

// addZ adds an equipment's Z to a restaurant's total.
func addZ(t *ZEquipment, e ZEquipment) {
	t.TotalWithPlatform += e.TotalWithPlatform
	t.TotalTTC += e.TotalTTC
	t.HT += e.HT
	t.VAT += e.VAT
	t.Platform += e.Platform
	t.Promotions += e.Promotions
	t.Discount += e.Discount
	t.Orders += e.Orders
	t.PlatformOrders += e.PlatformOrders
	for k, v := range e.VATByRate {
		t.VATByRate[k] += v
	}
	for k, v := range e.Payments {
		t.Payments[k] += v
	}
	for _, r := range e.Rates {
		i := slices.IndexFunc(t.Rates, func(x ZRate) bool { return x.Rate == r.Rate })
		if i < 0 {
			t.Rates = append(t.Rates, ZRate{Rate: r.Rate})
			i = len(t.Rates) - 1
		}
		t.Rates[i].HT += r.HT
		t.Rates[i].VAT += r.VAT
		t.Rates[i].TTC += r.TTC
	}
	slices.SortFunc(t.Rates, func(a, b ZRate) int { return a.Rate - b.Rate })
}

// ---- French formats of the printed documents ----

var (
	frenchDays   = [...]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}
	frenchMonths = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
)

// FrenchLongDate writes a business date (yyyymmdd) as « mardi 24 novembre 2026 ».
func FrenchLongDate(d int64) string {
	t := time.Date(int(d/10000), time.Month(d/100%100), int(d%100), 12, 0, 0, 0, time.UTC)
	return fmt.Sprintf("%s %d %s %d", frenchDays[t.Weekday()], t.Day(), frenchMonths[t.Month()-1], t.Year())
}

// FrenchDate writes a business date (yyyymmdd) as 24/11/2026.
func FrenchDate(d int64) string {
	return fmt.Sprintf("%02d/%02d/%04d", d%100, d/100%100, d/10000)
}

// FrenchAmount writes cents as the screens do in fr-FR, with a no-break
// space between thousands: « 1 234,56 ».
func FrenchAmount(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	units := strconv.FormatInt(cents/100, 10)
	var b strings.Builder
	for i, r := range units {
		if i > 0 && (len(units)-i)%3 == 0 {
			b.WriteRune('\u00a0')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s%s,%02d", sign, b.String(), cents%100)
}

// CurrencySymbol is how an amount names its currency: € for EUR, else the
// ISO code (CHF, MAD), as the screens write it.
func CurrencySymbol(code string) string {
	switch strings.ToUpper(code) {
	case "", "EUR":
		return "€"
	case "USD":
		return "$"
	case "GBP":
		return "£"
	}
	return strings.ToUpper(code)
}

// FrenchMoney writes cents with their currency: « 1 234,56 € », « 12,50 CHF ».
func FrenchMoney(cents int64, currency string) string {
	return FrenchAmount(cents) + "\u00a0" + CurrencySymbol(currency)
}

// FrenchRate writes a VAT rate in basis points as « 5,5 % ».
func FrenchRate(bp int) string {
	s := strconv.Itoa(bp / 100)
	if r := bp % 100; r != 0 {
		s += strings.TrimRight(fmt.Sprintf(",%02d", r), "0")
	}
	return s + "\u00a0%"
}
