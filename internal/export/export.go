// Package export turns what each restaurant serves into files people take
// away: the products of every restaurant's deployed menu as one spreadsheet
// per restaurant, zipped as 'Produits {franchise}.zip' (spec: first
// document §7 "Export", §8; second document §3 "Export", §7.6).
//
// An export runs as a job in the database (CONVENTIONS rule 10): its
// progress is stored and announced as job.progress events, and it streams
// — one restaurant's menu and spreadsheet at a time go into a zip that is
// written through a pipe straight into the blob store, so a franchise of a
// thousand restaurants is never held in memory at once.
package export

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"brigade/internal/blob"
	"brigade/internal/deploy"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// JobProducts is the kind of the products export job.
const JobProducts = "export.products"

// Texts of the spec (first document §7 "Export", §8; second document §7.6).
const (
	MsgPreparing = "Préparation de l'exportation..."
	MsgFinished  = "Exportation terminée avec succès !"
)

// ErrNotReady: the export is queued, running or failed, so there is no
// file to download (yet).
var ErrNotReady = errors.New("L'exportation n'est pas terminée : aucun fichier à télécharger pour le moment.")

// ErrNotExport: the job is one of the franchise's, but another kind of
// work (a generation), which has no file to download.
var ErrNotExport = errors.New("Cette tâche n'est pas un export : elle n'a pas de fichier à télécharger.")

// Service runs the exports.
type Service struct {
	db     *store.DB
	ten    *tenancy.Service
	jobs   *jobs.Runner
	deploy *deploy.Service
	blobs  blob.Store
	now    func() time.Time
}

// NewService returns the export service and registers its job.
func NewService(db *store.DB, ten *tenancy.Service, runner *jobs.Runner, dep *deploy.Service, blobs blob.Store) *Service {
	s := &Service{db: db, ten: ten, jobs: runner, deploy: dep, blobs: blobs, now: time.Now}
	runner.Register(JobProducts, s.runProducts)
	return s
}

// ProductsParams are a products export job's parameters.
type ProductsParams struct {
	RestaurantIDs []int64 `json:"restaurantIds"`
	FileName      string  `json:"fileName"`
	Currency      string  `json:"currency"`
	By            string  `json:"by"`
	UserID        int64   `json:"userId"`
}

// ExportedRestaurant is one spreadsheet of the zip.
type ExportedRestaurant struct {
	RestaurantID int64  `json:"restaurantId"`
	Nom          string `json:"nom"`
	Siret        string `json:"siret"`
	File         string `json:"file" doc:"Nom du classeur dans le zip"`
	Products     int    `json:"products" doc:"Nombre de produits exportés"`
}

// ProductsResult is a products export job's result (the export-finished
// event's payload of the original client).
type ProductsResult struct {
	Message     string               `json:"message"`
	FileName    string               `json:"fileName" doc:"Nom du zip : 'Produits {franchise}.zip'"`
	Restaurants []ExportedRestaurant `json:"restaurants"`
	Skipped     []string             `json:"skipped" doc:"Restaurants sans carte déployée, donc sans classeur"`
}

// ExportStarted is what starting an export answers: the job, plus the start
// message's franchiseId and fileName (second document §7.6).
type ExportStarted struct {
	jobs.Job
	FranchiseID int64  `json:"franchiseId"`
	FileName    string `json:"fileName"`
}

// StartProductsExport queues the export of the products of the chosen
// restaurants (none chosen: every restaurant the principal sees). Admins
// export any restaurant of their franchise; moderators their restaurant
// (DECISIONS: under their siret), guests and restaurant logins their
// allowed list. A restaurant out of scope is simply not found.
func (s *Service) StartProductsExport(ctx context.Context, p tenancy.Principal, restaurantIDs []int64) (ExportStarted, error) {
	switch p.Role {
	case tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest, tenancy.RoleRestaurant:
	default:
		return ExportStarted{}, tenancy.ErrForbidden
	}
	if p.FranchiseID == 0 {
		return ExportStarted{}, tenancy.ErrNotFound
	}
	scope, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		return ExportStarted{}, err
	}
	inScope := make(map[int64]bool, len(scope))
	for _, r := range scope {
		inScope[r.ID] = true
	}
	ids := slices.Clone(restaurantIDs)
	if len(ids) == 0 {
		for _, r := range scope {
			ids = append(ids, r.ID)
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		if !inScope[id] {
			return ExportStarted{}, tenancy.ErrNotFound
		}
	}
	if len(ids) == 0 {
		return ExportStarted{}, &tenancy.ValidationError{Field: "restaurantIds", Message: "Sélectionnez au moins un restaurant."}
	}
	f, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return ExportStarted{}, err
	}
	e, err := s.ten.Actor(ctx, s.db, p)
	if err != nil {
		return ExportStarted{}, err
	}
	params := ProductsParams{RestaurantIDs: ids, FileName: ZipName(f.Name), Currency: f.Currency, By: e.UserName, UserID: p.UserID}
	var j jobs.Job
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		j, err = s.jobs.Enqueue(ctx, tx, p.FranchiseID, JobProducts, e.UserName, MsgPreparing, params)
		return err
	})
	return ExportStarted{Job: j, FranchiseID: p.FranchiseID, FileName: params.FileName}, err
}

// Key is where a finished export's zip lives in the blob store.
func Key(franchiseID, jobID int64, fileName string) string {
	return "exports/" + strconv.FormatInt(franchiseID, 10) + "/" + strconv.FormatInt(jobID, 10) + "/" + fileName
}

func (s *Service) runProducts(ctx context.Context, j jobs.Job, progress jobs.Progress) (any, error) {
	var params ProductsParams
	if err := json.Unmarshal(j.Params, &params); err != nil {
		return nil, err
	}
	return s.Products(ctx, j.FranchiseID, j.ID, params, progress)
}

// Products writes the zip of a job: per restaurant, its deployed menu is
// read, turned into a spreadsheet and written into the zip, which flows
// through a pipe into the blob store as it is produced.
func (s *Service) Products(ctx context.Context, franchiseID, jobID int64, params ProductsParams, progress jobs.Progress) (ProductsResult, error) {
	if progress == nil {
		progress = func(int, int, string) {}
	}
	res := ProductsResult{FileName: params.FileName, Restaurants: []ExportedRestaurant{}, Skipped: []string{}}
	if res.FileName == "" {
		res.FileName = ZipName("")
	}
	restaurants, err := s.restaurants(ctx, franchiseID, params.RestaurantIDs)
	if err != nil {
		return res, err
	}
	total := len(restaurants)
	progress(0, total, MsgPreparing)

	pr, pw := io.Pipe()
	stored := make(chan error, 1)
	go func() {
		_, err := s.blobs.Put(ctx, Key(franchiseID, jobID, res.FileName), pr)
		// Unblock the writer if the store gave up before the end.
		pr.CloseWithError(err)
		stored <- err
	}()
	fail := func(err error) (ProductsResult, error) {
		pw.CloseWithError(err)
		<-stored
		return res, err
	}

	zw := zip.NewWriter(pw)
	now := s.now()
	used := map[string]bool{}
	for i, r := range restaurants {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		d, ok, err := s.deployedMenu(ctx, franchiseID, r)
		if err != nil {
			return fail(err)
		}
		if !ok {
			res.Skipped = append(res.Skipped, displayName(r))
		} else {
			name := uniqueName(RestaurantFileName(r.Pseudo, r.Nom, r.Siret), used)
			// An xlsx is already deflated: stored as is, the zip costs no
			// CPU and opens the same.
			w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: now})
			if err != nil {
				return fail(err)
			}
			n, err := WriteProducts(w, d, currencySymbol(params.Currency))
			if err != nil {
				return fail(err)
			}
			res.Restaurants = append(res.Restaurants, ExportedRestaurant{RestaurantID: r.ID, Nom: r.Nom, Siret: r.Siret, File: name, Products: n})
		}
		progress(i+1, total, fmt.Sprintf("Exportation : %d / %d restaurants", i+1, total))
	}
	if err := zw.Close(); err != nil {
		return fail(err)
	}
	if err := pw.Close(); err != nil {
		return fail(err)
	}
	if err := <-stored; err != nil {
		return res, err
	}
	res.Message = MsgFinished
	progress(total, total, MsgFinished)
	return res, nil
}

// restaurants returns the job's restaurants still in the franchise (an
// archived one is left out), ordered by name as the zip lists them.
func (s *Service) restaurants(ctx context.Context, franchiseID int64, ids []int64) ([]tenancy.Restaurant, error) {
	// The job runs without the caller: its restaurants were checked
	// against the caller's scope when it was queued, so the franchise's
	// own scope is the right one here.
	all, err := s.ten.Restaurants(ctx, tenancy.Principal{FranchiseID: franchiseID, Role: tenancy.RoleAdmin}, tenancy.RestaurantFilter{})
	if err != nil {
		return nil, err
	}
	want := make(map[int64]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	out := all[:0]
	for _, r := range all {
		if want[r.ID] {
			out = append(out, r)
		}
	}
	return out, nil
}

// deployedMenu reads a restaurant's deployed menu; ok is false when it has
// none.
func (s *Service) deployedMenu(ctx context.Context, franchiseID int64, r tenancy.Restaurant) (*menu.Document, bool, error) {
	cur, err := s.deploy.CurrentFor(ctx, r.ID)
	if errors.Is(err, deploy.ErrNotDeployed) || (err == nil && cur.FranchiseID != franchiseID) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	raw, _, err := s.deploy.Document(ctx, cur.Hash)
	if errors.Is(err, deploy.ErrNotDeployed) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	d, err := menu.Parse(raw, r.Siret+".json")
	if err != nil {
		return nil, false, err
	}
	return d, true, nil
}

func displayName(r tenancy.Restaurant) string {
	if strings.TrimSpace(r.Nom) != "" {
		return r.Nom
	}
	return r.Pseudo
}

func uniqueName(name string, used map[string]bool) string {
	base, ext := strings.TrimSuffix(name, ".xlsx"), ".xlsx"
	for n := 2; used[strings.ToLower(name)]; n++ {
		name = fmt.Sprintf("%s (%d)%s", base, n, ext)
	}
	used[strings.ToLower(name)] = true
	return name
}

// maxBaseRunes keeps file names well under the 255 bytes file systems allow.
const maxBaseRunes = 100

// cleanName makes text safe as a file name on every system: the characters
// `\ / : * ? " < > |` and control characters become `_` (menu's rule for
// every file name; other control characters too), surrounding spaces and dots go (Windows drops trailing
// ones), and the name is kept short.
func cleanName(text string) string {
	name := strings.ToValidUTF8(text, "_")
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '_'
		}
		return r
	}, menu.SanitizeFileName(name))
	name = strings.Trim(name, " .")
	for utf8.RuneCountInString(name) > maxBaseRunes {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return strings.TrimRight(name, " .")
}

// RestaurantFileName names a restaurant's spreadsheet after it: its pseudo
// (or its nom when it has none) and its SIRET, e.g. "bastille
// 81234567000012.xlsx" (DECISIONS "Export details").
func RestaurantFileName(pseudo, nom, siret string) string {
	label := strings.TrimSpace(pseudo)
	if label == "" {
		label = strings.TrimSpace(nom)
	}
	name := cleanName(strings.TrimSpace(label + " " + strings.TrimSpace(siret)))
	if name == "" {
		name = "Restaurant"
	}
	return name + ".xlsx"
}

// ZipName is the zip's name: 'Produits {franchise}.zip'.
func ZipName(franchise string) string {
	name := cleanName(franchise)
	if name == "" {
		return "Produits.zip"
	}
	return "Produits " + name + ".zip"
}

// Download opens the zip of a finished export of the principal's
// franchise. Admins download any export of the franchise; other roles the
// ones they started. Another franchise's job is not found; one of the
// franchise's jobs that is not an export is ErrNotExport (admins only, who
// see every job); an export not finished is ErrNotReady.
func (s *Service) Download(ctx context.Context, p tenancy.Principal, jobID int64) (io.ReadCloser, blob.Info, string, error) {
	if p.FranchiseID == 0 {
		return nil, blob.Info{}, "", tenancy.ErrNotFound
	}
	// The jobs' own rule: admins follow every job of the franchise, the
	// others only those they started.
	j, err := s.jobs.GetFor(ctx, p, jobID)
	if err != nil {
		return nil, blob.Info{}, "", err
	}
	if j.Kind != JobProducts {
		return nil, blob.Info{}, "", ErrNotExport
	}
	if j.Status != jobs.Done {
		return nil, blob.Info{}, "", ErrNotReady
	}
	var res ProductsResult
	if err := json.Unmarshal(j.Result, &res); err != nil || res.FileName == "" {
		return nil, blob.Info{}, "", ErrNotReady
	}
	rc, info, err := s.blobs.Get(ctx, Key(j.FranchiseID, j.ID, res.FileName))
	if errors.Is(err, blob.ErrNotFound) {
		return nil, blob.Info{}, "", tenancy.ErrNotFound
	}
	if err != nil {
		return nil, blob.Info{}, "", err
	}
	return rc, info, res.FileName, nil
}

// ContentDisposition is the header that saves a download under name:
// an ASCII fallback for old clients, and the exact UTF-8 name (RFC 6266,
// RFC 8187).
func ContentDisposition(name string) string {
	var ascii, ext strings.Builder
	for _, r := range name {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			ascii.WriteByte('_')
		} else {
			ascii.WriteRune(r)
		}
	}
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(name); i++ {
		c := name[i]
		if isAttrChar(c) {
			ext.WriteByte(c)
		} else {
			ext.WriteByte('%')
			ext.WriteByte(hex[c>>4])
			ext.WriteByte(hex[c&15])
		}
	}
	return `attachment; filename="` + ascii.String() + `"; filename*=UTF-8''` + ext.String()
}

// isAttrChar reports RFC 8187's attr-char: what may stay unencoded.
func isAttrChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", c) >= 0
}

// PastExport is an export the archive lists, with what it holds.
type PastExport struct {
	jobs.Job
	FileName    string `json:"fileName"`
	Restaurants int    `json:"restaurants" doc:"Classeurs du zip (restaurants ayant une carte déployée)"`
}

// Past lists the franchise's latest product exports (50 at most), newest
// first, by the jobs' own rule: an admin sees every export of the
// franchise, another login those it started. Finished ones are downloaded
// with Download.
func (s *Service) Past(ctx context.Context, p tenancy.Principal) ([]PastExport, error) {
	if p.FranchiseID == 0 {
		return nil, tenancy.ErrNotFound
	}
	all, err := s.jobs.Latest(ctx, p.FranchiseID, JobProducts, 200)
	if err != nil {
		return nil, err
	}
	out := []PastExport{}
	for _, j := range all {
		if p.Role != tenancy.RoleAdmin {
			var starter struct {
				UserID int64 `json:"userId"`
			}
			if json.Unmarshal(j.Params, &starter) != nil || starter.UserID != p.UserID {
				continue
			}
		}
		x := PastExport{Job: j}
		var res ProductsResult
		if len(j.Result) > 0 && json.Unmarshal(j.Result, &res) == nil {
			x.FileName, x.Restaurants = res.FileName, len(res.Restaurants)
		}
		if x.FileName == "" {
			var params struct {
				FileName string `json:"fileName"`
			}
			_ = json.Unmarshal(j.Params, &params)
			x.FileName = params.FileName
		}
		out = append(out, x)
		if len(out) == 50 {
			break
		}
	}
	return out, nil
}
