package brands

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

const brandColumns = `b.id, b.name, b.logo_url, b.primary_color, b.secondary_color, b.version, b.created_at, b.updated_at`

func scanBrand(row store.Scanner) (Brand, error) {
	var b Brand
	err := row.Scan(&b.ID, &b.Name, &b.Logo, &b.PrimaryColor, &b.SecondaryColor, &b.Version, &b.CreatedAt, &b.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return b, tenancy.ErrNotFound
	}
	b.CreatedAt, b.UpdatedAt = b.CreatedAt.UTC(), b.UpdatedAt.UTC()
	b.CampaignIDs, b.RestaurantIDs = []int64{}, []int64{}
	return b, err
}

// franchiseBrands reads a franchise's brands by name, with their cartes
// and restaurants.
func franchiseBrands(ctx context.Context, r store.Runner, franchiseID int64) ([]Brand, error) {
	list, err := store.Collect(ctx, r, `SELECT `+brandColumns+` FROM brands b WHERE b.franchise_id = ? ORDER BY b.name_key, b.id`, []any{franchiseID}, scanBrand)
	if err != nil {
		return nil, err
	}
	at := make(map[int64]int, len(list))
	for i, b := range list {
		at[b.ID] = i
	}
	links, err := brandLinks(ctx, r, franchiseID, 0)
	if err != nil {
		return nil, err
	}
	for _, l := range links {
		b := &list[at[l.brand]]
		if l.campaign {
			b.CampaignIDs = append(b.CampaignIDs, l.id)
		} else {
			b.RestaurantIDs = append(b.RestaurantIDs, l.id)
		}
	}
	return list, nil
}

func brandByID(ctx context.Context, r store.Runner, franchiseID, id int64) (Brand, error) {
	b, err := scanBrand(r.QueryRow(ctx, `SELECT `+brandColumns+` FROM brands b WHERE b.franchise_id = ? AND b.id = ?`, franchiseID, id))
	if err != nil {
		return b, err
	}
	links, err := brandLinks(ctx, r, franchiseID, id)
	if err != nil {
		return b, err
	}
	for _, l := range links {
		if l.campaign {
			b.CampaignIDs = append(b.CampaignIDs, l.id)
		} else {
			b.RestaurantIDs = append(b.RestaurantIDs, l.id)
		}
	}
	return b, nil
}

// link is a carte (campaign) or a restaurant of a brand.
type link struct {
	brand, id int64
	campaign  bool
}

// brandLinks reads the cartes and restaurants of a franchise's brands (of
// one brand when brandID is not 0), ids ascending.
func brandLinks(ctx context.Context, r store.Runner, franchiseID, brandID int64) ([]link, error) {
	q := `SELECT brand_id, campaign_id, TRUE FROM brand_campaigns WHERE franchise_id = ? AND (? = 0 OR brand_id = ?)
		UNION ALL SELECT brand_id, restaurant_id, FALSE FROM brand_restaurants WHERE franchise_id = ? AND (? = 0 OR brand_id = ?)
		ORDER BY 1, 3 DESC, 2`
	return store.Collect(ctx, r, q, []any{franchiseID, brandID, brandID, franchiseID, brandID, brandID}, func(s store.Scanner) (link, error) {
		var l link
		err := s.Scan(&l.brand, &l.id, &l.campaign)
		return l, err
	})
}

// campaignOwner names the other brand that owns a carte ("" when none).
func campaignOwner(ctx context.Context, r store.Runner, franchiseID, campaignID, exceptBrand int64) (string, error) {
	var name string
	err := r.QueryRow(ctx, `SELECT b.name FROM brand_campaigns bc JOIN brands b ON b.id = bc.brand_id
		WHERE bc.franchise_id = ? AND bc.campaign_id = ? AND bc.brand_id <> ?`, franchiseID, campaignID, exceptBrand).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return name, err
}

func insertBrand(ctx context.Context, r store.Runner, franchiseID int64, b Brand, key string) (int64, error) {
	now := time.Now().UTC()
	return store.InsertID(ctx, r, `INSERT INTO brands (franchise_id, name, name_key, logo_url, primary_color, secondary_color, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`, franchiseID, b.Name, key, b.Logo, b.PrimaryColor, b.SecondaryColor, now, now)
}

// updateBrand writes b over version; false when the version moved on.
func updateBrand(ctx context.Context, r store.Runner, franchiseID int64, b Brand, key string, version int) (bool, error) {
	res, err := r.Exec(ctx, `UPDATE brands SET name = ?, name_key = ?, logo_url = ?, primary_color = ?, secondary_color = ?, version = version + 1, updated_at = ?
		WHERE franchise_id = ? AND id = ? AND version = ?`, b.Name, key, b.Logo, b.PrimaryColor, b.SecondaryColor, time.Now().UTC(), franchiseID, b.ID, version)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// setLinks replaces a brand's cartes and restaurants (only an admin, who
// sees every restaurant, edits brands: nothing unseen is dropped).
func setLinks(ctx context.Context, r store.Runner, franchiseID int64, b Brand) error {
	if _, err := r.Exec(ctx, `DELETE FROM brand_campaigns WHERE brand_id = ?`, b.ID); err != nil {
		return err
	}
	if _, err := r.Exec(ctx, `DELETE FROM brand_restaurants WHERE brand_id = ?`, b.ID); err != nil {
		return err
	}
	for _, id := range b.CampaignIDs {
		if _, err := r.Exec(ctx, `INSERT INTO brand_campaigns (brand_id, campaign_id, franchise_id) VALUES (?, ?, ?)`, b.ID, id, franchiseID); err != nil {
			return err
		}
	}
	for _, id := range b.RestaurantIDs {
		if _, err := r.Exec(ctx, `INSERT INTO brand_restaurants (brand_id, restaurant_id, franchise_id) VALUES (?, ?, ?)`, b.ID, id, franchiseID); err != nil {
			return err
		}
	}
	return nil
}

func deleteBrand(ctx context.Context, r store.Runner, franchiseID, id int64) error {
	_, err := r.Exec(ctx, `DELETE FROM brands WHERE franchise_id = ? AND id = ?`, franchiseID, id)
	return err
}
