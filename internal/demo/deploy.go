package demo

import (
	"context"

	"brigade/internal/deploy"
	"brigade/internal/store"
)

// Deploy generates the menus of the demo restaurants that have none yet,
// so that kiosks (and the demo kiosk key) have something to fetch from the
// first start. It returns how many restaurants it deployed.
func Deploy(ctx context.Context, db *store.DB, svc *deploy.Service) (int, error) {
	per := map[int64][]int64{}
	var order []int64
	err := store.Each(ctx, db, `SELECT r.franchise_id, r.id FROM restaurants r JOIN franchises f ON f.id = r.franchise_id
		WHERE f.name IN (?, ?) AND r.archived_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM deployed_current c WHERE c.restaurant_id = r.id) ORDER BY r.franchise_id, r.id`, []any{FranchiseName, OtherFranchiseName},
		func(row store.Scanner) error {
			var f, r int64
			if err := row.Scan(&f, &r); err != nil {
				return err
			}
			if per[f] == nil {
				order = append(order, f)
			}
			per[f] = append(per[f], r)
			return nil
		})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, f := range order {
		res, err := svc.Generate(ctx, f, deploy.GenerateParams{RestaurantIDs: per[f], By: "Démonstration"}, 0, nil)
		if err != nil {
			return n, err
		}
		n += len(res.Restaurants)
	}
	return n, nil
}
