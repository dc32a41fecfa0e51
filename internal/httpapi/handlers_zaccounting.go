package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/export"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/tenancy"
)

// Z du jour (PDF) and the accounting export (issue 18): the routes are in
// reportsRouteTable; the rules and the files are written in reports.

type zPDFInput struct {
	Date         string `query:"date" required:"true" format:"date" doc:"AAAA-MM-JJ : le jour d'exploitation du Z"`
	RestaurantID int64  `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles (de la devise choisie)"`
	Currency     string `query:"currency" pattern:"^[A-Za-z]{3}$" doc:"Périmètre de plusieurs devises : la devise des restaurants imprimés (ISO 4217) ; par défaut celle du franchiseur"`
}

func (s *Server) registerZPDF(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {
		Description: "« Z AAAA-MM-JJ.pdf » : A4 portrait, une page par équipement puis une page de total par restaurant",
		Content:     map[string]*huma.MediaType{"application/pdf": {Schema: &huma.Schema{Type: "string", Format: "binary"}}},
	}}
	huma.Register(api, op, func(ctx context.Context, in *zPDFInput) (*huma.StreamResponse, error) {
		day, err := orders.ParseDate(in.Date)
		if err != nil {
			return nil, problem(ctx, &tenancy.ValidationError{Field: "query.date", Message: "La date doit être au format AAAA-MM-JJ."})
		}
		z, err := s.Reports.ZOfDay(ctx, principal(ctx), in.RestaurantID, day, in.Currency)
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", "application/pdf")
			hctx.SetHeader("Content-Disposition", export.ContentDisposition(reports.ZPDFFileName(z)))
			hctx.SetHeader("Cache-Control", "private, no-store")
			hctx.SetStatus(http.StatusOK)
			_ = reports.WriteZPDF(hctx.BodyWriter(), z, reports.ZPDFOptions{})
		}}, nil
	})
}

type accountingInput struct {
	ReportRange
	Format string `query:"format" enum:"csv,xlsx" default:"csv" doc:"csv : UTF-8 avec BOM, « ; », virgule décimale, dates JJ/MM/AAAA, fins de ligne CRLF ; xlsx : nombres et dates réels"`
}

func (s *Server) registerAccountingExport(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {
		Description: "« journal-comptable_AAAA-MM-JJ_AAAA-MM-JJ_DEVISE.csv » ou .xlsx : une ligne par jour et restaurant",
		Content: map[string]*huma.MediaType{
			"text/csv": {Schema: &huma.Schema{Type: "string", Format: "binary"}},
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {Schema: &huma.Schema{Type: "string", Format: "binary"}},
		},
	}}
	huma.Register(api, op, func(ctx context.Context, in *accountingInput) (*huma.StreamResponse, error) {
		f, err := in.filter()
		if err != nil {
			return nil, problem(ctx, err)
		}
		a, err := s.Reports.Accounting(ctx, principal(ctx), f)
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Disposition", export.ContentDisposition(reports.AccountingFileName(a, in.Format)))
			hctx.SetHeader("Cache-Control", "private, no-store")
			if in.Format == "xlsx" {
				hctx.SetHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
				hctx.SetStatus(http.StatusOK)
				_ = reports.WriteAccountingXLSX(hctx.BodyWriter(), a)
				return
			}
			hctx.SetHeader("Content-Type", "text/csv; charset=utf-8")
			hctx.SetStatus(http.StatusOK)
			_ = reports.WriteAccountingCSV(hctx.BodyWriter(), a)
		}}, nil
	})
}

type accountingPreviewInput struct {
	ReportRange
	Limit int `query:"limit" minimum:"0" maximum:"200" default:"20" doc:"Nombre de lignes de l'aperçu"`
}

func (s *Server) reportAccountingPreview(ctx context.Context, in *accountingPreviewInput) (*struct{ Body reports.Accounting }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	a, err := s.Reports.AccountingPreview(ctx, principal(ctx), f, in.Limit)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Accounting }{Body: a}, nil
}
