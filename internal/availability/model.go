// Package availability owns what a restaurant can sell right now without
// redeploying its menu (issue 19): the products and options it marks sold
// out, for the rest of its business day or until a date, and its opening
// hours per channel (kiosk, click & collect, till), weekly with dated
// exceptions. Kiosks read both as one small document with a strong ETag and
// are told of each change on their event stream.
//
// Time: a restaurant's hours are wall-clock times in its zone. A slot whose
// closing time comes before its opening time ends the next day (18:30–02:00),
// at 06:00 at the latest, so that a typo such as 14:30–11:30 is refused
// instead of read as a 21-hour slot. Nothing runs on a schedule: a sold-out
// stores the instant it ends and stops counting by itself.
package availability

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// HistoryModule names these changes in the franchise history.
const HistoryModule = "Disponibilité"

// TypeChanged is published after a restaurant's sold-outs or hours change
// (data: restaurantId). Kiosk streams of that restaurant announce the new
// availability document; browsers refetch.
const TypeChanged = "availability.changed"

// Kinds of element a restaurant marks sold out.
const (
	KindProduct = "product"
	KindOption  = "option"
)

// Sold-out modes.
const (
	// UntilToday: until the end of the restaurant's business day (local
	// midnight, or the end of a service that runs past it).
	UntilToday = "today"
	// UntilDate: until the end of a chosen local date.
	UntilDate = "date"
)

// Channels are the order sources hours apply to (orders.Source*).
var Channels = []string{orders.SourceKiosk, orders.SourceCollect, orders.SourceTill}

// Days in French, 1 = Monday (ISO) … 7 = Sunday.
var dayNames = [8]string{"", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"}

// Limits of an hours document.
const (
	maxSlotsPerDay   = 6
	maxExceptions    = 120
	maxLabel         = 60
	latestOvernight  = 6 * 60 // a slot past midnight ends by 06:00
	minutesPerDay    = 24 * 60
	soldOutMaxAhead  = 366 // days
	soldOutNameLimit = 200
)

// Messages.
const (
	MsgCloseAfterOpen   = "L'heure de fermeture doit suivre l'heure d'ouverture."
	MsgOvernightTooLong = "L'heure de fermeture doit suivre l'heure d'ouverture : un créneau qui passe minuit se termine au plus tard à 06:00 le lendemain."
	MsgDayWithoutSlots  = "Indiquez les créneaux d'ouverture de ce jour, ou fermez-le toute la journée."
	MsgNotInMenu        = "Cet élément n'est pas dans la carte déployée du restaurant."
	MsgPastDate         = "La date de fin doit être aujourd'hui ou plus tard."
	MsgTooFar           = "La date de fin ne peut pas dépasser un an."
)

// Slot is an opening slot, in the restaurant's local time.
type Slot struct {
	Open  string `json:"open" doc:"Ouverture, HH:MM (heure locale du restaurant)" example:"11:30"`
	Close string `json:"close" doc:"Fermeture, HH:MM ; plus tôt que l'ouverture : le lendemain (au plus tard 06:00)" example:"14:30"`
}

// DayHours are the slots of one day of the week.
type DayHours struct {
	Day   int    `json:"day" minimum:"1" maximum:"7" doc:"1 = lundi … 7 = dimanche"`
	Slots []Slot `json:"slots" doc:"Créneaux du jour, dans l'ordre ; aucun : fermé"`
}

// Exception replaces the weekly slots on one date.
type Exception struct {
	Date   string `json:"date" doc:"Date locale, AAAA-MM-JJ" example:"2025-12-25"`
	Label  string `json:"label" maxLength:"60" doc:"Par exemple « Noël »"`
	Closed bool   `json:"closed" doc:"Fermé toute la journée (les créneaux sont alors ignorés)"`
	Slots  []Slot `json:"slots" doc:"Créneaux de ce jour, à la place de ceux de la semaine"`
}

// ChannelHours are the hours of one channel.
type ChannelHours struct {
	AlwaysOpen bool        `json:"alwaysOpen" doc:"Sans restriction horaire : ouvert à toute heure (les exceptions s'appliquent quand même) ; les créneaux de la semaine sont conservés mais ignorés"`
	Weekly     []DayHours  `json:"weekly" doc:"Les sept jours, du lundi (1) au dimanche (7)"`
	Exceptions []Exception `json:"exceptions" doc:"Jours particuliers (fériés, fermetures), par date"`
}

// Hours are a restaurant's opening hours per channel.
type Hours struct {
	Borne         ChannelHours `json:"borne" doc:"Bornes"`
	ClickNCollect ChannelHours `json:"clickncollect" doc:"Click & collect"`
	Caisse        ChannelHours `json:"caisse" doc:"Caisses"`
}

// channel returns the hours of a channel by name.
func (h *Hours) channel(name string) *ChannelHours {
	switch name {
	case orders.SourceKiosk:
		return &h.Borne
	case orders.SourceCollect:
		return &h.ClickNCollect
	case orders.SourceTill:
		return &h.Caisse
	}
	return nil
}

// DefaultHours: never saved, every channel open at all hours, so that a
// restaurant that has not set its hours is never shown closed.
func DefaultHours() Hours {
	var h Hours
	for _, name := range Channels {
		c := h.channel(name)
		c.AlwaysOpen = true
		c.Weekly = emptyWeek()
		c.Exceptions = []Exception{}
	}
	return h
}

func emptyWeek() []DayHours {
	w := make([]DayHours, 7)
	for i := range w {
		w[i] = DayHours{Day: i + 1, Slots: []Slot{}}
	}
	return w
}

// minutes reads HH:MM.
func minutes(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	var h, m int
	if _, err := fmt.Sscanf(s, "%2d:%2d", &h, &m); err != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, false
	}
	for _, c := range s[:2] + s[3:] {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	return h*60 + m, true
}

// span is a slot in minutes from its day's midnight; to > from, and to
// beyond 1440 when it ends the next day.
type span struct{ from, to int }

func spanOf(s Slot) span {
	o, _ := minutes(s.Open)
	c, _ := minutes(s.Close)
	if c <= o {
		c += minutesPerDay
	}
	return span{o, c}
}

func (s Slot) text() string { return s.Open + "–" + s.Close }

// checkSlots validates and sorts the slots of one day; field is their path.
func checkSlots(field string, slots []Slot, what string) ([]Slot, error) {
	if len(slots) > maxSlotsPerDay {
		return nil, &tenancy.ValidationError{Field: field, Message: fmt.Sprintf("%d créneaux au plus par jour (%s).", maxSlotsPerDay, what)}
	}
	out := make([]Slot, len(slots))
	for i, s := range slots {
		f := fmt.Sprintf("%s[%d]", field, i)
		s.Open, s.Close = strings.TrimSpace(s.Open), strings.TrimSpace(s.Close)
		o, ok := minutes(s.Open)
		if !ok {
			return nil, &tenancy.ValidationError{Field: f + ".open", Message: fmt.Sprintf("L'heure d'ouverture « %s » n'est pas au format HH:MM (%s).", s.Open, what)}
		}
		c, ok := minutes(s.Close)
		if !ok {
			return nil, &tenancy.ValidationError{Field: f + ".close", Message: fmt.Sprintf("L'heure de fermeture « %s » n'est pas au format HH:MM (%s).", s.Close, what)}
		}
		if c == o {
			return nil, &tenancy.ValidationError{Field: f + ".close", Message: MsgCloseAfterOpen}
		}
		if c < o && c > latestOvernight {
			return nil, &tenancy.ValidationError{Field: f + ".close", Message: MsgOvernightTooLong}
		}
		out[i] = s
	}
	// Sorted by opening time; two slots of the day must not overlap.
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sortBy(order, func(i int) int { return spanOf(out[i]).from })
	sorted := make([]Slot, len(out))
	for k, i := range order {
		sorted[k] = out[i]
		if k > 0 {
			prev := sorted[k-1]
			if spanOf(out[i]).from < spanOf(prev).to {
				return nil, &tenancy.ValidationError{Field: fmt.Sprintf("%s[%d]", field, i),
					Message: fmt.Sprintf("Les créneaux %s et %s se chevauchent (%s).", prev.text(), out[i].text(), what)}
			}
		}
	}
	return sorted, nil
}

// sortBy sorts idx by key, stable (insertion sort: a handful of slots).
func sortBy(idx []int, key func(int) int) {
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && key(idx[j]) < key(idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}

// normalize checks an hours document and returns it in its stored form:
// seven days per channel in order, slots sorted, exceptions by date.
func normalize(in Hours) (Hours, error) {
	var out Hours
	for _, name := range Channels {
		c, err := normalizeChannel(name, *in.channel(name))
		if err != nil {
			return out, err
		}
		*out.channel(name) = c
	}
	return out, nil
}

func normalizeChannel(name string, in ChannelHours) (ChannelHours, error) {
	out := ChannelHours{AlwaysOpen: in.AlwaysOpen, Weekly: emptyWeek(), Exceptions: []Exception{}}
	label := channelLabels[name]
	seen := map[int]bool{}
	for i, d := range in.Weekly {
		field := fmt.Sprintf("%s.weekly[%d]", name, i)
		if d.Day < 1 || d.Day > 7 {
			return out, &tenancy.ValidationError{Field: field + ".day", Message: fmt.Sprintf("Le jour %d n'existe pas (1 = lundi … 7 = dimanche).", d.Day)}
		}
		if seen[d.Day] {
			return out, &tenancy.ValidationError{Field: field + ".day", Message: fmt.Sprintf("Le %s figure deux fois dans les horaires %s.", dayNames[d.Day], label)}
		}
		seen[d.Day] = true
		slots, err := checkSlots(field+".slots", d.Slots, fmt.Sprintf("%s, %s", dayNames[d.Day], label))
		if err != nil {
			return out, err
		}
		out.Weekly[d.Day-1].Slots = slots
	}
	// A slot past midnight must end before the next day's first slot.
	for d := 1; d <= 7; d++ {
		next := d%7 + 1
		for _, s := range out.Weekly[d-1].Slots {
			sp := spanOf(s)
			if sp.to <= minutesPerDay {
				continue
			}
			for _, n := range out.Weekly[next-1].Slots {
				if spanOf(n).from < sp.to-minutesPerDay {
					return out, &tenancy.ValidationError{Field: fmt.Sprintf("%s.weekly[%d].slots", name, d-1),
						Message: fmt.Sprintf("Le créneau %s du %s déborde sur le créneau %s du %s (%s).", s.text(), dayNames[d], n.text(), dayNames[next], label)}
				}
			}
		}
	}
	if len(in.Exceptions) > maxExceptions {
		return out, &tenancy.ValidationError{Field: name + ".exceptions", Message: fmt.Sprintf("%d jours particuliers au plus par canal.", maxExceptions)}
	}
	dates := map[string]bool{}
	for i, e := range in.Exceptions {
		field := fmt.Sprintf("%s.exceptions[%d]", name, i)
		e.Date = strings.TrimSpace(e.Date)
		day, err := time.Parse(time.DateOnly, e.Date)
		if err != nil {
			return out, &tenancy.ValidationError{Field: field + ".date", Message: fmt.Sprintf("La date « %s » n'est pas au format AAAA-MM-JJ.", e.Date)}
		}
		if dates[e.Date] {
			return out, &tenancy.ValidationError{Field: field + ".date", Message: fmt.Sprintf("Deux jours particuliers portent sur le %s (%s).", day.Format("02/01/2006"), label)}
		}
		dates[e.Date] = true
		e.Label = strings.TrimSpace(e.Label)
		if utf8.RuneCountInString(e.Label) > maxLabel {
			return out, &tenancy.ValidationError{Field: field + ".label", Message: fmt.Sprintf("Le libellé doit contenir au plus %d caractères.", maxLabel)}
		}
		if e.Closed {
			e.Slots = []Slot{}
		} else {
			if len(e.Slots) == 0 {
				return out, &tenancy.ValidationError{Field: field + ".slots", Message: MsgDayWithoutSlots}
			}
			if e.Slots, err = checkSlots(field+".slots", e.Slots, fmt.Sprintf("%s, %s", day.Format("02/01/2006"), label)); err != nil {
				return out, err
			}
		}
		out.Exceptions = append(out.Exceptions, e)
	}
	for i := 1; i < len(out.Exceptions); i++ {
		for j := i; j > 0 && out.Exceptions[j].Date < out.Exceptions[j-1].Date; j-- {
			out.Exceptions[j], out.Exceptions[j-1] = out.Exceptions[j-1], out.Exceptions[j]
		}
	}
	return out, nil
}

// channelLabels name the channels in messages.
var channelLabels = map[string]string{
	orders.SourceKiosk:   "bornes",
	orders.SourceCollect: "click & collect",
	orders.SourceTill:    "caisses",
}

// ChannelLabel is a channel's French name.
func ChannelLabel(name string) string { return channelLabels[name] }

// SoldOut is an element a restaurant has marked sold out.
type SoldOut struct {
	Kind      string    `json:"kind" enum:"product,option"`
	IDGlobal  string    `json:"idGlobal"`
	Name      string    `json:"name"`
	Group     string    `json:"group" doc:"Catégorie du produit ou groupe de l'option"`
	Mode      string    `json:"mode" enum:"today,date" doc:"today : pour le reste de la journée ; date : jusqu'à une date incluse"`
	UntilDate string    `json:"untilDate" doc:"Dernier jour (local, AAAA-MM-JJ) où l'élément est épuisé"`
	Until     time.Time `json:"until" doc:"Instant (UTC) où l'élément revient en vente de lui-même : fin de la journée du restaurant, ou de son service s'il passe minuit"`
	SetBy     string    `json:"setBy" doc:"Qui l'a marqué épuisé"`
	SetAt     time.Time `json:"setAt"`
}

// SoldOutInput marks an element sold out.
type SoldOutInput struct {
	Kind     string `json:"kind" enum:"product,option"`
	IDGlobal string `json:"idGlobal" minLength:"1" maxLength:"200" doc:"idGlobal du produit ou de l'option dans la carte déployée du restaurant"`
	Mode     string `json:"mode" enum:"today,date" doc:"today : pour le reste de la journée ; date : jusqu'au jour « date » inclus"`
	Date     string `json:"date,omitempty" doc:"Avec mode=date : le dernier jour épuisé (AAAA-MM-JJ, heure locale du restaurant)"`
}
