// Package deploy turns the franchise's cartes into the menu each restaurant
// serves: which cartes a restaurant serves (links), its own prices
// (customisations), generation (merge) as a background job with progress,
// the deployed menus with their versions (rollback), the manifest, and the
// kiosk feed's reads.
package deploy

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"brigade/internal/blob"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Texts of the spec (first document §8).
const (
	MsgGenerated      = "La génération de la Carte a été effectuée avec succès."
	MsgUnlinked       = "La suppression de la relation a été effectuée avec succès!"
	MsgUnlinkFailed   = "Une erreur est survenue lors de la suppression."
	ModuleDeploiement = "Deploiement"
)

// JobGenerate is the kind of the generation job.
const JobGenerate = "deploy.generate"

// TypeMenuDeployed announces a restaurant's new deployed menu (data:
// restaurantId, version, etag) to the back-office and to its kiosks.
const TypeMenuDeployed = "menu.deployed"

// TypeLinksChanged announces a change of links or prices.
const TypeLinksChanged = "deploy.changed"

// Service holds the deployment rules.
type Service struct {
	db    *store.DB
	ten   *tenancy.Service
	jobs  *jobs.Runner
	bus   events.Bus
	blobs blob.Store
	now   func() time.Time

	feedMu sync.RWMutex
	feed   map[int64]Current // restaurant → current deployed menu, kept fresh by events
	// feedEpoch counts the announcements: a cache fill that raced one is dropped.
	feedEpoch uint64
	docs      docCache
	served    servedCache
}

// NewService returns the deployment service and registers its job.
func NewService(db *store.DB, ten *tenancy.Service, runner *jobs.Runner, bus events.Bus, blobs blob.Store) *Service {
	s := &Service{db: db, ten: ten, jobs: runner, bus: bus, blobs: blobs, now: time.Now, feed: map[int64]Current{}}
	s.docs.max = 64
	s.served.max = 2048
	runner.Register(JobGenerate, s.runGeneration)
	return s
}

// SetClock replaces the clock (tests re-project periodic dates on a
// chosen month).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

func requireAdmin(p tenancy.Principal) error {
	if p.Role != tenancy.RoleAdmin || p.FranchiseID == 0 {
		return tenancy.ErrForbidden
	}
	return nil
}

func (s *Service) changed(tx *store.Tx, p tenancy.Principal, restaurantID int64) {
	tx.AfterCommit(func() {
		s.bus.Publish(context.Background(), events.Event{Type: TypeLinksChanged, FranchiseID: p.FranchiseID, Data: map[string]any{"restaurantId": restaurantID}})
	})
}

// ---- links ----

// CarteRef is a carte as the link screens show it.
type CarteRef struct {
	ID          int64  `json:"id"`
	Nom         string `json:"nom"`
	IsPrincipal bool   `json:"isPrincipal"`
	Removed     bool   `json:"removed" doc:"Carte désactivée : liée mais pas déployée"`
	Version     int    `json:"version"`
}

// RestaurantRef is a restaurant as the deployment screens show it.
type RestaurantRef struct {
	ID    int64  `json:"id"`
	Nom   string `json:"nom"`
	Siret string `json:"siret"`
}

// Link says that a carte is served by a restaurant.
type CarteLink struct {
	CampaignID   int64 `json:"campaignId"`
	RestaurantID int64 `json:"restaurantId"`
}

// Matrix is the link screen: cartes × restaurants.
type LinkMatrix struct {
	Cartes      []CarteRef      `json:"cartes"`
	Restaurants []RestaurantRef `json:"restaurants"`
	Links       []CarteLink     `json:"links"`
}

func restaurantRefs(list []tenancy.Restaurant) []RestaurantRef {
	out := make([]RestaurantRef, 0, len(list))
	for _, x := range list {
		out = append(out, RestaurantRef{ID: x.ID, Nom: x.Nom, Siret: x.Siret})
	}
	return out
}

// Links returns the cartes and restaurants the principal may see and the
// links between them.
func (s *Service) Links(ctx context.Context, p tenancy.Principal) (LinkMatrix, error) {
	m := LinkMatrix{Cartes: []CarteRef{}, Restaurants: []RestaurantRef{}, Links: []CarteLink{}}
	rs, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		return m, err
	}
	m.Restaurants = restaurantRefs(rs)
	if len(rs) == 0 {
		return m, nil
	}
	ids := make([]int64, len(rs))
	for i, x := range rs {
		ids[i] = x.ID
	}
	cartes, err := menu.CartesFor(ctx, s.db, p.FranchiseID, p.AllRestaurants(), ids)
	if err != nil {
		return m, err
	}
	for _, c := range cartes {
		m.Cartes = append(m.Cartes, carteRef(c))
	}
	links, err := menu.LinksOf(ctx, s.db, p.FranchiseID, ids)
	if err != nil {
		return m, err
	}
	for _, l := range links {
		m.Links = append(m.Links, CarteLink{CampaignID: l.CampaignID, RestaurantID: l.RestaurantID})
	}
	return m, nil
}

func carteRef(c menu.Campaign) CarteRef {
	return CarteRef{ID: c.ID, Nom: c.Nom, IsPrincipal: c.IsPrincipal, Removed: c.Removed, Version: c.Version}
}

func (s *Service) actor(ctx context.Context, r store.Runner, p tenancy.Principal) (history.Entry, error) {
	e, err := s.ten.Actor(ctx, r, p)
	e.Module = ModuleDeploiement
	return e, err
}

// SetLink links a carte to a restaurant or removes the link. Removing
// follows the spec (§4): the restaurant leaves the carte's list, and the
// carte's link disappears with its last restaurant.
func (s *Service) SetLink(ctx context.Context, p tenancy.Principal, campaignID, restaurantID int64, linked bool) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		c, err := menu.CarteOf(ctx, tx, p.FranchiseID, campaignID)
		if err != nil {
			return err
		}
		if changed, err := menu.SetLinked(ctx, tx, campaignID, restaurantID, linked); err != nil || !changed {
			return err
		}
		e, err := s.actor(ctx, tx, p)
		if err != nil {
			return err
		}
		e.RestaurantID, e.Action, e.Target = restaurantID, history.Modification, c.Nom+" › "+x.Nom
		e.Changes = []history.Change{{Field: "lien", Before: !linked, After: linked}}
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		s.changed(tx, p, restaurantID)
		return nil
	})
}

// SetRestaurantCartes makes the restaurant serve exactly these cartes.
func (s *Service) SetRestaurantCartes(ctx context.Context, p tenancy.Principal, restaurantID int64, campaignIDs []int64) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		want := map[int64]menu.Campaign{}
		for _, id := range campaignIDs {
			c, err := menu.CarteOf(ctx, tx, p.FranchiseID, id)
			if err != nil {
				return err
			}
			want[id] = c
		}
		linked, err := menu.LinkedTo(ctx, tx, p.FranchiseID, restaurantID)
		if err != nil {
			return err
		}
		have := map[int64]string{}
		for _, c := range linked {
			have[c.ID] = c.Nom
		}
		e, err := s.actor(ctx, tx, p)
		if err != nil {
			return err
		}
		var changes []history.Change
		for id, nom := range have {
			if _, keep := want[id]; !keep {
				if _, err := menu.SetLinked(ctx, tx, id, restaurantID, false); err != nil {
					return err
				}
				changes = append(changes, history.Change{Field: nom, Before: true, After: false})
			}
		}
		for id, c := range want {
			if _, ok := have[id]; !ok {
				if _, err := menu.SetLinked(ctx, tx, id, restaurantID, true); err != nil {
					return err
				}
				changes = append(changes, history.Change{Field: c.Nom, Before: false, After: true})
			}
		}
		slices.SortFunc(changes, func(a, b history.Change) int { return cmpString(a.Field, b.Field) })
		e.RestaurantID, e.Action, e.Target, e.Changes = restaurantID, history.Modification, x.Nom+" › cartes", changes
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		s.changed(tx, p, restaurantID)
		return nil
	})
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ---- inputs of a generation ----

type linkedCarte struct {
	restaurantID int64
	Source
	version int
}

// linkedCartes reads the active cartes linked to each restaurant, in merge
// order. The menu package owns the cartes' records: it reads them whole, so
// that a generation sees every date field a carte is saved with.
func (s *Service) linkedCartes(ctx context.Context, franchiseID int64, restaurantIDs []int64) (map[int64][]linkedCarte, error) {
	linked, err := menu.LinkedActive(ctx, s.db, franchiseID, restaurantIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]linkedCarte, len(linked))
	for rid, list := range linked {
		for _, c := range list {
			out[rid] = append(out[rid], linkedCarte{restaurantID: rid, version: c.Version, Source: Source{
				CampaignID: c.ID, Nom: c.Nom, IsPrincipal: c.IsPrincipal, CreatedAt: c.CreatedAt,
				DateDebut: c.DateDebut, DateFin: c.DateFin, IsPeriodic: c.IsPeriodic, CampagneDates: c.CampagneDates}})
		}
	}
	for id, list := range out {
		src := make([]Source, len(list))
		for i, l := range list {
			src[i] = l.Source
		}
		SortSources(src)
		sorted := make([]linkedCarte, len(list))
		for i, sr := range src {
			k := slices.IndexFunc(list, func(l linkedCarte) bool { return l.CampaignID == sr.CampaignID })
			sorted[i] = list[k]
		}
		out[id] = sorted
	}
	return out, nil
}

// overridesOf reads the restaurants' own prices, in a stable order.
func (s *Service) overridesOf(ctx context.Context, franchiseID int64, restaurantIDs []int64) (map[int64][]Override, error) {
	out := map[int64][]Override{}
	for chunk := range slices.Chunk(restaurantIDs, 500) {
		in, args := store.In(chunk)
		err := store.Each(ctx, s.db, `SELECT restaurant_id, kind, id_global, tariff, type_order, size, price_cents FROM price_customisations
			WHERE franchise_id = ? AND restaurant_id `+in+` ORDER BY restaurant_id, kind, id_global, tariff, type_order, size`, append([]any{franchiseID}, args...),
			func(row store.Scanner) error {
				var rid int64
				var o Override
				if err := row.Scan(&rid, &o.Kind, &o.IDGlobal, &o.Tariff, &o.TypeOrder, &o.Size, &o.Cents); err != nil {
					return err
				}
				out[rid] = append(out[rid], o)
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// docLoader parses each carte version once per generation.
type docLoader struct {
	s    *Service
	docs map[[2]int64]*menu.Document
}

func (l *docLoader) load(ctx context.Context, c linkedCarte) (*menu.Document, error) {
	k := [2]int64{c.CampaignID, int64(c.version)}
	if d, ok := l.docs[k]; ok {
		return d, nil
	}
	raw, err := menu.VersionDocument(ctx, l.s.db, c.CampaignID, c.version)
	if err != nil {
		return nil, fmt.Errorf("carte %q : %w", c.Nom, err)
	}
	d, err := menu.Parse(raw, c.Nom)
	if err != nil {
		return nil, err
	}
	l.docs[k] = d
	return d, nil
}

// inputsKey names everything a restaurant's generation depends on: the
// same key gives the same menu, byte for byte. The month of a periodic
// carte's dates is part of it.
func inputsKey(cartes []linkedCarte, overrides []Override, now time.Time) string {
	b := fmt.Appendf(make([]byte, 0, 64), "f%d|", mergeFormat)
	for _, c := range cartes {
		b = fmt.Appendf(b, "c%dv%d,", c.CampaignID, c.version)
	}
	b = append(b, '|')
	for _, o := range overrides {
		b = fmt.Appendf(b, "%s:%s:%d:%d:%d=%d,", o.Kind, o.IDGlobal, o.Tariff, o.TypeOrder, o.Size, o.Cents)
	}
	// The month matters only to periodic cartes, whose dates are
	// re-projected onto it.
	if slices.ContainsFunc(cartes, func(c linkedCarte) bool { return c.IsPeriodic }) {
		b = append(b, '|')
		b = now.AppendFormat(b, "2006-01")
	}
	return hashString(b)
}

// sources builds the merge inputs of one restaurant.
func (l *docLoader) sources(ctx context.Context, cartes []linkedCarte) ([]Source, error) {
	src := make([]Source, len(cartes))
	for i, c := range cartes {
		d, err := l.load(ctx, c)
		if err != nil {
			return nil, err
		}
		src[i] = c.Source
		src[i].Doc = d
	}
	return src, nil
}
