package availability

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"brigade/internal/deploy"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Menus names the products and options of restaurants' deployed menus and
// of the cartes (deploy.Service).
type Menus interface {
	Served(ctx context.Context, p tenancy.Principal, restaurantID int64) ([]deploy.ServedElement, error)
	ServedMenus(ctx context.Context, p tenancy.Principal, restaurantIDs []int64) (map[int64][]deploy.ServedElement, error)
	CarteElements(ctx context.Context, p tenancy.Principal, campaignID int64) ([]deploy.ServedElement, error)
	VisibleCartes(ctx context.Context, p tenancy.Principal) ([]deploy.CarteRef, error)
}

// Service reads and changes the availability of the restaurants in the
// principal's scope, and answers kiosks.
type Service struct {
	db    *store.DB
	ten   *tenancy.Service
	bus   events.Bus
	menus Menus

	clockMu sync.RWMutex
	clock   func() time.Time
}

// NewService returns the availability service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus, menus Menus) *Service {
	return &Service{db: db, ten: ten, bus: bus, menus: menus, clock: time.Now}
}

// SetClock replaces the service's clock (tests: a sold-out's end without
// waiting for it).
func (s *Service) SetClock(now func() time.Time) {
	s.clockMu.Lock()
	s.clock = now
	s.clockMu.Unlock()
}

func (s *Service) now() time.Time {
	s.clockMu.RLock()
	defer s.clockMu.RUnlock()
	return s.clock().UTC().Truncate(time.Second)
}

// canMarkSoldOut: every login of the restaurant, the restaurant's own
// login included (it is the one who sees the fridge empty).
func canMarkSoldOut(p tenancy.Principal) bool {
	switch p.Role {
	case tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest, tenancy.RoleRestaurant:
		return true
	}
	return false
}

// canEditHours: least privilege (DECISIONS "The permission model"): the
// admin, the restaurant's moderator, guests for their list; the
// restaurant's own login reads them.
func canEditHours(p tenancy.Principal) bool {
	switch p.Role {
	case tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest:
		return true
	}
	return false
}

// Element is a product or option of the deployed menu and, if it is sold
// out now, until when.
type Element struct {
	deploy.ServedElement
	SoldOut *SoldOut
}

// Overview is what the « Gestion Produits » screen shows of a restaurant.
type Overview struct {
	Restaurant tenancy.Restaurant
	// Deployed is false when the restaurant has no deployed menu yet.
	Deployed bool
	Elements []Element
	// SoldOut lists what is sold out now, including elements that left
	// the menu since.
	SoldOut []SoldOut
	// Today is the restaurant's current business date (AAAA-MM-JJ), and
	// EndOfToday when « pour le reste de la journée » ends.
	Today      string
	EndOfToday time.Time
}

// Overview returns a restaurant's menu elements with their sold-out state.
func (s *Service) Overview(ctx context.Context, p tenancy.Principal, restaurantID int64) (Overview, error) {
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return Overview{}, err
	}
	out := Overview{Restaurant: x, Deployed: true, Elements: []Element{}}
	served, err := s.menus.Served(ctx, p, restaurantID)
	if errors.Is(err, deploy.ErrNotDeployed) {
		out.Deployed, served = false, nil
	} else if err != nil {
		return Overview{}, err
	}
	now := s.now()
	if out.SoldOut, err = activeSoldOuts(ctx, s.db, x.ID, now); err != nil {
		return Overview{}, err
	}
	byKey := map[[2]string]*SoldOut{}
	for i := range out.SoldOut {
		byKey[[2]string{out.SoldOut[i].Kind, out.SoldOut[i].IDGlobal}] = &out.SoldOut[i]
	}
	for _, e := range served {
		out.Elements = append(out.Elements, Element{ServedElement: e, SoldOut: byKey[[2]string{e.Kind, e.IDGlobal}]})
	}
	h, err := hoursOf(ctx, s.db, x.ID)
	if err != nil {
		return Overview{}, err
	}
	loc := location(x.TimeZone)
	day := businessDay(h.Hours, loc, now)
	out.Today, out.EndOfToday = day.String(), endOfDay(h.Hours, loc, day)
	return out, nil
}

// SetSoldOut marks an element of the restaurant's deployed menu sold out
// for the rest of the business day or through a date, or moves the end of
// a running sold-out.
func (s *Service) SetSoldOut(ctx context.Context, p tenancy.Principal, restaurantID int64, in SoldOutInput) (SoldOut, error) {
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return SoldOut{}, err
	}
	if !canMarkSoldOut(p) {
		return SoldOut{}, tenancy.ErrForbidden
	}
	if in.Kind != KindProduct && in.Kind != KindOption {
		return SoldOut{}, &tenancy.ValidationError{Field: "kind", Message: "Le type doit être « product » ou « option »."}
	}
	served, err := s.menus.Served(ctx, p, restaurantID)
	if errors.Is(err, deploy.ErrNotDeployed) {
		return SoldOut{}, &tenancy.ValidationError{Field: "idGlobal", Message: MsgNotInMenu}
	}
	if err != nil {
		return SoldOut{}, err
	}
	var el *deploy.ServedElement
	for i := range served {
		if served[i].Kind == in.Kind && served[i].IDGlobal == in.IDGlobal {
			el = &served[i]
			break
		}
	}
	if el == nil {
		return SoldOut{}, &tenancy.ValidationError{Field: "idGlobal", Message: MsgNotInMenu}
	}
	now := s.now()
	var out SoldOut
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		h, err := hoursOf(ctx, tx, x.ID)
		if err != nil {
			return err
		}
		loc := location(x.TimeZone)
		today := businessDay(h.Hours, loc, now)
		last := today
		switch in.Mode {
		case UntilToday:
		case UntilDate:
			d, ok := parseDate(strings.TrimSpace(in.Date))
			if !ok {
				return &tenancy.ValidationError{Field: "date", Message: fmt.Sprintf("La date « %s » n'est pas au format AAAA-MM-JJ.", in.Date)}
			}
			if d.String() < today.String() {
				return &tenancy.ValidationError{Field: "date", Message: MsgPastDate}
			}
			if d.String() > today.add(soldOutMaxAhead).String() {
				return &tenancy.ValidationError{Field: "date", Message: MsgTooFar}
			}
			last = d
		default:
			return &tenancy.ValidationError{Field: "mode", Message: "Le mode doit être « today » (pour le reste de la journée) ou « date » (jusqu'au …)."}
		}
		actor, err := s.ten.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		before, err := soldOutOf(ctx, tx, x.ID, in.Kind, in.IDGlobal)
		running := err == nil && before.Until.After(now)
		if err != nil && !errors.Is(err, tenancy.ErrNotFound) {
			return err
		}
		out = SoldOut{Kind: el.Kind, IDGlobal: el.IDGlobal, Name: el.Name, Group: el.Group, Mode: in.Mode,
			UntilDate: last.String(), Until: endOfDay(h.Hours, loc, last), SetBy: actor.UserName, SetAt: now}
		if err := putSoldOut(ctx, tx, x, out); err != nil {
			return err
		}
		e := actor
		e.Module, e.RestaurantID, e.Target = HistoryModule, x.ID, elementName(out.Kind, out.Name)+" — "+x.Nom
		e.Action = history.Desactivation
		was := "en vente"
		if running {
			e.Action, was = history.Modification, soldOutText(before)
		}
		e.Changes = []history.Change{{Field: "disponibilité", Before: was, After: soldOutText(out)}}
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		s.announce(ctx, tx, x)
		return nil
	})
	return out, err
}

// ClearSoldOut puts an element back on sale. An element that is not sold
// out (any more) is left as it is.
func (s *Service) ClearSoldOut(ctx context.Context, p tenancy.Principal, restaurantID int64, kind, idGlobal string) error {
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return err
	}
	if !canMarkSoldOut(p) {
		return tenancy.ErrForbidden
	}
	now := s.now()
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := soldOutOf(ctx, tx, x.ID, kind, idGlobal)
		if errors.Is(err, tenancy.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := deleteSoldOut(ctx, tx, x.ID, kind, idGlobal); err != nil {
			return err
		}
		if !before.Until.After(now) {
			return nil // already back on sale by itself: nothing to log or announce
		}
		e, err := s.ten.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		e.Module, e.RestaurantID, e.Action, e.Target = HistoryModule, x.ID, history.Activation, elementName(before.Kind, before.Name)+" — "+x.Nom
		e.Changes = []history.Change{{Field: "disponibilité", Before: soldOutText(before), After: "en vente"}}
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		s.announce(ctx, tx, x)
		return nil
	})
}

func elementName(kind, name string) string {
	if kind == KindOption {
		return "option « " + name + " »"
	}
	return "produit « " + name + " »"
}

func soldOutText(s SoldOut) string {
	d, _ := time.Parse(time.DateOnly, s.UntilDate)
	if s.Mode == UntilToday {
		return "épuisé pour la journée du " + d.Format("02/01/2006")
	}
	return "épuisé jusqu'au " + d.Format("02/01/2006") + " inclus"
}

// announce tells kiosks and browsers, once the change is committed.
func (s *Service) announce(ctx context.Context, tx *store.Tx, x tenancy.Restaurant) {
	tx.AfterCommit(func() {
		s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: x.FranchiseID, Type: TypeChanged,
			Data: map[string]any{"restaurantId": x.ID}})
	})
}

// HoursDocument is a restaurant's hours as the back-office edits them.
type HoursDocument struct {
	Restaurant tenancy.Restaurant
	Hours      Hours
	Version    int
	UpdatedBy  string
	UpdatedAt  time.Time
	// Open is each channel's state now.
	Open ChannelsOpen
}

func (s *Service) hoursDocument(x tenancy.Restaurant, h storedHours) HoursDocument {
	loc, now := location(x.TimeZone), s.now()
	return HoursDocument{Restaurant: x, Hours: h.Hours, Version: h.Version, UpdatedBy: h.UpdatedBy, UpdatedAt: h.UpdatedAt, Open: openNow(h.Hours, loc, now)}
}

// Hours returns a restaurant's opening hours (the defaults, version 0,
// while it has never saved them).
func (s *Service) Hours(ctx context.Context, p tenancy.Principal, restaurantID int64) (HoursDocument, error) {
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return HoursDocument{}, err
	}
	h, err := hoursOf(ctx, s.db, x.ID)
	if err != nil {
		return HoursDocument{}, err
	}
	return s.hoursDocument(x, h), nil
}

// SaveHours replaces a restaurant's hours. version is the one the caller
// read (0: the defaults); another save since is a conflict.
func (s *Service) SaveHours(ctx context.Context, p tenancy.Principal, restaurantID int64, version int, in Hours) (HoursDocument, error) {
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return HoursDocument{}, err
	}
	if !canEditHours(p) {
		return HoursDocument{}, tenancy.ErrForbidden
	}
	h, err := normalize(in)
	if err != nil {
		return HoursDocument{}, err
	}
	var out storedHours
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := hoursOf(ctx, tx, x.ID)
		if err != nil {
			return err
		}
		if before.Version != version {
			return tenancy.ErrConflict
		}
		actor, err := s.ten.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		changes := history.Diff(hoursFields(before.Hours), hoursFields(h))
		if len(changes) == 0 && version > 0 {
			out = before
			return nil
		}
		now := s.now()
		v, err := writeHours(ctx, tx, x, version, h, actor.UserName, now)
		if err != nil {
			return err
		}
		out = storedHours{Hours: h, Version: v, UpdatedBy: actor.UserName, UpdatedAt: now}
		e := actor
		e.Module, e.RestaurantID, e.Action, e.Target, e.Changes = HistoryModule, x.ID, history.Modification, "horaires — "+x.Nom, changes
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		s.announce(ctx, tx, x)
		return nil
	})
	if err != nil {
		return HoursDocument{}, err
	}
	return s.hoursDocument(x, out), nil
}

// hoursFields flattens hours for the field-level history: one line per
// channel and day, one per channel and exception.
func hoursFields(h Hours) map[string]any {
	out := map[string]any{}
	for _, name := range Channels {
		c := h.channel(name)
		label := channelLabels[name]
		if c.AlwaysOpen {
			out[label+" — horaires"] = "sans restriction"
		} else {
			out[label+" — horaires"] = "selon les créneaux"
		}
		for _, d := range c.Weekly {
			out[fmt.Sprintf("%s — %d %s", label, d.Day, dayNames[d.Day])] = slotsText(d.Slots)
		}
		for _, e := range c.Exceptions {
			text := slotsText(e.Slots)
			if e.Closed {
				text = "fermé"
			}
			if e.Label != "" {
				text += " (" + e.Label + ")"
			}
			out[label+" — "+e.Date] = text
		}
	}
	return out
}

func slotsText(slots []Slot) string {
	if len(slots) == 0 {
		return "fermé"
	}
	parts := make([]string, len(slots))
	for i, s := range slots {
		parts[i] = s.text()
	}
	return strings.Join(parts, ", ")
}

// KioskSoldOut is a sold-out element as kiosks receive it.
type KioskSoldOut struct {
	Kind     string    `json:"kind" enum:"product,option"`
	IDGlobal string    `json:"idGlobal"`
	Name     string    `json:"name"`
	Until    time.Time `json:"until" doc:"Instant (UTC) où l'élément revient en vente : la borne peut l'y remettre d'elle-même"`
}

// ChannelsOpen is each channel's state at an instant.
type ChannelsOpen struct {
	Borne         OpenState `json:"borne"`
	ClickNCollect OpenState `json:"clickncollect"`
	Caisse        OpenState `json:"caisse"`
}

func openNow(h Hours, loc *time.Location, now time.Time) ChannelsOpen {
	return ChannelsOpen{Borne: h.Borne.openAt(loc, now), ClickNCollect: h.ClickNCollect.openAt(loc, now), Caisse: h.Caisse.openAt(loc, now)}
}

// KioskAvailability is the document kiosks read: the same state gives the
// same bytes (lists in a fixed order, times in UTC to the second).
type KioskAvailability struct {
	RestaurantID int64          `json:"restaurantId"`
	TimeZone     string         `json:"timeZone" doc:"Fuseau du restaurant : les heures des créneaux y sont locales"`
	SoldOut      []KioskSoldOut `json:"soldOut" doc:"Éléments épuisés maintenant (produits puis options, par idGlobal)"`
	Hours        Hours          `json:"hours" doc:"Horaires par canal"`
	Open         ChannelsOpen   `json:"open" doc:"Ouvert ou non à l'instant du document, et prochain changement"`
}

// KioskDocument is the availability document of a device's restaurant at
// now, its strong ETag (a hash of the bytes), and the next instant it
// changes by itself (a sold-out ends, a channel opens or closes; zero if
// none within the week), so that a stream can announce that too.
func (s *Service) KioskDocument(ctx context.Context, dev tenancy.Device) (body []byte, etag string, due time.Time, err error) {
	x := dev.Restaurant
	now := s.now()
	list, err := activeSoldOuts(ctx, s.db, x.ID, now)
	if err != nil {
		return nil, "", time.Time{}, err
	}
	h, err := hoursOf(ctx, s.db, x.ID)
	if err != nil {
		return nil, "", time.Time{}, err
	}
	loc := location(x.TimeZone)
	doc := KioskAvailability{RestaurantID: x.ID, TimeZone: loc.String(), SoldOut: make([]KioskSoldOut, len(list)), Hours: h.Hours}
	next := func(t time.Time) {
		if !t.IsZero() && (due.IsZero() || t.Before(due)) {
			due = t
		}
	}
	for i, so := range list {
		doc.SoldOut[i] = KioskSoldOut{Kind: so.Kind, IDGlobal: so.IDGlobal, Name: so.Name, Until: so.Until}
		next(so.Until)
	}
	doc.Open = openNow(h.Hours, loc, now)
	for _, o := range []OpenState{doc.Open.Borne, doc.Open.ClickNCollect, doc.Open.Caisse} {
		if o.ChangesAt != nil {
			next(*o.ChangesAt)
		}
	}
	if body, err = json.Marshal(doc); err != nil {
		return nil, "", time.Time{}, err
	}
	sum := sha256.Sum256(body)
	return body, `"a-` + hex.EncodeToString(sum[:12]) + `"`, due, nil
}
