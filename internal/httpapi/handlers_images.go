package httpapi

import (
	"context"
	"io"
	"net/http"
	"net/url"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/menu"
)

type imageForm struct {
	Kind   string        `form:"kind" enum:"categories,products,ingredients,supplements,tags,brands" required:"true" doc:"Dossier de l'image (élément de la carte, ou brands : logo d'une marque)"`
	File   huma.FormFile `form:"file" required:"true" doc:"L'image (PNG, JPEG ou WebP reconnus à leur contenu, 2 Mo au plus)"`
	Name   string        `form:"name" required:"false" maxLength:"200" doc:"Nom de l'élément, qui nomme le fichier"`
	Moment bool          `form:"moment" required:"false" doc:"Variante _Moment de l'image"`
}

type uploadImageInput struct {
	RawBody huma.MultipartFormFiles[imageForm]
}

// StoredImage is where an uploaded image lives: path goes into the
// element (path, path_category_moment, path_product_moment…).
type StoredImage struct {
	Path string `json:"path" doc:"Nom du fichier, à écrire dans le champ path de l'élément"`
	URL  string `json:"url" doc:"Adresse de lecture de l'image"`
}

type storedImageOutput struct{ Body StoredImage }

func imageURL(kind, file string) string {
	return "/api/v1/images/" + kind + "/" + url.PathEscape(file)
}

func (s *Server) uploadImage(ctx context.Context, in *uploadImageInput) (*storedImageOutput, error) {
	form := in.RawBody.Data()
	defer form.File.Close()
	data, err := io.ReadAll(io.LimitReader(form.File, menu.MaxImageBytes+1))
	if err != nil {
		return nil, err
	}
	file, err := s.Images.Put(ctx, principal(ctx), form.Kind, form.Name, form.Moment, data)
	if err != nil {
		return nil, err
	}
	return &storedImageOutput{Body: StoredImage{Path: file, URL: imageURL(form.Kind, file)}}, nil
}

func (s *Server) registerImageUpload(api huma.API, op huma.Operation) {
	op.MaxBodyBytes = menu.MaxImageBytes + 64*1024
	handle(s.uploadImage)(api, op)
}

type imageInput struct {
	Kind string `path:"kind" enum:"categories,products,ingredients,supplements,tags,brands"`
	File string `path:"file" maxLength:"300"`
}

func (s *Server) registerImageDownload(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {Description: "L'image", Content: map[string]*huma.MediaType{
		"image/png": {Schema: &huma.Schema{Type: "string", Format: "binary"}}, "image/jpeg": {Schema: &huma.Schema{Type: "string", Format: "binary"}},
		"image/webp": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}}
	huma.Register(api, op, func(ctx context.Context, in *imageInput) (*huma.StreamResponse, error) {
		data, contentType, err := s.Images.Get(ctx, principal(ctx), in.Kind, in.File)
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", contentType)
			// The name carries a content hash: an address never changes content.
			hctx.SetHeader("Cache-Control", "private, max-age=31536000, immutable")
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(data)
		}}, nil
	})
}

func (s *Server) registerTagImagesZip(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {Description: "tags_images.zip", Content: map[string]*huma.MediaType{
		"application/zip": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}}
	huma.Register(api, op, func(ctx context.Context, in *campaignPath) (*huma.StreamResponse, error) {
		data, err := s.Menu.TagImagesZip(ctx, principal(ctx), in.CampaignID, s.Images)
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", "application/zip")
			hctx.SetHeader("Content-Disposition", `attachment; filename="tags_images.zip"`)
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(data)
		}}, nil
	})
}
