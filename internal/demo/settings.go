package demo

import (
	"context"
	"fmt"

	"brigade/internal/events"
	"brigade/internal/settings"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// loadSettings fills the demo franchise's settings the way a real owner
// would have: named sizes, printers with their addresses, named kitchen
// screens, English offered beside French, kiosk names shown.
func loadSettings(ctx context.Context, db *store.DB, ten *tenancy.Service) error {
	owner, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil {
		return err
	}
	p := tenancy.PrincipalFor(owner)
	svc := settings.NewService(db, ten, events.NewLocal())

	sizes := settings.DefaultSizes()
	for i, l := range []string{"Petit", "Moyen", "Grand"} {
		sizes.Sizes[i].LabelSize = l
		sizes.Labels[i] = l
	}
	sizes.Sizes[0].Description = "25 cl pour les boissons, 6 pièces pour les nuggets"
	sizes.Sizes[1].Description = "33 cl, 9 pièces"
	sizes.Sizes[2].Description = "50 cl, 12 pièces"
	if _, err := svc.SaveSizes(ctx, p, 0, sizes); err != nil {
		return fmt.Errorf("tailles : %w", err)
	}

	printers := settings.DefaultPrinters()
	names := map[int]string{2: "Grill", 3: "Friteuse", 4: "Froid", 5: "Desserts", 10: "Étiquettes comptoir"}
	for i := range printers.Printers {
		pr := &printers.Printers[i]
		if n, ok := names[pr.IDPrinter]; ok {
			pr.Name = n
		}
		pr.IPAddress = fmt.Sprintf("192.168.10.%d", 20+pr.IDPrinter)
	}
	printers.Printers[8].WidthTicket = 32
	if _, err := svc.SavePrinters(ctx, p, 0, printers); err != nil {
		return fmt.Errorf("imprimantes : %w", err)
	}

	screens := settings.DefaultScreens()
	for i, n := range []string{"Grill", "Assemblage", "Frites", "Boissons"} {
		screens.Screens[i].NameScreen = n
	}
	if _, err := svc.SaveScreens(ctx, p, 0, screens); err != nil {
		return fmt.Errorf("écrans : %w", err)
	}

	langs, err := svc.Languages(ctx, p)
	if err != nil {
		return err
	}
	for i := range langs.Value.Languages {
		if langs.Value.Languages[i].Code == "en" {
			langs.Value.Languages[i].IsActive = true
		}
	}
	if _, err := svc.SaveLanguages(ctx, p, 0, langs.Value); err != nil {
		return fmt.Errorf("langues : %w", err)
	}
	return nil
}
