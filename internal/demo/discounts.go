package demo

import (
	"context"

	promo "brigade/internal/discounts"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// loadDiscounts gives the demo franchise an automatic happy hour at the
// kiosks and two promo codes, so that the kiosk API can be tried at once
// (README « Réductions et codes promo »).
func loadDiscounts(ctx context.Context, db *store.DB, ten *tenancy.Service) error {
	u, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil {
		return err
	}
	p := tenancy.PrincipalFor(u)
	svc := promo.NewService(db, ten, events.NewLocal())
	if _, err := svc.Create(ctx, p, promo.FranchiseDiscount{Name: "Happy hour borne", Kind: promo.KindPercent, Value: 1500, Automatic: true, Active: true,
		Rules: promo.DiscountRules{Channels: []string{orders.SourceKiosk}, Days: []int{1, 2, 3, 4, 5}, StartTime: "15:00", EndTime: "18:00"}}); err != nil {
		return err
	}
	welcome, err := svc.Create(ctx, p, promo.FranchiseDiscount{Name: "Bienvenue", Kind: promo.KindPercent, Value: 1000, Active: true})
	if err != nil {
		return err
	}
	if _, err := svc.CreateCode(ctx, p, promo.PromoCode{Code: "BIENVENUE", DiscountID: welcome.ID, MaxUses: 1000, Active: true}); err != nil {
		return err
	}
	lunch, err := svc.Create(ctx, p, promo.FranchiseDiscount{Name: "Midi express", Kind: promo.KindAmount, Value: 200, Currency: "EUR", Active: true,
		Rules: promo.DiscountRules{MinBasket: 1500, OrderTypes: []int{orders.TypeTakeAway}, StartTime: "11:30", EndTime: "14:30"}})
	if err != nil {
		return err
	}
	_, err = svc.CreateCode(ctx, p, promo.PromoCode{Code: "MIDI2", DiscountID: lunch.ID, MaxUses: 200, PerCustomer: 0, Active: true})
	return err
}
