package tenancy

import (
	"context"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"brigade/internal/history"
	"brigade/internal/store"
)

// People: the franchise admin manages the logins of the franchise —
// moderators (one restaurant), guests (a list of restaurants) and
// restaurant logins. Passwords are hashed by the caller (auth).

// ModuleUtilisateurs is the change-history module of the people screens.
const ModuleUtilisateurs = "Utilisateurs"

// PersonInput is a login the admin creates or edits.
type PersonInput struct {
	Login        string
	Email        string
	Nom          string
	Prenom       string
	Role         Role
	RestaurantID int64   // moderators
	Restaurants  []int64 // guests and restaurant logins
}

var managedRoles = []Role{RoleModerator, RoleGuest, RoleRestaurant}

func (s *Service) checkPerson(ctx context.Context, r store.Runner, p Principal, in *PersonInput) error {
	in.Nom, in.Prenom, in.Email = strings.TrimSpace(in.Nom), strings.TrimSpace(in.Prenom), strings.TrimSpace(in.Email)
	if !slices.Contains(managedRoles, in.Role) {
		return &ValidationError{Field: "role", Message: "Le rôle doit être modérateur, invité ou restaurant."}
	}
	if in.Nom == "" {
		return &ValidationError{Field: "nom", Message: "Le nom est obligatoire."}
	}
	if in.Email != "" {
		if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email {
			return &ValidationError{Field: "email", Message: fmt.Sprintf("L'adresse e-mail « %s » n'est pas valide.", in.Email)}
		}
	}
	ids := in.Restaurants
	if in.Role == RoleModerator {
		if in.RestaurantID == 0 {
			return &ValidationError{Field: "restaurantId", Message: "Un modérateur doit être rattaché à un restaurant."}
		}
		ids = []int64{in.RestaurantID}
	} else {
		in.RestaurantID = 0
	}
	if len(ids) == 0 {
		return &ValidationError{Field: "restaurants", Message: "Choisissez au moins un restaurant."}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	// Every restaurant must be one of the franchise's: an id from elsewhere
	// is refused like a missing one.
	q, args := store.In(ids)
	var n int
	if err := r.QueryRow(ctx, `SELECT COUNT(*) FROM restaurants WHERE franchise_id = ? AND id `+q, append([]any{p.FranchiseID}, args...)...).Scan(&n); err != nil {
		return err
	}
	if n != len(ids) {
		return &ValidationError{Field: "restaurants", Message: "Un des restaurants choisis n'appartient pas à la franchise."}
	}
	in.Restaurants = ids
	return nil
}

func personFields(u User) map[string]any {
	return map[string]any{"identifiant": u.Login, "email": u.Email, "nom": u.Nom, "prénom": u.Prenom, "rôle": string(u.Role),
		"restaurants": fmt.Sprint(u.Restaurants), "bloqué": u.Disabled}
}

// People lists the franchise's managed logins (admin only), by role then name.
func (s *Service) People(ctx context.Context, p Principal) ([]User, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	out, err := store.Collect(ctx, s.db, `SELECT `+userColumns+` FROM users WHERE franchise_id = ? AND role IN ('moderator', 'guest', 'restaurant') ORDER BY role, nom, prenom, login`,
		[]any{p.FranchiseID}, scanUser)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if err := loadUserRestaurants(ctx, s.db, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Person reads one managed login of the franchise.
func (s *Service) Person(ctx context.Context, p Principal, id int64) (User, error) {
	if err := requireAdmin(p); err != nil {
		return User{}, err
	}
	return s.person(ctx, s.db, p, id)
}

func (s *Service) person(ctx context.Context, r store.Runner, p Principal, id int64) (User, error) {
	u, err := userBy(ctx, r, "id", id)
	if err != nil || u.FranchiseID != p.FranchiseID || !slices.Contains(managedRoles, u.Role) {
		return User{}, ErrNotFound
	}
	return u, nil
}

// CreatePerson adds a login with its password hash.
func (s *Service) CreatePerson(ctx context.Context, p Principal, in PersonInput, passwordHash string) (User, error) {
	if err := requireAdmin(p); err != nil {
		return User{}, err
	}
	var out User
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		if err := s.checkPerson(ctx, tx, p, &in); err != nil {
			return err
		}
		u, err := s.NewUser(ctx, tx, User{FranchiseID: p.FranchiseID, Login: in.Login, Email: in.Email, PasswordHash: passwordHash, Role: in.Role,
			Nom: in.Nom, Prenom: in.Prenom, RestaurantID: in.RestaurantID, Restaurants: in.Restaurants})
		if err != nil {
			return err
		}
		out = u
		return s.record(ctx, tx, p, ModuleUtilisateurs, 0, history.Ajout, u.Login, history.Diff(nil, personFields(u)))
	})
	return out, err
}

// UpdatePerson changes a login's identity, role and restaurants.
func (s *Service) UpdatePerson(ctx context.Context, p Principal, id int64, in PersonInput) (User, error) {
	if err := requireAdmin(p); err != nil {
		return User{}, err
	}
	var out User
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := s.person(ctx, tx, p, id)
		if err != nil {
			return err
		}
		in.Login = before.Login // the login never changes: it is how they sign in
		if err := s.checkPerson(ctx, tx, p, &in); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET email = ?, nom = ?, prenom = ?, role = ?, user_type = ?, restaurant_id = ?, updated_at = ? WHERE id = ?`,
			in.Email, in.Nom, in.Prenom, string(in.Role), userTypeFor(User{Role: in.Role, Restaurants: in.Restaurants}), nullID(in.RestaurantID), time.Now().UTC(), id); err != nil {
			return err
		}
		// Only this franchise's: the restaurants of a login attached to other
		// franchises stay (a super-admin manages those).
		if err := deleteUserRestaurantsOf(ctx, tx, id, p.FranchiseID); err != nil {
			return err
		}
		for _, rid := range in.Restaurants {
			if _, err := tx.Exec(ctx, `INSERT INTO user_restaurants (user_id, restaurant_id) VALUES (?, ?)`, id, rid); err != nil {
				return err
			}
		}
		if out, err = s.person(ctx, tx, p, id); err != nil {
			return err
		}
		changes := history.Diff(personFields(before), personFields(out))
		if len(changes) == 0 {
			return nil
		}
		return s.record(ctx, tx, p, ModuleUtilisateurs, 0, history.Modification, out.Login, changes)
	})
	return out, err
}

// SetPersonBlocked blocks (or unblocks) a login: a blocked login cannot
// sign in, and its open sessions end at their next suspension check.
func (s *Service) SetPersonBlocked(ctx context.Context, p Principal, id int64, blocked bool) (User, error) {
	if err := requireAdmin(p); err != nil {
		return User{}, err
	}
	var out User
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := s.person(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET disabled = ?, updated_at = ? WHERE id = ?`, blocked, time.Now().UTC(), id); err != nil {
			return err
		}
		out = before
		out.Disabled = blocked
		if before.Disabled == blocked {
			return nil
		}
		action := history.Desactivation
		if !blocked {
			action = history.Activation
		}
		return s.record(ctx, tx, p, ModuleUtilisateurs, 0, action, out.Login, history.Diff(personFields(before), personFields(out)))
	})
	return out, err
}

// SetPersonPassword replaces a login's password hash (the admin's reset).
func (s *Service) SetPersonPassword(ctx context.Context, p Principal, id int64, passwordHash string) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		u, err := s.person(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if err := s.SetPasswordHash(ctx, tx, id, passwordHash); err != nil {
			return err
		}
		return s.record(ctx, tx, p, ModuleUtilisateurs, 0, history.Modification, u.Login, []history.Change{{Field: "mot de passe", Before: "", After: "réinitialisé"}})
	})
}

// GuestMatches is the guest restaurant matching rule (second document):
// a restaurant is the guest's when its SIRET, or its pseudo lowercased and
// trimmed, is in the guest's list.
func GuestMatches(allowed []string, r Restaurant) bool {
	for _, a := range allowed {
		a = strings.TrimSpace(a)
		if a == r.Siret || (a != "" && strings.ToLower(a) == strings.ToLower(strings.TrimSpace(r.Pseudo))) {
			return true
		}
	}
	return false
}
