package deploy

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"brigade/internal/menu"
	"brigade/internal/store"
)

// KeepCurrent keeps periodic cartes' dates on the current month (DECISIONS:
// re-project at each generation and again when the month changes, so that
// kiosks never hold last month's dates). At start and then every period it
// queues, once per franchise and month whichever instance notices first
// (again at the next tick if that job failed, three times at most), a
// generation of the restaurants whose deployed menu differs from a new
// generation by the month alone — a restaurant with undeployed carte or
// price changes is left to its owner.
func (s *Service) KeepCurrent(ctx context.Context, every time.Duration) {
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			if _, err := s.QueueReprojection(ctx); err != nil && ctx.Err() == nil {
				slog.Error("deploy: re-projection", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
}

// reprojectionKey is the dedupe key of a month's attempt n (0 first).
func reprojectionKey(base string, n int) string {
	if n == 0 {
		return base
	}
	return base + ":" + strconv.Itoa(n)
}

// maxReprojections bounds the re-projection jobs of a franchise in a month
// (the first and its retries after failures).
const maxReprojections = 3

// QueueReprojection queues the month's re-projection jobs and says how many
// restaurants they cover.
func (s *Service) QueueReprojection(ctx context.Context) (int, error) {
	now := s.now()
	// Only the menus of restaurants serving an active periodic carte
	// change with the month.
	periodic, err := menu.RestaurantsWithPeriodicCartes(ctx, s.db)
	if err != nil || len(periodic) == 0 {
		return 0, err
	}
	type deployed struct {
		restaurantID int64
		inputs       string
		at           time.Time
	}
	per := map[int64][]deployed{}
	var franchises []int64
	err = store.Each(ctx, s.db, `SELECT c.franchise_id, c.restaurant_id, m.inputs, m.created_at FROM deployed_current c
		JOIN deployed_menus m ON m.restaurant_id = c.restaurant_id AND m.version = c.version
		WHERE m.rollback_of IS NULL ORDER BY c.franchise_id, c.restaurant_id`, nil, func(row store.Scanner) error {
		var f int64
		var d deployed
		if err := row.Scan(&f, &d.restaurantID, &d.inputs, &d.at); err != nil || !periodic[d.restaurantID] {
			return err
		}
		if per[f] == nil {
			franchises = append(franchises, f)
		}
		per[f] = append(per[f], d)
		return nil
	})
	if err != nil {
		return 0, err
	}
	month := now.Format("2006-01")
	total := 0
	for _, f := range franchises {
		// A blocked franchise's kiosks keep their last menu until it is
		// opened again (DECISIONS); the next tick after that catches up.
		if blocked, err := s.ten.IsBlocked(ctx, f); err != nil {
			return total, err
		} else if blocked {
			continue
		}
		ids := make([]int64, len(per[f]))
		for i, d := range per[f] {
			ids[i] = d.restaurantID
		}
		links, err := s.linkedCartes(ctx, f, ids)
		if err != nil {
			return total, err
		}
		overrides, err := s.overridesOf(ctx, f, ids)
		if err != nil {
			return total, err
		}
		var stale []int64
		for _, d := range per[f] {
			// Generations take their month from the service's clock; read
			// the stored UTC time in the same zone.
			at := d.at.In(now.Location())
			if at.Format("2006-01") == month {
				continue
			}
			sameInputs := d.inputs == inputsKey(links[d.restaurantID], overrides[d.restaurantID], at)
			if sameInputs && d.inputs != inputsKey(links[d.restaurantID], overrides[d.restaurantID], now) {
				stale = append(stale, d.restaurantID)
			}
		}
		if len(stale) == 0 {
			continue
		}
		// One job per franchise and month; a failed one is tried again at
		// the next tick under a new key, up to maxReprojections in all.
		key := "deploy.reproject:" + itoa(f) + ":" + month
		keys := make([]string, maxReprojections)
		for i := range keys {
			keys[i] = reprojectionKey(key, i)
		}
		failed, err := s.jobs.CountFailed(ctx, f, JobGenerate, keys)
		if err != nil {
			return total, err
		}
		if failed >= maxReprojections {
			continue
		}
		key = reprojectionKey(key, failed)
		message := "Dates des cartes périodiques : nouveau mois"
		if failed > 0 {
			message += fmt.Sprintf(" (nouvelle tentative, %d sur %d)", failed+1, maxReprojections)
		}
		err = s.db.WithTx(ctx, func(tx *store.Tx) error {
			_, created, err := s.jobs.EnqueueOnce(ctx, tx, key, f, JobGenerate, "Brigade",
				message, GenerateParams{RestaurantIDs: stale, By: "Brigade"})
			if created {
				total += len(stale)
			}
			return err
		})
		if err != nil {
			return total, err
		}
	}
	return total, nil
}
