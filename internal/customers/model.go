// Package customers keeps a franchise's customers (issue 20): who they
// are (found again by phone, e-mail or loyalty card, normalised), their
// consents to SMS and e-mail with every grant and withdrawal, the orders
// linked to them and what those add up to (visits, spend per currency,
// restaurants visited). An erased customer (RGPD) keeps its row emptied of
// every personal field so that its orders' figures stay.
package customers

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"brigade/internal/tenancy"
)

// TypeChanged is published when a franchise's customers change.
const TypeChanged = "customers.changed"

// NamedRef is a named thing a customer points to (a restaurant, a tier).
type NamedRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// CustomerMoney is an amount in one currency.
type CustomerMoney struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

// CustomerSpend is what a customer spent in one currency, over how many orders.
type CustomerSpend struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
	Orders   int64  `json:"orders"`
}

// CustomerInfo is a customer as the back-office shows it.
type CustomerInfo struct {
	ID             int64           `json:"id"`
	FirstName      string          `json:"firstName"`
	LastName       string          `json:"lastName"`
	Phone          string          `json:"phone" doc:"Téléphone au format E.164 (+33612345678), vide s'il n'y en a pas"`
	Email          string          `json:"email"`
	Card           string          `json:"card" doc:"Numéro de carte de fidélité"`
	PostalCode     string          `json:"postalCode"`
	BirthMonth     int             `json:"birthMonth" minimum:"0" maximum:"12"`
	BirthDay       int             `json:"birthDay" minimum:"0" maximum:"31"`
	SmsOptin       bool            `json:"smsOptin"`
	EmailOptin     bool            `json:"emailOptin"`
	Visits         int64           `json:"visits"`
	FirstVisit     *time.Time      `json:"firstVisit"`
	LastVisit      *time.Time      `json:"lastVisit"`
	LastRestaurant *NamedRef       `json:"lastRestaurant"`
	Spend          []CustomerSpend `json:"spend"`
	Points         int64           `json:"points"`
	LifetimePoints int64           `json:"lifetimePoints"`
	Tier           *NamedRef       `json:"tier"`
	Erased         bool            `json:"erased"`
	Version        int             `json:"version"`
}

// CustomerInput is a customer as the back-office or a kiosk writes it.
type CustomerInput struct {
	FirstName  string `json:"firstName,omitempty" maxLength:"100"`
	LastName   string `json:"lastName,omitempty" maxLength:"100"`
	Phone      string `json:"phone,omitempty" maxLength:"40" doc:"Téléphone : 06 12 34 56 78, +33 6 12 34 56 78 ou tout numéro international en +"`
	Email      string `json:"email,omitempty" maxLength:"200"`
	Card       string `json:"card,omitempty" maxLength:"64"`
	PostalCode string `json:"postalCode,omitempty" maxLength:"10"`
	BirthMonth int    `json:"birthMonth,omitempty" minimum:"0" maximum:"12"`
	BirthDay   int    `json:"birthDay,omitempty" minimum:"0" maximum:"31"`
}

// CustomerConsent is one grant or withdrawal of a consent.
type CustomerConsent struct {
	Channel string    `json:"channel" enum:"sms,email"`
	Granted bool      `json:"granted"`
	Source  string    `json:"source" doc:"kiosk, till, click_and_collect, back_office, stop"`
	ByUser  string    `json:"byUser"`
	At      time.Time `json:"at"`
}

// CustomerConsent channels and sources.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"

	SourceKiosk      = "kiosk"
	SourceTill       = "till"
	SourceCollect    = "click_and_collect"
	SourceBackOffice = "back_office"
	SourceStop       = "stop"
)

// ErasedName is how an erased customer is shown.
const ErasedName = "Client effacé"

// ErrStale: the customer changed since the editor read it.
var ErrStale = errors.New("Ce client a été modifié entre-temps. Rechargez la page puis recommencez.")

// ErrUnknown: no customer answers a kiosk's lookup.
var ErrUnknown = errors.New("Client inconnu.")

// ErrErased refuses to edit an erased customer.
var ErrErased = errors.New("Ce client a été effacé : ses données personnelles ne peuvent plus être modifiées.")

// Conflict is a customer that already has the phone, e-mail or card.
type Conflict struct{ Message string }

func (e *Conflict) Error() string { return e.Message }

func invalid(field, format string, args ...any) error {
	return &tenancy.ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// NormalizePhone puts a phone number in E.164: French numbers written
// « 06 12 34 56 78 », « +33 6 12 34 56 78 », « 0033 6… » or « +33 (0)6… »
// become +33612345678; another country's number must start with + or 00.
// ok is false for what is not a phone number.
func NormalizePhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	s = strings.ReplaceAll(s, "(0)", "")
	plus := strings.HasPrefix(s, "+")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '.' || r == '-' || r == '(' || r == ')' || r == '/' || r == '\u00a0' || r == '\u202f' || (r == '+' && b.Len() == 0):
		default:
			return "", false
		}
	}
	d := b.String()
	if !plus && strings.HasPrefix(d, "00") {
		d, plus = d[2:], true
	}
	if plus {
		if strings.HasPrefix(d, "33") {
			rest := strings.TrimPrefix(d[2:], "0")
			if len(rest) != 9 {
				return "", false
			}
			return "+33" + rest, true
		}
		if len(d) < 8 || len(d) > 15 || d[0] == '0' {
			return "", false
		}
		return "+" + d, true
	}
	// A national French number: 10 digits starting with 0.
	if len(d) == 10 && d[0] == '0' && d[1] != '0' {
		return "+33" + d[1:], true
	}
	if len(d) == 9 && d[0] != '0' {
		return "+33" + d, true
	}
	return "", false
}

// NormalizeEmail trims and lower-cases an e-mail; ok is false when it is
// not one.
func NormalizeEmail(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", true
	}
	at := strings.LastIndex(s, "@")
	if at < 1 || at == len(s)-1 || strings.ContainsAny(s, " ,;<>\"") || !strings.Contains(s[at:], ".") || utf8.RuneCountInString(s) > 200 {
		return "", false
	}
	return s, true
}

// NormalizeCard trims and upper-cases a loyalty card number (inner spaces
// dropped).
func NormalizeCard(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

func cleanName(s string) string { return strings.Join(strings.Fields(s), " ") }

// normalize checks an input and puts it in its stored form.
func (in *CustomerInput) normalize() error {
	in.FirstName, in.LastName = cleanName(in.FirstName), cleanName(in.LastName)
	if utf8.RuneCountInString(in.FirstName) > 100 {
		return invalid("firstName", "Le prénom ne doit pas dépasser 100 caractères.")
	}
	if utf8.RuneCountInString(in.LastName) > 100 {
		return invalid("lastName", "Le nom ne doit pas dépasser 100 caractères.")
	}
	var ok bool
	if in.Phone, ok = NormalizePhone(in.Phone); !ok {
		return invalid("phone", "Le numéro de téléphone n'est pas valide (par exemple 06 12 34 56 78 ou +33 6 12 34 56 78).")
	}
	if in.Email, ok = NormalizeEmail(in.Email); !ok {
		return invalid("email", "L'adresse e-mail n'est pas valide.")
	}
	in.Card = NormalizeCard(in.Card)
	if utf8.RuneCountInString(in.Card) > 64 {
		return invalid("card", "Le numéro de carte ne doit pas dépasser 64 caractères.")
	}
	in.PostalCode = strings.ToUpper(strings.Join(strings.Fields(in.PostalCode), ""))
	if utf8.RuneCountInString(in.PostalCode) > 10 || strings.IndexFunc(in.PostalCode, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }) >= 0 {
		return invalid("postalCode", "Le code postal n'est pas valide.")
	}
	if in.BirthMonth < 0 || in.BirthMonth > 12 {
		return invalid("birthMonth", "Le mois de naissance doit être compris entre 1 et 12.")
	}
	if in.BirthDay < 0 || in.BirthDay > 31 {
		return invalid("birthDay", "Le jour de naissance doit être compris entre 1 et 31.")
	}
	if in.BirthDay > 0 && in.BirthMonth == 0 {
		return invalid("birthMonth", "Indiquez le mois de naissance avec le jour.")
	}
	if in.BirthDay > 0 && in.BirthDay > daysIn(in.BirthMonth) {
		return invalid("birthDay", "Ce jour n'existe pas dans le mois de naissance.")
	}
	return nil
}

func daysIn(month int) int {
	return time.Date(2000, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day() // 2000: a leap year, 29 février allowed
}

// Filter narrows the directory.
type Filter struct {
	Q             string
	RestaurantID  int64
	LastVisitFrom time.Time
	LastVisitTo   time.Time
	NotSeenDays   int
	MinVisits     int
	MaxVisits     int
	MinSpendCents int64
	Currency      string
	Optin         string // sms, email, any, none
	BirthMonth    int
	TierID        int64
	ClickCollect  bool // customers with a click&collect order
	Sort          string
	Desc          bool
	Page          int
	PageSize      int
}

// CustomersPage is a page of the directory.
type CustomersPage struct {
	Items    []CustomerInfo `json:"items"`
	Total    int            `json:"total"`
	Page     int            `json:"page"`
	PageSize int            `json:"pageSize"`
}
