package demo

import (
	"context"

	"brigade/internal/events"
	"brigade/internal/notices"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// demoNotices are the feed a newcomer finds: what Brigade shipped lately.
var demoNotices = []notices.Notice{
	{Title: "Mes Produits : les prix en masse", Date: "2026-11-20", ShortDescription: "Augmentez de 3 % tous les burgers de toutes vos cartes en un clic.",
		Content: "Cochez les produits dans Mes Produits, puis « Modifier les prix » : fixer un prix, ajouter un montant ou appliquer un pourcentage, par tarif et par type de commande.\n\nL'aperçu montre chaque prix avant et après ; rien n'est enregistré si un prix devenait négatif."},
	{Title: "Import et export des cartes", Date: "2026-11-12", ShortDescription: "Sauvegardez une carte en fichier JSON, ou reprenez-en une.",
		Content: "Dans Mes Cartes, « Exporter » télécharge la carte avec toutes ses catégories, produits et options. « Importer une carte » crée une nouvelle carte depuis un fichier exporté."},
}

func loadNotices(ctx context.Context, db *store.DB, ten *tenancy.Service) error {
	u, err := ten.UserByLogin(ctx, "superadmin")
	if err != nil {
		return err
	}
	svc := notices.NewService(db, events.NewLocal())
	for _, n := range demoNotices {
		if _, err := svc.Save(ctx, tenancy.PrincipalFor(u), n); err != nil {
			return err
		}
	}
	return nil
}
