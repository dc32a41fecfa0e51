package demo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	"brigade/internal/blob"
	"brigade/internal/menu"
	"brigade/internal/store"
)

// Demo pictures: drawn here (the machines reach no image bank), one per
// category and per product, a plate on a tinted background whose hue
// follows the category, so lists and kiosks show something that reads as a
// photo slot rather than a missing image.

const imageSize = 160

func categoryImage(prefix string, ci int) string { return fmt.Sprintf("%s-cat-%d.png", prefix, ci+1) }
func productImage(prefix string, id int) string  { return fmt.Sprintf("%s-prod-%d.png", prefix, id) }

func hsl(h, s, l float64) color.RGBA {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return color.RGBA{uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255), 255}
}

// drawPicture draws a plate (or a glass, for drinks) holding a dish tinted by hue.
func drawPicture(hue, dishHue float64, glass bool) []byte {
	img := image.NewRGBA(image.Rect(0, 0, imageSize, imageSize))
	center := float64(imageSize) / 2
	for y := range imageSize {
		for x := range imageSize {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			c := hsl(hue, 0.45, 0.86-0.12*fy/imageSize)
			d := math.Hypot(fx-center, fy-center-4)
			if glass {
				w := 34 - 6*(fy-40)/80
				if fy > 40 && fy < 124 && math.Abs(fx-center) < w {
					c = hsl(dishHue, 0.55, 0.52+0.12*(fx-center)/w*0.5)
					if fy < 52 {
						c = color.RGBA{245, 245, 240, 255}
					}
				}
			} else {
				switch {
				case d < 48:
					c = hsl(dishHue, 0.55, 0.48+0.10*(center-fy)/48)
				case d < 66:
					c = color.RGBA{250, 250, 247, 255}
				case d < 70:
					c = color.RGBA{225, 225, 220, 255}
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

type demoImage struct {
	kind, file string
	draw       func() []byte
}

func demoImages() []demoImage {
	var out []demoImage
	for _, carte := range []struct {
		prefix   string
		sections []section
	}{{"main", mainCarte}, {"hiver", winterCarte}} {
		id := 0
		for ci, sec := range carte.sections {
			hue := float64((ci*47 + 20) % 360)
			out = append(out, demoImage{"categories", categoryImage(carte.prefix, ci), func() []byte { return drawPicture(hue, hue+10, false) }})
			for pi, d := range sec.dishes {
				id++
				dishHue := math.Mod(hue+float64(pi*23), 360)
				glass := d.sizes
				out = append(out, demoImage{"products", productImage(carte.prefix, id), func() []byte { return drawPicture(hue, dishHue, glass) }})
			}
		}
	}
	for i, b := range demoBrands {
		out = append(out, demoImage{"brands", b.logo, func() []byte { return drawLogo(b.primary, b.secondary, i == 1) }})
	}
	return out
}

// EnsureImages writes the demo cartes' pictures that the blob store lacks,
// so a data folder created before the pictures existed gets them too.
func EnsureImages(ctx context.Context, db *store.DB, blobs blob.Store) error {
	var franchiseID int64
	if err := db.QueryRow(ctx, `SELECT id FROM franchises WHERE name = ?`, FranchiseName).Scan(&franchiseID); err != nil {
		return err
	}
	for _, im := range demoImages() {
		key := menu.ImageKey(franchiseID, im.kind, im.file)
		if _, err := blobs.Stat(ctx, key); err == nil {
			continue
		} else if !errors.Is(err, blob.ErrNotFound) {
			return err
		}
		if _, err := blobs.Put(ctx, key, bytes.NewReader(im.draw())); err != nil {
			return err
		}
	}
	return nil
}
