package reports

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

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
	Discount          int64            `json:"discountCents" doc:"Montant des réductions accordées (centimes, TTC)"`
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
	eqCells, err := s.orders.Sum(ctx, listed, orders.DimEquipment, f.Range, orders.ByRestaurant, "", orders.MTotal, orders.MPlatformTotal, orders.MDiscount, orders.MDiscountedOrders, orders.MPlatformOrders)
	if err != nil {
		return rep, err
	}
	for _, c := range eqCells {
		r := get(c.Restaurant, c.Key)
		r.TotalWithPlatform += c.Total
		r.Platform += c.PlatformTotal
		r.TotalTTC += c.Total - c.PlatformTotal
		r.Promotions += c.DiscountedOrders
		r.Discount += c.Discount
		r.Orders += c.N
		r.PlatformOrders += c.PlatformOrders
	}
	vatCells, err := s.orders.Sum(ctx, listed, orders.DimVAT, f.Range, orders.ByRestaurant, "", orders.MHT, orders.MVAT)
	if err != nil {
		return rep, err
	}
	for _, c := range vatCells {
		k := splitKey(c.Key, orders.Sep, 2)
		r := get(c.Restaurant, k[0])
		r.HT += c.HT
		r.VAT += c.VAT
		r.VATByRate[k[1]] += c.VAT
	}
	payCells, err := s.orders.Sum(ctx, listed, orders.DimPayments, f.Range, orders.ByRestaurant, "", orders.MTotal)
	if err != nil {
		return rep, err
	}
	for _, c := range payCells {
		k := splitKey(c.Key, orders.Sep, 2)
		get(c.Restaurant, k[0]).Payments[k[1]] += c.Total
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
