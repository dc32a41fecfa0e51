package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/export"
)

func (s *Server) exportRouteTable() []route {
	const tagExport = "Exports"
	return []route{
		{method: http.MethodPost, path: "/api/v1/exports/products", id: "startProductsExport", tag: tagExport, summary: "Exporter les produits de la carte déployée de chaque restaurant choisi (un classeur xlsx par restaurant, feuille « Produits », zippés en « Produits {franchise}.zip ») ; tâche de fond, progression par l'événement job.progress", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusAccepted,
			original: []string{"socket export : message de démarrage 'Préparation de l'exportation...' (franchiseId, fileName)", "socket export : événement export-finished (résultat JSON)"}, register: handle(s.startProductsExport)},
		{method: http.MethodGet, path: "/api/v1/exports", id: "listExports", tag: tagExport, summary: "Les derniers exports de produits (50 au plus) : tous ceux de la franchise pour un administrateur, les siens pour les autres", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listExports)},
		{method: http.MethodGet, path: "/api/v1/exports/{jobId}/download", id: "downloadExport", tag: tagExport, summary: "Télécharger le zip d'un export terminé", access: signedIn, roles: franchiseWide, lockable: true,
			original: []string{"Produits {franchise}.zip"}, register: s.registerDownloadExport},
	}
}

type productsExportInput struct {
	Body struct {
		RestaurantIDs []int64 `json:"restaurantIds,omitempty" doc:"Restaurants à exporter ; vide : tous ceux que l'utilisateur voit (le sien pour un modérateur)"`
	}
}

type productsExportOutput struct{ Body export.ExportStarted }

func (s *Server) startProductsExport(ctx context.Context, in *productsExportInput) (*productsExportOutput, error) {
	started, err := s.Exports.StartProductsExport(ctx, principal(ctx), in.Body.RestaurantIDs)
	return &productsExportOutput{started}, err
}

func (s *Server) registerDownloadExport(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {
		Description: "Le zip « Produits {franchise}.zip » : un classeur par restaurant ayant une carte déployée",
		Content:     map[string]*huma.MediaType{"application/zip": {Schema: &huma.Schema{Type: "string", Format: "binary"}}},
	}}
	op.Errors = append(op.Errors, http.StatusNotFound, http.StatusConflict)
	huma.Register(api, op, func(ctx context.Context, in *jobPath) (*huma.StreamResponse, error) {
		rc, info, name, err := s.Exports.Download(ctx, principal(ctx), in.JobID)
		if err != nil {
			switch {
			case errors.Is(err, export.ErrNotReady):
				return nil, newProblem(http.StatusNotFound, err.Error())
			case errors.Is(err, export.ErrNotExport):
				return nil, newProblem(http.StatusConflict, err.Error())
			}
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			defer rc.Close()
			hctx.SetHeader("Content-Type", "application/zip")
			hctx.SetHeader("Content-Disposition", export.ContentDisposition(name))
			hctx.SetHeader("Content-Length", fmt.Sprint(info.Size))
			hctx.SetHeader("Cache-Control", "private, no-store")
			if info.ETag != "" { // the store's: the same file has the same ETag on every instance
				hctx.SetHeader("ETag", `"`+strings.Trim(info.ETag, `"`)+`"`)
			}
			hctx.SetStatus(http.StatusOK)
			_, _ = io.Copy(hctx.BodyWriter(), rc)
		}}, nil
	})
}

func (s *Server) listExports(ctx context.Context, _ *struct{}) (*struct{ Body []export.PastExport }, error) {
	list, err := s.Exports.Past(ctx, principal(ctx))
	return &struct{ Body []export.PastExport }{list}, err
}
