package menu

import (
	"context"
	"fmt"

	"brigade/internal/store"
)

// NameKey folds a name as two elements are compared for being named alike
// (accents, spaces and case ignored): what brands compare their names by.
func NameKey(name string) string { return nameKey(name) }

// ProductIDs reads the idGlobal of every product of some of a franchise's
// cartes, per carte, removed products included (they were sold before
// their removal). It takes no principal: the brand reports map what a
// restaurant sold to the brand of its carte for any login of the
// franchise, and only ids leave this function.
func (s *Service) ProductIDs(ctx context.Context, franchiseID int64, campaignIDs []int64) (map[int64][]string, error) {
	out := make(map[int64][]string, len(campaignIDs))
	if len(campaignIDs) == 0 {
		return out, nil
	}
	in, args := store.In(campaignIDs)
	list, err := store.Collect(ctx, s.db, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.franchise_id = ? AND c.id `+in,
		append([]any{franchiseID}, args...), func(r store.Scanner) (Campaign, error) { return scanCampaign(r) })
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		raw, err := s.document(ctx, c)
		if err != nil {
			return nil, err
		}
		d, err := Parse(raw, c.URL)
		if err != nil {
			return nil, fmt.Errorf("carte %d : %w", c.ID, err)
		}
		ids := make([]string, 0, len(d.Items))
		for _, p := range d.Items {
			if p.IDGlobal != "" {
				ids = append(ids, p.IDGlobal)
			}
		}
		out[c.ID] = ids
	}
	return out, nil
}
