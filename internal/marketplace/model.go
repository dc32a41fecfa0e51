// Package marketplace owns the integration modules of each restaurant
// (second document §2.7, §3 "Marketplace module document", §4 "Module
// on/off"): the delivery platforms, the order connectors and click &
// collect, whether each is on, its settings and the tills it runs on.
//
// The original kept one document per SIRET with a users list; Brigade keeps
// one row per restaurant and module, and one row per till a module runs on.
// A restaurant that has no module yet gets the four default modules, all
// off, the first time anyone in scope reads them.
package marketplace

import (
	"errors"
	"strings"
	"time"

	"brigade/internal/tenancy"
)

// HistoryModule is how the change history names these changes.
const HistoryModule = "Marketplace"

// TypeMarketplaceChanged is published after a module changes (data:
// restaurantId).
const TypeMarketplaceChanged = "marketplace.changed"

// Kind identifies a module in a restaurant (one of each at most).
type Kind string

const (
	// KindUberEats is the first delivery-platform module.
	KindUberEats Kind = "uber_eats"
	// KindDeliveroo is the second delivery-platform module.
	KindDeliveroo Kind = "deliveroo"
	// KindConnector is the order connector module.
	KindConnector Kind = "connector"
	// KindConnectorLight is the light connector module.
	KindConnectorLight Kind = "connector_light"
	// KindClickAndCollect is click & collect (not a default: added on demand).
	KindClickAndCollect Kind = "click_and_collect"
)

// Categories of modules (spec §9).
const (
	CategoryMarketing = "Marketing"
	CategoryOther     = "Other"
	CategoryCommandes = "Commandes"
)

// Catalogue entry: what a module is, before any restaurant has it.
type Catalogue struct {
	Kind        Kind
	Name        string
	Category    string
	Image       string // key of the illustration the web app serves
	Description string
	// Platform modules run on tills: saving their settings switches them on
	// and assigns them to the chosen tills (spec §4).
	Platform bool
	// Default modules are created, off, for a restaurant without modules.
	Default bool
}

// Modules is the catalogue, in display order.
var Modules = []Catalogue{
	{KindUberEats, "Uber Eats", CategoryCommandes, "uber_eats",
		"Recevez les commandes Uber Eats directement sur les caisses du restaurant.", true, true},
	{KindDeliveroo, "Deliveroo", CategoryCommandes, "deliveroo",
		"Recevez les commandes Deliveroo directement sur les caisses du restaurant.", true, true},
	{KindConnector, "Connecteur", CategoryOther, "connector",
		"Centralisez les commandes de vos plateformes de livraison grâce au connecteur.", false, true},
	{KindConnectorLight, "Connecteur Light", CategoryOther, "connector_light",
		"Le connecteur en version allégée : réception des commandes, sans synchronisation de la carte.", false, true},
	{KindClickAndCollect, "Click & Collect", CategoryCommandes, "click_and_collect",
		"Vos clients commandent en ligne et retirent leur commande au restaurant.", false, false},
}

// CatalogueOf returns the catalogue entry of a kind.
func CatalogueOf(k Kind) (Catalogue, bool) {
	for _, c := range Modules {
		if c.Kind == k {
			return c, true
		}
	}
	return Catalogue{}, false
}

// ModuleSettings are the settings of a module. One shape for every kind, so that the API has one
// type; each kind keeps only its own fields (see normalize).
type ModuleSettings struct {
	// First delivery platform.
	StoreID             string   `json:"store_id,omitempty" doc:"Uber Eats : identifiant du magasin (obligatoire)"`
	UberRate            *float64 `json:"uber_rate,omitempty" minimum:"0" doc:"Uber Eats : majoration des prix en pourcentage"`
	UberDeveloper       bool     `json:"uber_developer,omitempty" doc:"Uber Eats : mode développeur"`
	RingNewCommand      bool     `json:"ring_new_command,omitempty" doc:"Sonnerie à chaque nouvelle commande (Uber Eats, Click & Collect)"`
	ProductSearchByName bool     `json:"product_search_by_name,omitempty" doc:"Uber Eats : rapprocher les produits par leur nom"`
	// Second delivery platform and connectors.
	LocationID             string `json:"location_id,omitempty" doc:"Deliveroo et connecteurs : identifiant du site (obligatoire)"`
	ModeDeliverooDeveloper bool   `json:"mode_deliveroo_developer,omitempty" doc:"Deliveroo : mode développeur"`
	AutoAcceptCommands     bool   `json:"auto_accept_commands,omitempty" doc:"Accepter automatiquement les commandes (Deliveroo, Click & Collect)"`
	// Click & collect (configclickandcollect): pickup slots, preparation
	// and fees. Its opening hours are the restaurant's click & collect hours.
	SlotMinutes        int   `json:"slot_minutes,omitempty" minimum:"0" maximum:"120" doc:"Click & Collect : durée d'un créneau de retrait, en minutes (5 à 120 ; 15 par défaut)"`
	SlotCapacity       int   `json:"slot_capacity,omitempty" minimum:"0" maximum:"500" doc:"Click & Collect : commandes au plus par créneau (10 par défaut)"`
	PreparationMinutes int   `json:"preparation_minutes,omitempty" minimum:"0" maximum:"240" doc:"Click & Collect : temps de préparation, en minutes ; le premier créneau proposé commence après (20 par défaut)"`
	MinOrderCents      int64 `json:"min_order_cents,omitempty" minimum:"0" doc:"Click & Collect : montant minimum d'une commande, en centimes"`
	ServiceFeeCents    int64 `json:"service_fee_cents,omitempty" minimum:"0" doc:"Click & Collect : frais de gestion par commande, en centimes"`
	DeliveryFeeCents   int64 `json:"delivery_fee_cents,omitempty" minimum:"0" doc:"Click & Collect : frais de livraison par commande, en centimes (0 : retrait seulement)"`
}

// Click & collect defaults, for settings never saved.
const (
	DefaultSlotMinutes        = 15
	DefaultSlotCapacity       = 10
	DefaultPreparationMinutes = 20
)

// Till is a till a module runs on, or may run on.
type Till struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	UserKeenID string `json:"user_keen_id"`
}

// Module is one module of one restaurant.
type Module struct {
	ID           int64
	FranchiseID  int64
	RestaurantID int64
	Kind         Kind
	Name         string
	Category     string
	Image        string
	Description  string
	Status       bool
	Settings     ModuleSettings
	SelectedPOS  []Till
	Version      int
	UpdatedAt    time.Time
}

// Platform reports whether the module runs on tills.
func (m Module) Platform() bool {
	c, _ := CatalogueOf(m.Kind)
	return c.Platform
}

// Configured reports whether the module's required settings are filled in
// (and, for a platform, whether it runs on at least one till): the page
// shows the others as "to configure".
func (m Module) Configured() bool {
	if missingRequired(m.Kind, m.Settings) != nil {
		return false
	}
	return !m.Platform() || len(m.SelectedPOS) > 0
}

// RestaurantModules are a restaurant's modules and the tills they may run on.
type RestaurantModules struct {
	Restaurant tenancy.Restaurant
	Modules    []Module
	Tills      []Till
}

// ErrNotPlatform refuses tills for a module that does not run on tills.
var ErrNotPlatform = errors.New("Ce module ne s'installe pas sur les caisses.")

// Required-field messages (spec §5).
const (
	MsgStoreIDRequired    = "Le Store ID est obligatoire."
	MsgLocationIDRequired = "Le Location ID est obligatoire."
)

// missingRequired names the first required setting s lacks for kind k.
func missingRequired(k Kind, s ModuleSettings) *tenancy.ValidationError {
	switch k {
	case KindUberEats:
		if strings.TrimSpace(s.StoreID) == "" {
			return &tenancy.ValidationError{Field: "settings.store_id", Message: MsgStoreIDRequired}
		}
	case KindDeliveroo, KindConnector, KindConnectorLight:
		if strings.TrimSpace(s.LocationID) == "" {
			return &tenancy.ValidationError{Field: "settings.location_id", Message: MsgLocationIDRequired}
		}
	}
	return nil
}

// normalize trims s, keeps only the fields of kind k and checks them.
func normalize(k Kind, s ModuleSettings) (ModuleSettings, error) {
	var out ModuleSettings
	switch k {
	case KindUberEats:
		out = ModuleSettings{StoreID: strings.TrimSpace(s.StoreID), UberRate: s.UberRate, UberDeveloper: s.UberDeveloper,
			RingNewCommand: s.RingNewCommand, ProductSearchByName: s.ProductSearchByName}
		if out.UberRate != nil && *out.UberRate < 0 {
			return out, &tenancy.ValidationError{Field: "settings.uber_rate", Message: "Le taux Uber doit être un nombre positif."}
		}
	case KindDeliveroo:
		out = ModuleSettings{LocationID: strings.TrimSpace(s.LocationID), ModeDeliverooDeveloper: s.ModeDeliverooDeveloper,
			AutoAcceptCommands: s.AutoAcceptCommands}
	case KindConnector, KindConnectorLight:
		out = ModuleSettings{LocationID: strings.TrimSpace(s.LocationID)}
	case KindClickAndCollect:
		out = ModuleSettings{AutoAcceptCommands: s.AutoAcceptCommands, RingNewCommand: s.RingNewCommand,
			SlotMinutes: s.SlotMinutes, SlotCapacity: s.SlotCapacity, PreparationMinutes: s.PreparationMinutes,
			MinOrderCents: s.MinOrderCents, ServiceFeeCents: s.ServiceFeeCents, DeliveryFeeCents: s.DeliveryFeeCents}
		if out.SlotMinutes == 0 {
			out.SlotMinutes = DefaultSlotMinutes
		}
		if out.SlotCapacity == 0 {
			out.SlotCapacity = DefaultSlotCapacity
		}
		if out.SlotMinutes < 5 || out.SlotMinutes > 120 {
			return out, &tenancy.ValidationError{Field: "settings.slot_minutes", Message: "Un créneau dure de 5 à 120 minutes."}
		}
		if 24*60%out.SlotMinutes != 0 {
			return out, &tenancy.ValidationError{Field: "settings.slot_minutes", Message: "La durée d'un créneau doit diviser la journée (5, 10, 15, 20, 30, 45, 60, 90 ou 120 minutes…)."}
		}
		if out.SlotCapacity < 1 || out.SlotCapacity > 500 {
			return out, &tenancy.ValidationError{Field: "settings.slot_capacity", Message: "Un créneau accepte de 1 à 500 commandes."}
		}
		if out.PreparationMinutes < 0 || out.PreparationMinutes > 240 {
			return out, &tenancy.ValidationError{Field: "settings.preparation_minutes", Message: "Le temps de préparation va de 0 à 240 minutes."}
		}
		for _, f := range []struct {
			name  string
			cents int64
		}{{"min_order_cents", out.MinOrderCents}, {"service_fee_cents", out.ServiceFeeCents}, {"delivery_fee_cents", out.DeliveryFeeCents}} {
			if f.cents < 0 || f.cents > 100_000_00 {
				return out, &tenancy.ValidationError{Field: "settings." + f.name, Message: "Un montant va de 0 à 100 000."}
			}
		}
	}
	if len(out.StoreID) > 200 {
		return out, &tenancy.ValidationError{Field: "settings.store_id", Message: "Le Store ID doit contenir au plus 200 caractères."}
	}
	if len(out.LocationID) > 200 {
		return out, &tenancy.ValidationError{Field: "settings.location_id", Message: "Le Location ID doit contenir au plus 200 caractères."}
	}
	if v := missingRequired(k, out); v != nil {
		return out, v
	}
	return out, nil
}

// fields flattens a module for the field-level history.
func fields(m Module) map[string]any {
	out := map[string]any{"status": m.Status}
	names := make([]string, len(m.SelectedPOS))
	for i, t := range m.SelectedPOS {
		names[i] = t.Name
	}
	out["selected_pos"] = strings.Join(names, ", ")
	s := m.Settings
	switch m.Kind {
	case KindUberEats:
		out["store_id"], out["uber_developer"], out["ring_new_command"], out["product_search_by_name"] =
			s.StoreID, s.UberDeveloper, s.RingNewCommand, s.ProductSearchByName
		if s.UberRate != nil {
			out["uber_rate"] = *s.UberRate
		} else {
			out["uber_rate"] = nil
		}
	case KindDeliveroo:
		out["location_id"], out["mode_deliveroo_developer"], out["auto_accept_commands"] = s.LocationID, s.ModeDeliverooDeveloper, s.AutoAcceptCommands
	case KindConnector, KindConnectorLight:
		out["location_id"] = s.LocationID
	case KindClickAndCollect:
		out["auto_accept_commands"], out["ring_new_command"] = s.AutoAcceptCommands, s.RingNewCommand
		out["slot_minutes"], out["slot_capacity"], out["preparation_minutes"] = s.SlotMinutes, s.SlotCapacity, s.PreparationMinutes
		out["min_order_cents"], out["service_fee_cents"], out["delivery_fee_cents"] = s.MinOrderCents, s.ServiceFeeCents, s.DeliveryFeeCents
	}
	return out
}
