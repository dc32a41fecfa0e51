package menu

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"path"
	"strings"
	"unicode/utf8"

	"brigade/internal/blob"
	"brigade/internal/tenancy"
)

// MaxImageBytes is the largest image a carte element may carry.
const MaxImageBytes = 2 << 20

// ImageKinds are the folders of the spec's image paths
// (CartesCampagnesImages/{franchiseId}/{kind}/{path}); tags (logo and
// catalogue background) and brands (their logos) get their own folders
// beside the spec's four.
var ImageKinds = []string{"categories", "products", "ingredients", "supplements", "tags", "brands"}

var imageExtensions = map[string]string{"image/png": ".png", "image/jpeg": ".jpg", "image/webp": ".webp"}

// MomentSuffix marks the variant of an image shown at its moment of the day.
const MomentSuffix = "_Moment"

// ErrImageNotFound: no such image in the principal's franchise.
var ErrImageNotFound = tenancy.ErrNotFound

// Images keeps the pictures of the cartes' elements in the blob store,
// one folder per franchise, so a principal only ever reaches its own.
type Images struct{ blobs blob.Store }

// NewImages returns the image store over blobs.
func NewImages(blobs blob.Store) *Images { return &Images{blobs: blobs} }

// ImageKey is the blob key of an image: the spec's storage path.
func ImageKey(franchiseID int64, kind, file string) string {
	return fmt.Sprintf("CartesCampagnesImages/%d/%s/%s", franchiseID, kind, file)
}

func validKind(kind string) bool {
	for _, k := range ImageKinds {
		if k == kind {
			return true
		}
	}
	return false
}

// ImageFileName names a stored image after its element (invalid filename
// characters → underscore) with a short content hash, so two elements of
// the same name never overwrite each other and a new picture gets a new
// address; the moment variant ends in _Moment.
func ImageFileName(name string, data []byte, moment bool, ext string) string {
	base := strings.TrimSpace(SanitizeFileName(name))
	base = strings.Trim(base, ". ")
	if base == "" {
		base = "image"
	}
	for utf8.RuneCountInString(base) > 60 {
		_, size := utf8.DecodeLastRuneInString(base)
		base = base[:len(base)-size]
	}
	sum := sha256.Sum256(data)
	file := base + "_" + hex.EncodeToString(sum[:4])
	if moment {
		file += MomentSuffix
	}
	return file + ext
}

// Put stores an image for an element of the principal's franchise and
// returns its file name (the element's path). Only a franchise admin
// writes; PNG, JPEG and WebP up to 2 Mo, recognised by their content.
func (im *Images) Put(ctx context.Context, p tenancy.Principal, kind, name string, moment bool, data []byte) (string, error) {
	if err := canWrite(p); err != nil {
		return "", err
	}
	if !validKind(kind) {
		return "", &tenancy.ValidationError{Field: "kind", Message: "Le type d'image doit être categories, products, ingredients, supplements, tags ou brands."}
	}
	if len(data) == 0 {
		return "", &tenancy.ValidationError{Field: "file", Message: "Le fichier image est vide."}
	}
	if len(data) > MaxImageBytes {
		return "", &tenancy.ValidationError{Field: "file", Message: "L'image ne doit pas dépasser 2 Mo."}
	}
	ext, ok := imageExtensions[http.DetectContentType(data)]
	if !ok {
		return "", &tenancy.ValidationError{Field: "file", Message: "L'image doit être au format PNG, JPEG ou WebP."}
	}
	file := ImageFileName(name, data, moment, ext)
	if _, err := im.blobs.Put(ctx, ImageKey(p.FranchiseID, kind, file), bytes.NewReader(data)); err != nil {
		return "", fmt.Errorf("Erreur lors de l'enregistrement de l'image dans le stockage : %w", err)
	}
	return file, nil
}

// Get reads an image of the principal's franchise with its content type.
func (im *Images) Get(ctx context.Context, p tenancy.Principal, kind, file string) ([]byte, string, error) {
	if !validKind(kind) || file == "" || file != SanitizeFileName(file) || path.Base(file) != file || strings.HasPrefix(file, ".") {
		return nil, "", ErrImageNotFound
	}
	data, typ, err := blob.ReadSmall(ctx, im.blobs, ImageKey(p.FranchiseID, kind, file), MaxImageBytes)
	if errors.Is(err, blob.ErrNotFound) || errors.Is(err, blob.ErrInvalidKey) {
		return nil, "", ErrImageNotFound
	}
	return data, typ, err
}
