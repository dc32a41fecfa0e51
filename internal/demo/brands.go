package demo

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math"

	"brigade/internal/brands"
	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// The demo franchise runs two brands: Brigade Burger (the main carte, in
// every restaurant) and Le Chalet (the winter carte's raclette and
// tartiflette burgers, soups and hot drinks), served beside it in the
// food courts of Paris Bastille and Lyon Part-Dieu.
type demoBrand struct {
	name, logo         string
	primary, secondary string
	carte              string   // the carte it owns, by name
	sites              []string // the restaurants serving it, by name; nil: all
}

var demoBrands = []demoBrand{
	{"Brigade Burger", "brigade-burger.png", "#C62828", "#FFB300", "Carte principale", nil},
	{"Le Chalet", "le-chalet.png", "#4E342E", "#90CAF9", "Carte d'hiver", foodCourts},
}

// foodCourts are the demo restaurants that serve both brands.
var foodCourts = []string{"Paris Bastille", "Lyon Part-Dieu"}

func isFoodCourt(nom string) bool {
	for _, x := range foodCourts {
		if x == nom {
			return true
		}
	}
	return false
}

// loadBrands gives the demo franchise its brands, through the brands
// service so that they have their change history.
func loadBrands(ctx context.Context, db *store.DB, ten *tenancy.Service) error {
	owner, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil {
		return err
	}
	p := tenancy.PrincipalFor(owner)
	cartes := menu.NewService(db, ten, events.NewLocal())
	svc := brands.NewService(db, ten, cartes, events.NewLocal())
	list, err := cartes.List(ctx, p)
	if err != nil {
		return err
	}
	restos, err := ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		return err
	}
	for _, d := range demoBrands {
		b := brands.Brand{Name: d.name, Logo: d.logo, PrimaryColor: d.primary, SecondaryColor: d.secondary}
		for _, c := range list {
			if c.Nom == d.carte {
				b.CampaignIDs = append(b.CampaignIDs, c.ID)
			}
		}
		for _, r := range restos {
			if d.sites == nil || contains(d.sites, r.Nom) {
				b.RestaurantIDs = append(b.RestaurantIDs, r.ID)
			}
		}
		if _, err := svc.Create(ctx, p, b); err != nil {
			return err
		}
	}
	return nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func hexColor(s string) color.RGBA {
	var v [3]uint8
	for i := range v {
		hi, lo := s[1+2*i], s[2+2*i]
		v[i] = hexDigit(hi)<<4 | hexDigit(lo)
	}
	return color.RGBA{v[0], v[1], v[2], 255}
}

func hexDigit(c byte) uint8 {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// drawLogo draws a brand's badge: a disc of its primary colour ringed with
// its secondary colour, with a burger (Brigade Burger) or a chalet roof.
func drawLogo(primary, secondary string, roof bool) []byte {
	img := image.NewRGBA(image.Rect(0, 0, imageSize, imageSize))
	p, s := hexColor(primary), hexColor(secondary)
	white := color.RGBA{255, 255, 255, 255}
	c := float64(imageSize) / 2
	for y := range imageSize {
		for x := range imageSize {
			fx, fy := float64(x)+0.5-c, float64(y)+0.5-c
			d := math.Hypot(fx, fy)
			var px color.RGBA
			switch {
			case d > c-2:
				continue // transparent corners
			case d > c-14:
				px = s
			default:
				px = p
				if roof {
					// A roof (an inverted V) over a house with its door.
					roof := -36 + math.Abs(fx)*0.75
					switch {
					case math.Abs(fx) < 48 && fy >= roof && fy < roof+11:
						px = white
					case math.Abs(fx) < 28 && fy >= roof+11 && fy < 30 && !(math.Abs(fx) < 8 && fy > 12):
						px = white
					}
				} else {
					// A bun, a patty and a bun.
					switch {
					case fy > -28 && fy < -6 && math.Hypot(fx/44, (fy+6)/22) < 1:
						px = s
					case fy >= -2 && fy < 8 && math.Abs(fx) < 42:
						px = white
					case fy >= 12 && fy < 24 && math.Abs(fx) < 40:
						px = s
					}
				}
			}
			img.SetRGBA(x, y, px)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}
