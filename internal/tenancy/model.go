// Package tenancy owns franchises, their restaurants and equipments, the
// people who sign in to them and what each of them may see.
package tenancy

import (
	"errors"
	"slices"
	"strings"
	"time"
)

// Role is what a login is in the franchise.
type Role string

const (
	RoleAdmin      Role = "admin"      // the franchise owner
	RoleModerator  Role = "moderator"  // one restaurant's manager
	RoleGuest      Role = "guest"      // a person granted a list of restaurants
	RoleRestaurant Role = "restaurant" // a restaurant login (till side)
	RoleSuperAdmin Role = "superadmin" // Brigade's own staff, across franchises
)

// Valid reports whether r is one of the known roles.
func (r Role) Valid() bool {
	switch r {
	case RoleAdmin, RoleModerator, RoleGuest, RoleRestaurant, RoleSuperAdmin:
		return true
	}
	return false
}

// User types shown in the spec's user info.
const (
	UserTypeFranchise    = "Franchise"
	UserTypeGuest        = "Guest"
	UserTypeRestauNormal = "RestauNormal"
	UserTypeMonoRestau   = "MonoRestau"
	UserTypeSuperAdmin   = "SuperAdmin"
)

// Errors domain callers branch on; httpapi maps them to problem+json.
var (
	ErrNotFound     = errors.New("introuvable")
	ErrConflict     = errors.New("conflit")
	ErrForbidden    = errors.New("accès refusé")
	ErrBlocked      = errors.New("franchise bloquée")
	ErrUnauthorized = errors.New("non authentifié")
)

// ValidationError names the field a rule refused and says why in French.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Message }

// Franchise is a tenant: everything else hangs off one.
type Franchise struct {
	ID          int64
	Name        string
	Logo        string
	CountryCode string
	Currency    string
	IsBlocked   bool
	// ClosedAt is when a super-admin closed the franchise (nil: open).
	ClosedAt     *time.Time
	Settings     FranchiseSettings
	ContactEmail string
	ContactPhone string
	Address      string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// FranchiseSettings are the feature switches the spec hard-coded per
// franchise number (17, 113, 270, 9); here they are per-franchise settings.
type FranchiseSettings struct {
	// PublishAvailableProducts publishes the catalogue of available products
	// and options for the franchise's other apps (spec: franchises 17, 113, 270).
	PublishAvailableProducts bool `json:"publishAvailableProducts"`
	// RefreshAvailableProductsOnGeneration refreshes that catalogue at each
	// generation (spec: franchise 17).
	RefreshAvailableProductsOnGeneration bool `json:"refreshAvailableProductsOnGeneration"`
	// NewProductDefaultPrinter, when set, is the printer new products get
	// (spec: franchise 9 gets printer 2 and cook true).
	NewProductDefaultPrinter int  `json:"newProductDefaultPrinter,omitempty"`
	NewProductCook           bool `json:"newProductCook,omitempty"`
}

// Restaurant is an establishment of a franchise, identified by its SIRET.
type Restaurant struct {
	ID             int64
	FranchiseID    int64
	Siret          string
	Nom            string
	Pseudo         string
	Adresse        string
	Ville          string
	CurrentLicence string
	CountryCode    string
	TimeZone       string
	ArchivedAt     *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Equipment kinds.
const (
	EquipmentTill  = "caisse"
	EquipmentKiosk = "borne"
)

// Equipment is a till or a kiosk of a restaurant. UserKeenID is its stable
// identity (the spec's user_keen_id), used by orders and reports.
type Equipment struct {
	ID           int64
	FranchiseID  int64
	RestaurantID int64
	Kind         string
	Name         string
	UserKeenID   string
	// KeyHint is the end of the device key, to tell keys apart; the key
	// itself is only shown once, when issued, and stored hashed.
	KeyHint     string
	KeyIssuedAt *time.Time
	LastSeenAt  *time.Time
	CreatedAt   time.Time
}

// HasKey reports whether the device holds a valid key.
func (e Equipment) HasKey() bool { return e.KeyIssuedAt != nil }

// User is a login.
type User struct {
	ID           int64
	FranchiseID  int64 // 0 for super-admins
	Login        string
	Email        string
	PasswordHash string
	Role         Role
	UserType     string
	Nom          string
	Prenom       string
	RestaurantID int64   // the moderator's restaurant
	Restaurants  []int64 // guests' and restaurant users' allowed restaurants
	Disabled     bool
	// FranchiseClosed: the login's franchise was closed; it may not sign in.
	FranchiseClosed bool
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// DisplayName applies the spec's rules: the franchise name for the owner,
// `nom` for a moderator or restaurant login, first and last name for a guest.
func DisplayName(u User, franchiseName string) string {
	switch u.Role {
	case RoleAdmin:
		if franchiseName != "" {
			return franchiseName
		}
	case RoleGuest:
		if n := strings.TrimSpace(u.Prenom + " " + u.Nom); n != "" {
			return n
		}
	case RoleSuperAdmin:
		return "Super-admin"
	default:
		if u.Nom != "" {
			return u.Nom
		}
	}
	return u.Login
}

// NormalizeLogin is how logins are compared and stored: trimmed, lower case.
func NormalizeLogin(login string) string { return strings.ToLower(strings.TrimSpace(login)) }

// Principal is the authenticated caller. Every read of tenant data is scoped
// by it; nothing trusts a franchise id from the URL or body.
type Principal struct {
	UserID      int64
	Login       string
	Role        Role
	FranchiseID int64
	// Restaurants lists the restaurants a non-admin may see. Admins see the
	// whole franchise and have it nil.
	Restaurants []int64
	// SuperAdminLogin marks a super-admin acting as a franchise admin: the
	// session skips the suspension check.
	SuperAdminLogin bool
	// ImpersonatorID is the super-admin behind such a session.
	ImpersonatorID int64
}

// IsSuperAdmin reports a super-admin's own session (not an impersonation).
func (p Principal) IsSuperAdmin() bool { return p.Role == RoleSuperAdmin }

// AllRestaurants reports whether the principal sees every restaurant of its
// franchise.
func (p Principal) AllRestaurants() bool { return p.Role == RoleAdmin }

// CanSeeRestaurant reports whether a restaurant of franchiseID with id is in
// the principal's scope.
func (p Principal) CanSeeRestaurant(franchiseID, id int64) bool {
	if p.FranchiseID == 0 || franchiseID != p.FranchiseID {
		return false
	}
	return p.AllRestaurants() || slices.Contains(p.Restaurants, id)
}
