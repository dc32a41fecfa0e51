package menu

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// DeletedCampaign is a deleted carte the archive can restore.
type DeletedCampaign struct {
	ID         int64     `json:"id"`
	CampaignID int64     `json:"campaignId" doc:"L'identifiant qu'avait la carte"`
	Nom        string    `json:"nom"`
	DeletedBy  string    `json:"deletedBy"`
	DeletedAt  time.Time `json:"deletedAt"`
	Size       int       `json:"size" doc:"Taille du fichier gardé, en octets"`
}

// Deleted lists the franchise's deleted cartes, the latest first. The
// archive is the franchise's, like its cartes: whoever may list the cartes
// may list it.
func (s *Service) Deleted(ctx context.Context, p tenancy.Principal) ([]DeletedCampaign, error) {
	return store.Collect(ctx, s.db, `SELECT id, campaign_id, nom, deleted_by, deleted_at, LENGTH(export) FROM deleted_campaigns
		WHERE franchise_id = ? ORDER BY id DESC LIMIT 500`, []any{p.FranchiseID}, func(r store.Scanner) (d DeletedCampaign, err error) {
		err = r.Scan(&d.ID, &d.CampaignID, &d.Nom, &d.DeletedBy, &d.DeletedAt, &d.Size)
		d.DeletedAt = d.DeletedAt.UTC()
		return d, err
	})
}

// Restore brings a deleted carte back as a new carte (a new id, not
// principal, linked to no restaurant), as an import of its file would, and
// takes it out of the archive.
func (s *Service) Restore(ctx context.Context, p tenancy.Principal, id int64) (Campaign, error) {
	if err := canWrite(p); err != nil {
		return Campaign{}, err
	}
	var nom, file string
	err := s.db.QueryRow(ctx, `SELECT nom, export FROM deleted_campaigns WHERE id = ? AND franchise_id = ?`, id, p.FranchiseID).Scan(&nom, &file)
	if errors.Is(err, sql.ErrNoRows) {
		return Campaign{}, tenancy.ErrNotFound
	}
	if err != nil {
		return Campaign{}, err
	}
	// A carte of the same name may exist again since: the restored one
	// keeps its name all the same (the list shows both, with their dates).
	c, err := s.Import(ctx, p, nom, SanitizeFileName(nom)+".json", true, []byte(file))
	if err != nil {
		return Campaign{}, err
	}
	_, err = s.db.Exec(ctx, `DELETE FROM deleted_campaigns WHERE id = ? AND franchise_id = ?`, id, p.FranchiseID)
	return c, err
}
