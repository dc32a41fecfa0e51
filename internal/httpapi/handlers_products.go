package httpapi

import (
	"context"

	"brigade/internal/menu"
)

// CataloguePrice is one price of a product: tariff × order type.
type CataloguePrice struct {
	Tariff    int     `json:"tariff" minimum:"1" maximum:"3"`
	TypeOrder int     `json:"typeOrder" minimum:"1" maximum:"5"`
	Price     float64 `json:"price" doc:"En unités de la devise (9.9)"`
}

// CatalogueProduct is a row of Mes Produits.
type CatalogueProduct struct {
	CampaignID int64            `json:"campaignId"`
	IDGlobal   string           `json:"idGlobal"`
	ID         int              `json:"id"`
	Name       string           `json:"name"`
	IDCat      int              `json:"idCat"`
	Category   string           `json:"category"`
	CategoryID string           `json:"categoryIdGlobal" doc:"idGlobal de sa catégorie (ce que vise une réduction sur des catégories)"`
	Path       string           `json:"path" doc:"Image (products), vide si aucune"`
	Prices     []CataloguePrice `json:"prices"`
	Flags      map[string]bool  `json:"flags" doc:"hidden, sold_out, hidden_borne… (voir la liste des indicateurs)"`
}

// Catalogue is Mes Produits: the cartes read and their active products.
type Catalogue struct {
	Campaigns []Campaign         `json:"campaigns"`
	Items     []CatalogueProduct `json:"items"`
	FlagNames []string           `json:"flagNames" doc:"Les indicateurs modifiables, dans l'ordre d'affichage"`
}

type catalogueOutput struct{ Body Catalogue }

func (s *Server) listProducts(ctx context.Context, _ *struct{}) (*catalogueOutput, error) {
	cartes, err := s.Menu.Catalogue(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := Catalogue{Campaigns: make([]Campaign, 0, len(cartes)), Items: []CatalogueProduct{}, FlagNames: menu.FlagNames}
	for _, c := range cartes {
		out.Campaigns = append(out.Campaigns, campaignOut(c.Campaign))
		for _, p := range c.Products {
			prices := make([]CataloguePrice, 0, len(p.Prices))
			for _, e := range p.Prices {
				prices = append(prices, CataloguePrice{Tariff: e.Tariff, TypeOrder: e.TypeOrder, Price: float64(e.Price.Cents) / 100})
			}
			out.Items = append(out.Items, CatalogueProduct{CampaignID: p.CampaignID, IDGlobal: p.IDGlobal, ID: p.ID, Name: p.Name, IDCat: p.IDCat,
				Category: p.CategoryName, CategoryID: p.CategoryIDGlobal, Path: p.Path, Prices: prices, Flags: p.Flags})
		}
	}
	return &catalogueOutput{Body: out}, nil
}

// BulkTarget names products of one carte, read at its version.
type BulkTarget struct {
	CampaignID int64    `json:"campaignId"`
	Version    int      `json:"version" doc:"La version de la carte lue (Mes Produits la donne)"`
	IDGlobals  []string `json:"idGlobals" minItems:"1" maxItems:"5000"`
}

// BulkPrice is a price change for the chosen tariffs × order types.
type BulkPrice struct {
	Mode       string `json:"mode" enum:"set,add,percent" doc:"set : nouveau prix ; add : ajouter le montant ; percent : variation en %"`
	Value      string `json:"value" maxLength:"20" doc:"Texte du nombre, virgule acceptée : « 0,50 », « -5 »"`
	Tariffs    []int  `json:"tariffs" minItems:"1" maxItems:"3"`
	OrderTypes []int  `json:"orderTypes" minItems:"1" maxItems:"5"`
}

// BulkBody is one change applied to many products.
type BulkBody struct {
	Targets []BulkTarget    `json:"targets" minItems:"1" maxItems:"100"`
	Price   *BulkPrice      `json:"price,omitempty" required:"false"`
	Flags   map[string]bool `json:"flags,omitempty" required:"false" doc:"Indicateurs à poser (true) ou retirer (false)"`
}

// BulkCarte says what the change did to one carte.
type BulkCarte struct {
	CampaignID int64 `json:"campaignId"`
	Version    int   `json:"version" doc:"La nouvelle version de la carte"`
	Changed    int   `json:"changed" doc:"Produits modifiés"`
}

// BulkResult lists the cartes changed.
type BulkResult struct {
	Campaigns []BulkCarte `json:"campaigns"`
}

type bulkInput struct{ Body BulkBody }
type bulkOutput struct{ Body BulkResult }

func (s *Server) bulkEditProducts(ctx context.Context, in *bulkInput) (*bulkOutput, error) {
	change := menu.BulkChange{Flags: in.Body.Flags}
	for _, t := range in.Body.Targets {
		change.Targets = append(change.Targets, menu.BulkTarget{CampaignID: t.CampaignID, Version: t.Version, IDGlobals: t.IDGlobals})
	}
	if bp := in.Body.Price; bp != nil {
		change.Price = &menu.BulkPrice{Mode: bp.Mode, Value: bp.Value, Tariffs: bp.Tariffs, OrderTypes: bp.OrderTypes}
	}
	results, err := s.Menu.BulkEdit(ctx, principal(ctx), change)
	if err != nil {
		return nil, err
	}
	out := BulkResult{Campaigns: make([]BulkCarte, 0, len(results))}
	for _, r := range results {
		out.Campaigns = append(out.Campaigns, BulkCarte{CampaignID: r.Campaign.ID, Version: r.Campaign.Version, Changed: r.Changed})
	}
	return &bulkOutput{Body: out}, nil
}
