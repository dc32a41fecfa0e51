package menu

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Errors the HTTP layer maps.
var (
	// ErrReadOnly: moderators and other restaurant logins read cartes but
	// never save them.
	ErrReadOnly = errors.New("Vous ne pouvez pas enregistrer les modifications d'une carte : seul le propriétaire de la franchise le peut.")
	// ErrStale: the carte changed since the editor loaded it.
	ErrStale = errors.New("Cette carte a été modifiée entre-temps par quelqu'un d'autre. Rechargez-la pour voir ses changements avant d'enregistrer les vôtres.")
)

// ModuleCartes is the history module of carte changes.
const ModuleCartes = "Cartes"

// Campaign is a carte's record (the spec's CartesCampagnes).
type Campaign struct {
	ID            int64
	FranchiseID   int64
	Nom           string
	URL           string
	IsPrincipal   bool
	DateDebut     string
	DateFin       string
	IsPeriodic    bool
	CampagneDates []string
	Removed       bool
	Version       int
	CreatedAt     time.Time
	UpdatedAt     time.Time
	UpdatedBy     string
}

// Service holds the carte rules.
type Service struct {
	db      *store.DB
	tenancy *tenancy.Service
	bus     events.Bus
	// snapshots caches, per carte, the diff snapshot of its latest version.
	// Versions are immutable rows, so a cached snapshot is never wrong, only
	// missing (another instance saved): it is then rebuilt from the database.
	mu        sync.Mutex
	snapshots map[int64]cachedSnapshot
	// elems caches, per carte, the elements of the last document saved
	// here, by their bytes (elemcache.go).
	elems elemCaches
}

type cachedSnapshot struct {
	version int
	snap    snapshot
}

const maxCachedSnapshots = 64

func (s *Service) cachedSnapshot(id int64, version int) (snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.snapshots[id]
	return c.snap, ok && c.version == version
}

func (s *Service) cacheSnapshot(id int64, version int, snap snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.snapshots == nil || len(s.snapshots) >= maxCachedSnapshots {
		s.snapshots = map[int64]cachedSnapshot{}
	}
	s.snapshots[id] = cachedSnapshot{version, snap}
}

// NewService returns the menu service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, tenancy: ten, bus: bus}
}

const campaignColumns = `c.id, c.franchise_id, c.nom, c.url, c.is_principal, c.date_debut, c.date_fin, c.is_periodic, c.campagne_dates, c.removed, c.version, c.created_at, c.updated_at, c.updated_by`

func scanCampaign(row interface{ Scan(...any) error }) (Campaign, error) {
	var c Campaign
	var dates string
	err := row.Scan(&c.ID, &c.FranchiseID, &c.Nom, &c.URL, &c.IsPrincipal, &c.DateDebut, &c.DateFin, &c.IsPeriodic, &dates, &c.Removed, &c.Version, &c.CreatedAt, &c.UpdatedAt, &c.UpdatedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return c, tenancy.ErrNotFound
	}
	if err == nil {
		_ = json.Unmarshal([]byte(dates), &c.CampagneDates)
	}
	return c, err
}

// scopeClause restricts a campaigns query (alias c) to what p may read: the
// whole franchise for the owner, the cartes linked to their restaurants for
// the others. ok is false when p may read none.
func scopeClause(p tenancy.Principal) (string, []any, bool) {
	if p.FranchiseID == 0 {
		return "", nil, false
	}
	where, args := "c.franchise_id = ?", []any{p.FranchiseID}
	if !p.AllRestaurants() {
		if len(p.Restaurants) == 0 {
			return "", nil, false
		}
		in, ids := store.In(p.Restaurants)
		where += " AND c.id IN (SELECT campaign_id FROM campaign_restaurants WHERE restaurant_id " + in + ")"
		args = append(args, ids...)
	}
	return where, args, true
}

// List returns the cartes the principal may read.
func (s *Service) List(ctx context.Context, p tenancy.Principal) ([]Campaign, error) {
	where, args, ok := scopeClause(p)
	if !ok {
		return nil, nil
	}
	rows, err := s.db.Query(ctx, `SELECT `+campaignColumns+` FROM campaigns c WHERE `+where+` ORDER BY c.is_principal DESC, c.created_at, c.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Campaign
	for rows.Next() {
		c, err := scanCampaign(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// LinkedActive reads the franchise's active cartes linked to each of the
// restaurants, whole records (periods included), for the generation of
// their menus; the order is the caller's (deploy sorts them for merging).
// It takes no principal: generation runs as a job of the franchise.
func LinkedActive(ctx context.Context, db *store.DB, franchiseID int64, restaurantIDs []int64) (map[int64][]Campaign, error) {
	out := map[int64][]Campaign{}
	for chunk := range slices.Chunk(restaurantIDs, 500) {
		in, args := store.In(chunk)
		rows, err := db.Query(ctx, `SELECT cr.restaurant_id, `+campaignColumns+`
			FROM campaign_restaurants cr JOIN campaigns c ON c.id = cr.campaign_id
			WHERE c.franchise_id = ? AND c.removed = ? AND cr.restaurant_id `+in, append([]any{franchiseID, false}, args...)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var rid int64
			c, err := scanCampaign(prefixedRow{rows, []any{&rid}})
			if err != nil {
				rows.Close()
				return nil, err
			}
			out[rid] = append(out[rid], c)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// prefixedRow scans columns selected before a campaign's into dest.
type prefixedRow struct {
	row  interface{ Scan(...any) error }
	dest []any
}

func (r prefixedRow) Scan(d ...any) error { return r.row.Scan(append(slices.Clip(r.dest), d...)...) }

// Get returns one carte the principal may read; another franchise's carte is
// simply not found.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (Campaign, error) {
	where, args, ok := scopeClause(p)
	if !ok {
		return Campaign{}, tenancy.ErrNotFound
	}
	return scanCampaign(s.db.QueryRow(ctx, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.id = ? AND `+where, append([]any{id}, args...)...))
}

func canWrite(p tenancy.Principal) error {
	if p.Role != tenancy.RoleAdmin {
		return ErrReadOnly
	}
	return nil
}

// CampaignInput is the carte's record form.
type CampaignInput struct {
	Nom           string
	IsPrincipal   bool
	DateDebut     string
	DateFin       string
	IsPeriodic    bool
	CampagneDates []string
	Removed       bool
	// ConfirmDuplicateName: the user was warned that another active carte
	// has the same name and keeps it.
	ConfirmDuplicateName bool
}

// FieldConfirmDuplicateName is the field of the warning that asks to
// confirm a name another active carte already has.
const FieldConfirmDuplicateName = "confirmDuplicateName"

// Two active cartes with the same name (accents, spaces and case ignored)
// are allowed, unlike two elements of one carte (DECISIONS "Duplicate
// names"): cartes are often copies being prepared. But the deployment
// screens and the history then name two cartes alike, so creating,
// renaming or activating one into that state needs the user's
// confirmation: without it the answer is a warning (a field error on
// confirmDuplicateName naming the other carte) and nothing changes.
func (s *Service) checkDuplicateName(ctx context.Context, p tenancy.Principal, exceptID int64, in CampaignInput) error {
	if in.Removed || in.ConfirmDuplicateName {
		return nil
	}
	other, err := s.activeNamed(ctx, p.FranchiseID, exceptID, in.Nom)
	if err != nil || other == "" {
		return err
	}
	return &tenancy.ValidationError{Field: FieldConfirmDuplicateName, Message: fmt.Sprintf(
		"Une autre carte active s'appelle déjà « %s ». Confirmez pour garder ce nom : les deux cartes porteront le même nom dans les écrans de déploiement et l'historique.", other)}
}

// activeNamed returns the name of an active carte of the franchise, other
// than exceptID, whose name compares equal to nom ("" if none).
func (s *Service) activeNamed(ctx context.Context, franchiseID, exceptID int64, nom string) (string, error) {
	names, err := s.activeNames(ctx, franchiseID, exceptID)
	if err != nil {
		return "", err
	}
	return names[nameKey(nom)], nil
}

func (s *Service) activeNames(ctx context.Context, franchiseID, exceptID int64) (map[string]string, error) {
	rows, err := s.db.Query(ctx, `SELECT nom FROM campaigns WHERE franchise_id = ? AND removed = FALSE AND id <> ? ORDER BY id`, franchiseID, exceptID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	names := map[string]string{}
	for rows.Next() {
		var nom string
		if err := rows.Scan(&nom); err != nil {
			return nil, err
		}
		if _, seen := names[nameKey(nom)]; !seen {
			names[nameKey(nom)] = nom
		}
	}
	return names, rows.Err()
}

func (in *CampaignInput) validate() error {
	in.Nom = strings.TrimSpace(in.Nom)
	if in.Nom == "" {
		return &tenancy.ValidationError{Field: "nom", Message: "Le nom de la carte est obligatoire."}
	}
	for _, d := range []struct{ f, v string }{{"dateDebut", in.DateDebut}, {"dateFin", in.DateFin}} {
		if d.v == "" {
			continue
		}
		if _, err := time.Parse("2006-01-02", d.v); err != nil {
			return &tenancy.ValidationError{Field: d.f, Message: fmt.Sprintf("La date %q n'est pas au format AAAA-MM-JJ.", d.v)}
		}
	}
	if in.DateDebut != "" && in.DateFin != "" && in.DateDebut > in.DateFin {
		return &tenancy.ValidationError{Field: "dateDebut", Message: fmt.Sprintf("La date de début est supérieure à la date de fin de la carte %s", in.Nom)}
	}
	if in.CampagneDates == nil {
		in.CampagneDates = []string{}
	}
	return nil
}

func (s *Service) actor(ctx context.Context, p tenancy.Principal) (history.Entry, error) {
	e, err := s.tenancy.Actor(ctx, s.db, p)
	e.Module = ModuleCartes
	return e, err
}

func (s *Service) announce(tx *store.Tx, p tenancy.Principal, id int64) {
	tx.AfterCommit(func() {
		s.bus.Publish(context.Background(), events.Event{Type: "campaigns.changed", FranchiseID: p.FranchiseID, Data: map[string]any{"campaignId": id}})
	})
}

// Create adds an empty carte.
func (s *Service) Create(ctx context.Context, p tenancy.Principal, in CampaignInput) (Campaign, error) {
	return s.create(ctx, p, in, emptyDocument(), history.Ajout, "")
}

func emptyDocument() []byte {
	var d Document
	d.fillEmpty()
	b, _ := d.Encode()
	return b
}

// fillEmpty writes absent lists as [] rather than null: kiosks iterate
// over them.
func (d *Document) fillEmpty() {
	if d.Categories == nil {
		d.Categories = []Category{}
	}
	if d.Items == nil {
		d.Items = []Product{}
	}
	if d.Options == nil {
		d.Options = []OptionGroup{}
	}
	if d.Cartes == nil {
		d.Cartes = []MenuFamily{}
	}
	if d.GroupsSubOptions == nil {
		d.GroupsSubOptions = []OptionFamily{}
	}
	if d.Promotions == nil {
		d.Promotions = []Promotion{}
	}
	if d.Zones == nil {
		d.Zones = []Zone{}
	}
	if d.Tags == nil {
		d.Tags = []Tag{}
	}
	if d.Printers == nil {
		d.Printers = []Printer{}
	}
	if d.Screens == nil {
		d.Screens = []Screen{}
	}
}

func (s *Service) create(ctx context.Context, p tenancy.Principal, in CampaignInput, doc []byte, action history.Action, from string) (Campaign, error) {
	var changes []history.Change
	if from != "" {
		changes = []history.Change{{Field: "copie de", Before: from, After: in.Nom}}
	}
	return s.createWith(ctx, p, in, doc, action, changes)
}

func (s *Service) createWith(ctx context.Context, p tenancy.Principal, in CampaignInput, doc []byte, action history.Action, changes []history.Change) (Campaign, error) {
	if err := canWrite(p); err != nil {
		return Campaign{}, err
	}
	if err := in.validate(); err != nil {
		return Campaign{}, err
	}
	if err := s.checkDuplicateName(ctx, p, 0, in); err != nil {
		return Campaign{}, err
	}
	actor, err := s.actor(ctx, p)
	if err != nil {
		return Campaign{}, err
	}
	var out Campaign
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		now := time.Now().UTC()
		dates, _ := json.Marshal(in.CampagneDates)
		url := SanitizeFileName(in.Nom) + ".json"
		if in.IsPrincipal {
			if _, err := tx.Exec(ctx, `UPDATE campaigns SET is_principal = FALSE WHERE franchise_id = ?`, p.FranchiseID); err != nil {
				return err
			}
		}
		id, err := store.InsertID(ctx, tx, `INSERT INTO campaigns (franchise_id, nom, url, is_principal, date_debut, date_fin, is_periodic, campagne_dates, removed, version, created_at, updated_at, updated_by)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`, p.FranchiseID, in.Nom, url, in.IsPrincipal, in.DateDebut, in.DateFin, in.IsPeriodic, string(dates), in.Removed, now, now, actor.UserName)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO campaign_versions (campaign_id, version, document, created_at, created_by) VALUES (?, 1, ?, ?, ?)`, id, string(doc), now, actor.UserName); err != nil {
			return err
		}
		out, err = scanCampaign(tx.QueryRow(ctx, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.id = ?`, id))
		if err != nil {
			return err
		}
		actor.Action, actor.Target, actor.Changes = action, out.Nom, changes
		s.announce(tx, p, id)
		return history.Record(ctx, tx, actor)
	})
	return out, err
}

// Duplicate copies a carte and its current document.
func (s *Service) Duplicate(ctx context.Context, p tenancy.Principal, id int64) (Campaign, error) {
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return Campaign{}, err
	}
	doc, _, err := s.Document(ctx, p, id)
	if err != nil {
		return Campaign{}, err
	}
	// The copy takes the first free name: « X (copie) », « X (copie 2) »…
	names, err := s.activeNames(ctx, p.FranchiseID, 0)
	if err != nil {
		return Campaign{}, err
	}
	nom := c.Nom + " (copie)"
	for n := 2; names[nameKey(nom)] != ""; n++ {
		nom = fmt.Sprintf("%s (copie %d)", c.Nom, n)
	}
	in := CampaignInput{Nom: nom, DateDebut: c.DateDebut, DateFin: c.DateFin, IsPeriodic: c.IsPeriodic, CampagneDates: c.CampagneDates}
	return s.create(ctx, p, in, doc, history.Duplication, c.Nom)
}

// Update changes a carte's record; version must be the one the editor read.
func (s *Service) Update(ctx context.Context, p tenancy.Principal, id int64, version int, in CampaignInput) (Campaign, error) {
	if err := canWrite(p); err != nil {
		return Campaign{}, err
	}
	before, err := s.Get(ctx, p, id)
	if err != nil {
		return Campaign{}, err
	}
	if err := in.validate(); err != nil {
		return Campaign{}, err
	}
	// Asked when the carte takes a name another active one has: renamed,
	// or activated. An unchanged active carte is not asked again.
	if nameKey(in.Nom) != nameKey(before.Nom) || before.Removed {
		if err := s.checkDuplicateName(ctx, p, id, in); err != nil {
			return Campaign{}, err
		}
	}
	actor, err := s.actor(ctx, p)
	if err != nil {
		return Campaign{}, err
	}
	var out Campaign
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		if in.IsPrincipal && !before.IsPrincipal {
			if _, err := tx.Exec(ctx, `UPDATE campaigns SET is_principal = FALSE WHERE franchise_id = ?`, p.FranchiseID); err != nil {
				return err
			}
		}
		dates, _ := json.Marshal(in.CampagneDates)
		res, err := tx.Exec(ctx, `UPDATE campaigns SET nom = ?, is_principal = ?, date_debut = ?, date_fin = ?, is_periodic = ?, campagne_dates = ?, removed = ?, version = version + 1, updated_at = ?, updated_by = ?
			WHERE id = ? AND franchise_id = ? AND version = ?`, in.Nom, in.IsPrincipal, in.DateDebut, in.DateFin, in.IsPeriodic, string(dates), in.Removed, time.Now().UTC(), actor.UserName, id, p.FranchiseID, version)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrStale
		}
		// The document keeps its version number in step with the record.
		if _, err := tx.Exec(ctx, `INSERT INTO campaign_versions (campaign_id, version, document, created_at, created_by)
			SELECT campaign_id, ?, document, ?, ? FROM campaign_versions WHERE campaign_id = ? AND version = ?`, version+1, time.Now().UTC(), actor.UserName, id, version); err != nil {
			return err
		}
		out, err = scanCampaign(tx.QueryRow(ctx, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.id = ?`, id))
		if err != nil {
			return err
		}
		s.announce(tx, p, id)
		if before.Removed != out.Removed {
			e := actor
			e.Action, e.Target = history.Activation, out.Nom
			if out.Removed {
				e.Action = history.Desactivation
			}
			if err := history.Record(ctx, tx, e); err != nil {
				return err
			}
		}
		actor.Action, actor.Target = history.Modification, out.Nom
		actor.Changes = history.Diff(
			map[string]any{"nom": before.Nom, "isPrincipal": before.IsPrincipal, "dateDebut": before.DateDebut, "dateFin": before.DateFin, "isPeriodic": before.IsPeriodic, "campagneDates": before.CampagneDates},
			map[string]any{"nom": out.Nom, "isPrincipal": out.IsPrincipal, "dateDebut": out.DateDebut, "dateFin": out.DateFin, "isPeriodic": out.IsPeriodic, "campagneDates": out.CampagneDates})
		return history.Record(ctx, tx, actor)
	})
	return out, err
}

// Delete removes a carte, its links and its document versions.
func (s *Service) Delete(ctx context.Context, p tenancy.Principal, id int64) error {
	if err := canWrite(p); err != nil {
		return err
	}
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return err
	}
	actor, err := s.actor(ctx, p)
	if err != nil {
		return err
	}
	// The archive keeps the carte as its export file, to restore it later.
	file, _, err := s.Export(ctx, p, id)
	if err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO deleted_campaigns (franchise_id, campaign_id, nom, export, deleted_by, deleted_at) VALUES (?, ?, ?, ?, ?, ?)`,
			p.FranchiseID, id, c.Nom, string(file), actor.UserName, time.Now().UTC()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM campaigns WHERE id = ? AND franchise_id = ?`, id, p.FranchiseID); err != nil {
			return err
		}
		actor.Action, actor.Target = history.Suppression, c.Nom
		s.announce(tx, p, id)
		return history.Record(ctx, tx, actor)
	})
}

// Document returns the carte's current document and its version.
func (s *Service) Document(ctx context.Context, p tenancy.Principal, id int64) ([]byte, int, error) {
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return nil, 0, err
	}
	doc, err := s.document(ctx, c)
	return doc, c.Version, err
}

// document reads the current version of a carte already scoped by Get.
func (s *Service) document(ctx context.Context, c Campaign) ([]byte, error) {
	// Scanned straight into bytes: one copy of a document of megabytes, not
	// two through a string.
	var doc []byte
	err := s.db.QueryRow(ctx, `SELECT document FROM campaign_versions WHERE campaign_id = ? AND version = ?`, c.ID, c.Version).Scan(&doc)
	return doc, err
}

// UnsupportedValue refuses a document a typed field cannot hold.
type UnsupportedValue struct {
	Field, File string
}

func (e *UnsupportedValue) Error() string {
	return fmt.Sprintf(`Erreur : Valeur non prise en charge dans "%s" du fichier "%s".`, e.Field, e.File)
}

// Parse reads a document, naming the field of the first value the model
// cannot hold (an object where a number is expected, NaN, …).
func Parse(raw []byte, file string) (*Document, error) {
	return parseWith(raw, file, nil)
}

func parseWith(raw []byte, file string, cache *elemCache) (*Document, error) {
	var d Document
	if err := decodeDocument(raw, &d, cache); err != nil {
		field := "document"
		if de, ok := err.(*decodeError); ok {
			field = de.path
			if de.offset >= 0 {
				field = fmt.Sprintf("position %d", de.offset)
			}
		}
		return nil, &UnsupportedValue{Field: field, File: file}
	}
	d.fillEmpty()
	return &d, nil
}

// typed refuses a document holding a value one of its typed numbers cannot
// hold (daily_stock: "abc"), naming its path and the carte's file: no
// partly-valid document is ever stored.
func (d *Document) typed(file string) error {
	if d.badNumber != "" {
		return &UnsupportedValue{Field: d.badNumber, File: file}
	}
	return nil
}

// SaveDocument validates and stores a new version of the carte's document.
// version is the one the editor loaded: a stale save is refused (ErrStale),
// never silently overwriting someone else's work. Each change of the
// document is logged against the previous version.
func (s *Service) SaveDocument(ctx context.Context, p tenancy.Principal, id int64, version int, raw []byte) (Campaign, error) {
	if err := canWrite(p); err != nil {
		return Campaign{}, err
	}
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return Campaign{}, err
	}
	d, err := parseCached(raw, c.URL, s.elems.get(id))
	if err != nil {
		return Campaign{}, err
	}
	return s.saveParsed(ctx, p, c, version, d, "")
}

// saveParsed validates a parsed document, stores it as the carte's next
// version if the carte is still at version, and logs what changed in one
// entry (headline: its action when the caller knows it, see saveEntry).
func (s *Service) saveParsed(ctx context.Context, p tenancy.Principal, c Campaign, version int, d *Document, headline history.Action) (Campaign, error) {
	id := c.ID
	if err := d.typed(c.URL); err != nil {
		return Campaign{}, err
	}
	if err := Validate(d); err != nil {
		return Campaign{}, err
	}
	doc, newSnap, ranges, err := encodeDocumentRanges(d)
	if err != nil {
		return Campaign{}, err
	}
	// One copy of the bytes as text, for the row and the cache's keys.
	docText := string(doc)
	prevSnap, ok := s.cachedSnapshot(id, c.Version)
	if !ok {
		prevRaw, err := s.document(ctx, c)
		if err != nil {
			return Campaign{}, err
		}
		if prevSnap, err = snapshotOfStored(prevRaw); err != nil {
			return Campaign{}, err
		}
	}
	// One entry per save, listing every change it made; worked out before
	// the transaction so that the write lock is held only for the writes.
	entry := saveEntry(c.Nom, diffSnapshots(prevSnap, newSnap), headline)
	actor, err := s.actor(ctx, p)
	if err != nil {
		return Campaign{}, err
	}
	var out Campaign
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		now := time.Now().UTC()
		res, err := tx.Exec(ctx, `UPDATE campaigns SET version = version + 1, updated_at = ?, updated_by = ? WHERE id = ? AND franchise_id = ? AND version = ?`,
			now, actor.UserName, id, p.FranchiseID, version)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrStale
		}
		if _, err := tx.Exec(ctx, `INSERT INTO campaign_versions (campaign_id, version, document, created_at, created_by) VALUES (?, ?, ?, ?, ?)`,
			id, version+1, docText, now, actor.UserName); err != nil {
			return err
		}
		out, err = scanCampaign(tx.QueryRow(ctx, `SELECT `+campaignColumns+` FROM campaigns c WHERE c.id = ?`, id))
		if err != nil {
			return err
		}
		tx.AfterCommit(func() {
			s.cacheSnapshot(id, version+1, newSnap)
			if d.hints != nil {
				s.elems.put(id, newElemCache(d, d.hints, doc, docText, ranges))
			}
		})
		s.announce(tx, p, id)
		if entry == nil {
			return nil
		}
		e := actor
		e.Action, e.Target, e.Changes = entry.Action, entry.Target, entry.Changes
		return history.Record(ctx, tx, e)
	})
	return out, err
}

// Link attaches a carte to a restaurant (the deployment screens manage
// links; the demo data uses this directly).
func Link(ctx context.Context, r store.Runner, campaignID, restaurantID int64) error {
	_, err := r.Exec(ctx, `INSERT INTO campaign_restaurants (campaign_id, restaurant_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, campaignID, restaurantID)
	return err
}
