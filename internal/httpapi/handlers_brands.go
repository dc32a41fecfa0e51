package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"brigade/internal/brands"
	"brigade/internal/reports"
	"brigade/internal/tenancy"
)

func (s *Server) brandsRouteTable() []route {
	const tag = "Marques"
	// The franchise owner defines the brands; every login reads those its
	// restaurants serve, and the reports by brand over its restaurants.
	admins := []tenancy.Role{tenancy.RoleAdmin}
	return []route{
		{method: http.MethodGet, path: "/api/v1/brands", id: "listBrands", tag: tag, summary: "Marques de la franchise (pour un login limité à des restaurants : celles qu'ils servent), avec leurs cartes et restaurants", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listBrands)},
		{method: http.MethodPost, path: "/api/v1/brands", id: "createBrand", tag: tag, summary: "Créer une marque : nom, logo, couleurs, cartes et restaurants qui la servent", access: signedIn, roles: admins, lockable: true, status: http.StatusCreated, register: handle(s.createBrand)},
		{method: http.MethodGet, path: "/api/v1/brands/{brandId}", id: "getBrand", tag: tag, summary: "Une marque ; ETag = version", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getBrand)},
		{method: http.MethodPut, path: "/api/v1/brands/{brandId}", id: "updateBrand", tag: tag, summary: "Modifier une marque ; If-Match obligatoire", access: signedIn, roles: admins, lockable: true, register: handle(s.updateBrand)},
		{method: http.MethodDelete, path: "/api/v1/brands/{brandId}", id: "deleteBrand", tag: tag, summary: "Supprimer une marque (ses cartes et ses restaurants restent ; leurs ventes passent « Sans marque »)", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.deleteBrand)},
		{method: http.MethodGet, path: "/api/v1/reports/brands", id: "reportBrands", tag: "Rapports", summary: "Nos Marques et Food court : CA TTC, commandes, articles, panier moyen et part de chaque marque, et par site qui sert plusieurs marques (restaurants d'une devise : currency)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.reportBrands)},
	}
}

type brandsOutput struct {
	Body []brands.Brand
}

func (s *Server) listBrands(ctx context.Context, _ *struct{}) (*brandsOutput, error) {
	list, err := s.Brands.List(ctx, principal(ctx))
	return &brandsOutput{list}, err
}

type brandOutput struct {
	ETag string `header:"ETag"`
	Body brands.Brand
}

func brandOut(b brands.Brand, err error) (*brandOutput, error) {
	if err != nil {
		return nil, err
	}
	return &brandOutput{ETag: strconv.Quote(strconv.Itoa(b.Version)), Body: b}, nil
}

type createBrandInput struct {
	Body brands.Brand
}

func (s *Server) createBrand(ctx context.Context, in *createBrandInput) (*brandOutput, error) {
	return brandOut(s.Brands.Create(ctx, principal(ctx), in.Body))
}

type brandIDInput struct {
	BrandID int64 `path:"brandId" minimum:"1"`
}

func (s *Server) getBrand(ctx context.Context, in *brandIDInput) (*brandOutput, error) {
	return brandOut(s.Brands.Get(ctx, principal(ctx), in.BrandID))
}

type updateBrandInput struct {
	BrandID int64  `path:"brandId" minimum:"1"`
	IfMatch string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body    brands.Brand
}

func (s *Server) updateBrand(ctx context.Context, in *updateBrandInput) (*brandOutput, error) {
	v, err := ifMatch(in.IfMatch, 1, "L'en-tête If-Match doit porter la version de la marque que vous modifiez.")
	if err != nil {
		return nil, err
	}
	return brandOut(s.Brands.Update(ctx, principal(ctx), in.BrandID, v, in.Body))
}

func (s *Server) deleteBrand(ctx context.Context, in *brandIDInput) (*struct{}, error) {
	return nil, s.Brands.Delete(ctx, principal(ctx), in.BrandID)
}

func (s *Server) reportBrands(ctx context.Context, in *ReportRange) (*struct{ Body reports.BrandReport }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Brands(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.BrandReport }{Body: r}, nil
}
