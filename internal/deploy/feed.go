package deploy

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Current is a restaurant's deployed menu as kiosks see it.
type Current struct {
	RestaurantID int64
	FranchiseID  int64
	Version      int
	Hash         string // the document's SHA-256, hex
	UpdatedAt    time.Time

	etag        string // Hash quoted, computed once per cache fill
	cachedUntil time.Time
}

// ETag is the strong validator of the deployed document (its hash, quoted).
func (c Current) ETag() string {
	if c.etag != "" {
		return c.etag
	}
	return `"` + c.Hash + `"`
}

// ErrNotDeployed: the restaurant has no deployed menu yet.
var ErrNotDeployed = errors.New("Aucune carte n'a encore été déployée pour ce restaurant.")

func (s *Service) currentOf(ctx context.Context, franchiseID int64, ids []int64) (map[int64]Current, error) {
	out := map[int64]Current{}
	for start := 0; start < len(ids); start += 500 {
		in, args := store.In(ids[start:min(start+500, len(ids))])
		err := store.Each(ctx, s.db, `SELECT restaurant_id, franchise_id, version, hash, updated_at FROM deployed_current WHERE franchise_id = ? AND restaurant_id `+in,
			append([]any{franchiseID}, args...), func(r store.Scanner) error {
				var c Current
				if err := r.Scan(&c.RestaurantID, &c.FranchiseID, &c.Version, &c.Hash, &c.UpdatedAt); err != nil {
					return err
				}
				out[c.RestaurantID] = c
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Watch keeps the feed's cache true across instances: every menu.deployed
// event (from this instance or, through the shared bus, another) drops the
// restaurant's entry. Run it once at start.
func (s *Service) Watch(ctx context.Context) {
	ch, stop := s.bus.Subscribe(0)
	go func() {
		defer stop()
		for {
			select {
			case <-ctx.Done():
				return
			case e, ok := <-ch:
				if !ok {
					return
				}
				switch e.Type {
				case TypeMenuDeployed:
					s.forget(e)
				case events.TypeResync:
					s.feedMu.Lock()
					s.feedEpoch++
					clear(s.feed)
					s.feedMu.Unlock()
				}
			}
		}
	}()
}

func (s *Service) forget(e events.Event) {
	id, _ := e.Data["restaurantId"].(int64)
	if f, ok := e.Data["restaurantId"].(float64); ok {
		id = int64(f)
	}
	s.feedMu.Lock()
	s.feedEpoch++
	delete(s.feed, id)
	s.feedMu.Unlock()
}

// CurrentFor returns the restaurant's deployed menu for its kiosks (the
// device key already identified the restaurant).
func (s *Service) CurrentFor(ctx context.Context, restaurantID int64) (Current, error) {
	now := time.Now()
	s.feedMu.RLock()
	c, ok := s.feed[restaurantID]
	epoch := s.feedEpoch
	s.feedMu.RUnlock()
	if ok && now.Before(c.cachedUntil) {
		return c, nil
	}
	err := s.db.QueryRow(ctx, `SELECT restaurant_id, franchise_id, version, hash, updated_at FROM deployed_current WHERE restaurant_id = ?`, restaurantID).
		Scan(&c.RestaurantID, &c.FranchiseID, &c.Version, &c.Hash, &c.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotDeployed
	}
	if err != nil {
		return c, err
	}
	// Kept only if no deployment was announced while the database was
	// read (else this value may be the one the announcement replaced),
	// and for a short while, in case an announcement from another
	// instance is lost.
	c.cachedUntil = now.Add(feedTTL)
	c.etag = `"` + c.Hash + `"`
	s.feedMu.Lock()
	if s.feedEpoch == epoch {
		s.feed[restaurantID] = c
	}
	s.feedMu.Unlock()
	return c, nil
}

// FeedAnswer answers a kiosk's poll of its menu: the deployed menu of the
// kiosk's own restaurant, with its strong validator, and its bytes unless
// the kiosk already holds it.
type FeedAnswer struct {
	ETag        string // strong, quoted: the document's hash
	Version     int
	Modified    time.Time // when this version went into service (UTC)
	NotModified bool      // the kiosk holds this menu: no body
	Body        []byte    // the JSON, or its gzip form (shared: never written into)
	Gzip        bool
}

// Feed answers a kiosk's poll. holds says whether the kiosk already has
// the menu of an ETag (its If-None-Match); gzip whether it reads gzip.
// Nearly every poll ends in a 304, answered from the cache of current
// menus kept true by the menu.deployed events (a TTL bounds an
// announcement lost between instances); a full answer takes the document
// as stored at generation, its gzip form compressed once then, from the
// cache of documents by hash, so its bytes always match its ETag. The
// device's key names its restaurant: a kiosk never reads another
// restaurant's menu.
func (s *Service) Feed(ctx context.Context, d tenancy.Device, holds func(etag string) bool, gzip bool) (FeedAnswer, error) {
	c, err := s.CurrentFor(ctx, d.Restaurant.ID)
	if err != nil {
		return FeedAnswer{}, err
	}
	a := FeedAnswer{ETag: c.ETag(), Version: c.Version, Modified: c.UpdatedAt.UTC()}
	if holds != nil && holds(a.ETag) {
		a.NotModified = true
		return a, nil
	}
	raw, gz, err := s.Document(ctx, c.Hash)
	if err != nil {
		return FeedAnswer{}, err
	}
	a.Body, a.Gzip = raw, gzip
	if gzip {
		a.Body = gz
	}
	return a, nil
}

// feedTTL bounds how long an instance trusts its cached current menu.
const feedTTL = 10 * time.Second

// Document returns a deployed document and its gzip form by hash.
// Documents never change once stored, so they are cached freely.
func (s *Service) Document(ctx context.Context, hash string) (raw, gz []byte, err error) {
	if d, ok := s.docs.get(hash); ok {
		return d.raw, d.gz, nil
	}
	err = s.db.QueryRow(ctx, `SELECT document, gzipped FROM deployed_documents WHERE hash = ?`, hash).Scan(&raw, &gz)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrNotDeployed
	}
	if err != nil {
		return nil, nil, err
	}
	s.docs.put(hash, cachedDoc{raw, gz})
	return raw, gz, nil
}

type cachedDoc struct{ raw, gz []byte }

// docCache keeps the most recently used documents.
type docCache struct {
	mu    sync.Mutex
	max   int
	items map[string]cachedDoc
	order []string
}

func (c *docCache) get(k string) (cachedDoc, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.items[k]
	return d, ok
}

func (c *docCache) put(k string, d cachedDoc) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil {
		c.items = map[string]cachedDoc{}
	}
	if _, ok := c.items[k]; ok {
		return
	}
	c.items[k] = d
	c.order = append(c.order, k)
	for len(c.order) > c.max {
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
}

// Manifest is what a kiosk must hold: the menu file and the images it uses.
type Manifest struct {
	Version int            `json:"version"`
	Menu    ManifestFile   `json:"menu" doc:"Le menu déployé (CartesCampagnesDeploy/{franchiseId}/{siret}.json)"`
	Files   []ManifestFile `json:"files"`
}

// ManifestFor returns the manifest of the restaurant's deployed menu.
func (s *Service) ManifestFor(ctx context.Context, restaurantID int64, siret string) (Manifest, error) {
	c, err := s.CurrentFor(ctx, restaurantID)
	if err != nil {
		return Manifest{}, err
	}
	var raw string
	var size int64
	var at time.Time
	err = s.db.QueryRow(ctx, `SELECT m.manifest, d.size, m.created_at FROM deployed_menus m JOIN deployed_documents d ON d.hash = m.hash WHERE m.restaurant_id = ? AND m.version = ?`,
		restaurantID, c.Version).Scan(&raw, &size, &at)
	if err != nil {
		return Manifest{}, err
	}
	m := Manifest{Version: c.Version, Files: []ManifestFile{}}
	if err := json.Unmarshal([]byte(raw), &m.Files); err != nil {
		return Manifest{}, err
	}
	m.Menu = ManifestFile{Path: menuPath(c.FranchiseID, siret), Size: size, Timestamp: at.UTC(), SHA256: c.Hash}
	return m, nil
}

func menuPath(franchiseID int64, siret string) string {
	return "CartesCampagnesDeploy/" + itoa(franchiseID) + "/" + siret + ".json"
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// ---- versions and rollback ----

// Version is one deployed menu of a restaurant.
type DeployedVersion struct {
	Version    int       `json:"version"`
	CreatedAt  time.Time `json:"createdAt"`
	CreatedBy  string    `json:"createdBy"`
	Etag       string    `json:"etag"`
	Size       int64     `json:"size"`
	Products   int       `json:"products"`
	Dropped    int       `json:"dropped"`
	RollbackOf int       `json:"rollbackOf,omitempty" doc:"Version remise en service par ce retour arrière"`
	Current    bool      `json:"current"`
}

// Versions lists a restaurant's deployed menus, newest first.
func (s *Service) Versions(ctx context.Context, p tenancy.Principal, restaurantID int64) ([]DeployedVersion, error) {
	if _, err := s.ten.Restaurant(ctx, p, restaurantID); err != nil {
		return nil, err
	}
	out, err := store.Collect(ctx, s.db, `SELECT m.version, m.created_at, m.created_by, m.hash, d.size, m.report, COALESCE(m.rollback_of, 0), COALESCE(c.version, 0)
		FROM deployed_menus m JOIN deployed_documents d ON d.hash = m.hash LEFT JOIN deployed_current c ON c.restaurant_id = m.restaurant_id
		WHERE m.restaurant_id = ? AND m.franchise_id = ? ORDER BY m.version DESC LIMIT 50`, []any{restaurantID, p.FranchiseID}, func(r store.Scanner) (v DeployedVersion, err error) {
		var report string
		var current int
		if err := r.Scan(&v.Version, &v.CreatedAt, &v.CreatedBy, &v.Etag, &v.Size, &report, &v.RollbackOf, &current); err != nil {
			return v, err
		}
		var rep GenerationReport
		_ = json.Unmarshal([]byte(report), &rep)
		v.Products, v.Dropped, v.Current = rep.Products, len(rep.Dropped), v.Version == current
		return v, nil
	})
	if out == nil && err == nil {
		out = []DeployedVersion{} // an empty list, not null, in the answer
	}
	return out, err
}

// Rollback puts an earlier deployed menu back into service, as a new
// version (the history stays linear and the rollback itself can be undone).
func (s *Service) Rollback(ctx context.Context, p tenancy.Principal, restaurantID int64, version int) (DeployedVersion, error) {
	if err := requireAdmin(p); err != nil {
		return DeployedVersion{}, err
	}
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return DeployedVersion{}, err
	}
	var out DeployedVersion
	var ev events.Event
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if err := lockDeployments(ctx, tx, p.FranchiseID); err != nil {
			return err
		}
		var hash, inputs, report, manifest string
		err := tx.QueryRow(ctx, `SELECT hash, inputs, report, manifest FROM deployed_menus WHERE restaurant_id = ? AND franchise_id = ? AND version = ?`,
			restaurantID, p.FranchiseID, version).Scan(&hash, &inputs, &report, &manifest)
		if errors.Is(err, sql.ErrNoRows) {
			return tenancy.ErrNotFound
		}
		if err != nil {
			return err
		}
		var last, current int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM deployed_menus WHERE restaurant_id = ?`, restaurantID).Scan(&last); err != nil {
			return err
		}
		_ = tx.QueryRow(ctx, `SELECT version FROM deployed_current WHERE restaurant_id = ?`, restaurantID).Scan(&current)
		e, err := s.actor(ctx, tx, p)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		next := last + 1
		if _, err := tx.Exec(ctx, `INSERT INTO deployed_menus (restaurant_id, version, franchise_id, hash, inputs, report, manifest, rollback_of, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			restaurantID, next, p.FranchiseID, hash, inputs, report, manifest, version, now, e.UserName); err != nil {
			return err
		}
		if err := setCurrent(ctx, tx, p.FranchiseID, restaurantID, next, hash, now); err != nil {
			return err
		}
		e.RestaurantID, e.Action, e.Target = restaurantID, history.Modification, x.Nom+" › menu déployé"
		e.Changes = []history.Change{{Field: "version", Before: current, After: next}, {Field: "retour à la version", Before: nil, After: version}}
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		ev = menuDeployed(p.FranchiseID, restaurantID, next, hash)
		out = DeployedVersion{Version: next, CreatedAt: now, CreatedBy: e.UserName, Etag: hash, RollbackOf: version, Current: true}
		return nil
	})
	if err != nil {
		return DeployedVersion{}, err
	}
	s.forget(ev)
	s.bus.Publish(context.WithoutCancel(ctx), ev)
	return out, nil
}

// MenuFor returns the restaurant's deployed menu as its kiosks receive it,
// one of its earlier versions (version > 0), or (next) the menu a
// generation would deploy now.
func (s *Service) MenuFor(ctx context.Context, p tenancy.Principal, restaurantID int64, next bool, version int) ([]byte, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	if _, err := s.ten.Restaurant(ctx, p, restaurantID); err != nil {
		return nil, err
	}
	if next && version > 0 {
		return nil, &tenancy.ValidationError{Field: "query.version", Message: "Choisissez une version déployée ou la prochaine carte, pas les deux."}
	}
	if version > 0 {
		var hash string
		err := s.db.QueryRow(ctx, `SELECT hash FROM deployed_menus WHERE restaurant_id = ? AND franchise_id = ? AND version = ?`,
			restaurantID, p.FranchiseID, version).Scan(&hash)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, tenancy.ErrNotFound
		}
		if err != nil {
			return nil, err
		}
		raw, _, err := s.Document(ctx, hash)
		return raw, err
	}
	if next {
		links, err := s.linkedCartes(ctx, p.FranchiseID, []int64{restaurantID})
		if err != nil {
			return nil, err
		}
		overrides, err := s.overridesOf(ctx, p.FranchiseID, []int64{restaurantID})
		if err != nil {
			return nil, err
		}
		loader := &docLoader{s: s, docs: map[[2]int64]*menu.Document{}}
		src, err := loader.sources(ctx, links[restaurantID])
		if err != nil {
			return nil, err
		}
		d, _ := Merge(src, overrides[restaurantID], s.now())
		return d.Encode()
	}
	c, err := s.CurrentFor(ctx, restaurantID)
	if err != nil {
		return nil, err
	}
	raw, _, err := s.Document(ctx, c.Hash)
	return raw, err
}
