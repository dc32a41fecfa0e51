package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/export"
	"brigade/internal/reports"
)

// reportExportInput is a report's own parameters plus the export's.
type reportExportInput struct {
	Report       string `query:"report" required:"true" enum:"products,sales,discounts,discounted-orders,z,performance,counts,revenue,flash,restaurants,equipments,product-mix,click-and-collect,cancellations" doc:"Le rapport : products (Mes Produits), sales (ventes v2), discounts (Mes Réductions), discounted-orders (Liste Commande en Réduction), z (Z Équipement), performance, counts (compteurs de commandes), revenue (CA dans le temps), flash (Flash du jour), restaurants (Comparaison des restaurants), equipments (Historique équipements), product-mix (Mix produits), click-and-collect (Click & collect), cancellations (Mes Annulations)"`
	Format       string `query:"format" required:"true" enum:"csv,xlsx" doc:"csv : un tableau, pour Excel en français (UTF-8 avec BOM, « ; », virgule décimale, JJ/MM/AAAA, fins de ligne CRLF) ; xlsx : un classeur, une feuille par tableau, chiffres en nombres avec leur format"`
	Table        string `query:"table" maxLength:"64" doc:"Le tableau du rapport (products : categories, ranking ; sales : items ; discounts : by-type, by-source, by-label, by-code, series, by-restaurant ; discounted-orders : orders ; z : equipments ; performance : by-restaurant, by-day, by-order-type, by-category, by-product, heatmap ; counts : counts ; revenue : series, totals, heatmap ; flash : totals-{DEVISE}, restaurants-{DEVISE}, by-order-type-{DEVISE}, by-source-{DEVISE} ; restaurants : ranking, totals ; equipments : equipments-{DEVISE} ; product-mix : products, categories, options ; click-and-collect : days, hours, types, restaurants ; cancellations : statuses, sources, reasons, days, restaurants, equipments, orders). Vide : tous les tableaux en xlsx, le premier en csv."`
	Start        string `query:"start" format:"date" doc:"AAAA-MM-JJ ; obligatoire sauf pour flash"`
	End          string `query:"end" format:"date" doc:"AAAA-MM-JJ, inclus ; obligatoire sauf pour flash"`
	RestaurantID int64  `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
	Currency     string `query:"currency" pattern:"^[A-Za-z]{3}$" doc:"Comme le paramètre currency du rapport"`
	Grain        string `query:"grain" enum:"day,week,month,hour" doc:"discounts : day ou month ; revenue : day, week, month ou hour"`
	TZ           string `query:"tz" maxLength:"64" doc:"performance : fuseau IANA de la carte de chaleur"`
	Kind         string `query:"kind" enum:"products,options" doc:"sales : products ou options"`
	Category     string `query:"category" maxLength:"200" doc:"sales : vide, les catégories ; sinon les produits ou options de cette catégorie"`
}

func (s *Server) registerReportExport(api huma.API, op huma.Operation) {
	binary := &huma.Schema{Type: "string", Format: "binary"}
	op.Responses = map[string]*huma.Response{"200": {
		Description: "Le fichier, envoyé au fil de sa lecture, nommé par Content-Disposition (« ventes-produits_2026-01-17_2026-10-12.xlsx »)",
		Content: map[string]*huma.MediaType{
			"text/csv": {Schema: binary},
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {Schema: binary},
		},
	}}
	op.Errors = append(op.Errors, http.StatusUnprocessableEntity)
	huma.Register(api, op, func(ctx context.Context, in *reportExportInput) (*huma.StreamResponse, error) {
		q := reports.ExportQuery{Report: in.Report, Grain: in.Grain, TZ: in.TZ, Kind: reports.SalesKind(in.Kind), Category: in.Category, Table: in.Table,
			Filter: reports.Filter{RestaurantID: in.RestaurantID, Currency: in.Currency}}
		if in.Start != "" || in.End != "" {
			f, err := ReportRange{Start: in.Start, End: in.End, RestaurantID: in.RestaurantID, Currency: in.Currency}.filter()
			if err != nil {
				return nil, problem(ctx, err)
			}
			q.Filter = f
		}
		out, err := s.Reports.Export(ctx, principal(ctx), q)
		if err != nil {
			return nil, problem(ctx, err)
		}
		contentType, ext := "text/csv; charset=utf-8", ".csv"
		if in.Format == "xlsx" {
			contentType, ext = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx"
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			// Headers go out with the first byte: a failure before it (a
			// query of the discounted orders) is still a problem answer.
			w := &lazyBody{hctx: hctx, start: func() {
				hctx.SetHeader("Content-Type", contentType)
				hctx.SetHeader("Content-Disposition", export.ContentDisposition(out.Name+ext))
				hctx.SetHeader("Cache-Control", "private, no-store")
				hctx.SetStatus(http.StatusOK)
			}}
			var err error
			if in.Format == "xlsx" {
				err = reports.WriteXLSX(w, out.Tables)
			} else {
				err = reports.WriteCSV(w, out.Tables[0])
			}
			if err == nil {
				return
			}
			if w.started {
				// The status is gone: the client sees a cut file.
				slog.ErrorContext(ctx, "report export cut short", "report", in.Report, "err", err)
				return
			}
			var se huma.StatusError
			if !errors.As(problem(ctx, err), &se) {
				return
			}
			hctx.SetHeader("Content-Type", "application/problem+json")
			hctx.SetStatus(se.GetStatus())
			_ = json.NewEncoder(hctx.BodyWriter()).Encode(se)
		}}, nil
	})
}

// lazyBody writes the answer's headers at its first byte.
type lazyBody struct {
	hctx    huma.Context
	start   func()
	started bool
}

func (l *lazyBody) Write(p []byte) (int, error) {
	if !l.started {
		l.started = true
		l.start()
	}
	return l.hctx.BodyWriter().Write(p)
}
