package menu

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"path"
	"strings"

	"brigade/internal/tenancy"
)

// TagImagesZip gathers the logo and catalogue background of every tag of a
// carte that is not deleted into one zip (the spec's tags_images.zip),
// each file named after its tag. Images missing from the store are left
// out quietly, as the spec does for missing stored images.
func (s *Service) TagImagesZip(ctx context.Context, p tenancy.Principal, campaignID int64, images *Images) ([]byte, error) {
	raw, _, err := s.Document(ctx, p, campaignID)
	if err != nil {
		return nil, err
	}
	d, err := Parse(raw, "")
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	used := map[string]int{}
	for _, tg := range d.Tags {
		if tg.Deleted {
			continue
		}
		for _, im := range []struct{ file, role string }{{tg.LogoTag, "logo"}, {tg.BackgroundCatalog, "fond"}} {
			if im.file == "" {
				continue
			}
			data, _, err := images.Get(ctx, p, "tags", im.file)
			if errors.Is(err, ErrImageNotFound) {
				continue
			}
			if err != nil {
				return nil, err
			}
			name := strings.TrimSpace(SanitizeFileName(tg.NameTag))
			if name == "" {
				name = "tag"
			}
			name += "_" + im.role
			if n := used[name]; n > 0 {
				used[name]++
				name += "_" + string(rune('0'+n%10))
			} else {
				used[name] = 1
			}
			w, err := zw.Create(name + path.Ext(im.file))
			if err != nil {
				return nil, err
			}
			if _, err := w.Write(data); err != nil {
				return nil, err
			}
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
