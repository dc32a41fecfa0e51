package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/menu"
)

// Campaign is a carte's record.
type Campaign struct {
	ID            int64    `json:"id"`
	FranchiseID   int64    `json:"franchiseId"`
	Nom           string   `json:"nom"`
	URL           string   `json:"url" doc:"Nom du fichier de la carte"`
	IsPrincipal   bool     `json:"isPrincipal"`
	DateDebut     string   `json:"dateDebut" doc:"AAAA-MM-JJ ou vide"`
	DateFin       string   `json:"dateFin" doc:"AAAA-MM-JJ ou vide"`
	IsPeriodic    bool     `json:"isPeriodic"`
	CampagneDates []string `json:"campagneDates"`
	Removed       bool     `json:"removed" doc:"Carte désactivée"`
	Version       int      `json:"version" doc:"À renvoyer dans If-Match pour enregistrer"`
	CreatedAt     string   `json:"createdAt" format:"date-time"`
	UpdatedAt     string   `json:"updatedAt" format:"date-time"`
	UpdatedBy     string   `json:"updatedBy"`
}

func campaignOut(c menu.Campaign) Campaign {
	dates := c.CampagneDates
	if dates == nil {
		dates = []string{}
	}
	return Campaign{ID: c.ID, FranchiseID: c.FranchiseID, Nom: c.Nom, URL: c.URL, IsPrincipal: c.IsPrincipal, DateDebut: c.DateDebut,
		DateFin: c.DateFin, IsPeriodic: c.IsPeriodic, CampagneDates: dates, Removed: c.Removed, Version: c.Version,
		CreatedAt: c.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"), UpdatedAt: c.UpdatedAt.UTC().Format("2006-01-02T15:04:05Z"), UpdatedBy: c.UpdatedBy}
}

// CampaignList lists cartes.
type CampaignList struct {
	Items []Campaign `json:"items"`
	Total int        `json:"total"`
}

type campaignListOutput struct{ Body CampaignList }

func (s *Server) listCampaigns(ctx context.Context, _ *struct{}) (*campaignListOutput, error) {
	list, err := s.Menu.List(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := &campaignListOutput{Body: CampaignList{Items: make([]Campaign, 0, len(list)), Total: len(list)}}
	for _, c := range list {
		out.Body.Items = append(out.Body.Items, campaignOut(c))
	}
	return out, nil
}

// CampaignBody is a carte's record form.
type CampaignBody struct {
	Nom           string   `json:"nom" minLength:"1" maxLength:"120"`
	IsPrincipal   bool     `json:"isPrincipal,omitempty"`
	DateDebut     string   `json:"dateDebut,omitempty" maxLength:"10"`
	DateFin       string   `json:"dateFin,omitempty" maxLength:"10"`
	IsPeriodic    bool     `json:"isPeriodic,omitempty"`
	CampagneDates []string `json:"campagneDates,omitempty" maxItems:"400"`
	Removed       bool     `json:"removed,omitempty"`
	// A warning, not a rule: see menu.checkDuplicateName.
	ConfirmDuplicateName bool `json:"confirmDuplicateName,omitempty" doc:"Garder un nom qu'une autre carte active porte déjà. Sans cette confirmation, créer, renommer ou activer une carte vers un tel nom répond 422 avec un avertissement sur le champ confirmDuplicateName (la carte n'est pas modifiée) ; deux cartes actives du même nom restent permises."`
}

func (b CampaignBody) input() menu.CampaignInput {
	return menu.CampaignInput{Nom: b.Nom, IsPrincipal: b.IsPrincipal, DateDebut: b.DateDebut, DateFin: b.DateFin,
		IsPeriodic: b.IsPeriodic, CampagneDates: b.CampagneDates, Removed: b.Removed, ConfirmDuplicateName: b.ConfirmDuplicateName}
}

type campaignOutput struct {
	ETag string `header:"ETag"`
	Body Campaign
}

func campaignAnswer(c menu.Campaign) *campaignOutput {
	return &campaignOutput{ETag: strconv.Quote(strconv.Itoa(c.Version)), Body: campaignOut(c)}
}

type createCampaignInput struct{ Body CampaignBody }

func (s *Server) createCampaign(ctx context.Context, in *createCampaignInput) (*campaignOutput, error) {
	c, err := s.Menu.Create(ctx, principal(ctx), in.Body.input())
	if err != nil {
		return nil, err
	}
	return campaignAnswer(c), nil
}

type campaignPath struct {
	CampaignID int64 `path:"campaignId" minimum:"1"`
}

func (s *Server) getCampaign(ctx context.Context, in *campaignPath) (*campaignOutput, error) {
	c, err := s.Menu.Get(ctx, principal(ctx), in.CampaignID)
	if err != nil {
		return nil, err
	}
	return campaignAnswer(c), nil
}

// ifMatchVersion reads the version the client edited from If-Match.
func ifMatchVersion(h string) (int, error) {
	return ifMatch(h, 1, "L'en-tête If-Match doit porter la version de la carte que vous modifiez.")
}

// ifMatch reads the version an If-Match header carries ("3", W/"3").
func ifMatch(h string, lowest int, message string) (int, error) {
	v, err := strconv.Atoi(strings.Trim(strings.TrimPrefix(strings.TrimSpace(h), "W/"), `"`))
	if err != nil || v < lowest {
		return 0, newProblem(http.StatusPreconditionRequired, message)
	}
	return v, nil
}

type updateCampaignInput struct {
	CampaignID int64  `path:"campaignId" minimum:"1"`
	IfMatch    string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body       CampaignBody
}

func (s *Server) updateCampaign(ctx context.Context, in *updateCampaignInput) (*campaignOutput, error) {
	v, err := ifMatchVersion(in.IfMatch)
	if err != nil {
		return nil, err
	}
	c, err := s.Menu.Update(ctx, principal(ctx), in.CampaignID, v, in.Body.input())
	if err != nil {
		return nil, err
	}
	return campaignAnswer(c), nil
}

func (s *Server) duplicateCampaign(ctx context.Context, in *campaignPath) (*campaignOutput, error) {
	c, err := s.Menu.Duplicate(ctx, principal(ctx), in.CampaignID)
	if err != nil {
		return nil, err
	}
	return campaignAnswer(c), nil
}

func (s *Server) deleteCampaign(ctx context.Context, in *campaignPath) (*struct{}, error) {
	return nil, s.Menu.Delete(ctx, principal(ctx), in.CampaignID)
}

// The menu document is described in the API schema by menu's model types
// (MenuDocument, MenuProduct, …) so that the web's types are generated like
// every other API type. Each element keeps the fields the model does not
// know (additionalProperties), as the server does. On the wire the
// document stays the bytes menu stores: no decoding into the model to
// answer a GET, and no generic validation of megabytes before menu.Parse,
// which checks every field itself.

// menuDocumentRef registers the menu document's schemas in r (once) and
// returns a reference to MenuDocument.
func menuDocumentRef(r huma.Registry) *huma.Schema {
	schemas := r.Map()
	if _, done := schemas["MenuDocument"]; !done {
		// A registry of its own, to name menu's types "Menu…": several of
		// them (Tag, Printer, Screen, Zone…) share a name with settings'.
		menuTypes := huma.NewMapRegistry("#/components/schemas/", func(t reflect.Type, hint string) string {
			if t.PkgPath() == reflect.TypeFor[menu.Document]().PkgPath() {
				return "Menu" + t.Name()
			}
			return huma.DefaultSchemaNamer(t, hint)
		})
		for _, t := range []reflect.Type{reflect.TypeFor[menu.Price](), reflect.TypeFor[menu.Quantity]()} {
			menuTypes.RegisterTypeAlias(t, reflect.TypeFor[menuNumber]())
		}
		// A count is written as a whole number (a save may send it as text,
		// "12", which menu reads; the editor sends numbers).
		menuTypes.RegisterTypeAlias(reflect.TypeFor[menu.Count](), reflect.TypeFor[int64]())
		menuTypes.RegisterTypeAlias(reflect.TypeFor[json.RawMessage](), reflect.TypeFor[menuObject]())
		menuTypes.Schema(reflect.TypeFor[menu.Document](), true, "MenuDocument")
		for name, sc := range menuTypes.Map() {
			if sc.Type == "object" && sc.Properties != nil {
				sc.AdditionalProperties = true
				// A field is required where the model says so (required
				// tag): the same schema describes what a save may send, and
				// a save may leave out what the server fills in.
				sc.Required = requiredFields(menuTypes.TypeFromRef("#/components/schemas/" + name))
			}
			// The document's lists are never null: menu writes [] for an
			// absent one that is not optional.
			for _, prop := range sc.Properties {
				if prop.Type == "array" {
					prop.Nullable = false
				}
			}
			if _, taken := schemas[name]; taken {
				panic("httpapi: schema name " + name + " is already taken")
			}
			schemas[name] = sc
		}
	}
	return &huma.Schema{Ref: "#/components/schemas/MenuDocument"}
}

// requiredFields lists the JSON names of t's fields tagged required:"true",
// embedded structs included.
func requiredFields(t reflect.Type) []string {
	var out []string
	if t == nil || t.Kind() != reflect.Struct {
		return out
	}
	for f := range t.Fields() {
		if f.Anonymous && f.Tag.Get("json") == "" {
			out = append(out, requiredFields(f.Type)...)
			continue
		}
		if f.Tag.Get("required") == "true" {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			out = append(out, name)
		}
	}
	return out
}

// menuNumber is a price or quantity of the document: a number, or
// text typed in a form ("9,90"), which the server normalises.
type menuNumber struct{}

func (menuNumber) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{OneOf: []*huma.Schema{{Type: "number"}, {Type: "string"}}}
}

// menuObject is a free-form object kept as sent (nutritional_info).
type menuObject struct{}

func (menuObject) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: "object", AdditionalProperties: true}
}

// documentBody is the stored document, written as it is.
type documentBody []byte

func (b documentBody) MarshalJSON() ([]byte, error) { return b, nil }

func (documentBody) Schema(r huma.Registry) *huma.Schema { return menuDocumentRef(r) }

type documentOutput struct {
	ETag string `header:"ETag"`
	Body documentBody
}

func (s *Server) getDocument(ctx context.Context, in *campaignPath) (*documentOutput, error) {
	doc, v, err := s.Menu.Document(ctx, principal(ctx), in.CampaignID)
	if err != nil {
		return nil, err
	}
	return &documentOutput{ETag: strconv.Quote(strconv.Itoa(v)), Body: doc}, nil
}

type saveDocumentInput struct {
	CampaignID int64  `path:"campaignId" minimum:"1"`
	IfMatch    string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	RawBody    []byte
}

func (s *Server) registerSaveDocument(api huma.API, op huma.Operation) {
	op.MaxBodyBytes = 32 << 20
	op.RequestBody = &huma.RequestBody{Required: true, Description: "Le document de la carte (orderJson) ; les champs inconnus sont conservés.",
		Content: map[string]*huma.MediaType{"application/json": {Schema: menuDocumentRef(api.OpenAPI().Components.Schemas)}}}
	// menu.Parse checks every field and names the first wrong one in
	// French; a generic pass first would decode the megabytes twice.
	op.SkipValidateBody = true
	handle(s.saveDocument)(api, op)
}

func (s *Server) saveDocument(ctx context.Context, in *saveDocumentInput) (*campaignOutput, error) {
	v, err := ifMatchVersion(in.IfMatch)
	if err != nil {
		return nil, err
	}
	c, err := s.Menu.SaveDocument(ctx, principal(ctx), in.CampaignID, v, in.RawBody)
	if err != nil {
		return nil, err
	}
	return campaignAnswer(c), nil
}

type exportOutput struct {
	ContentDisposition string `header:"Content-Disposition"`
	Body               json.RawMessage
}

func (s *Server) exportCampaign(ctx context.Context, in *campaignPath) (*exportOutput, error) {
	file, name, err := s.Menu.Export(ctx, principal(ctx), in.CampaignID)
	if err != nil {
		return nil, err
	}
	return &exportOutput{ContentDisposition: `attachment; filename*=UTF-8''` + url.PathEscape(name), Body: file}, nil
}

type importCampaignInput struct {
	Nom      string `query:"nom" maxLength:"120" doc:"Nom de la nouvelle carte (par défaut celui du fichier)"`
	FileName string `query:"fileName" maxLength:"200" doc:"Nom du fichier importé, cité par les messages d'erreur"`
	// As for a created carte: see CampaignBody.ConfirmDuplicateName.
	ConfirmDuplicateName bool `query:"confirmDuplicateName" doc:"Garder un nom qu'une autre carte active porte déjà (sinon 422 avec un avertissement sur confirmDuplicateName)"`
	RawBody              []byte
}

func (s *Server) registerImportCampaign(api huma.API, op huma.Operation) {
	op.MaxBodyBytes = 32 << 20
	op.RequestBody = &huma.RequestBody{Required: true, Description: "Un export de carte ({…, orderJson}) ou un document de carte seul.",
		Content: map[string]*huma.MediaType{"application/json": {Schema: &huma.Schema{Type: "object", AdditionalProperties: true}}}}
	handle(s.importCampaign)(api, op)
}

func (s *Server) importCampaign(ctx context.Context, in *importCampaignInput) (*campaignOutput, error) {
	c, err := s.Menu.Import(ctx, principal(ctx), in.Nom, in.FileName, in.ConfirmDuplicateName, in.RawBody)
	if err != nil {
		return nil, err
	}
	return campaignAnswer(c), nil
}

func (s *Server) listDeletedCampaigns(ctx context.Context, _ *struct{}) (*struct{ Body []menu.DeletedCampaign }, error) {
	list, err := s.Menu.Deleted(ctx, principal(ctx))
	return &struct{ Body []menu.DeletedCampaign }{list}, err
}

type deletedCampaignPath struct {
	DeletedID int64 `path:"deletedId" minimum:"1"`
}

func (s *Server) restoreDeletedCampaign(ctx context.Context, in *deletedCampaignPath) (*campaignOutput, error) {
	c, err := s.Menu.Restore(ctx, principal(ctx), in.DeletedID)
	if err != nil {
		return nil, err
	}
	return &campaignOutput{ETag: strconv.Quote(strconv.Itoa(c.Version)), Body: campaignOut(c)}, nil
}
