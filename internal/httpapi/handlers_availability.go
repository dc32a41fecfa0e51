package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/availability"
	"brigade/internal/deploy"
	"brigade/internal/events"
	"brigade/internal/tenancy"
)

func (s *Server) availabilityRouteTable() []route {
	const tag = "Disponibilité"
	// Every login of a restaurant marks its products sold out (the
	// restaurant's own login too); hours are changed by the admin, the
	// restaurant's moderator and guests of their list (the service checks).
	editors := []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest}
	return []route{
		{method: http.MethodGet, path: "/api/v1/restaurants/{restaurantId}/availability", id: "getAvailability", tag: tag, summary: "Gestion Produits : les produits et options de la carte déployée du restaurant, ce qui est épuisé maintenant et jusqu'à quand, la journée en cours du restaurant", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getAvailability)},
		{method: http.MethodPut, path: "/api/v1/restaurants/{restaurantId}/availability/soldout", id: "setSoldOut", tag: tag, summary: "Marquer un produit ou une option épuisé « pour le reste de la journée » (jusqu'à la fin de la journée du restaurant, ou de son service s'il passe minuit) ou « jusqu'au » jour choisi inclus, sans redéployer la carte ; les bornes du restaurant sont prévenues dans la seconde (événement `availability`) ; journalisé", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.setSoldOut)},
		{method: http.MethodDelete, path: "/api/v1/restaurants/{restaurantId}/availability/soldout", id: "clearSoldOut", tag: tag, summary: "Remettre en vente un produit ou une option (sans effet s'il ne l'est plus) ; les bornes sont prévenues ; journalisé", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusNoContent, register: handle(s.clearSoldOut)},
		{method: http.MethodGet, path: "/api/v1/restaurants/{restaurantId}/hours", id: "getOpeningHours", tag: tag, summary: "Horaires d'ouverture du restaurant par canal (bornes, click & collect, caisses) : créneaux de la semaine et jours particuliers, ouvert ou non maintenant ; ETag = version (0 : jamais enregistrés, ouvert à toute heure)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getOpeningHours)},
		{method: http.MethodPut, path: "/api/v1/restaurants/{restaurantId}/hours", id: "saveOpeningHours", tag: tag, summary: "Enregistrer les horaires d'ouverture (If-Match obligatoire : la version lue) ; les bornes sont prévenues ; journalisé", access: signedIn, roles: editors, lockable: true, register: handle(s.saveOpeningHours)},
		{method: http.MethodGet, path: "/api/v1/availability/plan", id: "getProductPlan", tag: tag, summary: "Plan Produit : une page de la matrice produits et options × restaurants du périmètre de l'utilisateur (par nom) ; chaque case dit si l'élément est dans la carte déployée du restaurant, son prix, et s'il est épuisé (aujourd'hui ou jusqu'à une date) ; filtrable par carte", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getProductPlan)},
		{method: http.MethodPost, path: "/api/v1/availability/plan/bulk", id: "bulkAvailability", tag: tag, summary: "Plan Produit : marquer épuisées (pour la journée ou jusqu'au jour choisi) ou remettre en vente plusieurs cases à la fois, dans une seule transaction ; un restaurant hors du périmètre (404) ou un élément absent de la carte déployée (422) et rien n'est modifié ; chaque case changée est journalisée et chaque restaurant concerné prévient ses bornes (événement `availability`)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.bulkAvailability)},
		{method: http.MethodGet, path: "/kiosk/v1/availability", id: "kioskAvailability", tag: "Bornes et caisses", summary: "Disponibilité du restaurant de la borne : éléments épuisés (avec leur fin), horaires par canal, ouvert maintenant ; ETag fort, 304 sur If-None-Match ; annoncée par l'événement `availability` du flux /kiosk/v1/events", access: device, register: s.registerKioskAvailability},
	}
}

// AvailabilityPath names a restaurant (exported: huma reads embedded parameter structs only when exported).
type AvailabilityPath struct {
	RestaurantID int64 `path:"restaurantId" minimum:"1"`
}

// AvailabilityElement is a product or option of the deployed menu.
type AvailabilityElement struct {
	Kind     string                `json:"kind" enum:"product,option"`
	IDGlobal string                `json:"idGlobal"`
	Name     string                `json:"name"`
	Group    string                `json:"group" doc:"Catégorie du produit ou groupe de l'option"`
	SoldOut  *availability.SoldOut `json:"soldOut,omitempty" doc:"Présent si l'élément est épuisé maintenant"`
}

// RestaurantAvailability is the « Gestion Produits » screen of a restaurant.
type RestaurantAvailability struct {
	RestaurantID int64                  `json:"restaurantId"`
	Nom          string                 `json:"nom"`
	TimeZone     string                 `json:"timeZone"`
	Deployed     bool                   `json:"deployed" doc:"false : aucune carte déployée, aucun élément à proposer"`
	Today        string                 `json:"today" doc:"Journée en cours du restaurant (AAAA-MM-JJ, la veille tant qu'un service passé minuit dure)"`
	EndOfToday   time.Time              `json:"endOfToday" doc:"Fin de « pour le reste de la journée »"`
	Elements     []AvailabilityElement  `json:"elements" doc:"Produits (par catégorie) puis options (par groupe), dans l'ordre de la carte"`
	SoldOut      []availability.SoldOut `json:"soldOut" doc:"Épuisés maintenant, y compris des éléments sortis de la carte depuis"`
}

func (s *Server) getAvailability(ctx context.Context, in *AvailabilityPath) (*struct{ Body RestaurantAvailability }, error) {
	o, err := s.Availability.Overview(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	out := RestaurantAvailability{RestaurantID: o.Restaurant.ID, Nom: o.Restaurant.Nom, TimeZone: o.Restaurant.TimeZone, Deployed: o.Deployed,
		Today: o.Today, EndOfToday: o.EndOfToday, Elements: make([]AvailabilityElement, len(o.Elements)), SoldOut: o.SoldOut}
	if out.SoldOut == nil {
		out.SoldOut = []availability.SoldOut{}
	}
	for i, e := range o.Elements {
		out.Elements[i] = AvailabilityElement{Kind: e.Kind, IDGlobal: e.IDGlobal, Name: e.Name, Group: e.Group, SoldOut: e.SoldOut}
	}
	return &struct{ Body RestaurantAvailability }{out}, nil
}

type setSoldOutInput struct {
	AvailabilityPath
	Body availability.SoldOutInput
}

func (s *Server) setSoldOut(ctx context.Context, in *setSoldOutInput) (*struct{ Body availability.SoldOut }, error) {
	so, err := s.Availability.SetSoldOut(ctx, principal(ctx), in.RestaurantID, in.Body)
	if err != nil {
		return nil, err
	}
	return &struct{ Body availability.SoldOut }{so}, nil
}

type clearSoldOutInput struct {
	AvailabilityPath
	Kind     string `query:"kind" enum:"product,option" required:"true"`
	IDGlobal string `query:"idGlobal" required:"true" minLength:"1"`
}

func (s *Server) clearSoldOut(ctx context.Context, in *clearSoldOutInput) (*struct{}, error) {
	return nil, s.Availability.ClearSoldOut(ctx, principal(ctx), in.RestaurantID, in.Kind, in.IDGlobal)
}

type productPlanInput struct {
	RestaurantIDs []int64 `query:"restaurantIds" doc:"Colonnes : ces restaurants seulement (séparés par des virgules) ; tous ceux du périmètre sinon. Un restaurant hors du périmètre : 404"`
	CampaignID    int64   `query:"campaignId" minimum:"0" doc:"Lignes : les produits et options de cette carte (version en cours) ; 0 : ceux des cartes déployées des restaurants de la page"`
	Page          int     `query:"page" minimum:"0" doc:"Page de restaurants, à partir de 0"`
	PageSize      int     `query:"pageSize" minimum:"0" maximum:"100" doc:"Restaurants par page (25 par défaut, 100 au plus)"`
}

// PlanRestaurant is a column of the product plan.
type PlanRestaurant struct {
	ID       int64  `json:"id"`
	Nom      string `json:"nom"`
	Ville    string `json:"ville"`
	TimeZone string `json:"timeZone"`
	Currency string `json:"currency" example:"EUR" doc:"Devise des prix de ce restaurant"`
	Deployed bool   `json:"deployed" doc:"false : aucune carte déployée"`
	Today    string `json:"today" doc:"Journée en cours du restaurant (AAAA-MM-JJ)"`
}

// PlanSoldOut is a cell's running sold-out.
type PlanSoldOut struct {
	Mode      string    `json:"mode" enum:"today,date"`
	UntilDate string    `json:"untilDate" doc:"Dernier jour épuisé (AAAA-MM-JJ, local)"`
	Until     time.Time `json:"until" doc:"Instant où l'élément revient en vente de lui-même"`
	SetBy     string    `json:"setBy"`
}

// PlanCell is an element in one restaurant.
type PlanCell struct {
	InMenu     bool         `json:"inMenu" doc:"Dans la carte déployée du restaurant"`
	PriceCents *int64       `json:"priceCents,omitempty" doc:"Prix affiché en premier par les bornes (tarif 1, sur place ; supplément d'une option), en centimes de la devise du restaurant ; présent si inMenu"`
	SoldOut    *PlanSoldOut `json:"soldOut,omitempty" doc:"Présent si l'élément est épuisé maintenant dans ce restaurant"`
}

// PlanRow is a product or an option and its cells, one per restaurant of the page, in order.
type PlanRow struct {
	Kind     string     `json:"kind" enum:"product,option"`
	IDGlobal string     `json:"idGlobal"`
	Name     string     `json:"name"`
	Group    string     `json:"group" doc:"Catégorie du produit ou groupe de l'option"`
	Cells    []PlanCell `json:"cells"`
}

// ProductPlan is a page of the « Plan Produit » matrix.
type ProductPlan struct {
	Restaurants []PlanRestaurant  `json:"restaurants" doc:"Colonnes de la page, par nom"`
	Total       int               `json:"total" doc:"Restaurants de toutes les pages"`
	Page        int               `json:"page"`
	PageSize    int               `json:"pageSize"`
	Rows        []PlanRow         `json:"rows" doc:"Produits (par catégorie) puis options (par groupe)"`
	Cartes      []deploy.CarteRef `json:"cartes" doc:"Cartes visibles, pour le filtre"`
}

func (s *Server) getProductPlan(ctx context.Context, in *productPlanInput) (*struct{ Body ProductPlan }, error) {
	p, err := s.Availability.Plan(ctx, principal(ctx), availability.PlanQuery{RestaurantIDs: in.RestaurantIDs, CampaignID: in.CampaignID, Page: in.Page, PageSize: in.PageSize})
	if err != nil {
		return nil, err
	}
	out := ProductPlan{Restaurants: make([]PlanRestaurant, len(p.Restaurants)), Total: p.Total, Page: p.Page, PageSize: p.PageSize,
		Rows: make([]PlanRow, len(p.Rows)), Cartes: p.Cartes}
	for i, x := range p.Restaurants {
		out.Restaurants[i] = PlanRestaurant{ID: x.ID, Nom: x.Nom, Ville: x.Ville, TimeZone: x.TimeZone, Currency: x.Currency, Deployed: x.Deployed, Today: x.Today}
	}
	for i, r := range p.Rows {
		row := PlanRow{Kind: r.Kind, IDGlobal: r.IDGlobal, Name: r.Name, Group: r.Group, Cells: make([]PlanCell, len(r.Cells))}
		for j, c := range r.Cells {
			cell := PlanCell{InMenu: c.InMenu}
			if c.InMenu {
				price := c.PriceCents
				cell.PriceCents = &price
			}
			if c.SoldOut != nil {
				cell.SoldOut = &PlanSoldOut{Mode: c.SoldOut.Mode, UntilDate: c.SoldOut.UntilDate, Until: c.SoldOut.Until, SetBy: c.SoldOut.SetBy}
			}
			row.Cells[j] = cell
		}
		out.Rows[i] = row
	}
	return &struct{ Body ProductPlan }{out}, nil
}

type bulkAvailabilityInput struct {
	Body availability.PlanBulkInput
}

func (s *Server) bulkAvailability(ctx context.Context, in *bulkAvailabilityInput) (*struct{ Body availability.PlanBulkResult }, error) {
	res, err := s.Availability.Bulk(ctx, principal(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return &struct{ Body availability.PlanBulkResult }{res}, nil
}

// OpeningHours is a restaurant's hours as the back-office edits them.
type OpeningHours struct {
	RestaurantID int64                     `json:"restaurantId"`
	TimeZone     string                    `json:"timeZone" doc:"Les heures sont locales à ce fuseau"`
	Version      int                       `json:"version" doc:"À renvoyer dans If-Match ; 0 : jamais enregistrés"`
	UpdatedAt    *time.Time                `json:"updatedAt,omitempty"`
	UpdatedBy    string                    `json:"updatedBy,omitempty"`
	Hours        availability.Hours        `json:"hours"`
	Open         availability.ChannelsOpen `json:"open" doc:"Ouvert ou non maintenant, et prochain changement"`
}

type openingHoursOutput struct {
	ETag string `header:"ETag"`
	Body OpeningHours
}

func openingHoursAnswer(d availability.HoursDocument, err error) (*openingHoursOutput, error) {
	if err != nil {
		return nil, err
	}
	out := OpeningHours{RestaurantID: d.Restaurant.ID, TimeZone: d.Restaurant.TimeZone, Version: d.Version, UpdatedBy: d.UpdatedBy, Hours: d.Hours, Open: d.Open}
	if d.Version > 0 {
		t := d.UpdatedAt
		out.UpdatedAt = &t
	}
	return &openingHoursOutput{ETag: strconv.Quote(strconv.Itoa(d.Version)), Body: out}, nil
}

func (s *Server) getOpeningHours(ctx context.Context, in *AvailabilityPath) (*openingHoursOutput, error) {
	return openingHoursAnswer(s.Availability.Hours(ctx, principal(ctx), in.RestaurantID))
}

type saveOpeningHoursInput struct {
	AvailabilityPath
	IfMatch string `header:"If-Match" required:"true" doc:"Version lue (ETag) ; \"0\" tant qu'ils n'ont jamais été enregistrés"`
	Body    availability.Hours
}

func (s *Server) saveOpeningHours(ctx context.Context, in *saveOpeningHoursInput) (*openingHoursOutput, error) {
	v, err := ifMatch(in.IfMatch, 0, "L'en-tête If-Match doit porter la version des horaires que vous modifiez (\"0\" s'ils n'ont jamais été enregistrés).")
	if err != nil {
		return nil, err
	}
	return openingHoursAnswer(s.Availability.SaveHours(ctx, principal(ctx), in.RestaurantID, v, in.Body))
}

type kioskAvailabilityInput struct {
	IfNoneMatch string `header:"If-None-Match" doc:"ETag du document que la borne possède : 304 s'il n'a pas changé"`
}

func (s *Server) registerKioskAvailability(api huma.API, op huma.Operation) {
	str := &huma.Schema{Type: "string"}
	headers := map[string]*huma.Param{"ETag": {Description: "Empreinte forte du document (mêmes données, mêmes octets)", Schema: str},
		"Cache-Control": {Description: "`" + feedCacheControl + "`", Schema: str}}
	op.Responses = map[string]*huma.Response{
		"200": {Description: "Le document de disponibilité (`{restaurantId, timeZone, soldOut, hours, open}`) ; il change aussi de lui-même quand un épuisé prend fin (`until`) ou qu'un canal ouvre ou ferme (`changesAt`)",
			Headers: headers,
			Content: map[string]*huma.MediaType{"application/json": {Schema: api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[availability.KioskAvailability](), true, "")}}},
		"304": {Description: "Inchangé depuis l'ETag envoyé", Headers: headers},
	}
	op.Description += "\n\nExemple de client (Go) : `internal/deploy/kioskclient` — `a, err := c.Availability(ctx)` (envoie l'ETag connu, lit 304) ; `c.Watch` appelle `OnAvailability` à chaque événement `availability`."
	huma.Register(api, op, func(ctx context.Context, in *kioskAvailabilityInput) (*huma.StreamResponse, error) {
		body, etag, _, err := s.Availability.KioskDocument(ctx, deviceFrom(ctx))
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("ETag", etag)
			hctx.SetHeader("Cache-Control", feedCacheControl)
			if etagMatches(in.IfNoneMatch, etag) {
				hctx.SetStatus(http.StatusNotModified)
				return
			}
			hctx.SetHeader("Content-Type", "application/json")
			hctx.SetHeader("Content-Length", strconv.Itoa(len(body)))
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(body)
		}}, nil
	})
}

// availabilityDue is the event a kiosk stream gives itself when its
// restaurant's availability document changes by itself (a sold-out ends,
// a channel opens or closes): never published on the bus.
const availabilityDue = "availability.due"

// kioskAvailabilityNews announces a restaurant's availability document on
// its kiosks' event stream: `availability` with the new ETag whenever it
// differs from the last one the kiosk was told (at the stream's opening,
// after a change of that restaurant, after a resync, and when the document
// changes by itself).
type kioskAvailabilityNews struct {
	s    *Server
	dev  tenancy.Device
	etag string
	due  chan time.Time
}

func (s *Server) newKioskAvailabilityNews(dev tenancy.Device) *kioskAvailabilityNews {
	return &kioskAvailabilityNews{s: s, dev: dev, due: make(chan time.Time, 1)}
}

// current reads the document's ETag (and arms the clock for its next
// change by itself); "" when it cannot be read.
func (k *kioskAvailabilityNews) current(ctx context.Context) string {
	_, etag, due, err := k.s.Availability.KioskDocument(ctx, k.dev)
	if err != nil {
		return ""
	}
	select { // keep only the latest instant
	case <-k.due:
	default:
	}
	k.due <- due
	return etag
}

// ready is the ETag the `ready` event carries; the kiosk now holds it.
func (k *kioskAvailabilityNews) ready(ctx context.Context) string {
	k.etag = k.current(ctx)
	return k.etag
}

// concerns reports whether an event may change this kiosk's document.
func (k *kioskAvailabilityNews) concerns(e events.Event) bool {
	switch e.Type {
	case availability.TypeChanged:
		return fmt.Sprint(e.Data["restaurantId"]) == fmt.Sprint(k.dev.Restaurant.ID)
	case availabilityDue, events.TypeResync:
		return true
	}
	return false
}

// announce writes `availability` if the document changed since the kiosk
// was last told.
func (k *kioskAvailabilityNews) announce(ctx context.Context, w io.Writer) error {
	etag := k.current(ctx)
	if etag == "" || etag == k.etag {
		return nil
	}
	k.etag = etag
	b, _ := json.Marshal(map[string]any{"etag": etag})
	_, err := fmt.Fprintf(w, "event: availability\ndata: %s\n\n", b)
	return err
}

// withClock forwards the bus's events and adds availabilityDue when the
// document's next change by itself comes, until ctx ends.
func (k *kioskAvailabilityNews) withClock(ctx context.Context, in <-chan events.Event) <-chan events.Event {
	out := make(chan events.Event)
	go func() {
		timer := time.NewTimer(time.Hour)
		timer.Stop()
		for {
			select {
			case <-ctx.Done():
				timer.Stop()
				return
			case t := <-k.due:
				timer.Stop()
				if !t.IsZero() {
					// A second after the instant: the document is computed
					// to the second, so it has changed by then.
					timer.Reset(time.Until(t) + time.Second)
				}
			case <-timer.C:
				select {
				case out <- events.Event{Type: availabilityDue, FranchiseID: k.dev.Restaurant.FranchiseID}:
				case <-ctx.Done():
					return
				}
			case e := <-in:
				select {
				case out <- e:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out
}
