// Package campaigns sends the franchise's marketing campaigns (issue 20):
// an SMS or an e-mail to the customers of a segment who consented to that
// channel, as a background job that never sends twice to one customer,
// with the counters (delivered, failed, opt-outs) and the orders that used
// the campaign's promo code since it was sent. Saved segments are the
// « listes de diffusion ». Providers sit behind drivers: e-mail through
// internal/mail, SMS through an HTTP provider.
package campaigns

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/tenancy"
)

// Channels and statuses.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"

	StatusDraft     = "draft"
	StatusScheduled = "scheduled"
	StatusSending   = "sending"
	StatusSent      = "sent"
	StatusCancelled = "cancelled"
	StatusFailed    = "failed"
)

// The API types carry a Marketing prefix: the OpenAPI document names its
// schemas by Go type, and Campaign is the menu's carte.

// MarketingMoney is an amount in one currency.
type MarketingMoney struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

// MarketingSegment chooses the recipients among the franchise's customers. Consent
// is implied by the channel (sms_optin or email_optin, with a phone or an
// e-mail); erased customers are never chosen.
type MarketingSegment struct {
	RestaurantIDs  []int64 `json:"restaurantIds" doc:"Clients venus dans l'un de ces restaurants ; vide : tous ceux que vous voyez"`
	NotSeenDays    *int    `json:"notSeenDays,omitempty" required:"false" minimum:"1" doc:"Pas revenus depuis ce nombre de jours"`
	SeenWithinDays *int    `json:"seenWithinDays,omitempty" required:"false" minimum:"1" doc:"Venus dans ce nombre de jours"`
	MinVisits      *int    `json:"minVisits,omitempty" required:"false" minimum:"0" doc:"Au moins ce nombre de visites"`
	BirthMonth     *int    `json:"birthMonth,omitempty" required:"false" minimum:"0" maximum:"12" doc:"Mois d'anniversaire (1 à 12 ; 0 : le mois en cours)"`
	TierID         *int64  `json:"tierId,omitempty" required:"false" doc:"Palier de fidélité"`
	MinPoints      *int    `json:"minPoints,omitempty" required:"false" minimum:"0" doc:"Au moins ce nombre de points"`
}

// MarketingEstimate is what a campaign would cost before it is sent.
type MarketingEstimate struct {
	Recipients int            `json:"recipients" doc:"Destinataires (consentement au canal, non effacés)"`
	Segments   int            `json:"segments" doc:"Parties SMS par message (1 pour un e-mail)"`
	Cost       MarketingMoney `json:"cost" doc:"Coût estimé : parties × destinataires × prix d'un SMS (0 pour un e-mail)"`
}

// MarketingCampaign is a marketing campaign.
type MarketingCampaign struct {
	ID          int64             `json:"id" readOnly:"true"`
	Name        string            `json:"name" maxLength:"120"`
	Channel     string            `json:"channel" enum:"sms,email"`
	Segment     MarketingSegment  `json:"segment"`
	Subject     string            `json:"subject" required:"false" maxLength:"200" doc:"Objet de l'e-mail"`
	Body        string            `json:"body" maxLength:"5000" doc:"Texte du message ; un SMS finit toujours par la mention STOP (ajoutée si elle manque)"`
	PromoCode   string            `json:"promoCode" required:"false" maxLength:"40"`
	Status      string            `json:"status" readOnly:"true" enum:"draft,scheduled,sending,sent,cancelled,failed"`
	ScheduledAt *time.Time        `json:"scheduledAt" required:"false" nullable:"true" doc:"Envoi programmé (absent : brouillon)"`
	SentAt      *time.Time        `json:"sentAt" readOnly:"true" nullable:"true"`
	Recipients  int               `json:"recipients" readOnly:"true"`
	Delivered   int               `json:"delivered" readOnly:"true"`
	Failed      int               `json:"failed" readOnly:"true"`
	Optouts     int               `json:"optouts" readOnly:"true" doc:"Désinscriptions (STOP, lien de désinscription) après cette campagne"`
	Redemptions int               `json:"redemptions" readOnly:"true" doc:"Commandes qui ont utilisé le code promo depuis l'envoi"`
	Estimate    MarketingEstimate `json:"estimate" readOnly:"true"`
	Version     int               `json:"version" readOnly:"true"`
	CreatedBy   string            `json:"createdBy" readOnly:"true"`
	CreatedAt   time.Time         `json:"createdAt" readOnly:"true"`

	franchiseID int64
}

// MarketingCampaignInput is what the editor sends.
type MarketingCampaignInput struct {
	Name        string           `json:"name" maxLength:"120"`
	Channel     string           `json:"channel" enum:"sms,email"`
	Segment     MarketingSegment `json:"segment"`
	Subject     string           `json:"subject" required:"false" maxLength:"200"`
	Body        string           `json:"body" maxLength:"5000"`
	PromoCode   string           `json:"promoCode" required:"false" maxLength:"40"`
	ScheduledAt *time.Time       `json:"scheduledAt,omitempty" required:"false" doc:"Programmer l'envoi à cette date (absent : brouillon)"`
}

// MarketingParty is a customer named in a message.
type MarketingParty struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// MarketingMessage is one campaign message to one customer.
type MarketingMessage struct {
	Customer MarketingParty `json:"customer"`
	Address  string         `json:"address" doc:"Téléphone ou e-mail"`
	Status   string         `json:"status" enum:"pending,sending,sent,delivered,failed" doc:"pending : à envoyer ; sent : remis au fournisseur SMS ; delivered : distribué ; failed : échec"`
	Error    string         `json:"error"`
	SentAt   *time.Time     `json:"sentAt" nullable:"true"`
}

// MarketingMessages is a page of messages.
type MarketingMessages struct {
	Items []MarketingMessage `json:"items"`
	Total int                `json:"total"`
}

// MarketingEstimateInput asks what a message would cost.
type MarketingEstimateInput struct {
	Channel string           `json:"channel" enum:"sms,email"`
	Segment MarketingSegment `json:"segment"`
	Body    string           `json:"body" required:"false" maxLength:"5000"`
}

// MarketingEstimateResult is the editor's live estimate.
type MarketingEstimateResult struct {
	Recipients int            `json:"recipients"`
	Segments   int            `json:"segments" doc:"Parties SMS par message, mention STOP comprise"`
	Characters int            `json:"characters" doc:"Caractères du SMS envoyé, mention STOP comprise"`
	Encoding   string         `json:"encoding" enum:"gsm7,ucs2,none" doc:"Alphabet du SMS : gsm7 (160 / 153 par partie) ou ucs2 (70 / 67) ; none pour un e-mail"`
	Cost       MarketingMoney `json:"cost"`
	StopLine   string         `json:"stopLine" doc:"La mention STOP ajoutée à chaque SMS"`
}

// MarketingListCounts are the recipients of a saved list per channel.
type MarketingListCounts struct {
	SMS   int `json:"sms"`
	Email int `json:"email"`
}

// MarketingList is a saved segment (« liste de diffusion »).
type MarketingList struct {
	ID         int64               `json:"id" readOnly:"true"`
	Name       string              `json:"name" maxLength:"120"`
	Segment    MarketingSegment    `json:"segment"`
	Recipients MarketingListCounts `json:"recipients" readOnly:"true"`
	Version    int                 `json:"version" readOnly:"true"`
}

// MarketingListInput is what the list editor sends.
type MarketingListInput struct {
	Name    string           `json:"name" maxLength:"120"`
	Segment MarketingSegment `json:"segment"`
}

// MarketingSettings say which providers are configured.
type MarketingSettings struct {
	SMSConfigured   bool           `json:"smsConfigured"`
	EmailConfigured bool           `json:"emailConfigured"`
	SMSSender       string         `json:"smsSender"`
	PricePerSMS     MarketingMoney `json:"pricePerSms"`
	StopLine        string         `json:"stopLine"`
}

// ErrNotEditable: only a draft or a scheduled campaign is edited, sent or deleted.
var ErrNotEditable = errors.New("Cette campagne est déjà partie ou annulée : elle ne peut plus être modifiée.")

func invalid(field, format string, args ...any) error {
	return &tenancy.ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}

func (in *MarketingCampaignInput) normalize() error {
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	if in.Name == "" {
		return invalid("name", "Le nom de la campagne est obligatoire.")
	}
	if utf8.RuneCountInString(in.Name) > 120 {
		return invalid("name", "Le nom ne doit pas dépasser 120 caractères.")
	}
	if in.Channel != ChannelSMS && in.Channel != ChannelEmail {
		return invalid("channel", "Canal inconnu : sms ou email.")
	}
	in.Subject = strings.TrimSpace(in.Subject)
	in.Body = strings.TrimSpace(strings.ReplaceAll(in.Body, "\r\n", "\n"))
	if in.Body == "" {
		return invalid("body", "Le texte du message est obligatoire.")
	}
	if in.Channel == ChannelEmail && in.Subject == "" {
		return invalid("subject", "L'objet de l'e-mail est obligatoire.")
	}
	in.PromoCode = strings.ToUpper(strings.Join(strings.Fields(in.PromoCode), ""))
	return in.Segment.check()
}

func (s *MarketingSegment) check() error {
	if s.RestaurantIDs == nil {
		s.RestaurantIDs = []int64{}
	}
	slices.Sort(s.RestaurantIDs)
	s.RestaurantIDs = slices.Compact(s.RestaurantIDs)
	for _, v := range []*int{s.NotSeenDays, s.SeenWithinDays} {
		if v != nil && *v < 1 {
			return invalid("segment", "Le nombre de jours doit être positif.")
		}
	}
	if s.BirthMonth != nil && (*s.BirthMonth < 0 || *s.BirthMonth > 12) {
		return invalid("segment.birthMonth", "Le mois d'anniversaire va de 1 à 12 (0 : le mois en cours).")
	}
	for _, v := range []*int{s.MinVisits, s.MinPoints} {
		if v != nil && *v < 0 {
			return invalid("segment", "Les seuils ne peuvent pas être négatifs.")
		}
	}
	return nil
}

func (in *MarketingListInput) normalize() error {
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	if in.Name == "" {
		return invalid("name", "Le nom de la liste est obligatoire.")
	}
	if utf8.RuneCountInString(in.Name) > 120 {
		return invalid("name", "Le nom ne doit pas dépasser 120 caractères.")
	}
	return in.Segment.check()
}
