package tenancy

import (
	"brigade/internal/history"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/events"
	"brigade/internal/store"
)

// Service holds the tenancy rules.
type Service struct {
	db  *store.DB
	bus events.Bus
}

// NewService returns the tenancy service over db, publishing on bus.
func NewService(db *store.DB, bus events.Bus) *Service { return &Service{db: db, bus: bus} }

// DB exposes the handle so that the demo loader can group its writes.
func (s *Service) DB() *store.DB { return s.db }

// NewFranchise validates and stores a franchise.
func (s *Service) NewFranchise(ctx context.Context, r store.Runner, f Franchise) (Franchise, error) {
	f.Name = strings.TrimSpace(f.Name)
	if f.Name == "" {
		return f, &ValidationError{Field: "name", Message: "Le nom de la franchise est obligatoire."}
	}
	if utf8.RuneCountInString(f.Name) > 120 {
		return f, &ValidationError{Field: "name", Message: "Le nom de la franchise ne doit pas dépasser 120 caractères."}
	}
	if f.CountryCode == "" {
		f.CountryCode = "FR"
	}
	if !KnownCountry(f.CountryCode) {
		return f, &ValidationError{Field: "countryCode", Message: fmt.Sprintf("Le pays %q n'est pas pris en charge.", f.CountryCode)}
	}
	if f.Currency == "" {
		f.Currency = CountryByCode(f.CountryCode).CurrencyCode
	}
	id, err := insertFranchise(ctx, r, f)
	if err != nil {
		return f, err
	}
	return franchiseByID(ctx, r, id)
}

// Franchise returns the principal's own franchise.
func (s *Service) Franchise(ctx context.Context, p Principal) (Franchise, error) {
	if p.FranchiseID == 0 {
		return Franchise{}, ErrNotFound
	}
	return franchiseByID(ctx, s.db, p.FranchiseID)
}

// FranchiseForAuth reads a franchise by id for the authentication layer,
// which resolves principals before any scope exists. Never call it with an
// id taken from a request.
func (s *Service) FranchiseForAuth(ctx context.Context, id int64) (Franchise, error) {
	return franchiseByID(ctx, s.db, id)
}

// IsBlocked reports whether a franchise is blocked, for background work
// (a blocked franchise gets no new deployment). The id must come from the
// database, never from a request.
func (s *Service) IsBlocked(ctx context.Context, franchiseID int64) (bool, error) {
	f, err := franchiseByID(ctx, s.db, franchiseID)
	if err != nil {
		return false, err
	}
	return f.IsBlocked, nil
}

// Franchises lists every franchise: super-admins only.
func (s *Service) Franchises(ctx context.Context, p Principal) ([]FranchiseSummary, error) {
	if !p.IsSuperAdmin() {
		return nil, ErrForbidden
	}
	return franchisesWithCounts(ctx, s.db)
}

// FranchiseAsSuperAdmin reads any franchise: super-admins only.
func (s *Service) FranchiseAsSuperAdmin(ctx context.Context, p Principal, id int64) (Franchise, error) {
	if !p.IsSuperAdmin() {
		return Franchise{}, ErrForbidden
	}
	return franchiseByID(ctx, s.db, id)
}

// SetBlocked blocks or unblocks a franchise (unpaid maintenance): super-admins
// only. Connected users of that franchise are told at once.
func (s *Service) SetBlocked(ctx context.Context, p Principal, id int64, blocked bool) (Franchise, error) {
	if !p.IsSuperAdmin() {
		return Franchise{}, ErrForbidden
	}
	if err := setFranchiseBlocked(ctx, s.db, id, blocked); err != nil {
		return Franchise{}, err
	}
	typ := events.TypeFranchiseUnblocked
	if blocked {
		typ = events.TypeFranchiseBlocked
	}
	s.bus.Publish(ctx, events.Event{Type: typ, FranchiseID: id})
	return franchiseByID(ctx, s.db, id)
}

// SetClosed closes a franchise that leaves Brigade, or reopens it:
// super-admins only. A closed franchise keeps its data; its logins are
// refused at their next call and its equipment keys at once (the event
// empties every instance's key cache). A super-admin session of the
// franchise still opens, to read and export its data.
func (s *Service) SetClosed(ctx context.Context, p Principal, id int64, closed bool) (Franchise, error) {
	if !p.IsSuperAdmin() {
		return Franchise{}, ErrForbidden
	}
	now := time.Now().UTC()
	var at any
	if closed {
		at = now
	}
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		// Closing twice keeps the first date.
		res, err := tx.Exec(ctx, `UPDATE franchises SET closed_at = CASE WHEN ? THEN COALESCE(closed_at, ?) ELSE NULL END, updated_at = ? WHERE id = ?`, closed, at, now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		action, what := history.Desactivation, "Fermeture de la franchise"
		if !closed {
			action, what = history.Activation, "Réouverture de la franchise"
		}
		actor, err := s.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		actor.FranchiseID, actor.Module, actor.Action, actor.Target = id, history.ModuleFranchise, action, what
		return history.Record(ctx, tx, actor)
	})
	if err != nil {
		return Franchise{}, err
	}
	s.bus.Publish(ctx, events.Event{Type: events.TypeFranchiseChanged, FranchiseID: id})
	return franchiseByID(ctx, s.db, id)
}

// NewFranchiseInput is what a super-admin gives to open a franchise: the
// franchise, its owner's login (the password already hashed by auth) and
// its first restaurant.
type NewFranchiseInput struct {
	Franchise  Franchise
	Admin      User
	Restaurant RestaurantInput
}

// CreateFranchise opens a franchise with its owner and first restaurant, in
// one transaction (all three or nothing): super-admins only.
func (s *Service) CreateFranchise(ctx context.Context, p Principal, in NewFranchiseInput) (Franchise, User, Restaurant, error) {
	var f Franchise
	var u User
	var x Restaurant
	if !p.IsSuperAdmin() {
		return f, u, x, ErrForbidden
	}
	if in.Restaurant.CountryCode == "" {
		in.Restaurant.CountryCode = in.Franchise.CountryCode
	}
	if err := in.Restaurant.normalize(); err != nil {
		if ve, ok := err.(*ValidationError); ok {
			return f, u, x, &ValidationError{Field: "restaurant." + ve.Field, Message: ve.Message}
		}
		return f, u, x, err
	}
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		if f, err = s.NewFranchise(ctx, tx, in.Franchise); err != nil {
			return err
		}
		admin := in.Admin
		admin.FranchiseID, admin.Role = f.ID, RoleAdmin
		if u, err = s.NewUser(ctx, tx, admin); err != nil {
			if ve, ok := err.(*ValidationError); ok && ve.Field == "login" {
				return &ValidationError{Field: "adminLogin", Message: ve.Message}
			}
			return err
		}
		id, err := insertRestaurant(ctx, tx, Restaurant{FranchiseID: f.ID, Siret: in.Restaurant.Siret, Nom: in.Restaurant.Nom, Pseudo: in.Restaurant.Pseudo,
			Adresse: in.Restaurant.Adresse, Ville: in.Restaurant.Ville, CurrentLicence: in.Restaurant.CurrentLicence, CountryCode: in.Restaurant.CountryCode, TimeZone: in.Restaurant.TimeZone})
		if err != nil {
			if ve, ok := err.(*ValidationError); ok {
				return &ValidationError{Field: "restaurant." + ve.Field, Message: ve.Message}
			}
			return err
		}
		if x, err = restaurantByID(ctx, tx, id); err != nil {
			return err
		}
		actor, err := s.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		actor.FranchiseID, actor.Module, actor.Action, actor.Target = f.ID, history.ModuleFranchise, history.Ajout, "Ouverture de la franchise "+f.Name+" avec "+x.Nom
		return history.Record(ctx, tx, actor)
	})
	return f, u, x, err
}

// SetFeatureSettings switches a franchise's named feature settings (the
// spec's per-franchise special cases); super-admins only, logged in the
// franchise's history.
func (s *Service) SetFeatureSettings(ctx context.Context, p Principal, id int64, fs FranchiseSettings) (Franchise, error) {
	if !p.IsSuperAdmin() {
		return Franchise{}, ErrForbidden
	}
	if fs.NewProductDefaultPrinter < 0 || fs.NewProductDefaultPrinter > 99 {
		return Franchise{}, &ValidationError{Field: "newProductDefaultPrinter", Message: "L'imprimante par défaut doit être un identifiant d'imprimante (0 : aucune)."}
	}
	before, err := franchiseByID(ctx, s.db, id)
	if err != nil {
		return Franchise{}, err
	}
	raw, err := json.Marshal(fs)
	if err != nil {
		return Franchise{}, err
	}
	var out Franchise
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE franchises SET settings = ?, updated_at = ? WHERE id = ?`, string(raw), time.Now().UTC(), id); err != nil {
			return err
		}
		if out, err = franchiseByID(ctx, tx, id); err != nil {
			return err
		}
		e, err := s.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		e.FranchiseID, e.Module, e.Action, e.Target, e.Source = id, history.ModuleFranchise, history.Modification, out.Name+" › fonctionnalités", "SuperAdmin"
		e.Changes = history.Diff(featureFields(before.Settings), featureFields(out.Settings))
		if len(e.Changes) > 0 {
			if err := history.Record(ctx, tx, e); err != nil {
				return err
			}
		}
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{Type: events.TypeFranchiseChanged, FranchiseID: id})
		})
		return nil
	})
	return out, err
}

func featureFields(fs FranchiseSettings) map[string]any {
	return map[string]any{"publishAvailableProducts": fs.PublishAvailableProducts, "refreshAvailableProductsOnGeneration": fs.RefreshAvailableProductsOnGeneration,
		"newProductDefaultPrinter": fs.NewProductDefaultPrinter, "newProductCook": fs.NewProductCook}
}

// NewRestaurant validates and stores a restaurant of f.
func (s *Service) NewRestaurant(ctx context.Context, r store.Runner, x Restaurant) (Restaurant, error) {
	x.Nom = strings.TrimSpace(x.Nom)
	x.Siret = strings.ReplaceAll(strings.TrimSpace(x.Siret), " ", "")
	if x.Nom == "" {
		return x, &ValidationError{Field: "nom", Message: "Le nom du restaurant est obligatoire."}
	}
	if err := ValidateSiret(x.Siret); err != nil {
		return x, err
	}
	if x.CountryCode == "" {
		x.CountryCode = "FR"
	}
	if x.TimeZone == "" {
		x.TimeZone = CountryByCode(x.CountryCode).TimeZone
	}
	if _, err := time.LoadLocation(x.TimeZone); err != nil {
		return x, &ValidationError{Field: "timeZone", Message: fmt.Sprintf("Le fuseau horaire %q est inconnu.", x.TimeZone)}
	}
	id, err := insertRestaurant(ctx, r, x)
	if err != nil {
		return x, err
	}
	return restaurantByID(ctx, r, id)
}

// ValidateSiret checks a SIRET: 14 digits.
func ValidateSiret(siret string) error {
	if len(siret) != 14 {
		return &ValidationError{Field: "siret", Message: "Le SIRET doit comporter 14 chiffres."}
	}
	for _, c := range siret {
		if c < '0' || c > '9' {
			return &ValidationError{Field: "siret", Message: "Le SIRET doit comporter 14 chiffres."}
		}
	}
	return nil
}

// Restaurants lists the restaurants the principal may see.
func (s *Service) Restaurants(ctx context.Context, p Principal, f RestaurantFilter) ([]Restaurant, error) {
	if p.FranchiseID == 0 {
		return nil, nil
	}
	return restaurantsInScope(ctx, s.db, p, f)
}

// ActiveRestaurantsByID returns those of ids that are restaurants of the
// franchise and not archived, by id within each 500. It takes no principal:
// deployment jobs run for the franchise, and their callers checked theirs.
func (s *Service) ActiveRestaurantsByID(ctx context.Context, franchiseID int64, ids []int64) ([]Restaurant, error) {
	var out []Restaurant
	for chunk := range slices.Chunk(ids, 500) {
		in, args := store.In(chunk)
		found, err := store.Collect(ctx, s.db, `SELECT `+restaurantColumns+` FROM restaurants WHERE franchise_id = ? AND archived_at IS NULL AND id `+in+` ORDER BY id`,
			append([]any{franchiseID}, args...), scanRestaurant)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

// Restaurant returns one restaurant in the principal's scope; another
// franchise's restaurant is simply not found.
func (s *Service) Restaurant(ctx context.Context, p Principal, id int64) (Restaurant, error) {
	x, err := restaurantByID(ctx, s.db, id)
	if err != nil {
		return x, err
	}
	if !p.CanSeeRestaurant(x.FranchiseID, x.ID) {
		return Restaurant{}, ErrNotFound
	}
	return x, nil
}

// Equipments lists the tills and kiosks of a restaurant in scope.
func (s *Service) Equipments(ctx context.Context, p Principal, restaurantID int64) ([]Equipment, error) {
	if _, err := s.Restaurant(ctx, p, restaurantID); err != nil {
		return nil, err
	}
	return equipmentsPerRestaurant(ctx, s.db, restaurantID)
}

// EquipmentsInScope lists the tills and kiosks of every restaurant the
// principal may see (archived ones included), in one query.
func (s *Service) EquipmentsInScope(ctx context.Context, p Principal) ([]Equipment, error) {
	if p.FranchiseID == 0 {
		return nil, nil
	}
	where, args := scopeClause(p, "r")
	return store.Collect(ctx, s.db, `SELECT e.`+strings.ReplaceAll(equipmentColumns, ", ", ", e.")+` FROM equipments e
		JOIN restaurants r ON r.id = e.restaurant_id WHERE `+where+` ORDER BY e.id`, args, scanEquipment)
}

// NewEquipment stores a till or kiosk.
func (s *Service) NewEquipment(ctx context.Context, r store.Runner, e Equipment) (Equipment, error) {
	e.Name = strings.TrimSpace(e.Name)
	if e.Kind != EquipmentTill && e.Kind != EquipmentKiosk {
		return e, &ValidationError{Field: "kind", Message: "Le type d'équipement doit être « caisse » ou « borne »."}
	}
	if e.Name == "" {
		return e, &ValidationError{Field: "name", Message: "Le nom de l'équipement est obligatoire."}
	}
	id, err := insertEquipment(ctx, r, e)
	if err != nil {
		if store.IsUniqueViolation(err) {
			return e, &ValidationError{Field: "user_keen_id", Message: "Cet identifiant d'équipement est déjà utilisé."}
		}
		return e, err
	}
	e.ID = id
	return e, nil
}

// NewUser validates and stores a login. PasswordHash must already be set.
func (s *Service) NewUser(ctx context.Context, r store.Runner, u User) (User, error) {
	u.Login = NormalizeLogin(u.Login)
	if u.Login == "" {
		return u, &ValidationError{Field: "login", Message: "L'identifiant est obligatoire."}
	}
	if len(u.Login) > 80 || strings.ContainsAny(u.Login, " \t\n") {
		return u, &ValidationError{Field: "login", Message: "L'identifiant ne doit contenir ni espace ni plus de 80 caractères."}
	}
	if !u.Role.Valid() {
		return u, &ValidationError{Field: "role", Message: "Rôle inconnu."}
	}
	if (u.Role == RoleSuperAdmin) != (u.FranchiseID == 0) {
		return u, &ValidationError{Field: "franchiseId", Message: "Seul un super-admin n'appartient à aucune franchise."}
	}
	if u.Role == RoleModerator && u.RestaurantID == 0 {
		return u, &ValidationError{Field: "restaurantId", Message: "Un modérateur doit être rattaché à un restaurant."}
	}
	if u.Role == RoleModerator {
		u.Restaurants = []int64{u.RestaurantID}
	}
	if u.UserType == "" {
		u.UserType = userTypeFor(u)
	}
	id, err := insertUser(ctx, r, u)
	if err != nil {
		return u, err
	}
	return userBy(ctx, r, "id", id)
}

func userTypeFor(u User) string {
	switch u.Role {
	case RoleAdmin:
		return UserTypeFranchise
	case RoleGuest:
		return UserTypeGuest
	case RoleSuperAdmin:
		return UserTypeSuperAdmin
	case RoleRestaurant:
		if len(u.Restaurants) == 1 {
			return UserTypeMonoRestau
		}
	}
	return UserTypeRestauNormal
}

// UserByID reads a login for the authentication layer.
func (s *Service) UserByID(ctx context.Context, id int64) (User, error) {
	return userBy(ctx, s.db, "id", id)
}

// UserByLogin reads a login by its (normalised) name.
func (s *Service) UserByLogin(ctx context.Context, login string) (User, error) {
	return userBy(ctx, s.db, "login", NormalizeLogin(login))
}

// AdminOf returns the owner login of a franchise (for super-admin sessions).
func (s *Service) AdminOf(ctx context.Context, franchiseID int64) (User, error) {
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE franchise_id = ? AND role = 'admin' AND disabled = FALSE ORDER BY id LIMIT 1`, franchiseID))
	return u, err
}

// SetPasswordHash replaces a login's password hash.
func (s *Service) SetPasswordHash(ctx context.Context, r store.Runner, userID int64, hash string) error {
	_, err := r.Exec(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, time.Now().UTC(), userID)
	return err
}

// PrincipalFor builds the principal of an authenticated user.
func PrincipalFor(u User) Principal {
	p := Principal{UserID: u.ID, Login: u.Login, Role: u.Role, FranchiseID: u.FranchiseID}
	switch u.Role {
	case RoleModerator:
		p.Restaurants = []int64{u.RestaurantID}
	case RoleGuest, RoleRestaurant:
		p.Restaurants = append([]int64{}, u.Restaurants...)
		if p.Restaurants == nil {
			p.Restaurants = []int64{}
		}
	}
	return p
}
