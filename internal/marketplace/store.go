package marketplace

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

const moduleColumns = `id, franchise_id, restaurant_id, kind, module_name, category, image, description, status, settings, version, updated_at`

func scanModule(row interface{ Scan(...any) error }) (Module, error) {
	var m Module
	var kind, settings string
	err := row.Scan(&m.ID, &m.FranchiseID, &m.RestaurantID, &kind, &m.Name, &m.Category, &m.Image, &m.Description,
		&m.Status, &settings, &m.Version, &m.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return m, tenancy.ErrNotFound
	}
	if err != nil {
		return m, err
	}
	m.Kind = Kind(kind)
	if err := json.Unmarshal([]byte(settings), &m.Settings); err != nil {
		return m, fmt.Errorf("réglages du module %d illisibles : %w", m.ID, err)
	}
	return m, nil
}

// restaurantsWithModules lists which of ids already have modules.
func restaurantsWithModules(ctx context.Context, r store.Runner, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := store.In(ids)
	have, err := store.Collect(ctx, r, `SELECT DISTINCT restaurant_id FROM marketplace_modules WHERE restaurant_id `+in, args, store.ScanValue[int64])
	for _, id := range have {
		out[id] = true
	}
	return out, err
}

// insertModule adds a module unless the restaurant already has one of that
// kind: two first visits at once create the defaults once.
func insertModule(ctx context.Context, r store.Runner, x tenancy.Restaurant, c Catalogue) (bool, error) {
	now := time.Now().UTC()
	res, err := r.Exec(ctx, `INSERT INTO marketplace_modules (franchise_id, restaurant_id, kind, module_name, category, image, description, status, settings, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, FALSE, '{}', 1, ?, ?) ON CONFLICT (restaurant_id, kind) DO NOTHING`,
		x.FranchiseID, x.ID, string(c.Kind), c.Name, c.Category, c.Image, c.Description, now, now)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// modulesPerRestaurant reads the modules of restaurants, with their tills.
func modulesPerRestaurant(ctx context.Context, r store.Runner, ids []int64) (map[int64][]Module, error) {
	out := map[int64][]Module{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := store.In(ids)
	all, err := store.Collect(ctx, r, `SELECT `+moduleColumns+` FROM marketplace_modules WHERE restaurant_id `+in+` ORDER BY restaurant_id, id`, args, scanModule)
	if err != nil {
		return nil, err
	}
	byID := map[int64]*Module{}
	for i := range all {
		byID[all[i].ID] = &all[i]
	}
	err = store.Each(ctx, r, `SELECT p.module_id, e.id, e.name, e.user_keen_id FROM marketplace_module_pos p
		JOIN marketplace_modules m ON m.id = p.module_id JOIN equipments e ON e.id = p.equipment_id
		WHERE m.restaurant_id `+in+` ORDER BY e.name, e.id`, args, func(row store.Scanner) error {
		var mid int64
		var t Till
		if err := row.Scan(&mid, &t.ID, &t.Name, &t.UserKeenID); err != nil {
			return err
		}
		if m := byID[mid]; m != nil {
			m.SelectedPOS = append(m.SelectedPOS, t)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, m := range all {
		out[m.RestaurantID] = append(out[m.RestaurantID], m)
	}
	for id := range out {
		slices.SortStableFunc(out[id], func(a, b Module) int { return catalogueIndex(a.Kind) - catalogueIndex(b.Kind) })
	}
	return out, nil
}

func catalogueIndex(k Kind) int {
	for i, c := range Modules {
		if c.Kind == k {
			return i
		}
	}
	return len(Modules)
}

// tillsPerRestaurant lists the tills (not the kiosks) of restaurants.
func tillsPerRestaurant(ctx context.Context, r store.Runner, ids []int64) (map[int64][]Till, error) {
	out := map[int64][]Till{}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := store.In(ids)
	args = append(args, tenancy.EquipmentTill)
	err := store.Each(ctx, r, `SELECT restaurant_id, id, name, user_keen_id FROM equipments WHERE restaurant_id `+in+` AND kind = ? ORDER BY name, id`, args, func(row store.Scanner) error {
		var rid int64
		var t Till
		if err := row.Scan(&rid, &t.ID, &t.Name, &t.UserKeenID); err != nil {
			return err
		}
		out[rid] = append(out[rid], t)
		return nil
	})
	return out, err
}

func scanTill(row store.Scanner) (Till, error) {
	var t Till
	err := row.Scan(&t.ID, &t.Name, &t.UserKeenID)
	return t, err
}

// moduleOf reads one module of a restaurant with its tills.
func moduleOf(ctx context.Context, r store.Runner, restaurantID int64, k Kind) (Module, error) {
	m, err := scanModule(r.QueryRow(ctx, `SELECT `+moduleColumns+` FROM marketplace_modules WHERE restaurant_id = ? AND kind = ?`, restaurantID, string(k)))
	if err != nil {
		return m, err
	}
	m.SelectedPOS, err = store.Collect(ctx, r, `SELECT e.id, e.name, e.user_keen_id FROM marketplace_module_pos p JOIN equipments e ON e.id = p.equipment_id
		WHERE p.module_id = ? ORDER BY e.name, e.id`, []any{m.ID}, scanTill)
	return m, err
}

// equipmentOf reads an equipment of a restaurant (kind included).
func equipmentOf(ctx context.Context, r store.Runner, restaurantID, id int64) (Till, string, error) {
	var t Till
	var kind string
	err := r.QueryRow(ctx, `SELECT id, name, user_keen_id, kind FROM equipments WHERE id = ? AND restaurant_id = ?`, id, restaurantID).
		Scan(&t.ID, &t.Name, &t.UserKeenID, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return t, "", tenancy.ErrNotFound
	}
	return t, kind, err
}

// updateModule writes status and settings, moving the version on; a module
// changed since version was read is a conflict.
func updateModule(ctx context.Context, r store.Runner, m Module, version int) error {
	settings, err := json.Marshal(m.Settings)
	if err != nil {
		return err
	}
	res, err := r.Exec(ctx, `UPDATE marketplace_modules SET status = ?, settings = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND version = ?`, m.Status, string(settings), time.Now().UTC(), m.ID, version)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return tenancy.ErrConflict
	}
	return nil
}

func assignTill(ctx context.Context, r store.Runner, moduleID, equipmentID int64) error {
	_, err := r.Exec(ctx, `INSERT INTO marketplace_module_pos (module_id, equipment_id, assigned_at) VALUES (?, ?, ?)`,
		moduleID, equipmentID, time.Now().UTC())
	return err
}

func unassignTill(ctx context.Context, r store.Runner, moduleID, equipmentID int64) (bool, error) {
	res, err := r.Exec(ctx, `DELETE FROM marketplace_module_pos WHERE module_id = ? AND equipment_id = ?`, moduleID, equipmentID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// touchModule moves a module's version on (its tills changed).
func touchModule(ctx context.Context, r store.Runner, moduleID int64) error {
	_, err := r.Exec(ctx, `UPDATE marketplace_modules SET version = version + 1, updated_at = ? WHERE id = ?`, time.Now().UTC(), moduleID)
	return err
}
