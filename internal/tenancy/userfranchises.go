package tenancy

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"brigade/internal/store"
)

// A restaurant login may be attached to franchises other than its home one
// (users.franchise_id): user_franchises lists them, and its restaurants in
// each come from user_restaurants, filtered to that franchise's restaurants.
// A session is for one franchise at a time; switching issues a new token.

// FranchiseName names a franchise a login can switch to.
type FranchiseName struct {
	ID   int64
	Name string
}

// UserInFranchise reads a login as it is inside franchiseID: its home
// franchise, or one it is attached to (only restaurant logins are). The
// user's FranchiseID is then franchiseID, its Restaurants those of that
// franchise and FranchiseClosed that franchise's. Any other franchise is
// ErrNotFound, as another tenant's resource. The attachment is read on every
// call, so that detaching takes effect at the login's next request.
func (s *Service) UserInFranchise(ctx context.Context, userID, franchiseID int64) (User, error) {
	u, err := userBy(ctx, s.db, "id", userID)
	if err != nil || u.FranchiseID == franchiseID {
		return u, err
	}
	if u.Role != RoleRestaurant || franchiseID == 0 {
		return User{}, ErrNotFound
	}
	var closed bool
	err = s.db.QueryRow(ctx, `SELECT f.closed_at IS NOT NULL FROM user_franchises uf JOIN franchises f ON f.id = uf.franchise_id
		WHERE uf.user_id = ? AND uf.franchise_id = ?`, userID, franchiseID).Scan(&closed)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNotFound
	}
	if err != nil {
		return User{}, err
	}
	u.FranchiseID, u.FranchiseClosed = franchiseID, closed
	return u, loadUserRestaurants(ctx, s.db, &u)
}

// FranchisesOfUser lists the franchises a login can work in: its home
// franchise first, then those it is attached to and still open, by name.
// Super-admins have none.
func (s *Service) FranchisesOfUser(ctx context.Context, userID int64) ([]FranchiseName, error) {
	return store.Collect(ctx, s.db, `SELECT id, name FROM (
			SELECT 0 AS attached, f.id, f.name FROM users u JOIN franchises f ON f.id = u.franchise_id WHERE u.id = ?
			UNION ALL
			SELECT 1 AS attached, f.id, f.name FROM user_franchises uf JOIN franchises f ON f.id = uf.franchise_id
			JOIN users u ON u.id = uf.user_id AND u.role = 'restaurant' WHERE uf.user_id = ? AND f.closed_at IS NULL
		) x ORDER BY attached, name, id`,
		[]any{userID, userID}, scanFranchiseName)
}

func scanFranchiseName(row store.Scanner) (FranchiseName, error) {
	var f FranchiseName
	err := row.Scan(&f.ID, &f.Name)
	return f, err
}

// AttachToFranchise attaches a restaurant login to a franchise other than
// its home one, with restaurants of that franchise (replacing those it had
// there): super-admins only.
func (s *Service) AttachToFranchise(ctx context.Context, p Principal, userID, franchiseID int64, restaurantIDs []int64) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		return s.AttachToFranchiseIn(ctx, tx, p, userID, franchiseID, restaurantIDs)
	})
}

// AttachToFranchiseIn is AttachToFranchise inside the caller's transaction
// (the demo loader's).
func (s *Service) AttachToFranchiseIn(ctx context.Context, r store.Runner, p Principal, userID, franchiseID int64, restaurantIDs []int64) error {
	if !p.IsSuperAdmin() {
		return ErrForbidden
	}
	u, err := userBy(ctx, r, "id", userID)
	if err != nil {
		return err
	}
	if _, err := franchiseByID(ctx, r, franchiseID); err != nil {
		return err
	}
	if u.Role != RoleRestaurant {
		return &ValidationError{Field: "userId", Message: "Seul un compte restaurant peut être rattaché à plusieurs franchises."}
	}
	if u.FranchiseID == franchiseID {
		return &ValidationError{Field: "franchiseId", Message: "Ce compte appartient déjà à cette franchise."}
	}
	ids := slices.Compact(slices.Sorted(slices.Values(restaurantIDs)))
	if len(ids) == 0 {
		return &ValidationError{Field: "restaurantIds", Message: "Choisissez au moins un restaurant de cette franchise."}
	}
	in, args := store.In(ids)
	var n int
	if err := r.QueryRow(ctx, `SELECT COUNT(*) FROM restaurants WHERE franchise_id = ? AND archived_at IS NULL AND id `+in,
		append([]any{franchiseID}, args...)...).Scan(&n); err != nil {
		return err
	}
	if n != len(ids) {
		return &ValidationError{Field: "restaurantIds", Message: "Les restaurants doivent appartenir à cette franchise."}
	}
	if _, err := r.Exec(ctx, `INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, franchise_id) DO NOTHING`,
		userID, franchiseID, time.Now().UTC()); err != nil {
		return err
	}
	if err := deleteUserRestaurantsOf(ctx, r, userID, franchiseID); err != nil {
		return err
	}
	for _, rid := range ids {
		if _, err := r.Exec(ctx, `INSERT INTO user_restaurants (user_id, restaurant_id) VALUES (?, ?)`, userID, rid); err != nil {
			return err
		}
	}
	return nil
}

// DetachFromFranchise removes a login's attachment to a franchise and its
// restaurants there: super-admins only. Its tokens for that franchise are
// refused from the next call.
func (s *Service) DetachFromFranchise(ctx context.Context, p Principal, userID, franchiseID int64) error {
	if !p.IsSuperAdmin() {
		return ErrForbidden
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM user_franchises WHERE user_id = ? AND franchise_id = ?`, userID, franchiseID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		return deleteUserRestaurantsOf(ctx, tx, userID, franchiseID)
	})
}

func deleteUserRestaurantsOf(ctx context.Context, r store.Runner, userID, franchiseID int64) error {
	_, err := r.Exec(ctx, `DELETE FROM user_restaurants WHERE user_id = ? AND restaurant_id IN (SELECT id FROM restaurants WHERE franchise_id = ?)`,
		userID, franchiseID)
	return err
}
