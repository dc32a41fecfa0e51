package deploy

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"brigade/internal/blob"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

func hashString(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// GenerateParams are a generation job's parameters.
type GenerateParams struct {
	RestaurantIDs []int64 `json:"restaurantIds"`
	By            string  `json:"by"`
	UserID        int64   `json:"userId"`
}

// RestaurantResult is one restaurant's outcome in a generation.
type RestaurantResult struct {
	RestaurantID int64  `json:"restaurantId"`
	Nom          string `json:"nom"`
	Version      int    `json:"version"`
	Changed      bool   `json:"changed" doc:"false : le menu généré est identique à celui déjà déployé"`
	Cartes       int    `json:"cartes"`
	Products     int    `json:"products"`
	Dropped      int    `json:"dropped" doc:"Éléments écartés (supprimés, sans nom, références orphelines)"`
	Customised   int    `json:"customised"`
	Etag         string `json:"etag"`
}

// GenerateResult is a generation job's result.
type GenerateResult struct {
	Message     string             `json:"message"`
	Restaurants []RestaurantResult `json:"restaurants"`
}

// StartGeneration queues the generation of the given restaurants' menus
// and returns the job; its progress comes as job.progress events.
func (s *Service) StartGeneration(ctx context.Context, p tenancy.Principal, restaurantIDs []int64) (jobs.Job, error) {
	if err := requireAdmin(p); err != nil {
		return jobs.Job{}, err
	}
	ids := slices.Clone(restaurantIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return jobs.Job{}, &tenancy.ValidationError{Field: "restaurantIds", Message: "Sélectionnez au moins un restaurant."}
	}
	if err := s.inFranchise(ctx, p.FranchiseID, ids); err != nil {
		return jobs.Job{}, err
	}
	e, err := s.actor(ctx, s.db, p)
	if err != nil {
		return jobs.Job{}, err
	}
	var j jobs.Job
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		j, err = s.jobs.Enqueue(ctx, tx, p.FranchiseID, JobGenerate, e.UserName, "Génération en attente…",
			GenerateParams{RestaurantIDs: ids, By: e.UserName, UserID: p.UserID})
		return err
	})
	return j, err
}

// inFranchise checks that every restaurant belongs to the franchise and is
// not archived (another franchise's restaurant is simply not found).
func (s *Service) inFranchise(ctx context.Context, franchiseID int64, ids []int64) error {
	rs, err := s.ten.ActiveRestaurantsByID(ctx, franchiseID, ids)
	if err != nil {
		return err
	}
	if len(rs) != len(ids) {
		return tenancy.ErrNotFound
	}
	return nil
}

// ErrFranchiseBlocked fails a generation of a blocked franchise: its tills
// and kiosks keep posting orders and keep the last deployed menu, but no new
// menu reaches them until the franchise is opened again (DECISIONS).
var ErrFranchiseBlocked = errors.New("Franchise bloquée : ses bornes gardent la dernière carte déployée, aucune nouvelle carte n'est déployée avant sa réouverture.")

func (s *Service) runGeneration(ctx context.Context, j jobs.Job, progress jobs.Progress) (any, error) {
	var params GenerateParams
	if err := json.Unmarshal(j.Params, &params); err != nil {
		return nil, err
	}
	// Checked when the job runs, not only when it is queued: a franchise
	// blocked in between gets nothing new.
	if blocked, err := s.ten.IsBlocked(ctx, j.FranchiseID); err != nil {
		return nil, err
	} else if blocked {
		return nil, ErrFranchiseBlocked
	}
	return s.Generate(ctx, j.FranchiseID, params, j.ID, progress)
}

type restaurantRow struct {
	id         int64
	nom, siret string
}

func (s *Service) restaurantRows(ctx context.Context, franchiseID int64, ids []int64) ([]restaurantRow, error) {
	rs, err := s.ten.ActiveRestaurantsByID(ctx, franchiseID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]restaurantRow, len(rs))
	for i, x := range rs {
		out[i] = restaurantRow{id: x.ID, nom: x.Nom, siret: x.Siret}
	}
	return out, nil
}

// built is a generated menu, shared by every restaurant with the same
// inputs.
type built struct {
	src      []Source
	override []Override
	hash     string
	doc, gz  []byte
	report   GenerationReport
	manifest []ManifestFile
	stored   bool // in deployed_documents (by this generation or before)
	err      error
	zipped   chan struct{} // closed once gz (or gzErr) is set; nil: not to store
	gzErr    error
	repJSON  string // report and manifest as stored, encoded once
	manJSON  string
}

// batchSize is how many restaurants one transaction stores.
const batchSize = 100

// Generate builds and stores the menus of the franchise's restaurants (the
// job's work; commands and the demo call it directly). Restaurants with the
// same inputs (cartes, versions, prices, month) share one merge and one
// stored document; a restaurant whose menu did not change keeps its
// version.
func (s *Service) Generate(ctx context.Context, franchiseID int64, params GenerateParams, jobID int64, progress jobs.Progress) (GenerateResult, error) {
	res := GenerateResult{Restaurants: []RestaurantResult{}}
	if progress == nil {
		progress = func(int, int, string) {}
	}
	rs, err := s.restaurantRows(ctx, franchiseID, params.RestaurantIDs)
	if err != nil {
		return res, err
	}
	total := len(rs)
	progress(0, total, "Préparation de la génération…")
	ids := make([]int64, len(rs))
	for i, r := range rs {
		ids[i] = r.id
	}
	links, err := s.linkedCartes(ctx, franchiseID, ids)
	if err != nil {
		return res, err
	}
	overrides, err := s.overridesOf(ctx, franchiseID, ids)
	if err != nil {
		return res, err
	}
	current, err := s.currentOf(ctx, franchiseID, ids)
	if err != nil {
		return res, err
	}
	now := s.now()
	builds, inputs, err := s.buildAll(ctx, franchiseID, rs, links, overrides, current, now)
	if err != nil {
		return res, err
	}
	var announce []events.Event
	for start := 0; start < len(rs); start += batchSize {
		batch := rs[start:min(start+batchSize, len(rs))]
		type pending struct {
			r      restaurantRow
			b      *built
			inputs string
			cartes int
		}
		var todo []pending
		for i, r := range batch {
			b := builds[start+i]
			todo = append(todo, pending{r, b, inputs[start+i], len(links[r.id])})
		}
		err := s.db.WithTx(ctx, func(tx *store.Tx) error {
			if err := lockDeployments(ctx, tx, franchiseID); err != nil {
				return err
			}
			actor, err := s.ten.Actor(ctx, tx, tenancy.Principal{UserID: params.UserID, FranchiseID: franchiseID, Role: tenancy.RoleAdmin})
			if err != nil {
				actor = history.Entry{FranchiseID: franchiseID, UserName: params.By}
			}
			actor.Module, actor.Source = ModuleDeploiement, "Generation"
			now := time.Now().UTC()
			// Read under the lock: another generation or a rollback may have
			// moved these restaurants since the job started.
			ids := make([]int64, len(todo))
			for i, t := range todo {
				ids[i] = t.r.id
			}
			current, last, err := versionsIn(ctx, tx, ids)
			if err != nil {
				return err
			}
			for _, t := range todo {
				out := RestaurantResult{RestaurantID: t.r.id, Nom: t.r.nom, Cartes: t.cartes, Products: t.b.report.Products,
					Dropped: len(t.b.report.Dropped), Customised: t.b.report.Customised, Etag: t.b.hash}
				cur, has := current[t.r.id]
				if has && cur.Hash == t.b.hash {
					out.Version = cur.Version
				} else {
					if !t.b.stored {
						if t.b.zipped != nil {
							<-t.b.zipped
							if t.b.gzErr != nil {
								return t.b.gzErr
							}
						} else if t.b.gz == nil {
							// Planned as unchanged, but the restaurant moved
							// (a rollback) since: compress it now.
							var err error
							if t.b.gz, err = gzipBytes(t.b.doc); err != nil {
								return err
							}
						}
						if _, err := tx.Exec(ctx, `INSERT INTO deployed_documents (hash, document, gzipped, size, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
							t.b.hash, t.b.doc, t.b.gz, len(t.b.doc), now); err != nil {
							return err
						}
						t.b.stored = true
					}
					version := last[t.r.id] + 1
					if t.b.repJSON == "" {
						rep, _ := json.Marshal(t.b.report)
						man, _ := json.Marshal(t.b.manifest)
						t.b.repJSON, t.b.manJSON = string(rep), string(man)
					}
					rep, man := t.b.repJSON, t.b.manJSON
					if _, err := tx.Exec(ctx, `INSERT INTO deployed_menus (restaurant_id, version, franchise_id, hash, inputs, report, manifest, job_id, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
						t.r.id, version, franchiseID, t.b.hash, t.inputs, rep, man, nullID(jobID), now, params.By); err != nil {
						return err
					}
					if err := setCurrent(ctx, tx, franchiseID, t.r.id, version, t.b.hash, now); err != nil {
						return err
					}
					out.Version, out.Changed = version, true
					announce = append(announce, menuDeployed(franchiseID, t.r.id, version, t.b.hash))
				}
				entry := actor
				entry.RestaurantID, entry.Action, entry.Target = t.r.id, history.Generation, t.r.nom
				entry.Changes = []history.Change{{Field: "version", Before: cur.Version, After: out.Version},
					{Field: "produits", Before: nil, After: t.b.report.Products}}
				if err := history.Record(ctx, tx, entry); err != nil {
					return err
				}
				res.Restaurants = append(res.Restaurants, out)
			}
			return nil
		})
		if err != nil {
			return res, err
		}
		// This batch is committed: its kiosks hear of their new menu now,
		// not when the last of a thousand restaurants is done.
		for _, e := range announce {
			s.forget(e)
			s.bus.Publish(context.WithoutCancel(ctx), e)
		}
		announce = announce[:0]
		done := min(start+batchSize, len(rs))
		progress(done, total, fmt.Sprintf("Génération des cartes : %d / %d restaurants", done, total))
	}
	if f, err := s.ten.FranchiseForAuth(ctx, franchiseID); err == nil && f.Settings.PublishAvailableProducts && f.Settings.RefreshAvailableProductsOnGeneration {
		if err := s.PublishAvailable(ctx, franchiseID); err != nil {
			return res, fmt.Errorf("catalogue des produits disponibles : %w", err)
		}
	}
	res.Message = MsgGenerated
	progress(total, total, MsgGenerated)
	return res, nil
}

// buildAll gives every restaurant its generated menu. Restaurants with the
// same inputs share one build; the distinct builds are merged, encoded and
// hashed in parallel, and only the documents that will be stored (a
// restaurant's menu changed and the document is not stored yet) are
// gzipped — the costliest step (best compression, computed once per
// document for every kiosk download).
func (s *Service) buildAll(ctx context.Context, franchiseID int64, rs []restaurantRow, links map[int64][]linkedCarte, overrides map[int64][]Override, current map[int64]Current, now time.Time) ([]*built, []string, error) {
	loader := &docLoader{s: s, docs: map[[2]int64]*menu.Document{}}
	byInputs := map[string]*built{}
	var distinct []*built
	out := make([]*built, len(rs))
	keys := make([]string, len(rs))
	for i, r := range rs {
		key := inputsKey(links[r.id], overrides[r.id], now)
		keys[i] = key
		b := byInputs[key]
		if b == nil {
			src, err := loader.sources(ctx, links[r.id])
			if err != nil {
				return nil, nil, err
			}
			b = &built{src: src, override: overrides[r.id]}
			byInputs[key] = b
			distinct = append(distinct, b)
		}
		out[i] = b
	}
	docs := make([]*menu.Document, len(distinct))
	parallel(len(distinct), func(i int) {
		b := distinct[i]
		doc, rep := Merge(b.src, b.override, now)
		raw, err := doc.Encode()
		if err != nil {
			b.err = err
			return
		}
		docs[i], b.report, b.doc, b.hash = doc, rep, raw, hashString(raw)
		b.src, b.override = nil, nil
	})
	files := map[string]ManifestFile{}
	byHash := map[string]*built{}
	for i, b := range distinct {
		if b.err != nil {
			return nil, nil, b.err
		}
		if byHash[b.hash] != nil {
			continue // different inputs, same menu: one build
		}
		byHash[b.hash] = b
		var err error
		if b.manifest, err = s.manifestOf(ctx, franchiseID, docs[i], files); err != nil {
			return nil, nil, err
		}
		docs[i] = nil
	}
	for i := range out {
		out[i] = byHash[out[i].hash]
	}
	// The documents to store: a restaurant's menu changes to them and they
	// are not stored already.
	need := map[string]*built{}
	for i, r := range rs {
		if cur, has := current[r.id]; !has || cur.Hash != out[i].hash {
			need[out[i].hash] = out[i]
		}
	}
	hashes := make([]string, 0, len(need))
	for h := range need {
		hashes = append(hashes, h)
	}
	slices.Sort(hashes)
	for chunk := range slices.Chunk(hashes, 500) {
		args := make([]any, len(chunk))
		for i, h := range chunk {
			args[i] = h
		}
		in := "IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(chunk)), ", ") + ")"
		stored, err := store.Collect(ctx, s.db, `SELECT hash FROM deployed_documents WHERE hash `+in, args, store.ScanValue[string])
		if err != nil {
			return nil, nil, err
		}
		for _, h := range stored {
			if b := need[h]; b != nil {
				b.stored = true
				delete(need, h)
			}
		}
	}
	// Gzip in the background, in the order the batches store the
	// documents: the database writes start at once and overlap it.
	var zip []*built
	for _, b := range out {
		if need[b.hash] == b && b.zipped == nil {
			b.zipped = make(chan struct{})
			zip = append(zip, b)
		}
	}
	go parallel(len(zip), func(i int) {
		b := zip[i]
		defer close(b.zipped)
		defer func() {
			if p := recover(); p != nil {
				b.gzErr = fmt.Errorf("compression : %v", p)
			}
		}()
		if b.gzErr = ctx.Err(); b.gzErr == nil {
			b.gz, b.gzErr = gzipBytes(b.doc)
		}
	})
	return out, keys, nil
}

// parallel runs fn(0..n-1) on as many goroutines as there are processors.
func parallel(n int, fn func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A panic is carried back to the caller's goroutine, where the
			// job runner turns it into a failed job instead of a crash.
			defer func() {
				if p := recover(); p != nil {
					failed.CompareAndSwap(nil, fmt.Sprint(p))
				}
			}()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
	if p := failed.Load(); p != nil {
		panic(p)
	}
}

// versionsIn reads, in the transaction, the current menu and the highest
// version of each restaurant.
func versionsIn(ctx context.Context, tx *store.Tx, ids []int64) (map[int64]Current, map[int64]int, error) {
	in, args := store.In(ids)
	current, last := map[int64]Current{}, map[int64]int{}
	err := store.Each(ctx, tx, `SELECT restaurant_id, version, hash FROM deployed_current WHERE restaurant_id `+in, args, func(row store.Scanner) error {
		var c Current
		if err := row.Scan(&c.RestaurantID, &c.Version, &c.Hash); err != nil {
			return err
		}
		current[c.RestaurantID] = c
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	err = store.Each(ctx, tx, `SELECT restaurant_id, MAX(version) FROM deployed_menus WHERE restaurant_id `+in+` GROUP BY restaurant_id`, args, func(row store.Scanner) error {
		var id int64
		var v int
		if err := row.Scan(&id, &v); err != nil {
			return err
		}
		last[id] = v
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return current, last, nil
}

// lockDeployments serialises the writers of a franchise's deployed menus
// (two generations, or a generation and a rollback, numbering versions of
// the same restaurant). SQLite has a single writer already.
func lockDeployments(ctx context.Context, tx *store.Tx, franchiseID int64) error {
	if tx.Engine() != store.Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7007, ?)`, franchiseID)
	return err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func menuDeployed(franchiseID, restaurantID int64, version int, hash string) events.Event {
	return events.Event{Type: TypeMenuDeployed, FranchiseID: franchiseID, Data: map[string]any{"restaurantId": restaurantID, "version": version, "etag": hash}}
}

func setCurrent(ctx context.Context, tx *store.Tx, franchiseID, restaurantID int64, version int, hash string, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO deployed_current (restaurant_id, franchise_id, version, hash, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (restaurant_id) DO UPDATE SET version = excluded.version, hash = excluded.hash, updated_at = excluded.updated_at`,
		restaurantID, franchiseID, version, hash, now)
	return err
}

// gzipLevel is the compression of the stored gzip form. Level 7 rather
// than 9 (gzip.BestCompression): measured on deployed menus (60 kB to
// 550 kB of JSON), 9 takes 2.5 times as long for 1 to 6 % fewer bytes, and
// gzip was most of a generation's time (bench/deploy).
const gzipLevel = 7

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(b) / 8)
	zw, err := gzip.NewWriterLevel(&buf, gzipLevel)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ---- manifest ----

// File is an entry of a kiosk's manifest: a file it must hold, with what
// it needs to sync only what changed.
type ManifestFile struct {
	Path      string    `json:"path" doc:"Chemin de stockage (CartesCampagnesImages/{franchiseId}/{type}/{fichier})"`
	Size      int64     `json:"size"`
	Timestamp time.Time `json:"timestamp"`
	SHA256    string    `json:"sha256"`
}

// manifestOf lists the images the menu uses, each read once per
// generation (files caches them).
func (s *Service) manifestOf(ctx context.Context, franchiseID int64, d *menu.Document, files map[string]ManifestFile) ([]ManifestFile, error) {
	var paths []string
	add := func(kind, file string) {
		if file != "" && !strings.Contains(file, "/") && !strings.HasPrefix(file, "http") {
			paths = append(paths, menu.ImageKey(franchiseID, kind, file))
		}
	}
	for _, c := range d.Categories {
		add("categories", c.Path)
		add("categories", c.PathCategoryMoment)
	}
	for _, p := range d.Items {
		add("products", p.Path)
		add("products", p.PathProductMoment)
		add("products", p.PathPlatform)
	}
	for _, g := range d.Options {
		kind := "supplements"
		if g.IsIngredient {
			kind = "ingredients"
		}
		for _, it := range g.Items {
			add(kind, it.Path)
		}
	}
	for _, t := range d.Tags {
		add("tags", t.LogoTag)
		add("tags", t.BackgroundCatalog)
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	out := make([]ManifestFile, 0, len(paths))
	for _, key := range paths {
		f, ok := files[key]
		if !ok {
			info, err := s.blobs.Stat(ctx, key)
			if errors.Is(err, blob.ErrNotFound) || errors.Is(err, blob.ErrInvalidKey) {
				files[key] = ManifestFile{}
				continue // a missing image is left out quietly (spec §8)
			}
			if err != nil {
				return nil, err
			}
			f = ManifestFile{Path: key, Size: info.Size, Timestamp: info.ModTime.UTC().Truncate(time.Second), SHA256: info.SHA256}
			files[key] = f
		}
		if f.Path != "" {
			out = append(out, f)
		}
	}
	return out, nil
}
