package httpapi

import (
	"context"
	"time"

	"brigade/internal/auth"
	"brigade/internal/tenancy"
)

// Restaurant is a restaurant as the API shows it.
type Restaurant struct {
	ID             int64  `json:"id"`
	Nom            string `json:"nom"`
	Pseudo         string `json:"pseudo"`
	Siret          string `json:"siret"`
	Adresse        string `json:"adresse"`
	Ville          string `json:"ville"`
	CurrentLicence string `json:"current_licence"`
	TimeZone       string `json:"timeZone" example:"Europe/Paris"`
	CountryCode    string `json:"countryCode" example:"FR"`
	Currency       string `json:"currency" example:"EUR"`
	Archived       bool   `json:"archived"`
}

func restaurantOut(x tenancy.Restaurant) Restaurant {
	return Restaurant{ID: x.ID, Nom: x.Nom, Pseudo: x.Pseudo, Siret: x.Siret, Adresse: x.Adresse, Ville: x.Ville,
		CurrentLicence: x.CurrentLicence, TimeZone: x.TimeZone, CountryCode: x.CountryCode,
		Currency: tenancy.CountryByCode(x.CountryCode).CurrencyCode, Archived: x.ArchivedAt != nil}
}

// RestaurantList is a page of restaurants.
type RestaurantList struct {
	Items []Restaurant `json:"items"`
	Total int          `json:"total"`
}

type restaurantListOutput struct{ Body RestaurantList }

type restaurantListInput struct {
	Search          string `query:"search" maxLength:"100" doc:"Filtre sur le nom, le pseudo, la ville ou le SIRET"`
	IncludeArchived bool   `query:"includeArchived" doc:"Inclure les restaurants archivés"`
}

func (s *Server) listRestaurants(ctx context.Context, in *restaurantListInput) (*restaurantListOutput, error) {
	list, err := s.Tenancy.Restaurants(ctx, principal(ctx), tenancy.RestaurantFilter{Search: in.Search, IncludeArchived: in.IncludeArchived})
	if err != nil {
		return nil, err
	}
	out := &restaurantListOutput{Body: RestaurantList{Items: make([]Restaurant, 0, len(list)), Total: len(list)}}
	for _, x := range list {
		out.Body.Items = append(out.Body.Items, restaurantOut(x))
	}
	return out, nil
}

type restaurantPath struct {
	RestaurantID int64 `path:"restaurantId" minimum:"1"`
}

type restaurantOutput struct{ Body Restaurant }

func (s *Server) getRestaurant(ctx context.Context, in *restaurantPath) (*restaurantOutput, error) {
	x, err := s.Tenancy.Restaurant(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	return &restaurantOutput{Body: restaurantOut(x)}, nil
}

// Equipment is a till (caisse) or kiosk (borne).
type Equipment struct {
	ID           int64      `json:"id"`
	RestaurantID int64      `json:"restaurantId"`
	Kind         string     `json:"kind" enum:"caisse,borne"`
	Name         string     `json:"name"`
	UserKeenID   string     `json:"user_keen_id" doc:"Identifiant stable de l'équipement (les rapports regroupent par lui)"`
	HasKey       bool       `json:"hasKey" doc:"L'équipement a une clé valide"`
	KeyHint      string     `json:"keyHint" doc:"Quatre derniers caractères de la clé, pour la reconnaître"`
	KeyIssuedAt  *time.Time `json:"keyIssuedAt" nullable:"true"`
	LastSeenAt   *time.Time `json:"lastSeenAt" nullable:"true" doc:"Dernier appel de l'équipement (flux borne, envoi de commande)"`
}

func equipmentOut(e tenancy.Equipment) Equipment {
	return Equipment{ID: e.ID, RestaurantID: e.RestaurantID, Kind: e.Kind, Name: e.Name, UserKeenID: e.UserKeenID,
		HasKey: e.HasKey(), KeyHint: e.KeyHint, KeyIssuedAt: e.KeyIssuedAt, LastSeenAt: e.LastSeenAt}
}

// EquipmentList lists a restaurant's equipments.
type EquipmentList struct {
	Items []Equipment `json:"items"`
	Total int         `json:"total"`
}

type equipmentListOutput struct{ Body EquipmentList }

func (s *Server) listEquipments(ctx context.Context, in *restaurantPath) (*equipmentListOutput, error) {
	list, err := s.Tenancy.Equipments(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	out := &equipmentListOutput{}
	out.Body.Items = make([]Equipment, 0, len(list))
	for _, e := range list {
		out.Body.Items = append(out.Body.Items, equipmentOut(e))
	}
	out.Body.Total = len(list)
	return out, nil
}

// Franchise is the signed-in user's franchise.
type Franchise struct {
	ID           int64                     `json:"id"`
	Name         string                    `json:"name"`
	Logo         string                    `json:"logo" doc:"Adresse du logo (authentifiée), vide sans logo"`
	CountryCode  string                    `json:"countryCode"`
	Currency     string                    `json:"currency"`
	IsBlocked    bool                      `json:"isBlocked"`
	Country      CountryInfo               `json:"country"`
	Settings     tenancy.FranchiseSettings `json:"settings"`
	ContactEmail string                    `json:"contactEmail"`
	ContactPhone string                    `json:"contactPhone"`
	Address      string                    `json:"address"`
}

type franchiseOutput struct{ Body Franchise }

func franchiseOut(f tenancy.Franchise) Franchise {
	return Franchise{ID: f.ID, Name: f.Name, Logo: f.Logo, CountryCode: f.CountryCode, Currency: f.Currency,
		IsBlocked: f.IsBlocked, Country: countryInfo(f.CountryCode, f.Currency), Settings: f.Settings,
		ContactEmail: f.ContactEmail, ContactPhone: f.ContactPhone, Address: f.Address}
}

func (s *Server) getFranchise(ctx context.Context, _ *struct{}) (*franchiseOutput, error) {
	f, err := s.Tenancy.Franchise(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	return &franchiseOutput{Body: franchiseOut(f)}, nil
}

// FranchiseSummary is a line of the super-admin's franchise list.
type FranchiseSummary struct {
	ID              int64  `json:"id"`
	Name            string `json:"name"`
	IsBlocked       bool   `json:"isBlocked"`
	CountryCode     string `json:"countryCode"`
	Currency        string `json:"currency"`
	RestaurantCount int    `json:"restaurantCount"`
	// ClosedAt is when the franchise was closed (absent: open).
	ClosedAt *time.Time `json:"closedAt,omitempty" doc:"Fermée depuis (connexions et clés d'équipement refusées) ; absent : ouverte"`
	// Settings are the franchise's named feature settings (super-admins switch them).
	Settings tenancy.FranchiseSettings `json:"settings"`
}

// FranchiseList is the super-admin's list.
type FranchiseList struct {
	Items []FranchiseSummary `json:"items"`
	Total int                `json:"total"`
}

type franchiseListOutput struct{ Body FranchiseList }

func (s *Server) adminListFranchises(ctx context.Context, _ *struct{}) (*franchiseListOutput, error) {
	list, err := s.Tenancy.Franchises(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := &franchiseListOutput{}
	out.Body.Items = make([]FranchiseSummary, 0, len(list))
	for _, f := range list {
		out.Body.Items = append(out.Body.Items, franchiseSummary(f))
	}
	out.Body.Total = len(list)
	return out, nil
}

func franchiseSummary(f tenancy.FranchiseSummary) FranchiseSummary {
	return FranchiseSummary{ID: f.ID, Name: f.Name, IsBlocked: f.IsBlocked, CountryCode: f.CountryCode, Currency: f.Currency,
		RestaurantCount: f.RestaurantCount, ClosedAt: f.ClosedAt, Settings: f.Settings}
}

// NewFranchiseBody is the super-admin's form to open a franchise.
type NewFranchiseBody struct {
	Name          string         `json:"name" minLength:"1" maxLength:"120"`
	CountryCode   string         `json:"countryCode" enum:"FR,MA,CH,CA,NC,SA,PF" doc:"Pays de la franchise (sa devise par défaut)"`
	Currency      string         `json:"currency,omitempty" pattern:"^[A-Za-z]{3}$" doc:"Devise (ISO 4217) ; celle du pays par défaut"`
	AdminLogin    string         `json:"adminLogin" minLength:"1" maxLength:"80" doc:"Identifiant du propriétaire (administrateur)"`
	AdminEmail    string         `json:"adminEmail" minLength:"3" maxLength:"200"`
	AdminPassword string         `json:"adminPassword" minLength:"1" maxLength:"72" doc:"Mot de passe initial, à communiquer au propriétaire"`
	Restaurant    RestaurantBody `json:"restaurant" doc:"Le premier restaurant"`
}

// NewFranchiseOut is the franchise opened, its owner's login and first restaurant.
type NewFranchiseOut struct {
	Franchise  FranchiseSummary `json:"franchise"`
	AdminLogin string           `json:"adminLogin"`
	Restaurant Restaurant       `json:"restaurant"`
}

type adminCreateFranchiseInput struct{ Body NewFranchiseBody }

func (s *Server) adminCreateFranchise(ctx context.Context, in *adminCreateFranchiseInput) (*struct{ Body NewFranchiseOut }, error) {
	b := in.Body
	f, u, x, err := s.Auth.CreateFranchise(ctx, principal(ctx), auth.NewFranchise{Name: b.Name, CountryCode: b.CountryCode, Currency: b.Currency,
		AdminLogin: b.AdminLogin, AdminEmail: b.AdminEmail, AdminPassword: b.AdminPassword, Restaurant: b.Restaurant.input()})
	if err != nil {
		return nil, err
	}
	return &struct{ Body NewFranchiseOut }{NewFranchiseOut{Franchise: franchiseSummary(tenancy.FranchiseSummary{Franchise: f, RestaurantCount: 1}),
		AdminLogin: u.Login, Restaurant: restaurantOut(x)}}, nil
}

func (s *Server) adminCloseFranchise(ctx context.Context, in *franchisePath) (*struct{ Body FranchiseSummary }, error) {
	return s.setClosed(ctx, in.FranchiseID, true)
}

func (s *Server) adminReopenFranchise(ctx context.Context, in *franchisePath) (*struct{ Body FranchiseSummary }, error) {
	return s.setClosed(ctx, in.FranchiseID, false)
}

func (s *Server) setClosed(ctx context.Context, id int64, closed bool) (*struct{ Body FranchiseSummary }, error) {
	f, err := s.Tenancy.SetClosed(ctx, principal(ctx), id, closed)
	if err != nil {
		return nil, err
	}
	return &struct{ Body FranchiseSummary }{franchiseSummary(tenancy.FranchiseSummary{Franchise: f})}, nil
}

type franchisePath struct {
	FranchiseID int64 `path:"franchiseId" minimum:"1"`
}

func (s *Server) adminBlockFranchise(ctx context.Context, in *franchisePath) (*franchiseOutput, error) {
	f, err := s.Tenancy.SetBlocked(ctx, principal(ctx), in.FranchiseID, true)
	if err != nil {
		return nil, err
	}
	return &franchiseOutput{Body: franchiseOut(f)}, nil
}

func (s *Server) adminUnblockFranchise(ctx context.Context, in *franchisePath) (*franchiseOutput, error) {
	f, err := s.Tenancy.SetBlocked(ctx, principal(ctx), in.FranchiseID, false)
	if err != nil {
		return nil, err
	}
	return &franchiseOutput{Body: franchiseOut(f)}, nil
}

func (s *Server) adminImpersonate(ctx context.Context, in *franchisePath) (*currentUserOutput, error) {
	var sess auth.Session
	sess, err := s.Auth.Impersonate(ctx, principal(ctx), in.FranchiseID)
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{Body: currentUser(sess)}, nil
}

type featureSettingsInput struct {
	FranchiseID int64 `path:"franchiseId" minimum:"1"`
	Body        tenancy.FranchiseSettings
}

func (s *Server) adminSetFeatures(ctx context.Context, in *featureSettingsInput) (*franchiseOutput, error) {
	f, err := s.Tenancy.SetFeatureSettings(ctx, principal(ctx), in.FranchiseID, in.Body)
	if err != nil {
		return nil, err
	}
	return &franchiseOutput{Body: franchiseOut(f)}, nil
}

// UserFranchiseBody lists the restaurants of the franchise a restaurant
// login works in there.
type UserFranchiseBody struct {
	RestaurantIDs []int64 `json:"restaurantIds" doc:"Restaurants de cette franchise (au moins un)"`
}

type userFranchisePath struct {
	UserID      int64 `path:"userId" minimum:"1"`
	FranchiseID int64 `path:"franchiseId" minimum:"1"`
}

type attachUserFranchiseInput struct {
	UserID      int64 `path:"userId" minimum:"1"`
	FranchiseID int64 `path:"franchiseId" minimum:"1"`
	Body        UserFranchiseBody
}

func (s *Server) adminAttachUserFranchise(ctx context.Context, in *attachUserFranchiseInput) (*struct{}, error) {
	return nil, s.Tenancy.AttachToFranchise(ctx, principal(ctx), in.UserID, in.FranchiseID, in.Body.RestaurantIDs)
}

func (s *Server) adminDetachUserFranchise(ctx context.Context, in *userFranchisePath) (*struct{}, error) {
	return nil, s.Tenancy.DetachFromFranchise(ctx, principal(ctx), in.UserID, in.FranchiseID)
}
