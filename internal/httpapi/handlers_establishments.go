package httpapi

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/history"
	"brigade/internal/tenancy"
)

// RestaurantBody is the create / edit form of a restaurant.
type RestaurantBody struct {
	Nom            string `json:"nom" minLength:"1" maxLength:"120"`
	Pseudo         string `json:"pseudo" maxLength:"60"`
	Siret          string `json:"siret" minLength:"1" maxLength:"30" doc:"SIRET (France : 14 chiffres, clé de Luhn) ou numéro d'immatriculation local"`
	Adresse        string `json:"adresse" maxLength:"200"`
	Ville          string `json:"ville" maxLength:"100"`
	CountryCode    string `json:"countryCode" enum:"FR,MA,CH,CA,NC,SA,PF"`
	TimeZone       string `json:"timeZone,omitempty" maxLength:"60" doc:"Fuseau IANA ; celui du pays par défaut"`
	CurrentLicence string `json:"current_licence" maxLength:"60"`
}

func (b RestaurantBody) input() tenancy.RestaurantInput {
	return tenancy.RestaurantInput{Nom: b.Nom, Pseudo: b.Pseudo, Siret: b.Siret, Adresse: b.Adresse, Ville: b.Ville,
		CountryCode: b.CountryCode, TimeZone: b.TimeZone, CurrentLicence: b.CurrentLicence}
}

type createRestaurantInput struct{ Body RestaurantBody }

func (s *Server) createRestaurant(ctx context.Context, in *createRestaurantInput) (*restaurantOutput, error) {
	x, err := s.Tenancy.CreateRestaurant(ctx, principal(ctx), in.Body.input())
	if err != nil {
		return nil, err
	}
	return &restaurantOutput{Body: restaurantOut(x)}, nil
}

type updateRestaurantInput struct {
	RestaurantID int64 `path:"restaurantId" minimum:"1"`
	Body         RestaurantBody
}

func (s *Server) updateRestaurant(ctx context.Context, in *updateRestaurantInput) (*restaurantOutput, error) {
	x, err := s.Tenancy.UpdateRestaurant(ctx, principal(ctx), in.RestaurantID, in.Body.input())
	if err != nil {
		return nil, err
	}
	return &restaurantOutput{Body: restaurantOut(x)}, nil
}

func (s *Server) archiveRestaurant(ctx context.Context, in *restaurantPath) (*restaurantOutput, error) {
	x, err := s.Tenancy.SetArchived(ctx, principal(ctx), in.RestaurantID, true)
	if err != nil {
		return nil, err
	}
	return &restaurantOutput{Body: restaurantOut(x)}, nil
}

func (s *Server) restoreRestaurant(ctx context.Context, in *restaurantPath) (*restaurantOutput, error) {
	x, err := s.Tenancy.SetArchived(ctx, principal(ctx), in.RestaurantID, false)
	if err != nil {
		return nil, err
	}
	return &restaurantOutput{Body: restaurantOut(x)}, nil
}

// EquipmentBody creates a device.
type EquipmentBody struct {
	Kind string `json:"kind" enum:"caisse,borne"`
	Name string `json:"name" minLength:"1" maxLength:"80"`
}

type createEquipmentInput struct {
	RestaurantID int64 `path:"restaurantId" minimum:"1"`
	Body         EquipmentBody
}

type equipmentOutput struct{ Body Equipment }

func (s *Server) createEquipment(ctx context.Context, in *createEquipmentInput) (*equipmentOutput, error) {
	e, err := s.Tenancy.CreateEquipment(ctx, principal(ctx), in.RestaurantID, in.Body.Kind, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return &equipmentOutput{Body: equipmentOut(e)}, nil
}

type equipmentPath struct {
	RestaurantID int64 `path:"restaurantId" minimum:"1"`
	EquipmentID  int64 `path:"equipmentId" minimum:"1"`
}

// EquipmentRename renames a device.
type EquipmentRename struct {
	Name string `json:"name" minLength:"1" maxLength:"80"`
}

type renameEquipmentInput struct {
	RestaurantID int64 `path:"restaurantId" minimum:"1"`
	EquipmentID  int64 `path:"equipmentId" minimum:"1"`
	Body         EquipmentRename
}

func (s *Server) renameEquipment(ctx context.Context, in *renameEquipmentInput) (*equipmentOutput, error) {
	e, err := s.Tenancy.RenameEquipment(ctx, principal(ctx), in.RestaurantID, in.EquipmentID, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return &equipmentOutput{Body: equipmentOut(e)}, nil
}

// IssuedKey is a new device key: shown this once, never again.
type IssuedKey struct {
	Key       string    `json:"key" doc:"La clé à saisir sur l'équipement ; elle n'est plus jamais affichée"`
	Equipment Equipment `json:"equipment"`
}

type issuedKeyOutput struct{ Body IssuedKey }

func (s *Server) issueKey(ctx context.Context, in *equipmentPath) (*issuedKeyOutput, error) {
	key, e, err := s.Tenancy.IssueKey(ctx, principal(ctx), in.RestaurantID, in.EquipmentID)
	if err != nil {
		return nil, err
	}
	return &issuedKeyOutput{Body: IssuedKey{Key: key, Equipment: equipmentOut(e)}}, nil
}

func (s *Server) revokeKey(ctx context.Context, in *equipmentPath) (*equipmentOutput, error) {
	e, err := s.Tenancy.RevokeKey(ctx, principal(ctx), in.RestaurantID, in.EquipmentID)
	if err != nil {
		return nil, err
	}
	return &equipmentOutput{Body: equipmentOut(e)}, nil
}

type siretPath struct {
	Siret string `path:"siret" minLength:"5" maxLength:"30"`
}

// RestaurantEquipments is a restaurant with its devices.
type RestaurantEquipments struct {
	Restaurant Restaurant  `json:"restaurant"`
	Items      []Equipment `json:"items"`
}

type restaurantEquipmentsOutput struct{ Body RestaurantEquipments }

func (s *Server) equipmentsBySiret(ctx context.Context, in *siretPath) (*restaurantEquipmentsOutput, error) {
	x, list, err := s.Tenancy.EquipmentsBySiret(ctx, principal(ctx), in.Siret)
	if err != nil {
		return nil, err
	}
	out := &restaurantEquipmentsOutput{Body: RestaurantEquipments{Restaurant: restaurantOut(x), Items: make([]Equipment, 0, len(list))}}
	for _, e := range list {
		out.Body.Items = append(out.Body.Items, equipmentOut(e))
	}
	return out, nil
}

// FranchiseBody is the franchise information form.
type FranchiseBody struct {
	Name         string `json:"name" minLength:"1" maxLength:"120"`
	CountryCode  string `json:"countryCode" enum:"FR,MA,CH,CA,NC,SA,PF"`
	Currency     string `json:"currency" maxLength:"3"`
	ContactEmail string `json:"contactEmail" maxLength:"200"`
	ContactPhone string `json:"contactPhone" maxLength:"40"`
	Address      string `json:"address" maxLength:"300"`
}

type updateFranchiseInput struct{ Body FranchiseBody }

func (s *Server) updateFranchise(ctx context.Context, in *updateFranchiseInput) (*franchiseOutput, error) {
	b := in.Body
	f, err := s.Tenancy.UpdateFranchise(ctx, principal(ctx), tenancy.FranchiseInput{Name: b.Name, CountryCode: b.CountryCode,
		Currency: b.Currency, ContactEmail: b.ContactEmail, ContactPhone: b.ContactPhone, Address: b.Address})
	if err != nil {
		return nil, err
	}
	return &franchiseOutput{Body: franchiseOut(f)}, nil
}

type uploadLogoInput struct {
	RawBody []byte
}

func (s *Server) uploadLogo(ctx context.Context, in *uploadLogoInput) (*franchiseOutput, error) {
	f, err := s.Tenancy.UploadLogo(ctx, principal(ctx), s.Blobs, in.RawBody)
	if err != nil {
		return nil, err
	}
	return &franchiseOutput{Body: franchiseOut(f)}, nil
}

func (s *Server) registerLogoUpload(api huma.API, op huma.Operation) {
	op.MaxBodyBytes = tenancy.MaxLogoBytes + 1024
	op.RequestBody = &huma.RequestBody{Required: true, Description: "L'image du logo", Content: map[string]*huma.MediaType{
		"image/png": {Schema: &huma.Schema{Type: "string", Format: "binary"}}, "image/jpeg": {Schema: &huma.Schema{Type: "string", Format: "binary"}},
		"image/webp": {Schema: &huma.Schema{Type: "string", Format: "binary"}},
	}}
	handle(s.uploadLogo)(api, op)
}

func (s *Server) registerLogoDownload(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {Description: "L'image du logo", Content: map[string]*huma.MediaType{
		"image/png": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}}
	huma.Register(api, op, func(ctx context.Context, in *logoInput) (*huma.StreamResponse, error) {
		data, contentType, err := s.Tenancy.Logo(ctx, principal(ctx), s.Blobs)
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", contentType)
			hctx.SetHeader("Cache-Control", "private, max-age=86400")
			_, _ = hctx.BodyWriter().Write(data)
		}}, nil
	})
}

type logoInput struct {
	Version string `query:"v" doc:"Empreinte du logo (cache)"`
}

// HistoryEntry is a line of the change log.
type HistoryEntry struct {
	ID           int64            `json:"id"`
	Module       string           `json:"module"`
	RestaurantID int64            `json:"resto_id"`
	UserName     string           `json:"user_name"`
	UserType     string           `json:"user_type"`
	Email        string           `json:"email"`
	Source       string           `json:"source"`
	Action       string           `json:"action" enum:"Ajout,Suppression,Duplication,Modification,Personalisation,Desactivation,Generation,Activation"`
	Target       string           `json:"target"`
	Changes      []history.Change `json:"changes"`
	CreatedAt    string           `json:"createdAt" format:"date-time"`
}

// HistoryList is a page of the change log.
type HistoryList struct {
	Items []HistoryEntry `json:"items"`
	Total int            `json:"total"`
}

type historyInput struct {
	Module       string `query:"module" maxLength:"60"`
	RestaurantID int64  `query:"restaurantId" minimum:"0" doc:"Entrées d'un restaurant (et de ses équipements)"`
	Action       string `query:"action" enum:"Ajout,Suppression,Duplication,Modification,Personalisation,Desactivation,Generation,Activation,"`
	User         string `query:"user" maxLength:"120" doc:"Nom affiché de l'auteur"`
	From         string `query:"from" maxLength:"10" doc:"AAAA-MM-JJ inclus (fuseau de la franchise)"`
	To           string `query:"to" maxLength:"10" doc:"AAAA-MM-JJ inclus (fuseau de la franchise)"`
	Page         int    `query:"page" minimum:"0" default:"0"`
	PageSize     int    `query:"pageSize" minimum:"-1" maximum:"200" default:"25" doc:"-1 : tout"`
}

type historyOutput struct{ Body HistoryList }

func (s *Server) listHistory(ctx context.Context, in *historyInput) (*historyOutput, error) {
	p := principal(ctx)
	f := history.Filter{Module: in.Module, RestaurantID: in.RestaurantID, Action: in.Action, UserName: in.User, Page: in.Page, PageSize: in.PageSize}
	from, to, err := s.Tenancy.DayRange(ctx, p, in.From, in.To)
	if err != nil {
		return nil, err
	}
	f.From, f.To = from, to
	list, total, err := history.List(ctx, s.DB, history.Scope{FranchiseID: p.FranchiseID, All: p.AllRestaurants(), Restaurants: p.Restaurants}, f)
	if err != nil {
		return nil, err
	}
	out := &historyOutput{Body: HistoryList{Items: make([]HistoryEntry, 0, len(list)), Total: total}}
	for _, e := range list {
		changes := e.Changes
		if changes == nil {
			changes = []history.Change{}
		}
		out.Body.Items = append(out.Body.Items, HistoryEntry{ID: e.ID, Module: e.Module, RestaurantID: e.RestaurantID, UserName: e.UserName,
			UserType: e.UserType, Email: e.Email, Source: e.Source, Action: string(e.Action), Target: e.Target, Changes: changes,
			CreatedAt: e.CreatedAt.UTC().Format("2006-01-02T15:04:05Z")})
	}
	return out, nil
}

// Device is what a till or kiosk learns about itself.
type Device struct {
	Equipment  Equipment  `json:"equipment"`
	Restaurant Restaurant `json:"restaurant"`
}

type deviceOutput struct{ Body Device }

func (s *Server) deviceWhoami(ctx context.Context, _ *struct{}) (*deviceOutput, error) {
	d := deviceFrom(ctx)
	return &deviceOutput{Body: Device{Equipment: equipmentOut(d.Equipment), Restaurant: restaurantOut(d.Restaurant)}}, nil
}
