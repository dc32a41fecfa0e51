package customers

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Service keeps the customers.
type Service struct {
	db      *store.DB
	ten     *tenancy.Service
	bus     events.Bus
	loyalty Loyalty
	now     func() time.Time
}

// NewService returns the customers service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus, now: time.Now}
}

// UseLoyalty installs the loyalty program: linked paid orders earn points,
// refunds take them back, the customer shows its points and tier. Without
// it customers have no points. Set it before serving.
func (s *Service) UseLoyalty(l Loyalty) { s.loyalty = l }

func (s *Service) changed(tx *store.Tx, franchiseID int64) {
	tx.AfterCommit(func() {
		s.bus.Publish(context.Background(), events.Event{FranchiseID: franchiseID, Type: TypeChanged})
	})
}

// canRead: every login of a franchise reads the customers it sees.
func canRead(p tenancy.Principal) error {
	if p.FranchiseID == 0 {
		return tenancy.ErrNotFound
	}
	return nil
}

// canWrite: admins and moderators edit customers; guests and restaurant
// logins read them only.
func canWrite(p tenancy.Principal) error {
	if p.Role != tenancy.RoleAdmin && p.Role != tenancy.RoleModerator {
		return tenancy.ErrForbidden
	}
	return nil
}

// seen reads a customer p sees: another franchise's, or one that visited
// none of a restaurant login's restaurants, is not found.
func (s *Service) seen(ctx context.Context, r store.Runner, p tenancy.Principal, id int64) (CustomerInfo, error) {
	if err := canRead(p); err != nil {
		return CustomerInfo{}, err
	}
	c, err := customerByID(ctx, r, p.FranchiseID, id)
	if err != nil {
		return c, err
	}
	if !p.AllRestaurants() {
		ok, err := visible(ctx, r, id, p.Restaurants)
		if err != nil {
			return c, err
		}
		if !ok {
			return CustomerInfo{}, tenancy.ErrNotFound
		}
	}
	return c, nil
}

// withLoyalty fills a customer's points and tier from the loyalty program.
func (s *Service) withLoyalty(ctx context.Context, franchiseID int64, c *CustomerInfo) error {
	if s.loyalty == nil || c.Erased {
		return nil
	}
	sum, err := s.loyalty.Summary(ctx, franchiseID, c.ID)
	if err != nil {
		return err
	}
	c.Points, c.LifetimePoints = sum.Points, sum.LifetimePoints
	if sum.TierID != 0 {
		c.Tier = &NamedRef{ID: sum.TierID, Name: sum.TierName}
	}
	return nil
}

// Get returns one customer p sees.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (CustomerInfo, error) {
	c, err := s.seen(ctx, s.db, p, id)
	if err != nil {
		return c, err
	}
	return c, s.withLoyalty(ctx, p.FranchiseID, &c)
}

func (s *Service) conflict(ctx context.Context, r store.Runner, franchiseID, except int64, in CustomerInput) error {
	for _, k := range []struct{ column, value, message string }{
		{"phone", in.Phone, "Un client avec ce téléphone existe déjà."},
		{"email", in.Email, "Un client avec cet e-mail existe déjà."},
		{"card", in.Card, "Un client avec cette carte existe déjà."},
	} {
		id, err := findID(ctx, r, franchiseID, k.column, k.value)
		if err != nil {
			return err
		}
		if id != 0 && id != except {
			return &Conflict{Message: k.message}
		}
	}
	return nil
}

// Create adds a customer from the back-office. A moderator's customer is
// attached to its restaurants so that it sees it.
func (s *Service) Create(ctx context.Context, p tenancy.Principal, in CustomerInput) (CustomerInfo, error) {
	if err := canRead(p); err != nil {
		return CustomerInfo{}, err
	}
	if err := canWrite(p); err != nil {
		return CustomerInfo{}, err
	}
	if err := in.normalize(); err != nil {
		return CustomerInfo{}, err
	}
	if in.Phone == "" && in.Email == "" && in.Card == "" && in.FirstName == "" && in.LastName == "" {
		return CustomerInfo{}, invalid("phone", "Indiquez au moins un nom, un téléphone, un e-mail ou une carte.")
	}
	var out CustomerInfo
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		if err := s.conflict(ctx, tx, p.FranchiseID, 0, in); err != nil {
			return err
		}
		now := s.now().Unix()
		id, err := insertCustomer(ctx, tx, p.FranchiseID, in, now)
		if err != nil {
			return err
		}
		if id == 0 {
			return &Conflict{Message: "Un client avec ce téléphone, cet e-mail ou cette carte existe déjà."}
		}
		if !p.AllRestaurants() {
			for _, rid := range p.Restaurants {
				if _, err := tx.Exec(ctx, `INSERT INTO customer_restaurants (customer_id, restaurant_id, franchise_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, id, rid, p.FranchiseID); err != nil {
					return err
				}
			}
		}
		if out, err = customerByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		s.changed(tx, p.FranchiseID)
		return nil
	})
	return out, err
}

// Update replaces a customer's identity; version is the one the editor
// read (If-Match).
func (s *Service) Update(ctx context.Context, p tenancy.Principal, id int64, version int, in CustomerInput) (CustomerInfo, error) {
	var out CustomerInfo
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := s.seen(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if err := canWrite(p); err != nil {
			return err
		}
		if before.Erased {
			return ErrErased
		}
		if err := in.normalize(); err != nil {
			return err
		}
		if err := s.conflict(ctx, tx, p.FranchiseID, id, in); err != nil {
			return err
		}
		ok, err := updateCustomer(ctx, tx, p.FranchiseID, id, version, in, s.now().Unix())
		if store.IsUniqueViolation(err) {
			return &Conflict{Message: "Un client avec ce téléphone, cet e-mail ou cette carte existe déjà."}
		}
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		if out, err = customerByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		s.changed(tx, p.FranchiseID)
		return nil
	})
	if err != nil {
		return out, err
	}
	return out, s.withLoyalty(ctx, p.FranchiseID, &out)
}

// Consents lists a customer's grants and withdrawals, newest first.
func (s *Service) Consents(ctx context.Context, p tenancy.Principal, id int64) ([]CustomerConsent, error) {
	if _, err := s.seen(ctx, s.db, p, id); err != nil {
		return nil, err
	}
	return consentsOf(ctx, s.db, p.FranchiseID, id)
}

// SetConsent records a consent given or withdrawn from the back-office;
// a withdrawal applies at once.
func (s *Service) SetConsent(ctx context.Context, p tenancy.Principal, id int64, channel string, granted bool) (CustomerInfo, error) {
	if channel != ChannelSMS && channel != ChannelEmail {
		return CustomerInfo{}, invalid("channel", "Le canal doit être sms ou email.")
	}
	var out CustomerInfo
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, err := s.seen(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if err := canWrite(p); err != nil {
			return err
		}
		if c.Erased && granted {
			return ErrErased
		}
		if granted && ((channel == ChannelSMS && c.Phone == "") || (channel == ChannelEmail && c.Email == "")) {
			if channel == ChannelSMS {
				return invalid("channel", "Ce client n'a pas de téléphone : il ne peut pas recevoir de SMS.")
			}
			return invalid("channel", "Ce client n'a pas d'e-mail : il ne peut pas recevoir d'e-mails.")
		}
		if _, err := setConsent(ctx, tx, p.FranchiseID, id, channel, granted, SourceBackOffice, p.Login, s.now().Unix()); err != nil {
			return err
		}
		if out, err = customerByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		s.changed(tx, p.FranchiseID)
		return nil
	})
	if err != nil {
		return out, err
	}
	return out, s.withLoyalty(ctx, p.FranchiseID, &out)
}

// WithdrawConsent records a withdrawal from outside the back-office (an
// SMS STOP, an unsubscribe link: source stop), whoever the customer is.
func (s *Service) WithdrawConsent(ctx context.Context, franchiseID, customerID int64, channel, source string) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		done, err := setConsent(ctx, tx, franchiseID, customerID, channel, false, source, "", s.now().Unix())
		if done {
			s.changed(tx, franchiseID)
		}
		return err
	})
}

// Erase applies the RGPD right to erasure: the customer's personal fields
// are emptied, its consents withdrawn and its click&collect orders' name
// and phone emptied; its orders' figures stay. Only an admin erases.
func (s *Service) Erase(ctx context.Context, p tenancy.Principal, id int64) error {
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, err := s.seen(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if p.Role != tenancy.RoleAdmin {
			return tenancy.ErrForbidden
		}
		if c.Erased {
			return nil
		}
		now := s.now().Unix()
		for _, ch := range []string{ChannelSMS, ChannelEmail} {
			if _, err := setConsent(ctx, tx, p.FranchiseID, id, ch, false, SourceBackOffice, p.Login, now); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE customers SET first_name = '', last_name = '', phone = '', email = '', card = '', postal_code = '',
			birth_month = 0, birth_day = 0, sms_optin = 0, email_optin = 0, erased_unix = ?, version = version + 1, updated_unix = ?
			WHERE franchise_id = ? AND id = ?`, now, now, p.FranchiseID, id); err != nil {
			return err
		}
		if err := eraseOrderClients(ctx, tx, id); err != nil {
			return err
		}
		s.changed(tx, p.FranchiseID)
		return nil
	})
}

// Lookup finds a kiosk's customer by card, phone or e-mail.
func (s *Service) Lookup(ctx context.Context, dev tenancy.Device, card, phone, email string) (KioskCustomer, error) {
	fid := dev.Restaurant.FranchiseID
	card = NormalizeCard(card)
	phone, okPhone := NormalizePhone(phone)
	email, okEmail := NormalizeEmail(email)
	if card == "" && phone == "" && email == "" {
		if !okPhone {
			return KioskCustomer{}, invalid("phone", "Le numéro de téléphone n'est pas valide.")
		}
		if !okEmail {
			return KioskCustomer{}, invalid("email", "L'adresse e-mail n'est pas valide.")
		}
		return KioskCustomer{}, invalid("card", "Indiquez une carte, un téléphone ou un e-mail.")
	}
	var id int64
	for _, k := range [][2]string{{"card", card}, {"phone", phone}, {"email", email}} {
		found, err := findID(ctx, s.db, fid, k[0], k[1])
		if err != nil {
			return KioskCustomer{}, err
		}
		if found != 0 {
			id = found
			break
		}
	}
	if id == 0 {
		return KioskCustomer{}, ErrUnknown
	}
	return s.kioskCustomer(ctx, fid, id)
}

// KioskCustomer is what a kiosk shows of a customer.
type KioskCustomer struct {
	ID        int64                 `json:"id"`
	FirstName string                `json:"firstName"`
	Points    int64                 `json:"points"`
	Tier      *NamedRef             `json:"tier"`
	Rewards   []KioskCustomerReward `json:"rewards"`
}

// KioskCustomerReward is a reward the customer could take.
type KioskCustomerReward struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	CostPoints int64  `json:"costPoints"`
	Kind       string `json:"kind"`
	ProductID  string `json:"productId"`
	Available  bool   `json:"available"`
}

func (s *Service) kioskCustomer(ctx context.Context, franchiseID, id int64) (KioskCustomer, error) {
	c, err := customerByID(ctx, s.db, franchiseID, id)
	if err != nil {
		return KioskCustomer{}, err
	}
	out := KioskCustomer{ID: c.ID, FirstName: c.FirstName, Rewards: []KioskCustomerReward{}}
	if s.loyalty != nil {
		sum, err := s.loyalty.Summary(ctx, franchiseID, id)
		if err != nil {
			return out, err
		}
		out.Points = sum.Points
		if sum.TierID != 0 {
			out.Tier = &NamedRef{ID: sum.TierID, Name: sum.TierName}
		}
		for _, r := range sum.Rewards {
			out.Rewards = append(out.Rewards, KioskCustomerReward{ID: r.ID, Name: r.Name, CostPoints: r.CostPoints, Kind: r.Kind, ProductID: r.ProductID, Available: r.Available})
		}
	}
	return out, nil
}

// KioskCustomerInput is a customer a kiosk registers.
type KioskCustomerInput struct {
	FirstName  string `json:"firstName,omitempty" maxLength:"100"`
	LastName   string `json:"lastName,omitempty" maxLength:"100"`
	Phone      string `json:"phone,omitempty" maxLength:"40"`
	Email      string `json:"email,omitempty" maxLength:"200"`
	Card       string `json:"card,omitempty" maxLength:"64"`
	PostalCode string `json:"postalCode,omitempty" maxLength:"10"`
	SmsOptin   bool   `json:"smsOptin,omitempty"`
	EmailOptin bool   `json:"emailOptin,omitempty"`
}

// Register finds or creates a kiosk's customer; consents given are recorded.
func (s *Service) Register(ctx context.Context, dev tenancy.Device, in KioskCustomerInput) (KioskCustomer, error) {
	fid := dev.Restaurant.FranchiseID
	ident := CustomerInput{FirstName: in.FirstName, LastName: in.LastName, Phone: in.Phone, Email: in.Email, Card: in.Card, PostalCode: in.PostalCode}
	if err := ident.normalize(); err != nil {
		return KioskCustomer{}, err
	}
	if ident.Phone == "" && ident.Email == "" && ident.Card == "" {
		return KioskCustomer{}, invalid("phone", "Indiquez un téléphone, un e-mail ou une carte.")
	}
	var id int64
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		id, err = s.findOrCreate(ctx, tx, fid, 0, ident, true)
		if err != nil {
			return err
		}
		if err := s.recordGrants(ctx, tx, fid, id, in.SmsOptin, in.EmailOptin, SourceKiosk); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO customer_restaurants (customer_id, restaurant_id, franchise_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, id, dev.Restaurant.ID, fid); err != nil {
			return err
		}
		s.changed(tx, fid)
		return nil
	})
	if err != nil {
		return KioskCustomer{}, err
	}
	return s.kioskCustomer(ctx, fid, id)
}

// recordGrants records the consents a customer gave (true only: false is
// « not asked »), for channels it has an address for.
func (s *Service) recordGrants(ctx context.Context, tx *store.Tx, franchiseID, id int64, sms, email bool, source string) error {
	if !sms && !email {
		return nil
	}
	var phone, mail string
	if err := tx.QueryRow(ctx, `SELECT phone, email FROM customers WHERE id = ?`, id).Scan(&phone, &mail); err != nil {
		return err
	}
	now := s.now().Unix()
	if sms && phone != "" {
		if _, err := setConsent(ctx, tx, franchiseID, id, ChannelSMS, true, source, "", now); err != nil {
			return err
		}
	}
	if email && mail != "" {
		if _, err := setConsent(ctx, tx, franchiseID, id, ChannelEmail, true, source, "", now); err != nil {
			return err
		}
	}
	return nil
}

// findOrCreate returns the live customer of the franchise with id, card,
// phone or e-mail (in that order), completing what it lacks from in;
// otherwise a new one when create and a phone or e-mail (or card) is given,
// 0 when none.
func (s *Service) findOrCreate(ctx context.Context, tx *store.Tx, franchiseID, id int64, in CustomerInput, create bool) (int64, error) {
	if id != 0 {
		var erased int64
		err := tx.QueryRow(ctx, `SELECT erased_unix FROM customers WHERE franchise_id = ? AND id = ?`, franchiseID, id).Scan(&erased)
		if err != nil || erased != 0 {
			id = 0 // unknown or erased: find it by its other fields
		}
	}
	for _, k := range [][2]string{{"card", in.Card}, {"phone", in.Phone}, {"email", in.Email}} {
		if id != 0 {
			break
		}
		found, err := findID(ctx, tx, franchiseID, k[0], k[1])
		if err != nil {
			return 0, err
		}
		id = found
	}
	now := s.now().Unix()
	if id == 0 {
		if !create || (in.Phone == "" && in.Email == "" && in.Card == "") {
			return 0, nil
		}
		return insertCustomer(ctx, tx, franchiseID, in, now)
	}
	// Complete the found customer: names and postal code when empty, an
	// address no one else holds.
	if _, err := tx.Exec(ctx, `UPDATE customers SET
		first_name = CASE WHEN first_name = '' THEN ? ELSE first_name END,
		last_name = CASE WHEN last_name = '' THEN ? ELSE last_name END,
		postal_code = CASE WHEN postal_code = '' THEN ? ELSE postal_code END
		WHERE id = ? AND (first_name = '' AND ? <> '' OR last_name = '' AND ? <> '' OR postal_code = '' AND ? <> '')`,
		in.FirstName, in.LastName, in.PostalCode, id, in.FirstName, in.LastName, in.PostalCode); err != nil {
		return 0, err
	}
	for _, k := range [][2]string{{"card", in.Card}, {"phone", in.Phone}, {"email", in.Email}} {
		if k[1] == "" {
			continue
		}
		other, err := findID(ctx, tx, franchiseID, k[0], k[1])
		if err != nil {
			return 0, err
		}
		if other == 0 {
			if _, err := tx.Exec(ctx, `UPDATE customers SET `+k[0]+` = ? WHERE id = ? AND `+k[0]+` = ''`, k[1], id); err != nil {
				return 0, err
			}
		}
	}
	return id, nil
}

func monthStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

var errNoRestaurant = errors.New("restaurant")

// scope is the condition that narrows customers (alias c) to what p sees
// and to restaurantID when not 0.
func scope(p tenancy.Principal, restaurantID int64) (string, []any, error) {
	var ids []int64
	switch {
	case restaurantID != 0:
		if !p.CanSeeRestaurant(p.FranchiseID, restaurantID) {
			return "", nil, errNoRestaurant
		}
		ids = []int64{restaurantID}
	case p.AllRestaurants():
		return "c.franchise_id = ?", []any{p.FranchiseID}, nil
	default:
		ids = p.Restaurants
	}
	if len(ids) == 0 {
		return "1 = 0", nil, nil
	}
	in, args := store.In(ids)
	return "c.franchise_id = ? AND EXISTS (SELECT 1 FROM customer_restaurants cr WHERE cr.customer_id = c.id AND cr.restaurant_id " + in + ")",
		append([]any{p.FranchiseID}, args...), nil
}

func restaurantInvalid() error {
	return invalid("restaurantId", "Restaurant inconnu.")
}

func pctBP(n, d int64) int64 {
	if d == 0 {
		return 0
	}
	return n * 10000 / d
}

func fmtMonth(t time.Time) string { return fmt.Sprintf("%04d-%02d", t.Year(), int(t.Month())) }

func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}
