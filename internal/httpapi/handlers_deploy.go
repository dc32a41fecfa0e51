package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/deploy"
	"brigade/internal/discounts"
	"brigade/internal/events"
	"brigade/internal/jobs"
	"brigade/internal/settings"
	"brigade/internal/tenancy"
)

func (s *Server) deployRouteTable() []route {
	const tagDeploy, tagDevices, tagJobs = "Déploiement", "Bornes et caisses", "Tâches"
	return []route{
		// Links (/campagne/CampagneRestos).
		{method: http.MethodGet, path: "/api/v1/deploy/links", id: "deployLinks", tag: tagDeploy, summary: "Cartes × restaurants : quelles cartes chaque restaurant sert", access: signedIn, roles: admins, lockable: true, original: []string{"RestosCartes (franchiseId)"}, register: handle(s.deployLinks)},
		{method: http.MethodPut, path: "/api/v1/deploy/links/{campaignId}/restaurants/{restaurantId}", id: "linkCarte", tag: tagDeploy, summary: "Lier une carte à un restaurant", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.linkCarte)},
		{method: http.MethodDelete, path: "/api/v1/deploy/links/{campaignId}/restaurants/{restaurantId}", id: "unlinkCarte", tag: tagDeploy, summary: "Supprimer la relation entre une carte et un restaurant (spec §4 : le restaurant quitte la liste ; la relation disparaît avec son dernier restaurant)", access: signedIn, roles: admins, lockable: true, original: []string{"RestosCartes (delete / update restaurantIds)"}, register: handle(s.unlinkCarte)},
		{method: http.MethodPut, path: "/api/v1/deploy/restaurants/{restaurantId}/cartes", id: "setRestaurantCartes", tag: tagDeploy, summary: "Les cartes servies par un restaurant (remplace la liste)", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.setRestaurantCartes)},

		// Price customisations.
		{method: http.MethodGet, path: "/api/v1/deploy/restaurants/{restaurantId}/prices", id: "restaurantPrices", tag: tagDeploy, summary: "Prix de la carte fusionnée du restaurant, avec ses prix personnalisés à côté", access: signedIn, roles: admins, lockable: true, original: []string{"customisedPrices/{franchiseId}/{siret}.json"}, register: handle(s.restaurantPrices)},
		{method: http.MethodPut, path: "/api/v1/deploy/restaurants/{restaurantId}/prices", id: "setRestaurantPrice", tag: tagDeploy, summary: "Personnaliser un prix pour ce restaurant (journalisé « Personalisation » ; appliqué à la prochaine génération)", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.setRestaurantPrice)},
		{method: http.MethodDelete, path: "/api/v1/deploy/restaurants/{restaurantId}/prices", id: "resetRestaurantPrice", tag: tagDeploy, summary: "Revenir au prix de la carte", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.resetRestaurantPrice)},

		// Generation (/campagne/DeploiementCarte, /{product}/fusionproduits).
		{method: http.MethodGet, path: "/api/v1/deploy/status", id: "deployStatus", tag: tagDeploy, summary: "État du déploiement de chaque restaurant (version, date, à jour ou non)", access: signedIn, roles: admins, lockable: true, original: []string{"CartesCampagnesDeploy (siret)"}, register: handle(s.deployStatus)},
		{method: http.MethodPost, path: "/api/v1/deploy/preview", id: "deployPreview", tag: tagDeploy, summary: "Aperçu : ce que le déploiement changerait pour chaque restaurant (ajoutés, retirés, prix modifiés) ; rien n'est enregistré", access: signedIn, roles: admins, lockable: true, register: handle(s.deployPreview)},
		{method: http.MethodPost, path: "/api/v1/deploy/generations", id: "startGeneration", tag: tagDeploy, summary: "Générer et déployer la carte des restaurants choisis (tâche de fond ; progression par l'événement job.progress)", access: signedIn, roles: admins, lockable: true, status: http.StatusAccepted, register: handle(s.startGeneration)},
		{method: http.MethodGet, path: "/api/v1/deploy/generations/current", id: "currentGeneration", tag: tagDeploy, summary: "La génération en attente ou en cours de la franchise, s'il y en a une (une page rouverte reprend sa progression)", access: signedIn, roles: admins, lockable: true, register: handle(s.currentGeneration)},
		{method: http.MethodGet, path: "/api/v1/deploy/restaurants/{restaurantId}/menu", id: "deployedMenu", tag: tagDeploy, summary: "Le menu déployé du restaurant, exactement tel que ses bornes le reçoivent (orderJson)", access: signedIn, roles: admins, lockable: true, register: s.registerDeployedMenu},
		{method: http.MethodGet, path: "/api/v1/deploy/restaurants/{restaurantId}/versions", id: "deployVersions", tag: tagDeploy, summary: "Versions déployées du restaurant, la plus récente d'abord", access: signedIn, roles: admins, lockable: true, register: handle(s.deployVersions)},
		{method: http.MethodPost, path: "/api/v1/deploy/restaurants/{restaurantId}/versions/{version}/rollback", id: "deployRollback", tag: tagDeploy, summary: "Remettre en service une version déployée (nouvelle version, annonce immédiate aux bornes)", access: signedIn, roles: admins, lockable: true, register: handle(s.deployRollback)},

		// Jobs.
		{method: http.MethodGet, path: "/api/v1/jobs/{jobId}", id: "getJob", tag: tagJobs, summary: "État d'une tâche de fond (génération, export)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getJob)},

		// Kiosk feed.
		{method: http.MethodGet, path: "/kiosk/v1/menu", id: "kioskMenu", tag: tagDevices, summary: "Le menu déployé du restaurant de la borne (orderJson), avec ETag / 304 et gzip", access: device, original: []string{"CartesCampagnesDeploy/{franchiseId}/{siret}.json"}, register: s.registerKioskMenu},
		{method: http.MethodHead, path: "/kiosk/v1/menu", id: "kioskMenuHead", tag: tagDevices, summary: "Les en-têtes du menu déployé (ETag, version, taille), sans le corps", access: device, register: s.registerKioskMenu},
		{method: http.MethodGet, path: "/kiosk/v1/manifest", id: "kioskManifest", tag: tagDevices, summary: "Manifeste : le menu et les images qu'il utilise (chemin, taille, date, empreinte SHA-256) pour une synchronisation incrémentale", access: device, original: []string{"MANIFEST"}, register: handle(s.kioskManifest)},
		{method: http.MethodGet, path: "/kiosk/v1/images/{kind}/{file}", id: "kioskImage", tag: tagDevices, summary: "Une image du manifeste", access: device, original: []string{"CartesCampagnesImages/{franchiseId}/categories|products|ingredients|supplements/{path}"}, register: s.registerKioskImage},
		{method: http.MethodGet, path: "/kiosk/v1/colors", id: "kioskColors", tag: tagDevices, summary: "Couleurs de la borne", access: device, original: []string{"colors_borne"}, register: handle(s.kioskColors)},
		{method: http.MethodGet, path: "/kiosk/v1/events", id: "kioskEvents", tag: tagDevices, summary: "Flux SSE de la borne : `ready` (avec l'ETag du menu et celui de la disponibilité), `availability` dès qu'un épuisé ou un horaire du restaurant change, `discounts` quand ses réductions automatiques changent, puis `menu` dès qu'une génération ou un retour arrière change son menu", access: device, register: s.registerKioskEvents},
	}
}

// ---- links ----

type deployLinksOutput struct{ Body deploy.LinkMatrix }

func (s *Server) deployLinks(ctx context.Context, _ *struct{}) (*deployLinksOutput, error) {
	m, err := s.Deploy.Links(ctx, principal(ctx))
	return &deployLinksOutput{m}, err
}

type linkPath struct {
	CampaignID   int64 `path:"campaignId"`
	RestaurantID int64 `path:"restaurantId"`
}

func (s *Server) linkCarte(ctx context.Context, in *linkPath) (*struct{}, error) {
	return nil, s.Deploy.SetLink(ctx, principal(ctx), in.CampaignID, in.RestaurantID, true)
}

type messageOutput struct {
	Body struct {
		Message string `json:"message"`
	}
}

func (s *Server) unlinkCarte(ctx context.Context, in *linkPath) (*messageOutput, error) {
	if err := s.Deploy.SetLink(ctx, principal(ctx), in.CampaignID, in.RestaurantID, false); err != nil {
		if errors.Is(err, tenancy.ErrNotFound) || errors.Is(err, tenancy.ErrForbidden) {
			return nil, err
		}
		return nil, newProblem(http.StatusInternalServerError, deploy.MsgUnlinkFailed)
	}
	out := &messageOutput{}
	out.Body.Message = deploy.MsgUnlinked
	return out, nil
}

type restaurantCartesInput struct {
	RestaurantID int64 `path:"restaurantId"`
	Body         struct {
		CampaignIDs []int64 `json:"campaignIds"`
	}
}

func (s *Server) setRestaurantCartes(ctx context.Context, in *restaurantCartesInput) (*struct{}, error) {
	return nil, s.Deploy.SetRestaurantCartes(ctx, principal(ctx), in.RestaurantID, in.Body.CampaignIDs)
}

// ---- prices ----

type pricesOutput struct{ Body []deploy.PricedElement }

func (s *Server) restaurantPrices(ctx context.Context, in *restaurantPath) (*pricesOutput, error) {
	list, err := s.Deploy.Catalogue(ctx, principal(ctx), in.RestaurantID)
	return &pricesOutput{list}, err
}

type setPriceInput struct {
	RestaurantID int64 `path:"restaurantId"`
	Body         deploy.Override
}

func (s *Server) setRestaurantPrice(ctx context.Context, in *setPriceInput) (*struct{}, error) {
	return nil, s.Deploy.SetOverride(ctx, principal(ctx), in.RestaurantID, in.Body, false)
}

type resetPriceInput struct {
	RestaurantID int64  `path:"restaurantId"`
	Kind         string `query:"kind" enum:"product,option" required:"true"`
	IDGlobal     string `query:"idGlobal" required:"true"`
	Tariff       int    `query:"tariff" required:"true"`
	TypeOrder    int    `query:"typeOrder" required:"true"`
	Size         int    `query:"size"`
}

func (s *Server) resetRestaurantPrice(ctx context.Context, in *resetPriceInput) (*struct{}, error) {
	return nil, s.Deploy.SetOverride(ctx, principal(ctx), in.RestaurantID,
		deploy.Override{Kind: in.Kind, IDGlobal: in.IDGlobal, Tariff: in.Tariff, TypeOrder: in.TypeOrder, Size: in.Size}, true)
}

// ---- generation ----

type deployStatusOutput struct{ Body []deploy.DeployStatus }

func (s *Server) deployStatus(ctx context.Context, _ *struct{}) (*deployStatusOutput, error) {
	list, err := s.Deploy.Deployments(ctx, principal(ctx))
	return &deployStatusOutput{list}, err
}

type restaurantsBody struct {
	Body struct {
		RestaurantIDs []int64 `json:"restaurantIds" minItems:"1"`
	}
}

type previewOutput struct{ Body []deploy.DeployPreview }

func (s *Server) deployPreview(ctx context.Context, in *restaurantsBody) (*previewOutput, error) {
	list, err := s.Deploy.Preview(ctx, principal(ctx), in.Body.RestaurantIDs)
	return &previewOutput{list}, err
}

// JobOut is a job with its result typed by kind (the stored result is the
// raw JSON of whichever kind ran), so that clients read it from the API
// description instead of guessing its shape.
type JobOut struct {
	jobs.Job
	Generation *deploy.GenerateResult `json:"generation,omitempty" doc:"Résultat d'une génération terminée"`
}

func jobOut(j jobs.Job) JobOut {
	out := JobOut{Job: j}
	if j.Kind == deploy.JobGenerate && j.Status == jobs.Done && len(j.Result) > 0 {
		var g deploy.GenerateResult
		if json.Unmarshal(j.Result, &g) == nil {
			out.Generation = &g
		}
	}
	return out
}

type jobOutput struct{ Body JobOut }

func (s *Server) startGeneration(ctx context.Context, in *restaurantsBody) (*jobOutput, error) {
	j, err := s.Deploy.StartGeneration(ctx, principal(ctx), in.Body.RestaurantIDs)
	return &jobOutput{jobOut(j)}, err
}

type currentGenerationOutput struct {
	Body struct {
		Job *jobs.Job `json:"job" doc:"null : aucune génération en cours"`
	}
}

func (s *Server) currentGeneration(ctx context.Context, _ *struct{}) (*currentGenerationOutput, error) {
	j, err := s.Deploy.RunningGeneration(ctx, principal(ctx))
	out := &currentGenerationOutput{}
	out.Body.Job = j
	return out, err
}

type jobPath struct {
	JobID int64 `path:"jobId"`
}

func (s *Server) getJob(ctx context.Context, in *jobPath) (*jobOutput, error) {
	j, err := s.Jobs.GetFor(ctx, principal(ctx), in.JobID)
	return &jobOutput{jobOut(j)}, err
}

type versionsOutput struct{ Body []deploy.DeployedVersion }

func (s *Server) deployVersions(ctx context.Context, in *restaurantPath) (*versionsOutput, error) {
	list, err := s.Deploy.Versions(ctx, principal(ctx), in.RestaurantID)
	return &versionsOutput{list}, err
}

type rollbackInput struct {
	RestaurantID int64 `path:"restaurantId"`
	Version      int   `path:"version"`
}

type versionOutput struct{ Body deploy.DeployedVersion }

func (s *Server) deployRollback(ctx context.Context, in *rollbackInput) (*versionOutput, error) {
	v, err := s.Deploy.Rollback(ctx, principal(ctx), in.RestaurantID, in.Version)
	return &versionOutput{v}, err
}

func jsonDocResponse() map[string]*huma.Response {
	return map[string]*huma.Response{"200": {Description: "Le menu (orderJson : categories, items, options, cartes, groups_sub_options, promotions, zones, tags, printers, screens, product_size_1..10, hide_name_*, campagnes : par carte idCampagne, nom, dateDebut, dateFin, isPeriodic et periodes [{dateDebut, dateFin}], toujours une liste ; dates et périodes d'une carte périodique reprojetées sur le mois de la génération)",
		Content: map[string]*huma.MediaType{"application/json": {Schema: &huma.Schema{Type: "object", AdditionalProperties: true}}}}}
}

type deployedMenuInput struct {
	RestaurantID int64 `path:"restaurantId"`
	Next         bool  `query:"next" doc:"true : le menu que la prochaine génération déploierait (rien n'est enregistré)"`
	Version      int   `query:"version" minimum:"0" doc:"une version déployée du restaurant (0 : celle en service)"`
}

func (s *Server) registerDeployedMenu(api huma.API, op huma.Operation) {
	op.Responses = jsonDocResponse()
	huma.Register(api, op, func(ctx context.Context, in *deployedMenuInput) (*huma.StreamResponse, error) {
		raw, err := s.Deploy.MenuFor(ctx, principal(ctx), in.RestaurantID, in.Next, in.Version)
		if err != nil {
			if errors.Is(err, deploy.ErrNotDeployed) {
				return nil, newProblem(http.StatusNotFound, err.Error())
			}
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", "application/json")
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(raw)
		}}, nil
	})
}

// ---- kiosk feed ----

type kioskMenuInput struct {
	IfNoneMatch    string `header:"If-None-Match" doc:"ETag du menu que la borne possède : 304 s'il n'a pas changé"`
	AcceptEncoding string `header:"Accept-Encoding" doc:"gzip : le menu compressé une fois pour toutes à la génération"`
}

func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if part == etag || part == "*" {
			return true
		}
	}
	return false
}

func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		for _, prm := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(prm), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				return err == nil && q > 0
			}
		}
		return true
	}
	return false
}

// feedCacheControl: a kiosk revalidates at every poll (304 when unchanged),
// and no shared cache keeps an answer chosen by a device key.
const feedCacheControl = "private, no-cache"

func kioskMenuResponses() map[string]*huma.Response {
	str := &huma.Schema{Type: "string"}
	etag := &huma.Param{Description: "Empreinte forte du menu déployé (SHA-256 du document, entre guillemets)", Schema: str}
	common := map[string]*huma.Param{"ETag": etag, "Cache-Control": {Description: "`" + feedCacheControl + "`", Schema: str},
		"Vary": {Description: "`Accept-Encoding`", Schema: str}}
	full := jsonDocResponse()
	full["200"].Headers = map[string]*huma.Param{"Last-Modified": {Description: "Mise en service de cette version", Schema: str},
		"X-Menu-Version":   {Description: "Version déployée", Schema: &huma.Schema{Type: "integer"}},
		"Content-Encoding": {Description: "`gzip` si la borne l'accepte (octets compressés à la génération)", Schema: str}}
	maps.Copy(full["200"].Headers, common)
	full["304"] = &huma.Response{Description: "Le menu n'a pas changé depuis l'ETag envoyé", Headers: common}
	full["404"] = &huma.Response{Description: "Aucune carte déployée pour ce restaurant"}
	return full
}

// registerKioskMenu serves GET and HEAD /kiosk/v1/menu, the route every
// kiosk polls: through the same router, middleware (device key, access
// log) and error answers as every other route; what it serves, and its
// caches, are deploy.Service.Feed's.
func (s *Server) registerKioskMenu(api huma.API, op huma.Operation) {
	op.Responses = kioskMenuResponses()
	if op.Method == http.MethodGet {
		op.Description += "\n\nExemple de client (Go) : `internal/deploy/kioskclient` — `c := kioskclient.New(url, key)`, `m, err := c.Menu(ctx)` (envoie l'ETag connu, lit 304), `c.Watch(ctx, fn)` (flux SSE, `fn` appelée à chaque nouveau menu)."
	}
	huma.Register(api, op, func(ctx context.Context, in *kioskMenuInput) (*huma.StreamResponse, error) {
		a, err := s.Deploy.Feed(ctx, deviceFrom(ctx), func(etag string) bool { return etagMatches(in.IfNoneMatch, etag) }, acceptsGzip(in.AcceptEncoding))
		if errors.Is(err, deploy.ErrNotDeployed) {
			return nil, newProblem(http.StatusNotFound, err.Error())
		}
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) { writeFeed(hctx, a) }}, nil
	})
}

// writeFeed writes a feed answer; a HEAD gets the same headers as the GET
// (Content-Length included) and no body.
func writeFeed(hctx huma.Context, a deploy.FeedAnswer) {
	hctx.SetHeader("ETag", a.ETag)
	hctx.SetHeader("Cache-Control", feedCacheControl)
	hctx.SetHeader("Vary", "Accept-Encoding")
	if a.NotModified {
		hctx.SetStatus(http.StatusNotModified)
		return
	}
	hctx.SetHeader("Content-Type", "application/json")
	hctx.SetHeader("Last-Modified", a.Modified.Format(http.TimeFormat))
	hctx.SetHeader("X-Menu-Version", strconv.Itoa(a.Version))
	if a.Gzip {
		hctx.SetHeader("Content-Encoding", "gzip")
	}
	hctx.SetHeader("Content-Length", strconv.Itoa(len(a.Body)))
	hctx.SetStatus(http.StatusOK)
	if hctx.Method() != http.MethodHead {
		_, _ = hctx.BodyWriter().Write(a.Body)
	}
}

// deviceToken is the device key of a request: Authorization: Bearer …, or
// X-Device-Key.
func deviceToken(authorization, deviceKey string) string {
	if token := strings.TrimSpace(strings.TrimPrefix(authorization, "Bearer ")); token != "" {
		return token
	}
	return strings.TrimSpace(deviceKey)
}

type manifestOutput struct{ Body deploy.Manifest }

func (s *Server) kioskManifest(ctx context.Context, _ *struct{}) (*manifestOutput, error) {
	d := deviceFrom(ctx)
	m, err := s.Deploy.ManifestFor(ctx, d.Restaurant.ID, d.Restaurant.Siret)
	if errors.Is(err, deploy.ErrNotDeployed) {
		return nil, newProblem(http.StatusNotFound, err.Error())
	}
	return &manifestOutput{m}, err
}

type kioskImageInput struct {
	Kind string `path:"kind"`
	File string `path:"file"`
}

func (s *Server) registerKioskImage(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {Description: "L'image", Content: map[string]*huma.MediaType{
		"image/*": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}}
	huma.Register(api, op, func(ctx context.Context, in *kioskImageInput) (*huma.StreamResponse, error) {
		d := deviceFrom(ctx)
		data, ctype, err := s.Images.Get(ctx, tenancy.Principal{FranchiseID: d.Restaurant.FranchiseID}, in.Kind, in.File)
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", ctype)
			hctx.SetHeader("Cache-Control", "private, max-age=31536000, immutable")
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(data)
		}}, nil
	})
}

type kioskColorsOutput struct {
	Body settings.KioskColors
}

func (s *Server) kioskColors(ctx context.Context, _ *struct{}) (*kioskColorsOutput, error) {
	d := deviceFrom(ctx)
	v, err := s.Settings.ColorsForDevice(ctx, d)
	return &kioskColorsOutput{v.Value}, err
}

func (s *Server) registerKioskEvents(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {
		Description: "Flux `text/event-stream` : `ready` (data : `{\"etag\":…,\"version\":…}`), puis `menu` (même forme) à chaque nouveau menu du restaurant ; `discounts` (data : `{\"etag\":…}`) à l'ouverture puis quand les réductions du restaurant changent (GET /kiosk/v1/discounts) ; `availability` (data : `{\"etag\":…}`) dans la seconde quand les épuisés ou les horaires du restaurant changent, ou quand le document change de lui-même (fin d'un épuisé, ouverture ou fermeture d'un canal) (GET /kiosk/v1/availability ; `ready` porte déjà son ETag dans `availability`) ; et des commentaires de maintien.",
		Content:     map[string]*huma.MediaType{"text/event-stream": {Schema: &huma.Schema{Type: "string"}}},
	}}
	huma.Register(api, op, func(ctx context.Context, _ *struct{}) (*huma.StreamResponse, error) {
		d := deviceFrom(ctx)
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			token := deviceToken(hctx.Header("Authorization"), hctx.Header("X-Device-Key"))
			ch, stop := s.Bus.Subscribe(d.Restaurant.FranchiseID)
			defer stop()
			avail := s.newKioskAvailabilityNews(d)
			current := func(w io.Writer, name string) error {
				data := map[string]any{"etag": "", "version": 0}
				if c, err := s.Deploy.CurrentFor(hctx.Context(), d.Restaurant.ID); err == nil {
					data = map[string]any{"etag": c.ETag(), "version": c.Version}
				}
				if name == "ready" {
					data["availability"] = avail.ready(hctx.Context())
				}
				b, _ := json.Marshal(data)
				_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
				return err
			}
			// discounts announces the restaurant's discounts document when
			// its ETag differs from the last one the kiosk was told.
			var discountsETag string
			discountsNews := func(w io.Writer) error {
				_, etag, err := s.Discounts.KioskDocument(hctx.Context(), d)
				if err != nil || etag == discountsETag {
					return nil
				}
				discountsETag = etag
				b, _ := json.Marshal(map[string]any{"etag": etag})
				_, err = fmt.Fprintf(w, "event: discounts\ndata: %s\n\n", b)
				return err
			}
			ready := func(w io.Writer) error {
				if err := current(w, "ready"); err != nil {
					return err
				}
				return discountsNews(w)
			}
			s.stream(hctx, avail.withClock(hctx.Context(), ch), ready, func(w io.Writer, e events.Event) error {
				if tenancy.InvalidatesDeviceKeys(e.Type) && (e.Type != events.TypeEquipmentsChanged || fmt.Sprint(e.Data["restaurantId"]) == fmt.Sprint(d.Restaurant.ID)) {
					// The key may have been revoked, renewed, or its
					// restaurant archived: the stream ends with the key.
					// Another failure (the database) keeps the stream: the
					// next change or the stream's lifetime checks again.
					if _, perr := s.device(hctx.Context(), token); perr != nil {
						if perr.GetStatus() == http.StatusUnauthorized {
							return perr
						}
						slog.Warn("kiosk events: device check", "restaurant", d.Restaurant.ID, "err", perr)
					}
				}
				if e.Type == deploy.TypeMenuDeployed && fmt.Sprint(e.Data["restaurantId"]) == fmt.Sprint(d.Restaurant.ID) {
					// The announcement names the new menu: no cache (of this
					// instance or another) can make the kiosk miss it.
					b, _ := json.Marshal(map[string]any{"etag": fmt.Sprintf(`"%v"`, e.Data["etag"]), "version": e.Data["version"]})
					_, err := fmt.Fprintf(w, "event: menu\ndata: %s\n\n", b)
					return err
				}
				if e.Type == discounts.TypeChanged {
					return discountsNews(w)
				}
				if avail.concerns(e) {
					if err := avail.announce(hctx.Context(), w); err != nil || e.Type != events.TypeResync {
						return err
					}
				}
				if e.Type == events.TypeResync {
					if err := current(w, "menu"); err != nil {
						return err
					}
					return discountsNews(w)
				}
				return nil
			})
		}}, nil
	})
}
