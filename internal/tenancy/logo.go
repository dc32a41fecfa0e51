package tenancy

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"

	"brigade/internal/blob"
)

// MaxLogoBytes is the largest franchise logo accepted (the screen says 1 Mo).
const MaxLogoBytes = 1 << 20

// Logo refusals, in the words the franchise screen shows.
const (
	MsgLogoType = "Le logo doit être une image PNG, JPEG ou WebP."
	MsgLogoSize = "Le logo ne doit pas dépasser 1 Mo."
)

// logoTypes are the formats a logo may have, recognised by content: the
// Content-Type a browser sends is not trusted (an SVG with a script would
// otherwise be served back to every user of the franchise).
var logoTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/webp": true}

// CheckLogo says whether data may be a franchise's logo, and gives the
// content type it will be served with.
func CheckLogo(data []byte) (string, error) {
	detected := http.DetectContentType(data)
	if !logoTypes[detected] {
		return "", &ValidationError{Field: "logo", Message: MsgLogoType}
	}
	if len(data) > MaxLogoBytes {
		return "", &ValidationError{Field: "logo", Message: MsgLogoSize}
	}
	return detected, nil
}

// LogoKey is the blob key of a franchise's logo.
func LogoKey(franchiseID int64) string { return fmt.Sprintf("franchises/%d/logo", franchiseID) }

// logoURL is the logo's address; it carries a content hash so that
// browsers fetch a new logo instead of their cached one.
func logoURL(data []byte) string {
	sum := sha256.Sum256(data)
	return "/api/v1/franchise/logo?v=" + hex.EncodeToString(sum[:4])
}

// UploadLogo checks the image, stores it in blobs and points the
// principal's franchise at it. Only the franchise's admin may.
func (s *Service) UploadLogo(ctx context.Context, p Principal, blobs blob.Store, data []byte) (Franchise, error) {
	if err := requireAdmin(p); err != nil {
		return Franchise{}, err
	}
	if _, err := CheckLogo(data); err != nil {
		return Franchise{}, err
	}
	if _, err := blobs.Put(ctx, LogoKey(p.FranchiseID), bytes.NewReader(data)); err != nil {
		return Franchise{}, err
	}
	return s.SetLogo(ctx, p, logoURL(data))
}

// Logo returns the principal's franchise logo and its content type; a
// franchise without one gets ErrNotFound.
func (s *Service) Logo(ctx context.Context, p Principal, blobs blob.Store) ([]byte, string, error) {
	if p.FranchiseID == 0 {
		return nil, "", ErrNotFound
	}
	data, typ, err := blob.ReadSmall(ctx, blobs, LogoKey(p.FranchiseID), MaxLogoBytes)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, "", ErrNotFound
	}
	return data, typ, err
}
