package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"brigade/internal/marketplace"
	"brigade/internal/tenancy"
)

func (s *Server) marketplaceRouteTable() []route {
	const tag = "Marketplace"
	// Least privilege (DECISIONS "Marketplace gaps"): admins, moderators and
	// guests manage the modules of the restaurants in their scope; restaurant
	// logins only read them.
	managers := []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest}
	orig := []string{"marketplaceModules/{siret}"}
	return []route{
		{method: http.MethodGet, path: "/api/v1/marketplace", id: "listMarketplace", tag: tag, summary: "Modules d'un restaurant (ou de tous : restaurantId=0), avec ses caisses ; un restaurant sans module reçoit les quatre modules par défaut, désactivés", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"marketplaceModules/{siret} (lecture, création)", "GET /api/v1/restos/findOneRestoWithKeenIds/{siret}"}, register: handle(s.listMarketplace)},
		{method: http.MethodPost, path: "/api/v1/restaurants/{restaurantId}/marketplace/{module}", id: "addMarketplaceModule", tag: tag, summary: "Ajouter au restaurant un module du catalogue qu'il n'a pas encore (Click & Collect), désactivé", access: signedIn, roles: managers, lockable: true, status: http.StatusCreated, original: orig, register: handle(s.addMarketplaceModule)},
		{method: http.MethodPut, path: "/api/v1/restaurants/{restaurantId}/marketplace/{module}/status", id: "setMarketplaceModuleStatus", tag: tag, summary: "Activer ou désactiver un module (un module dont un champ obligatoire manque est à configurer d'abord)", access: signedIn, roles: managers, lockable: true, original: []string{"marketplaceModules/{siret} (mise à jour du statut)"}, register: handle(s.setMarketplaceModuleStatus)},
		{method: http.MethodPut, path: "/api/v1/restaurants/{restaurantId}/marketplace/{module}/settings", id: "configureMarketplaceModule", tag: tag, summary: "Paramétrer un module ; une plateforme de livraison est activée et assignée aux caisses choisies (une caisse déjà assignée au module est refusée)", access: signedIn, roles: managers, lockable: true, original: []string{"marketplaceModules/{siret} (set merge)"}, register: handle(s.configureMarketplaceModule)},
		{method: http.MethodGet, path: "/kiosk/v1/clickandcollect", id: "kioskClickAndCollect", tag: "Bornes et caisses", summary: "Réglages Click & Collect du restaurant de l'équipement (créneaux, capacité, préparation, acceptation automatique, frais) ; ses horaires sont ceux du canal clickncollect", access: device, register: handle(s.kioskClickAndCollect)},
		{method: http.MethodDelete, path: "/api/v1/restaurants/{restaurantId}/marketplace/{module}/pos/{equipmentId}", id: "unassignMarketplaceModule", tag: tag, summary: "Retirer un module d'une caisse", access: signedIn, roles: managers, lockable: true, original: orig, register: handle(s.unassignMarketplaceModule)},
	}
}

// MarketplaceModule is one module of one restaurant.
type MarketplaceModule struct {
	ID          int64                      `json:"id_module"`
	Kind        marketplace.Kind           `json:"kind" enum:"uber_eats,deliveroo,connector,connector_light,click_and_collect" doc:"uber_eats : première plateforme de livraison ; deliveroo : seconde ; connector, connector_light : connecteurs ; click_and_collect"`
	Name        string                     `json:"module_name"`
	Category    string                     `json:"category" enum:"Marketing,Other,Commandes"`
	Image       string                     `json:"image" doc:"Clé de l'illustration du module, servie par l'application"`
	Description string                     `json:"description"`
	Status      bool                       `json:"status"`
	SelectedPOS []marketplace.Till         `json:"selected_pos" doc:"Caisses sur lesquelles le module fonctionne"`
	Settings    marketplace.ModuleSettings `json:"settings"`
	Platform    bool                       `json:"platform" doc:"Plateforme de livraison : fonctionne sur des caisses ; l'enregistrer l'active"`
	Configured  bool                       `json:"configured" doc:"Champs obligatoires remplis (et, pour une plateforme, au moins une caisse)"`
	Version     int                        `json:"version"`
	UpdatedAt   time.Time                  `json:"updated_at"`
}

func marketplaceModuleOut(m marketplace.Module) MarketplaceModule {
	pos := m.SelectedPOS
	if pos == nil {
		pos = []marketplace.Till{}
	}
	return MarketplaceModule{ID: m.ID, Kind: m.Kind, Name: m.Name, Category: m.Category, Image: m.Image, Description: m.Description,
		Status: m.Status, SelectedPOS: pos, Settings: m.Settings, Platform: m.Platform(), Configured: m.Configured(),
		Version: m.Version, UpdatedAt: m.UpdatedAt}
}

// MarketplaceRestaurant is a restaurant's modules and its tills.
type MarketplaceRestaurant struct {
	ID      int64               `json:"id"`
	Nom     string              `json:"nom"`
	Pseudo  string              `json:"pseudo"`
	Siret   string              `json:"siret"`
	Modules []MarketplaceModule `json:"modules"`
	Tills   []marketplace.Till  `json:"tills" doc:"Les caisses du restaurant (les bornes ne reçoivent pas de module)"`
}

// Marketplace is the answer of the marketplace page.
type Marketplace struct {
	Restaurants []MarketplaceRestaurant `json:"restaurants"`
}

type listMarketplaceInput struct {
	RestaurantID int64 `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
}

func (s *Server) listMarketplace(ctx context.Context, in *listMarketplaceInput) (*struct{ Body Marketplace }, error) {
	list, err := s.Marketplace.List(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	out := Marketplace{Restaurants: make([]MarketplaceRestaurant, len(list))}
	for i, x := range list {
		r := MarketplaceRestaurant{ID: x.Restaurant.ID, Nom: x.Restaurant.Nom, Pseudo: x.Restaurant.Pseudo, Siret: x.Restaurant.Siret,
			Modules: make([]MarketplaceModule, len(x.Modules)), Tills: x.Tills}
		if r.Tills == nil {
			r.Tills = []marketplace.Till{}
		}
		for j, m := range x.Modules {
			r.Modules[j] = marketplaceModuleOut(m)
		}
		out.Restaurants[i] = r
	}
	return &struct{ Body Marketplace }{Body: out}, nil
}

// MarketplaceModulePath names a module of a restaurant (exported: huma reads embedded parameter structs only when exported).
type MarketplaceModulePath struct {
	RestaurantID int64  `path:"restaurantId" minimum:"1"`
	Module       string `path:"module" enum:"uber_eats,deliveroo,connector,connector_light,click_and_collect"`
}

type marketplaceModuleOutput struct{ Body MarketplaceModule }

func (s *Server) addMarketplaceModule(ctx context.Context, in *MarketplaceModulePath) (*marketplaceModuleOutput, error) {
	m, err := s.Marketplace.Add(ctx, principal(ctx), in.RestaurantID, marketplace.Kind(in.Module))
	if errors.Is(err, marketplace.ErrExists) {
		return nil, newProblem(http.StatusConflict, "Ce restaurant a déjà ce module.")
	}
	if err != nil {
		return nil, err
	}
	return &marketplaceModuleOutput{Body: marketplaceModuleOut(m)}, nil
}

type setMarketplaceStatusInput struct {
	MarketplaceModulePath
	Body struct {
		Status  bool `json:"status"`
		Version int  `json:"version,omitempty" minimum:"0" doc:"La version lue ; si le module a changé depuis : 409"`
	}
}

func (s *Server) setMarketplaceModuleStatus(ctx context.Context, in *setMarketplaceStatusInput) (*marketplaceModuleOutput, error) {
	m, err := s.Marketplace.SetStatus(ctx, principal(ctx), in.RestaurantID, marketplace.Kind(in.Module), in.Body.Status, in.Body.Version)
	if err != nil {
		return nil, err
	}
	return &marketplaceModuleOutput{Body: marketplaceModuleOut(m)}, nil
}

type configureMarketplaceInput struct {
	MarketplaceModulePath
	Body struct {
		Settings    marketplace.ModuleSettings `json:"settings"`
		SelectedPOS []int64                    `json:"selected_pos,omitempty" maxItems:"100" doc:"Caisses (ids d'équipement) à ajouter au module ; plateformes de livraison seulement"`
		Version     int                        `json:"version,omitempty" minimum:"0" doc:"La version lue ; si le module a changé depuis : 409"`
	}
}

func (s *Server) configureMarketplaceModule(ctx context.Context, in *configureMarketplaceInput) (*marketplaceModuleOutput, error) {
	m, err := s.Marketplace.Configure(ctx, principal(ctx), in.RestaurantID, marketplace.Kind(in.Module),
		marketplace.Configuration{Settings: in.Body.Settings, Assign: in.Body.SelectedPOS, Version: in.Body.Version})
	if err != nil {
		return nil, err
	}
	return &marketplaceModuleOutput{Body: marketplaceModuleOut(m)}, nil
}

type unassignMarketplaceInput struct {
	MarketplaceModulePath
	EquipmentID int64 `path:"equipmentId" minimum:"1"`
}

func (s *Server) unassignMarketplaceModule(ctx context.Context, in *unassignMarketplaceInput) (*marketplaceModuleOutput, error) {
	m, err := s.Marketplace.Unassign(ctx, principal(ctx), in.RestaurantID, marketplace.Kind(in.Module), in.EquipmentID)
	if err != nil {
		return nil, err
	}
	return &marketplaceModuleOutput{Body: marketplaceModuleOut(m)}, nil
}

func (s *Server) kioskClickAndCollect(ctx context.Context, _ *struct{}) (*struct {
	Body marketplace.ClickAndCollectSettings
}, error) {
	c, err := s.Marketplace.ClickAndCollectFor(ctx, deviceFrom(ctx))
	return &struct {
		Body marketplace.ClickAndCollectSettings
	}{c}, err
}
