package httpapi

import (
	"context"

	"brigade/internal/menu"
)

// TrashItem is a removed element of a carte.
type TrashItem struct {
	IDGlobal       string `json:"idGlobal"`
	Name           string `json:"name"`
	CategoryName   string `json:"categoryName"`
	Path           string `json:"path" doc:"Image de l'élément"`
	RemovedByAdmin bool   `json:"removed_by_admin"`
}

// CarteTrash is the content of the trash, per tab.
type CarteTrash struct {
	Version        int         `json:"version"`
	Categories     []TrashItem `json:"categories"`
	Products       []TrashItem `json:"products"`
	OptionGroups   []TrashItem `json:"optionGroups"`
	Options        []TrashItem `json:"options"`
	Ingredients    []TrashItem `json:"ingredients"`
	MenuFamilies   []TrashItem `json:"menuFamilies"`
	OptionFamilies []TrashItem `json:"optionFamilies"`
	Promotions     []TrashItem `json:"promotions"`
}

type carteTrashOutput struct{ Body CarteTrash }

func trashItems(list []menu.TrashItem) []TrashItem {
	out := make([]TrashItem, 0, len(list))
	for _, x := range list {
		out = append(out, TrashItem{IDGlobal: x.IDGlobal, Name: x.Name, CategoryName: x.CategoryName, Path: x.Path, RemovedByAdmin: x.RemovedByAdmin})
	}
	return out
}

func (s *Server) getTrash(ctx context.Context, in *campaignPath) (*carteTrashOutput, error) {
	tabs, v, _, err := s.Menu.TrashOf(ctx, principal(ctx), in.CampaignID)
	if err != nil {
		return nil, err
	}
	return &carteTrashOutput{Body: CarteTrash{Version: v,
		Categories: trashItems(tabs[menu.TrashCategories]), Products: trashItems(tabs[menu.TrashProducts]),
		OptionGroups: trashItems(tabs[menu.TrashOptionGroups]), Options: trashItems(tabs[menu.TrashOptions]),
		Ingredients: trashItems(tabs[menu.TrashIngredients]), MenuFamilies: trashItems(tabs[menu.TrashMenuFamilies]),
		OptionFamilies: trashItems(tabs[menu.TrashOptionFamilies]), Promotions: trashItems(tabs[menu.TrashPromotions])}}, nil
}

// LinkedProduct is a product of a category in the trash ('Produits lies').
type LinkedProduct struct {
	IDGlobal string `json:"idGlobal"`
	Name     string `json:"name"`
	Removed  bool   `json:"removed" doc:"Badge 'Supprime' (sinon 'Non supprime')"`
}

// LinkedProductList lists a category's products.
type LinkedProductList struct {
	Items []LinkedProduct `json:"items"`
}

type linkedInput struct {
	CampaignID int64  `path:"campaignId" minimum:"1"`
	Category   string `query:"category" required:"true" maxLength:"100" doc:"idGlobal de la catégorie"`
}

type linkedOutput struct{ Body LinkedProductList }

func (s *Server) linkedProducts(ctx context.Context, in *linkedInput) (*linkedOutput, error) {
	_, _, d, err := s.Menu.TrashOf(ctx, principal(ctx), in.CampaignID)
	if err != nil {
		return nil, err
	}
	out := &linkedOutput{Body: LinkedProductList{Items: []LinkedProduct{}}}
	for _, p := range menu.LinkedProducts(d, in.Category) {
		out.Body.Items = append(out.Body.Items, LinkedProduct{IDGlobal: p.IDGlobal, Name: p.Name, Removed: p.Removed})
	}
	return out, nil
}

// TrashSelection names elements of one tab.
type TrashSelection struct {
	Kind string   `json:"kind" enum:"categories,products,optionGroups,options,ingredients,menuFamilies,optionFamilies,promotions"`
	IDs  []string `json:"ids" minItems:"1" maxItems:"5000" doc:"idGlobal des éléments choisis"`
}

type trashActionInput struct {
	CampaignID int64  `path:"campaignId" minimum:"1"`
	IfMatch    string `header:"If-Match" required:"true"`
	Body       TrashSelection
}

// TrashResult says how many elements were restored or deleted.
type TrashResult struct {
	Count    int      `json:"count"`
	Campaign Campaign `json:"campaign"`
}

type trashResultOutput struct{ Body TrashResult }

func (s *Server) trashAction(ctx context.Context, in *trashActionInput, permanent bool) (*trashResultOutput, error) {
	v, err := ifMatchVersion(in.IfMatch)
	if err != nil {
		return nil, err
	}
	c, n, err := s.Menu.TrashAction(ctx, principal(ctx), in.CampaignID, v, menu.TrashKind(in.Body.Kind), in.Body.IDs, permanent)
	if err != nil {
		return nil, err
	}
	return &trashResultOutput{Body: TrashResult{Count: n, Campaign: campaignOut(c)}}, nil
}

func (s *Server) restoreTrash(ctx context.Context, in *trashActionInput) (*trashResultOutput, error) {
	return s.trashAction(ctx, in, false)
}

func (s *Server) deleteTrash(ctx context.Context, in *trashActionInput) (*trashResultOutput, error) {
	return s.trashAction(ctx, in, true)
}
