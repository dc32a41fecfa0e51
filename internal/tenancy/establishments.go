package tenancy

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/store"
)

// RestaurantInput is what an owner types when creating or editing a
// restaurant.
type RestaurantInput struct {
	Nom            string
	Pseudo         string
	Siret          string
	Adresse        string
	Ville          string
	CountryCode    string
	TimeZone       string
	CurrentLicence string
}

var localRegistration = regexp.MustCompile(`^[A-Z0-9][A-Z0-9.\-]{3,18}[A-Z0-9]$`)

// ValidateRegistration checks a restaurant's registration number: in France
// a SIRET (14 digits with a valid Luhn key), elsewhere the local number
// (5 to 20 letters, digits, dots or dashes, e.g. a Moroccan ICE or a Swiss
// IDE such as CHE-123.456.789).
func ValidateRegistration(country, siret string) error {
	if country == "FR" {
		if err := ValidateSiret(siret); err != nil {
			return err
		}
		if !luhn(siret) {
			return &ValidationError{Field: "siret", Message: fmt.Sprintf("Le SIRET %s n'est pas valide : sa clé de contrôle est incorrecte.", siret)}
		}
		return nil
	}
	if !localRegistration.MatchString(siret) {
		return &ValidationError{Field: "siret", Message: "Le numéro d'immatriculation doit comporter de 5 à 20 lettres ou chiffres (points et tirets admis)."}
	}
	return nil
}

func luhn(digits string) bool {
	sum := 0
	for i := range len(digits) {
		d := int(digits[len(digits)-1-i] - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

func (in *RestaurantInput) normalize() error {
	in.Nom = strings.TrimSpace(in.Nom)
	in.Pseudo = strings.TrimSpace(in.Pseudo)
	in.Adresse = strings.TrimSpace(in.Adresse)
	in.Ville = strings.TrimSpace(in.Ville)
	in.CurrentLicence = strings.TrimSpace(in.CurrentLicence)
	in.CountryCode = strings.ToUpper(strings.TrimSpace(in.CountryCode))
	in.Siret = strings.ToUpper(strings.NewReplacer(" ", "", "\u00a0", "").Replace(strings.TrimSpace(in.Siret)))
	if in.Nom == "" {
		return &ValidationError{Field: "nom", Message: "Le nom du restaurant est obligatoire."}
	}
	if len([]rune(in.Nom)) > 120 {
		return &ValidationError{Field: "nom", Message: "Le nom du restaurant ne doit pas dépasser 120 caractères."}
	}
	if in.CountryCode == "" {
		in.CountryCode = "FR"
	}
	if !KnownCountry(in.CountryCode) {
		return &ValidationError{Field: "countryCode", Message: fmt.Sprintf("Le pays %q n'est pas pris en charge.", in.CountryCode)}
	}
	if in.TimeZone == "" {
		in.TimeZone = CountryByCode(in.CountryCode).TimeZone
	}
	if _, err := time.LoadLocation(in.TimeZone); err != nil || !strings.Contains(in.TimeZone, "/") {
		return &ValidationError{Field: "timeZone", Message: fmt.Sprintf("Le fuseau horaire %q est inconnu.", in.TimeZone)}
	}
	return ValidateRegistration(in.CountryCode, in.Siret)
}

func requireAdmin(p Principal) error {
	if p.Role != RoleAdmin || p.FranchiseID == 0 {
		return ErrForbidden
	}
	return nil
}

// actor describes p for the change history.
// Actor is who a change is logged against: the principal's user with its
// display name, type and email (source SuperAdmin for an impersonation).
// Other packages' change logs use it too.
func (s *Service) Actor(ctx context.Context, r store.Runner, p Principal) (history.Entry, error) {
	u, err := userBy(ctx, r, "id", p.UserID)
	if err != nil {
		return history.Entry{}, err
	}
	// A super-admin belongs to no franchise: its own name then.
	f, err := franchiseByID(ctx, r, p.FranchiseID)
	if err != nil && !(p.IsSuperAdmin() && errors.Is(err, ErrNotFound)) {
		return history.Entry{}, err
	}
	e := history.Entry{FranchiseID: p.FranchiseID, UserID: u.ID, UserName: DisplayName(u, f.Name), UserType: u.UserType, Email: u.Email}
	if p.SuperAdminLogin {
		e.Source = "SuperAdmin"
	}
	return e, nil
}

// record logs a change in the caller's transaction and, once it commits,
// tells the franchise's connected browsers what to refetch.
func (s *Service) record(ctx context.Context, tx *store.Tx, p Principal, module string, restaurantID int64, action history.Action, target string, changes []history.Change) error {
	e, err := s.Actor(ctx, tx, p)
	if err != nil {
		return err
	}
	e.Module, e.RestaurantID, e.Action, e.Target, e.Changes = module, restaurantID, action, target, changes
	if err := history.Record(ctx, tx, e); err != nil {
		return err
	}
	ev := events.Event{FranchiseID: p.FranchiseID}
	switch module {
	case history.ModuleEquipements:
		ev.Type, ev.Data = events.TypeEquipmentsChanged, map[string]any{"restaurantId": restaurantID}
	case history.ModuleEtablissements:
		ev.Type = events.TypeRestaurantsChanged
	default:
		ev.Type = events.TypeFranchiseChanged
	}
	tx.AfterCommit(func() { s.bus.Publish(context.WithoutCancel(ctx), ev) })
	return nil
}

func restaurantFields(x Restaurant) map[string]any {
	return map[string]any{"nom": x.Nom, "pseudo": x.Pseudo, "siret": x.Siret, "adresse": x.Adresse, "ville": x.Ville,
		"countryCode": x.CountryCode, "timeZone": x.TimeZone, "current_licence": x.CurrentLicence}
}

// CreateRestaurant adds a restaurant to the owner's franchise.
func (s *Service) CreateRestaurant(ctx context.Context, p Principal, in RestaurantInput) (Restaurant, error) {
	if err := requireAdmin(p); err != nil {
		return Restaurant{}, err
	}
	if err := in.normalize(); err != nil {
		return Restaurant{}, err
	}
	var out Restaurant
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		id, err := insertRestaurant(ctx, tx, Restaurant{FranchiseID: p.FranchiseID, Siret: in.Siret, Nom: in.Nom, Pseudo: in.Pseudo,
			Adresse: in.Adresse, Ville: in.Ville, CurrentLicence: in.CurrentLicence, CountryCode: in.CountryCode, TimeZone: in.TimeZone})
		if err != nil {
			return err
		}
		out, err = restaurantByID(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleEtablissements, id, history.Ajout, out.Nom, nil)
	})
	return out, err
}

// UpdateRestaurant edits a restaurant of the owner's franchise.
func (s *Service) UpdateRestaurant(ctx context.Context, p Principal, id int64, in RestaurantInput) (Restaurant, error) {
	if err := requireAdmin(p); err != nil {
		return Restaurant{}, err
	}
	before, err := s.Restaurant(ctx, p, id)
	if err != nil {
		return Restaurant{}, err
	}
	if err := in.normalize(); err != nil {
		return Restaurant{}, err
	}
	var out Restaurant
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE restaurants SET nom = ?, pseudo = ?, siret = ?, adresse = ?, ville = ?, country_code = ?, time_zone = ?, current_licence = ?, updated_at = ?
			WHERE id = ? AND franchise_id = ?`, in.Nom, in.Pseudo, in.Siret, in.Adresse, in.Ville, in.CountryCode, in.TimeZone, in.CurrentLicence, time.Now().UTC(), id, p.FranchiseID)
		if store.IsUniqueViolation(err) {
			return &ValidationError{Field: "siret", Message: fmt.Sprintf("Le SIRET %s est déjà utilisé par un autre restaurant.", in.Siret)}
		}
		if err != nil {
			return err
		}
		out, err = restaurantByID(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleEtablissements, id, history.Modification, out.Nom, history.Diff(restaurantFields(before), restaurantFields(out)))
	})
	return out, err
}

// SetArchived archives a restaurant (hidden from lists, its devices refused,
// its orders and history kept) or brings it back.
func (s *Service) SetArchived(ctx context.Context, p Principal, id int64, archived bool) (Restaurant, error) {
	if err := requireAdmin(p); err != nil {
		return Restaurant{}, err
	}
	if _, err := s.Restaurant(ctx, p, id); err != nil {
		return Restaurant{}, err
	}
	var out Restaurant
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var at any
		action := history.Activation
		if archived {
			at, action = time.Now().UTC(), history.Desactivation
		}
		if _, err := tx.Exec(ctx, `UPDATE restaurants SET archived_at = ?, updated_at = ? WHERE id = ? AND franchise_id = ?`, at, time.Now().UTC(), id, p.FranchiseID); err != nil {
			return err
		}
		var err error
		out, err = restaurantByID(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleEtablissements, id, action, out.Nom, nil)
	})
	return out, err
}

// EquipmentsBySiret lists the devices of the restaurant with siret, if the
// principal may see it (spec §7.1 findOneRestoWithKeenIds).
func (s *Service) EquipmentsBySiret(ctx context.Context, p Principal, siret string) (Restaurant, []Equipment, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM restaurants WHERE siret = ? AND franchise_id = ?`, strings.TrimSpace(siret), p.FranchiseID).Scan(&id)
	if err != nil {
		return Restaurant{}, nil, ErrNotFound
	}
	x, err := s.Restaurant(ctx, p, id)
	if err != nil {
		return Restaurant{}, nil, err
	}
	list, err := equipmentsPerRestaurant(ctx, s.db, id)
	return x, list, err
}

// equipmentInScope returns an equipment of a restaurant the principal sees.
func (s *Service) equipmentInScope(ctx context.Context, p Principal, restaurantID, equipmentID int64) (Restaurant, Equipment, error) {
	x, err := s.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return x, Equipment{}, err
	}
	e, err := scanEquipment(s.db.QueryRow(ctx, `SELECT `+equipmentColumns+` FROM equipments WHERE id = ? AND restaurant_id = ?`, equipmentID, restaurantID))
	return x, e, err
}

// CreateEquipment registers a till or a kiosk. Its stable id (user_keen_id)
// is derived from the restaurant's SIRET and never changes afterwards.
func (s *Service) CreateEquipment(ctx context.Context, p Principal, restaurantID int64, kind, name string) (Equipment, error) {
	if err := requireAdmin(p); err != nil {
		return Equipment{}, err
	}
	x, err := s.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return Equipment{}, err
	}
	var out Equipment
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM equipments WHERE restaurant_id = ?`, restaurantID).Scan(&n); err != nil {
			return err
		}
		suffix := make([]byte, 3)
		_, _ = rand.Read(suffix)
		e, err := s.NewEquipment(ctx, tx, Equipment{FranchiseID: p.FranchiseID, RestaurantID: restaurantID, Kind: kind, Name: name,
			UserKeenID: fmt.Sprintf("%s-%s-%d-%s", x.Siret, kind, n+1, hex.EncodeToString(suffix))})
		if err != nil {
			return err
		}
		out, err = scanEquipment(tx.QueryRow(ctx, `SELECT `+equipmentColumns+` FROM equipments WHERE id = ?`, e.ID))
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleEquipements, restaurantID, history.Ajout, out.Name+" ("+x.Nom+")", nil)
	})
	return out, err
}

// RenameEquipment changes a device's display name (its stable id stays).
func (s *Service) RenameEquipment(ctx context.Context, p Principal, restaurantID, equipmentID int64, name string) (Equipment, error) {
	if err := requireAdmin(p); err != nil {
		return Equipment{}, err
	}
	x, before, err := s.equipmentInScope(ctx, p, restaurantID, equipmentID)
	if err != nil {
		return Equipment{}, err
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return Equipment{}, &ValidationError{Field: "name", Message: "Le nom de l'équipement est obligatoire."}
	}
	var out Equipment
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE equipments SET name = ?, updated_at = ? WHERE id = ?`, name, time.Now().UTC(), equipmentID); err != nil {
			return err
		}
		var err error
		out, err = scanEquipment(tx.QueryRow(ctx, `SELECT `+equipmentColumns+` FROM equipments WHERE id = ?`, equipmentID))
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleEquipements, restaurantID, history.Modification, out.Name+" ("+x.Nom+")",
			history.Diff(map[string]any{"name": before.Name}, map[string]any{"name": out.Name}))
	})
	return out, err
}

// DeviceKeyPrefix starts every device key, so that a leaked key is easy to
// recognise in logs and scanners.
const DeviceKeyPrefix = "brg_dev_"

func hashKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// IssueKey gives a device a new key and returns it; this is the only time
// the key is visible. Any previous key of the device stops working at once.
func (s *Service) IssueKey(ctx context.Context, p Principal, restaurantID, equipmentID int64) (string, Equipment, error) {
	if err := requireAdmin(p); err != nil {
		return "", Equipment{}, err
	}
	x, before, err := s.equipmentInScope(ctx, p, restaurantID, equipmentID)
	if err != nil {
		return "", Equipment{}, err
	}
	if x.ArchivedAt != nil {
		return "", Equipment{}, &ValidationError{Field: "restaurantId", Message: "Ce restaurant est archivé : ses équipements ne peuvent pas recevoir de clé."}
	}
	raw := make([]byte, 20)
	if _, err := rand.Read(raw); err != nil {
		return "", Equipment{}, err
	}
	key := DeviceKeyPrefix + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(raw))
	var out Equipment
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		now := time.Now().UTC()
		if _, err := tx.Exec(ctx, `UPDATE equipments SET key_hash = ?, key_hint = ?, key_issued_at = ?, updated_at = ? WHERE id = ?`,
			hashKey(key), key[len(key)-4:], now, now, equipmentID); err != nil {
			return err
		}
		var err error
		out, err = scanEquipment(tx.QueryRow(ctx, `SELECT `+equipmentColumns+` FROM equipments WHERE id = ?`, equipmentID))
		if err != nil {
			return err
		}
		what := "clé émise"
		if before.HasKey() {
			what = "clé renouvelée"
		}
		return s.record(ctx, tx, p, history.ModuleEquipements, restaurantID, history.Modification, out.Name+" ("+x.Nom+")",
			[]history.Change{{Field: "key", Before: before.KeyHint, After: what + " …" + out.KeyHint}})
	})
	return key, out, err
}

// RevokeKey withdraws a device's key: the next call the device makes is
// refused, on every instance: the HTTP layer's key cache is emptied by the
// equipments.changed event this publishes, which the PostgreSQL bus relays
// to the other instances.
func (s *Service) RevokeKey(ctx context.Context, p Principal, restaurantID, equipmentID int64) (Equipment, error) {
	if err := requireAdmin(p); err != nil {
		return Equipment{}, err
	}
	x, before, err := s.equipmentInScope(ctx, p, restaurantID, equipmentID)
	if err != nil {
		return Equipment{}, err
	}
	var out Equipment
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE equipments SET key_hash = NULL, key_hint = '', key_issued_at = NULL, updated_at = ? WHERE id = ?`, time.Now().UTC(), equipmentID); err != nil {
			return err
		}
		var err error
		out, err = scanEquipment(tx.QueryRow(ctx, `SELECT `+equipmentColumns+` FROM equipments WHERE id = ?`, equipmentID))
		if err != nil {
			return err
		}
		if !before.HasKey() {
			return nil
		}
		return s.record(ctx, tx, p, history.ModuleEquipements, restaurantID, history.Suppression, out.Name+" ("+x.Nom+")",
			[]history.Change{{Field: "key", Before: "…" + before.KeyHint, After: "révoquée"}})
	})
	return out, err
}

// Device is an authenticated till or kiosk.
type Device struct {
	Equipment  Equipment
	Restaurant Restaurant
}

// ErrDeviceKey refuses an unknown, revoked or archived device key.
var ErrDeviceKey = errors.New("Clé d'équipement invalide ou révoquée.")

// lastSeenResolution limits last-seen writes to one per device per period.
const lastSeenResolution = 30 * time.Second

// AuthenticateDevice resolves a device key (kiosk feed, order ingestion)
// and records that the device was seen.
func (s *Service) AuthenticateDevice(ctx context.Context, key string) (Device, error) {
	// Issued keys start with DeviceKeyPrefix; any other non-empty key is
	// still looked up (the demo kiosk's readable key, keys installed by
	// an integrator), by its hash like the others.
	if len(key) < 8 {
		return Device{}, ErrDeviceKey
	}
	e, err := scanEquipment(s.db.QueryRow(ctx, `SELECT `+equipmentColumns+` FROM equipments WHERE key_hash = ?`, hashKey(key)))
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return Device{}, ErrDeviceKey
		}
		return Device{}, err
	}
	x, err := restaurantByID(ctx, s.db, e.RestaurantID)
	if err != nil {
		return Device{}, err
	}
	if x.ArchivedAt != nil {
		return Device{}, ErrDeviceKey
	}
	var closed bool
	if err := s.db.QueryRow(ctx, `SELECT closed_at IS NOT NULL FROM franchises WHERE id = ?`, x.FranchiseID).Scan(&closed); err != nil {
		return Device{}, err
	}
	if closed {
		return Device{}, ErrDeviceKey
	}
	now := time.Now().UTC()
	if e.LastSeenAt == nil || now.Sub(*e.LastSeenAt) > lastSeenResolution {
		if _, err := s.db.Exec(ctx, `UPDATE equipments SET last_seen_at = ? WHERE id = ?`, now, e.ID); err != nil {
			return Device{}, err
		}
		e.LastSeenAt = &now
	}
	return Device{Equipment: e, Restaurant: x}, nil
}

// FranchiseInput is the franchise information page's form.
type FranchiseInput struct {
	Name         string
	CountryCode  string
	Currency     string
	ContactEmail string
	ContactPhone string
	Address      string
}

var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)

func franchiseFields(f Franchise) map[string]any {
	return map[string]any{"name": f.Name, "countryCode": f.CountryCode, "currency": f.Currency,
		"contactEmail": f.ContactEmail, "contactPhone": f.ContactPhone, "address": f.Address, "logo": f.Logo}
}

// UpdateFranchise edits the owner's franchise information.
func (s *Service) UpdateFranchise(ctx context.Context, p Principal, in FranchiseInput) (Franchise, error) {
	if err := requireAdmin(p); err != nil {
		return Franchise{}, err
	}
	in.Name = strings.TrimSpace(in.Name)
	in.CountryCode = strings.ToUpper(strings.TrimSpace(in.CountryCode))
	in.Currency = strings.ToUpper(strings.TrimSpace(in.Currency))
	in.ContactEmail = strings.TrimSpace(in.ContactEmail)
	if in.Name == "" {
		return Franchise{}, &ValidationError{Field: "name", Message: "Le nom de la franchise est obligatoire."}
	}
	if !KnownCountry(in.CountryCode) {
		return Franchise{}, &ValidationError{Field: "countryCode", Message: fmt.Sprintf("Le pays %q n'est pas pris en charge.", in.CountryCode)}
	}
	if in.Currency == "" {
		in.Currency = CountryByCode(in.CountryCode).CurrencyCode
	}
	if !currencyCode.MatchString(in.Currency) {
		return Franchise{}, &ValidationError{Field: "currency", Message: "La devise doit être un code ISO 4217 de trois lettres (EUR, MAD, CHF…)."}
	}
	if in.ContactEmail != "" && (!strings.Contains(in.ContactEmail, "@") || strings.ContainsAny(in.ContactEmail, " <>")) {
		return Franchise{}, &ValidationError{Field: "contactEmail", Message: "L'adresse e-mail de contact n'est pas valide."}
	}
	before, err := franchiseByID(ctx, s.db, p.FranchiseID)
	if err != nil {
		return Franchise{}, err
	}
	var out Franchise
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE franchises SET name = ?, country_code = ?, currency = ?, contact_email = ?, contact_phone = ?, address = ?, updated_at = ? WHERE id = ?`,
			in.Name, in.CountryCode, in.Currency, in.ContactEmail, strings.TrimSpace(in.ContactPhone), strings.TrimSpace(in.Address), time.Now().UTC(), p.FranchiseID); err != nil {
			return err
		}
		var err error
		out, err = franchiseByID(ctx, tx, p.FranchiseID)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleFranchise, 0, history.Modification, out.Name, history.Diff(franchiseFields(before), franchiseFields(out)))
	})
	return out, err
}

// SetLogo records the address of the franchise's new logo.
func (s *Service) SetLogo(ctx context.Context, p Principal, url string) (Franchise, error) {
	if err := requireAdmin(p); err != nil {
		return Franchise{}, err
	}
	before, err := franchiseByID(ctx, s.db, p.FranchiseID)
	if err != nil {
		return Franchise{}, err
	}
	var out Franchise
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE franchises SET logo = ?, updated_at = ? WHERE id = ?`, url, time.Now().UTC(), p.FranchiseID); err != nil {
			return err
		}
		var err error
		out, err = franchiseByID(ctx, tx, p.FranchiseID)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.ModuleFranchise, 0, history.Modification, out.Name,
			history.Diff(map[string]any{"logo": before.Logo}, map[string]any{"logo": out.Logo}))
	})
	return out, err
}

// InstallDeviceKey sets a known key on a device: for the demo data and the
// load generator only, whose simulated tills need keys they can know.
func InstallDeviceKey(ctx context.Context, r store.Runner, equipmentID int64, key string, seen time.Time) error {
	_, err := r.Exec(ctx, `UPDATE equipments SET key_hash = ?, key_hint = ?, key_issued_at = ?, last_seen_at = ? WHERE id = ?`,
		hashKey(key), key[len(key)-4:], seen, seen, equipmentID)
	return err
}
