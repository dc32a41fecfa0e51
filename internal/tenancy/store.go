package tenancy

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"brigade/internal/store"
)

const franchiseColumns = `id, name, logo, country_code, currency, is_blocked, settings, contact_email, contact_phone, address, created_at, updated_at, closed_at`

func scanFranchise(row interface{ Scan(...any) error }) (Franchise, error) {
	var f Franchise
	var settings string
	var closed sql.NullTime
	err := row.Scan(&f.ID, &f.Name, &f.Logo, &f.CountryCode, &f.Currency, &f.IsBlocked, &settings, &f.ContactEmail, &f.ContactPhone, &f.Address, &f.CreatedAt, &f.UpdatedAt, &closed)
	if errors.Is(err, sql.ErrNoRows) {
		return f, ErrNotFound
	}
	if err != nil {
		return f, err
	}
	if closed.Valid {
		t := closed.Time.UTC()
		f.ClosedAt = &t
	}
	if settings != "" {
		if err := json.Unmarshal([]byte(settings), &f.Settings); err != nil {
			return f, fmt.Errorf("franchise %d settings: %w", f.ID, err)
		}
	}
	return f, nil
}

func insertFranchise(ctx context.Context, r store.Runner, f Franchise) (int64, error) {
	settings, err := json.Marshal(f.Settings)
	if err != nil {
		return 0, err
	}
	now := time.Now().UTC()
	return store.InsertID(ctx, r, `INSERT INTO franchises (name, logo, country_code, currency, is_blocked, settings, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.Name, f.Logo, f.CountryCode, f.Currency, f.IsBlocked, string(settings), now, now)
}

func franchiseByID(ctx context.Context, r store.Runner, id int64) (Franchise, error) {
	return scanFranchise(r.QueryRow(ctx, `SELECT `+franchiseColumns+` FROM franchises WHERE id = ?`, id))
}

// FranchiseSummary is a row of the super-admin's franchise list.
type FranchiseSummary struct {
	Franchise
	RestaurantCount int
}

func franchisesWithCounts(ctx context.Context, r store.Runner) ([]FranchiseSummary, error) {
	return store.Collect(ctx, r, `SELECT f.id, f.name, f.logo, f.country_code, f.currency, f.is_blocked, f.settings, f.contact_email, f.contact_phone, f.address, f.created_at, f.updated_at, f.closed_at,
		(SELECT COUNT(*) FROM restaurants r WHERE r.franchise_id = f.id AND r.archived_at IS NULL)
		FROM franchises f ORDER BY f.name, f.id`, nil, func(row store.Scanner) (FranchiseSummary, error) {
		var s FranchiseSummary
		var settings string
		var closed sql.NullTime
		if err := row.Scan(&s.ID, &s.Name, &s.Logo, &s.CountryCode, &s.Currency, &s.IsBlocked, &settings, &s.ContactEmail, &s.ContactPhone, &s.Address, &s.CreatedAt, &s.UpdatedAt, &closed, &s.RestaurantCount); err != nil {
			return s, err
		}
		if closed.Valid {
			t := closed.Time.UTC()
			s.ClosedAt = &t
		}
		_ = json.Unmarshal([]byte(settings), &s.Settings)
		return s, nil
	})
}

func setFranchiseBlocked(ctx context.Context, r store.Runner, id int64, blocked bool) error {
	res, err := r.Exec(ctx, `UPDATE franchises SET is_blocked = ?, updated_at = ? WHERE id = ?`, blocked, time.Now().UTC(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

const restaurantColumns = `id, franchise_id, siret, nom, pseudo, adresse, ville, current_licence, country_code, time_zone, archived_at, created_at, updated_at`

func scanRestaurant(row interface{ Scan(...any) error }) (Restaurant, error) {
	var x Restaurant
	var archived sql.NullTime
	err := row.Scan(&x.ID, &x.FranchiseID, &x.Siret, &x.Nom, &x.Pseudo, &x.Adresse, &x.Ville, &x.CurrentLicence, &x.CountryCode, &x.TimeZone, &archived, &x.CreatedAt, &x.UpdatedAt)
	if archived.Valid {
		t := archived.Time
		x.ArchivedAt = &t
	}
	if errors.Is(err, sql.ErrNoRows) {
		return x, ErrNotFound
	}
	return x, err
}

func insertRestaurant(ctx context.Context, r store.Runner, x Restaurant) (int64, error) {
	now := time.Now().UTC()
	id, err := store.InsertID(ctx, r, `INSERT INTO restaurants (franchise_id, siret, nom, pseudo, adresse, ville, current_licence, country_code, time_zone, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, x.FranchiseID, x.Siret, x.Nom, x.Pseudo, x.Adresse, x.Ville, x.CurrentLicence, x.CountryCode, x.TimeZone, now, now)
	if store.IsUniqueViolation(err) {
		return 0, &ValidationError{Field: "siret", Message: fmt.Sprintf("Le SIRET %s est déjà utilisé par un autre restaurant.", x.Siret)}
	}
	return id, err
}

// scopeClause returns the WHERE fragment and arguments that restrict a
// restaurants query (table alias a) to what p may see.
func scopeClause(p Principal, alias string) (string, []any) {
	clause := alias + ".franchise_id = ?"
	args := []any{p.FranchiseID}
	if p.AllRestaurants() {
		return clause, args
	}
	if len(p.Restaurants) == 0 {
		return "1 = 0", nil
	}
	in, ids := store.In(p.Restaurants)
	clause += " AND " + alias + ".id " + in
	args = append(args, ids...)
	return clause, args
}

// RestaurantFilter narrows a restaurant listing.
type RestaurantFilter struct {
	Search          string // in nom, pseudo, ville and SIRET, accents and case ignored by the caller's normalisation
	IncludeArchived bool
}

func restaurantsInScope(ctx context.Context, r store.Runner, p Principal, f RestaurantFilter) ([]Restaurant, error) {
	where, args := scopeClause(p, "r")
	if !f.IncludeArchived {
		where += " AND r.archived_at IS NULL"
	}
	if s := strings.ToLower(strings.TrimSpace(f.Search)); s != "" {
		like := "%" + strings.NewReplacer("%", "", "_", "").Replace(s) + "%"
		where += " AND (LOWER(r.nom) LIKE ? OR LOWER(r.pseudo) LIKE ? OR LOWER(r.ville) LIKE ? OR r.siret LIKE ?)"
		args = append(args, like, like, like, like)
	}
	return store.Collect(ctx, r, `SELECT r.`+strings.ReplaceAll(restaurantColumns, ", ", ", r.")+` FROM restaurants r WHERE `+where+` ORDER BY r.nom, r.id`, args, scanRestaurant)
}

func restaurantByID(ctx context.Context, r store.Runner, id int64) (Restaurant, error) {
	return scanRestaurant(r.QueryRow(ctx, `SELECT `+restaurantColumns+` FROM restaurants WHERE id = ?`, id))
}

const equipmentColumns = `id, franchise_id, restaurant_id, kind, name, user_keen_id, key_hint, key_issued_at, last_seen_at, created_at`

func scanEquipment(row interface{ Scan(...any) error }) (Equipment, error) {
	var e Equipment
	var issued, seen sql.NullTime
	err := row.Scan(&e.ID, &e.FranchiseID, &e.RestaurantID, &e.Kind, &e.Name, &e.UserKeenID, &e.KeyHint, &issued, &seen, &e.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return e, ErrNotFound
	}
	if issued.Valid {
		t := issued.Time
		e.KeyIssuedAt = &t
	}
	if seen.Valid {
		t := seen.Time
		e.LastSeenAt = &t
	}
	return e, err
}

func insertEquipment(ctx context.Context, r store.Runner, e Equipment) (int64, error) {
	return store.InsertID(ctx, r, `INSERT INTO equipments (franchise_id, restaurant_id, kind, name, user_keen_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, e.FranchiseID, e.RestaurantID, e.Kind, e.Name, e.UserKeenID, time.Now().UTC())
}

func equipmentsPerRestaurant(ctx context.Context, r store.Runner, restaurantID int64) ([]Equipment, error) {
	return store.Collect(ctx, r, `SELECT `+equipmentColumns+` FROM equipments WHERE restaurant_id = ? ORDER BY kind DESC, name, id`, []any{restaurantID}, scanEquipment)
}

const userColumns = `id, franchise_id, login, email, password_hash, role, user_type, nom, prenom, restaurant_id, disabled, created_at, updated_at,
	COALESCE((SELECT f.closed_at IS NOT NULL FROM franchises f WHERE f.id = users.franchise_id), FALSE)`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var franchiseID, restaurantID sql.NullInt64
	var role string
	err := row.Scan(&u.ID, &franchiseID, &u.Login, &u.Email, &u.PasswordHash, &role, &u.UserType, &u.Nom, &u.Prenom, &restaurantID, &u.Disabled, &u.CreatedAt, &u.UpdatedAt, &u.FranchiseClosed)
	if errors.Is(err, sql.ErrNoRows) {
		return u, ErrNotFound
	}
	u.Role = Role(role)
	u.FranchiseID = franchiseID.Int64
	u.RestaurantID = restaurantID.Int64
	return u, err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func insertUser(ctx context.Context, r store.Runner, u User) (int64, error) {
	now := time.Now().UTC()
	id, err := store.InsertID(ctx, r, `INSERT INTO users (franchise_id, login, email, password_hash, role, user_type, nom, prenom, restaurant_id, disabled, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		nullID(u.FranchiseID), NormalizeLogin(u.Login), strings.TrimSpace(u.Email), u.PasswordHash, string(u.Role), u.UserType, u.Nom, u.Prenom, nullID(u.RestaurantID), u.Disabled, now, now)
	if store.IsUniqueViolation(err) {
		return 0, &ValidationError{Field: "login", Message: "Cet identifiant est déjà utilisé."}
	}
	if err != nil {
		return 0, err
	}
	for _, rid := range u.Restaurants {
		if _, err := r.Exec(ctx, `INSERT INTO user_restaurants (user_id, restaurant_id) VALUES (?, ?)`, id, rid); err != nil {
			return 0, err
		}
	}
	return id, nil
}

func loadUserRestaurants(ctx context.Context, r store.Runner, u *User) error {
	ids, err := store.Collect(ctx, r, `SELECT ur.restaurant_id FROM user_restaurants ur
		JOIN restaurants x ON x.id = ur.restaurant_id
		WHERE ur.user_id = ? AND x.franchise_id = ? ORDER BY ur.restaurant_id`, []any{u.ID, u.FranchiseID}, store.ScanValue[int64])
	u.Restaurants = ids
	return err
}

func userBy(ctx context.Context, r store.Runner, column string, value any) (User, error) {
	u, err := scanUser(r.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE `+column+` = ?`, value))
	if err != nil {
		return u, err
	}
	return u, loadUserRestaurants(ctx, r, &u)
}
