// Package auth signs people in (franchise owners, restaurant logins, guests
// and super-admins), issues and checks their tokens, and turns a token into
// the tenancy.Principal every other package scopes its reads by.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/crypto/bcrypt"

	"brigade/internal/mail"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Errors the HTTP layer maps to answers.
var (
	ErrBadCredentials = errors.New("Identifiant ou mot de passe incorrect.")
	// ErrThrottled matches every *ThrottledError, which says how long to wait.
	ErrThrottled    = errors.New("Trop de tentatives de connexion. Veuillez réessayer plus tard.")
	ErrTokenInvalid = errors.New("Votre session a expiré. Veuillez vous reconnecter.")
	ErrAccountGone  = errors.New("Ce compte n'existe plus ou a été désactivé.")
	// ErrFranchiseClosed refuses the logins of a franchise a super-admin
	// closed (said only once the password matched).
	ErrFranchiseClosed = errors.New("Cette franchise est fermée : la connexion est refusée. Contactez le support Brigade.")
	ErrResetInvalid    = errors.New("Ce lien de réinitialisation est invalide ou a expiré.")
)

// Kind is one of the spec's three sign-in doors.
type Kind string

const (
	KindOwner      Kind = "signin"      // franchise owners and super-admins
	KindRestaurant Kind = "signinResto" // moderators and restaurant logins
	KindGuest      Kind = "signinGuest" // guests
)

func (k Kind) admits(r tenancy.Role) bool {
	switch k {
	case KindOwner:
		return r == tenancy.RoleAdmin || r == tenancy.RoleSuperAdmin
	case KindRestaurant:
		return r == tenancy.RoleModerator || r == tenancy.RoleRestaurant
	case KindGuest:
		return r == tenancy.RoleGuest
	}
	return false
}

const (
	resetTokenTTL    = time.Hour
	bcryptCost       = 11
	minPasswordRunes = 8
)

// Mailer sends the password-reset mail: the project's mail sender (SMTP
// with --smtp-url, else mail.LogSender, which writes it to the log).
type Mailer = mail.Sender

// Service signs people in and checks their tokens.
type Service struct {
	db        *store.DB
	tenancy   *tenancy.Service
	mailer    Mailer
	tokenTTL  time.Duration
	publicURL string
	secret    []byte
	now       func() time.Time

	// checkSlots bounds the password checks (bcrypt) running at once on
	// this server; an attempt waits at most checkWait for a slot.
	checkSlots chan struct{}
	checkWait  time.Duration
	checks     atomic.Int64 // password checks made, for tests and metrics
	onCheck    func()
}

// Config sets up the service.
type Config struct {
	TokenTTL  time.Duration
	PublicURL string // base of the links in reset mails
	Mailer    Mailer
	// Now replaces the clock (tests of expiry and sign-in delays); nil uses
	// time.Now.
	Now func() time.Time
	// PasswordChecks bounds the password checks running at once (0: twice
	// the processors, at least 4); CheckWait is how long an attempt waits
	// for one before a 429 (0: 10 s).
	PasswordChecks int
	CheckWait      time.Duration
	// OnPasswordCheck, when set, runs inside each password check's slot
	// (tests hold a slot with it).
	OnPasswordCheck func()
}

// NewService loads (or creates, once for all instances) the token signing
// key and returns the service.
func NewService(ctx context.Context, db *store.DB, ten *tenancy.Service, cfg Config) (*Service, error) {
	secret, err := signingKey(ctx, db)
	if err != nil {
		return nil, err
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = 12 * time.Hour
	}
	if cfg.Mailer == nil {
		cfg.Mailer = mail.LogSender{Log: slog.Default()}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PasswordChecks <= 0 {
		cfg.PasswordChecks = max(4, 2*runtime.GOMAXPROCS(0))
	}
	if cfg.CheckWait <= 0 {
		cfg.CheckWait = 10 * time.Second
	}
	return &Service{db: db, tenancy: ten, mailer: cfg.Mailer, tokenTTL: cfg.TokenTTL,
		publicURL: strings.TrimRight(cfg.PublicURL, "/"), secret: secret, now: cfg.Now,
		checkSlots: make(chan struct{}, cfg.PasswordChecks), checkWait: cfg.CheckWait, onCheck: cfg.OnPasswordCheck}, nil
}

// signingKey is kept in the database so that every instance behind a load
// balancer accepts the tokens of the others.
func signingKey(ctx context.Context, db *store.DB) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if _, err := db.Exec(ctx, `INSERT INTO app_settings (key, value) VALUES ('token_key', ?) ON CONFLICT (key) DO NOTHING`, hex.EncodeToString(b)); err != nil {
		return nil, fmt.Errorf("token key: %w", err)
	}
	var v string
	if err := db.QueryRow(ctx, `SELECT value FROM app_settings WHERE key = 'token_key'`).Scan(&v); err != nil {
		return nil, fmt.Errorf("token key: %w", err)
	}
	return hex.DecodeString(v)
}

// HashPassword hashes a password with bcrypt.
func HashPassword(password string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcryptCost)
	return string(h), err
}

// ValidatePassword applies the password rules.
func ValidatePassword(password string) error {
	if utf8.RuneCountInString(password) < minPasswordRunes {
		return &tenancy.ValidationError{Field: "password", Message: fmt.Sprintf("Le mot de passe doit contenir au moins %d caractères.", minPasswordRunes)}
	}
	if len(password) > 72 {
		return &tenancy.ValidationError{Field: "password", Message: "Le mot de passe ne doit pas dépasser 72 caractères."}
	}
	return nil
}

// Session is what a successful sign-in gives: the login, its franchise and a
// token.
type Session struct {
	User            tenancy.User
	Franchise       tenancy.Franchise // zero for a super-admin's own session
	Restaurant      tenancy.Restaurant
	Token           string
	ExpiresAt       time.Time
	SuperAdminLogin bool
	// Franchises are those the login can switch to, its home one first;
	// Franchise is the current one.
	Franchises []tenancy.FranchiseName
}

// DisplayName is the name the shell shows for the session.
func (s Session) DisplayName() string { return tenancy.DisplayName(s.User, s.Franchise.Name) }

// SignIn checks a login and password through one of the three doors, from
// the client address ip ("" when unknown). The attempt is counted against
// the login and the address before the password is checked (see limits.go):
// during a delay it is refused with a *ThrottledError and no check.
func (s *Service) SignIn(ctx context.Context, kind Kind, login, password, ip string) (Session, error) {
	login = tenancy.NormalizeLogin(login)
	keys := limitKeys(login, ip)
	if err := s.precheck(ctx, keys, s.now()); err != nil {
		return Session{}, err
	}
	release, err := s.checkSlot(ctx)
	if err != nil {
		return Session{}, err
	}
	if err := s.reserve(ctx, keys, s.now()); err != nil {
		release()
		return Session{}, err
	}
	u, err := s.tenancy.UserByLogin(ctx, login)
	if err != nil && !errors.Is(err, tenancy.ErrNotFound) {
		release()
		return Session{}, err
	}
	// An unknown login is checked against a dummy hash so that timing does
	// not tell which logins exist.
	hash := dummyHash
	if err == nil {
		hash = []byte(u.PasswordHash)
	}
	match := s.checkPassword(hash, password)
	release()
	if err != nil || !match || u.Disabled || !kind.admits(u.Role) {
		return Session{}, ErrBadCredentials
	}
	if u.FranchiseClosed {
		return Session{}, ErrFranchiseClosed
	}
	s.succeeded(ctx, keys, s.now())
	return s.issue(ctx, u, 0)
}

var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("brigade-timing"), bcryptCost)

// checkSlot waits (at most checkWait) for one of the server's password
// check slots: a flood of sign-ins with many logins cannot take every
// processor, it gets 429s.
func (s *Service) checkSlot(ctx context.Context) (release func(), err error) {
	release = func() { <-s.checkSlots }
	select {
	case s.checkSlots <- struct{}{}:
		return release, nil
	default:
	}
	t := time.NewTimer(s.checkWait)
	defer t.Stop()
	select {
	case s.checkSlots <- struct{}{}:
		return release, nil
	case <-t.C:
		return nil, &ThrottledError{RetryAfter: time.Second, Busy: true}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Service) checkPassword(hash []byte, password string) bool {
	s.checks.Add(1)
	if s.onCheck != nil {
		s.onCheck()
	}
	return bcrypt.CompareHashAndPassword(hash, []byte(password)) == nil
}

// PasswordChecks is the number of passwords this service has checked
// against a hash since it started.
func (s *Service) PasswordChecks() int64 { return s.checks.Load() }

type claims struct {
	jwt.RegisteredClaims
	FranchiseID    int64 `json:"fid,omitempty"`
	ImpersonatorID int64 `json:"imp,omitempty"`
}

// describe gathers what a session shows of u: its franchise and restaurant.
func (s *Service) describe(ctx context.Context, u tenancy.User, impersonator int64) (Session, error) {
	sess := Session{User: u, SuperAdminLogin: impersonator != 0}
	if u.FranchiseID != 0 {
		f, err := s.tenancy.FranchiseForAuth(ctx, u.FranchiseID)
		if err != nil {
			return Session{}, err
		}
		sess.Franchise = f
		sess.Franchises = []tenancy.FranchiseName{{ID: f.ID, Name: f.Name}}
		// A super-admin's franchise session stays in that franchise.
		if u.Role == tenancy.RoleRestaurant && impersonator == 0 {
			if sess.Franchises, err = s.tenancy.FranchisesOfUser(ctx, u.ID); err != nil {
				return Session{}, err
			}
		}
	}
	// Restaurant logins carry their restaurant (siret, licence…); guests
	// have a list, not one restaurant.
	if u.Role == tenancy.RoleModerator || (u.Role == tenancy.RoleRestaurant && len(u.Restaurants) > 0) {
		rid := u.RestaurantID
		if rid == 0 {
			rid = u.Restaurants[0]
		}
		if x, err := s.tenancy.Restaurant(ctx, tenancy.PrincipalFor(u), rid); err == nil {
			sess.Restaurant = x
		}
	}
	return sess, nil
}

// issue makes a signed session for u; impersonator is the super-admin
// behind an "open as admin" session, or 0.
func (s *Service) issue(ctx context.Context, u tenancy.User, impersonator int64) (Session, error) {
	sess, err := s.describe(ctx, u, impersonator)
	if err != nil {
		return Session{}, err
	}
	now := s.now()
	sess.ExpiresAt = now.Add(s.tokenTTL).UTC().Truncate(time.Second)
	c := claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   fmt.Sprint(u.ID),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(sess.ExpiresAt),
			Issuer:    "brigade",
		},
		FranchiseID:    u.FranchiseID,
		ImpersonatorID: impersonator,
	}
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.secret)
	if err != nil {
		return Session{}, err
	}
	sess.Token = tok
	return sess, nil
}

// Authenticate turns a bearer token into a principal. The user is read
// again on every call so that a disabled or deleted login loses access at
// once (ErrAccountGone), not when its token expires.
func (s *Service) Authenticate(ctx context.Context, token string) (tenancy.Principal, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(t *jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithIssuer("brigade"), jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(s.now))
	if err != nil {
		return tenancy.Principal{}, ErrTokenInvalid
	}
	var id int64
	if _, err := fmt.Sscan(c.Subject, &id); err != nil {
		return tenancy.Principal{}, ErrTokenInvalid
	}
	return s.principalOf(ctx, id, c.FranchiseID, c.ImpersonatorID)
}

// Current describes the session of an authenticated principal, without a
// new token.
func (s *Service) Current(ctx context.Context, p tenancy.Principal) (Session, error) {
	u, err := s.tenancy.UserInFranchise(ctx, p.UserID, p.FranchiseID)
	if err != nil {
		return Session{}, err
	}
	return s.describe(ctx, u, p.ImpersonatorID)
}

// Impersonate opens an admin session of a franchise for a super-admin. The
// session carries superAdminLogin and skips the suspension check.
func (s *Service) Impersonate(ctx context.Context, p tenancy.Principal, franchiseID int64) (Session, error) {
	if !p.IsSuperAdmin() {
		return Session{}, tenancy.ErrForbidden
	}
	admin, err := s.tenancy.AdminOf(ctx, franchiseID)
	if err != nil {
		return Session{}, err
	}
	admin, err = s.tenancy.UserByID(ctx, admin.ID)
	if err != nil {
		return Session{}, err
	}
	slog.Info("super-admin session opened", "superadmin", p.Login, "franchise", franchiseID, "as", admin.Login)
	return s.issue(ctx, admin, p.UserID)
}

// SignUp creates a new franchise owner with a new franchise (DECISIONS:
// sign-up never attaches a login to an existing franchise).
func (s *Service) SignUp(ctx context.Context, login, email, password, franchiseName string) (Session, error) {
	if _, err := netmail.ParseAddress(strings.TrimSpace(email)); err != nil || !strings.Contains(email, "@") {
		return Session{}, &tenancy.ValidationError{Field: "email", Message: "L'adresse e-mail n'est pas valide."}
	}
	if err := ValidatePassword(password); err != nil {
		return Session{}, err
	}
	if strings.TrimSpace(franchiseName) == "" {
		franchiseName = login
	}
	hash, err := HashPassword(password)
	if err != nil {
		return Session{}, err
	}
	var u tenancy.User
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		f, err := s.tenancy.NewFranchise(ctx, tx, tenancy.Franchise{Name: franchiseName, CountryCode: "FR"})
		if err != nil {
			return err
		}
		u, err = s.tenancy.NewUser(ctx, tx, tenancy.User{FranchiseID: f.ID, Login: login, Email: email,
			PasswordHash: hash, Role: tenancy.RoleAdmin})
		return err
	})
	if err != nil {
		return Session{}, err
	}
	return s.issue(ctx, u, 0)
}

// NewFranchise is what a super-admin fills in to open a franchise.
type NewFranchise struct {
	Name          string
	CountryCode   string // FR when empty
	Currency      string // the country's when empty
	AdminLogin    string
	AdminEmail    string
	AdminPassword string
	Restaurant    tenancy.RestaurantInput
}

// CreateFranchise opens a franchise with its owner and first restaurant
// (super-admins only); the owner signs in with the password given.
func (s *Service) CreateFranchise(ctx context.Context, p tenancy.Principal, in NewFranchise) (tenancy.Franchise, tenancy.User, tenancy.Restaurant, error) {
	fail := func(err error) (tenancy.Franchise, tenancy.User, tenancy.Restaurant, error) {
		return tenancy.Franchise{}, tenancy.User{}, tenancy.Restaurant{}, err
	}
	if !p.IsSuperAdmin() {
		return fail(tenancy.ErrForbidden)
	}
	if _, err := netmail.ParseAddress(strings.TrimSpace(in.AdminEmail)); err != nil || !strings.Contains(in.AdminEmail, "@") {
		return fail(&tenancy.ValidationError{Field: "adminEmail", Message: "L'adresse e-mail n'est pas valide."})
	}
	if err := ValidatePassword(in.AdminPassword); err != nil {
		if ve, ok := err.(*tenancy.ValidationError); ok {
			return fail(&tenancy.ValidationError{Field: "adminPassword", Message: ve.Message})
		}
		return fail(err)
	}
	hash, err := HashPassword(in.AdminPassword)
	if err != nil {
		return fail(err)
	}
	return s.tenancy.CreateFranchise(ctx, p, tenancy.NewFranchiseInput{
		Franchise:  tenancy.Franchise{Name: in.Name, CountryCode: strings.ToUpper(strings.TrimSpace(in.CountryCode)), Currency: strings.ToUpper(strings.TrimSpace(in.Currency))},
		Admin:      tenancy.User{Login: in.AdminLogin, Email: strings.TrimSpace(in.AdminEmail), PasswordHash: hash},
		Restaurant: in.Restaurant,
	})
}

// Suspended reports whether the principal's franchise is blocked for unpaid
// maintenance. Super-admins and their franchise sessions are exempt.
func (s *Service) Suspended(ctx context.Context, p tenancy.Principal) (bool, error) {
	if p.IsSuperAdmin() || p.SuperAdminLogin || p.FranchiseID == 0 {
		return false, nil
	}
	f, err := s.tenancy.FranchiseForAuth(ctx, p.FranchiseID)
	if err != nil {
		return false, err
	}
	return f.IsBlocked, nil
}

// ForgotPassword mails a reset link when login names an account with an
// e-mail. It says nothing either way, so that it cannot be used to find
// which logins exist.
func (s *Service) ForgotPassword(ctx context.Context, login string) error {
	u, err := s.tenancy.UserByLogin(ctx, login)
	if errors.Is(err, tenancy.ErrNotFound) || (err == nil && (u.Disabled || u.Email == "")) {
		slog.Info("password reset requested for an unknown or mailless login", "login", tenancy.NormalizeLogin(login))
		return nil
	}
	if err != nil {
		return err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	token := hex.EncodeToString(raw)
	now := s.now().UTC()
	if _, err := s.db.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)`,
		hashToken(token), u.ID, now.Add(resetTokenTTL), now); err != nil {
		return err
	}
	link := fmt.Sprintf("%s/auth/resetPassword/%d&%s", s.publicURL, u.FranchiseID, token)
	body := fmt.Sprintf("Bonjour,\n\nPour choisir un nouveau mot de passe Brigade, ouvrez ce lien (valable une heure) :\n%s\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.", link)
	return s.mailer.Send(ctx, mail.Message{To: u.Email, Subject: "Brigade : réinitialisation du mot de passe", Text: body})
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// ResetPassword sets a new password with a token from ForgotPassword. The
// token is single-use, expires after an hour and belongs to franchiseID.
func (s *Service) ResetPassword(ctx context.Context, franchiseID int64, token, password string) error {
	if err := ValidatePassword(password); err != nil {
		return err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		var userID int64
		var userFranchise *int64
		err := tx.QueryRow(ctx, `SELECT pr.user_id, u.franchise_id FROM password_resets pr JOIN users u ON u.id = pr.user_id
			WHERE pr.token_hash = ? AND pr.used_at IS NULL AND pr.expires_at > ? AND u.disabled = FALSE`,
			hashToken(token), s.now().UTC()).Scan(&userID, &userFranchise)
		if err != nil {
			return ErrResetInvalid
		}
		var fid int64
		if userFranchise != nil {
			fid = *userFranchise
		}
		if fid != franchiseID {
			return ErrResetInvalid
		}
		if _, err := tx.Exec(ctx, `UPDATE password_resets SET used_at = ? WHERE token_hash = ?`, s.now().UTC(), hashToken(token)); err != nil {
			return err
		}
		return s.tenancy.SetPasswordHash(ctx, tx, userID, hash)
	})
}

// Reissue signs a fresh token for an authenticated principal (same user,
// same super-admin origin).
func (s *Service) Reissue(ctx context.Context, p tenancy.Principal) (Session, error) {
	u, err := s.tenancy.UserInFranchise(ctx, p.UserID, p.FranchiseID)
	if err != nil {
		return Session{}, err
	}
	return s.issue(ctx, u, p.ImpersonatorID)
}

// SwitchFranchise gives a restaurant login attached to several franchises a
// session for another of them (or its home one). A franchise it is not
// attached to is not found, as another tenant's resource; a closed one is
// refused as at sign-in. A super-admin's franchise session does not switch.
func (s *Service) SwitchFranchise(ctx context.Context, p tenancy.Principal, franchiseID int64) (Session, error) {
	if p.ImpersonatorID != 0 || p.Role != tenancy.RoleRestaurant {
		return Session{}, tenancy.ErrNotFound
	}
	u, err := s.tenancy.UserInFranchise(ctx, p.UserID, franchiseID)
	if err != nil {
		return Session{}, err
	}
	if u.Disabled {
		return Session{}, ErrAccountGone
	}
	if u.FranchiseClosed {
		return Session{}, ErrFranchiseClosed
	}
	slog.Info("franchise switched", "login", u.Login, "from", p.FranchiseID, "to", franchiseID)
	return s.issue(ctx, u, 0)
}
