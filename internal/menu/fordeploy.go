package menu

import (
	"context"
	"database/sql"

	"brigade/internal/store"
)

// What the deployment needs of the cartes: their records, their links to
// restaurants and their documents. The menu package owns these tables;
// deploy reads and links through these functions, which take no principal
// (deploy checks it, and its generation runs as a job of the franchise).

// RestaurantLink says that a restaurant serves a carte.
type RestaurantLink struct {
	CampaignID   int64
	RestaurantID int64
}

// CartesFor returns the franchise's cartes, principal first then by
// creation: all of them, or only those linked to one of restaurantIDs.
func CartesFor(ctx context.Context, r store.Runner, franchiseID int64, all bool, restaurantIDs []int64) ([]Campaign, error) {
	if !all && len(restaurantIDs) == 0 {
		return nil, nil
	}
	where, args := "", []any{franchiseID}
	if !all {
		in, ids := store.In(restaurantIDs)
		where, args = " AND c.id IN (SELECT campaign_id FROM campaign_restaurants WHERE restaurant_id "+in+")", append(args, ids...)
	}
	return store.Collect(ctx, r, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.franchise_id = ?`+where+`
		ORDER BY c.is_principal DESC, c.created_at, c.id`, args, scanCampaign)
}

// LinksOf returns the links of restaurantIDs to the franchise's cartes, by
// carte then restaurant.
func LinksOf(ctx context.Context, r store.Runner, franchiseID int64, restaurantIDs []int64) ([]RestaurantLink, error) {
	if len(restaurantIDs) == 0 {
		return nil, nil
	}
	in, args := store.In(restaurantIDs)
	return store.Collect(ctx, r, `SELECT cr.campaign_id, cr.restaurant_id FROM campaign_restaurants cr JOIN campaigns c ON c.id = cr.campaign_id
		WHERE c.franchise_id = ? AND cr.restaurant_id `+in+` ORDER BY cr.campaign_id, cr.restaurant_id`, append([]any{franchiseID}, args...),
		func(row store.Scanner) (RestaurantLink, error) {
			var l RestaurantLink
			err := row.Scan(&l.CampaignID, &l.RestaurantID)
			return l, err
		})
}

// CarteOf reads a carte of the franchise; another franchise's carte is not
// found (tenancy.ErrNotFound).
func CarteOf(ctx context.Context, r store.Runner, franchiseID, id int64) (Campaign, error) {
	return scanCampaign(r.QueryRow(ctx, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.id = ? AND c.franchise_id = ?`, id, franchiseID))
}

// LinkedTo returns the franchise's cartes a restaurant serves, deactivated
// ones included.
func LinkedTo(ctx context.Context, r store.Runner, franchiseID, restaurantID int64) ([]Campaign, error) {
	return store.Collect(ctx, r, `SELECT `+campaignColumns+` FROM campaign_restaurants cr JOIN campaigns c ON c.id = cr.campaign_id
		WHERE cr.restaurant_id = ? AND c.franchise_id = ? ORDER BY c.id`, []any{restaurantID, franchiseID}, scanCampaign)
}

// SetLinked links a carte to a restaurant or removes the link, and says
// whether that changed anything. The caller has checked that both belong
// to the same franchise.
func SetLinked(ctx context.Context, r store.Runner, campaignID, restaurantID int64, linked bool) (bool, error) {
	var res sql.Result
	var err error
	if linked {
		res, err = r.Exec(ctx, `INSERT INTO campaign_restaurants (campaign_id, restaurant_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, campaignID, restaurantID)
	} else {
		res, err = r.Exec(ctx, `DELETE FROM campaign_restaurants WHERE campaign_id = ? AND restaurant_id = ?`, campaignID, restaurantID)
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// VersionDocument returns the stored document of a carte's version.
func VersionDocument(ctx context.Context, r store.Runner, campaignID int64, version int) ([]byte, error) {
	var doc string
	err := r.QueryRow(ctx, `SELECT document FROM campaign_versions WHERE campaign_id = ? AND version = ?`, campaignID, version).Scan(&doc)
	return []byte(doc), err
}

// RestaurantsWithPeriodicCartes returns, over every franchise, the
// restaurants that serve an active periodic carte: those whose menu changes
// with the month.
func RestaurantsWithPeriodicCartes(ctx context.Context, r store.Runner) (map[int64]bool, error) {
	ids, err := store.Collect(ctx, r, `SELECT DISTINCT cr.restaurant_id FROM campaign_restaurants cr JOIN campaigns c ON c.id = cr.campaign_id
		WHERE c.is_periodic = ? AND c.removed = ?`, []any{true, false}, store.ScanValue[int64])
	if err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
