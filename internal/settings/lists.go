package settings

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"strconv"
	"strings"

	"brigade/internal/history"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// ---- sizes ----

// SizeCount is the number of configurable sizes (spec §9).
const SizeCount = 10

// sizeNames are the size codes 1..10: junior 1, senior 2, mega 3, size1..size7 4..10.
var sizeNames = [SizeCount]string{"junior", "senior", "mega", "size1", "size2", "size3", "size4", "size5", "size6", "size7"}

// Size is one of the franchise's ten sizes.
type Size struct {
	IDSize        int    `json:"id_size"`
	NameSize      string `json:"name_size"`
	LabelSize     string `json:"label_size"`
	Description   string `json:"description"`
	SizeDisplayed bool   `json:"size_displayed"`
}

// Sizes are the ten sizes and the product_size_1..10 labels menus carry.
type Sizes struct {
	Sizes  []Size   `json:"sizes"`
	Labels []string `json:"productSizeLabels"`
}

// DefaultSizes: 'Taille n' for each code, labels 'taille n'.
func DefaultSizes() Sizes {
	var v Sizes
	for i, name := range sizeNames {
		v.Sizes = append(v.Sizes, Size{IDSize: i + 1, NameSize: name, LabelSize: fmt.Sprintf("Taille %d", i+1), SizeDisplayed: true})
		v.Labels = append(v.Labels, fmt.Sprintf("taille %d", i+1))
	}
	return v
}

var sizesKind = kind[Sizes]{
	name: "sizes", label: "Tailles",
	defaults: constant(DefaultSizes),
	normalize: func(_ *Service, _ context.Context, _ tenancy.Principal, v *Sizes) error {
		byID := map[int]Size{}
		for i, s := range v.Sizes {
			if s.IDSize < 1 || s.IDSize > SizeCount {
				return invalid(fmt.Sprintf("sizes[%d].id_size", i), "La taille %d n'existe pas (tailles 1 à 10).", s.IDSize)
			}
			byID[s.IDSize] = s
		}
		out := DefaultSizes()
		for i := range out.Sizes {
			s, ok := byID[i+1]
			if !ok {
				continue
			}
			s.NameSize = sizeNames[i] // the code is fixed
			s.LabelSize = strings.TrimSpace(s.LabelSize)
			if s.LabelSize == "" {
				s.LabelSize = fmt.Sprintf("Taille %d", i+1)
			}
			if len([]rune(s.LabelSize)) > 40 {
				return invalid(fmt.Sprintf("sizes[%d].label_size", i), "Le libellé de la taille %d ne doit pas dépasser 40 caractères.", i+1)
			}
			s.Description = strings.TrimSpace(s.Description)
			out.Sizes[i] = s
		}
		for i := range out.Labels {
			if i < len(v.Labels) && strings.TrimSpace(v.Labels[i]) != "" {
				out.Labels[i] = strings.TrimSpace(v.Labels[i])
			}
		}
		*v = out
		return nil
	},
	fields: func(v Sizes) map[string]any {
		m := map[string]any{}
		for _, s := range v.Sizes {
			k := fmt.Sprintf("taille %d (%s)", s.IDSize, s.NameSize)
			m[k+" libellé"], m[k+" description"], m[k+" affichée"] = s.LabelSize, s.Description, s.SizeDisplayed
		}
		for i, l := range v.Labels {
			m[fmt.Sprintf("product_size_%d", i+1)] = l
		}
		return m
	},
}

// Sizes reads the franchise's sizes.
func (s *Service) Sizes(ctx context.Context, p tenancy.Principal) (Versioned[Sizes], error) {
	return load(ctx, s, s.db, p, sizesKind)
}

// SaveSizes stores the sizes read at version.
func (s *Service) SaveSizes(ctx context.Context, p tenancy.Principal, version int, v Sizes) (Versioned[Sizes], error) {
	return save(ctx, s, p, sizesKind, version, v)
}

// ---- printers ----

// Printer types.
const (
	PrinterKitchen = "kitchen"
	PrinterLabel   = "label"
)

// Printer is a kitchen or label printer.
type Printer struct {
	IDPrinter    int    `json:"idPrinter"`
	Name         string `json:"name"`
	TypePrinter  string `json:"type_printer"`
	WidthTicket  int    `json:"width_ticket"`
	NumberTicket int    `json:"number_ticket"`
	IPAddress    string `json:"ip_address"`
	Type         string `json:"type"`
}

// Printers is the franchise's printer list.
type Printers struct {
	Printers []Printer `json:"printers"`
}

// DefaultPrinters: 8 kitchen printers (ids 2-9, 'Prepa n') and 4 label
// printers (ids 10-13, 'Etiquette n'), 48 columns, 1 copy, 'Reseau'.
func DefaultPrinters() Printers {
	var v Printers
	for i := range 8 {
		v.Printers = append(v.Printers, Printer{IDPrinter: 2 + i, Name: fmt.Sprintf("Prepa %d", i+1), TypePrinter: PrinterKitchen, WidthTicket: 48, NumberTicket: 1, Type: "Reseau"})
	}
	for i := range 4 {
		v.Printers = append(v.Printers, Printer{IDPrinter: 10 + i, Name: fmt.Sprintf("Etiquette %d", i+1), TypePrinter: PrinterLabel, WidthTicket: 48, NumberTicket: 1, Type: "Reseau"})
	}
	return v
}

var oldPrinterName = regexp.MustCompile(`(?i)^\s*imprimante\s+(preparation|préparation|etiquette|étiquette)\s*(\d+)?\s*$`)

// RenameOldPrinter renames the old default names: 'imprimante preparation
// k' → 'Prepa k', 'imprimante etiquette k' → 'Etiquette k'; without k, the
// printer's rank n among its type. Other names are kept.
func RenameOldPrinter(name string, n int) string {
	m := oldPrinterName.FindStringSubmatch(name)
	if m == nil {
		return name
	}
	k := strconv.Itoa(n)
	if m[2] != "" {
		k = m[2]
	}
	if strings.HasPrefix(strings.ToLower(m[1]), "p") {
		return "Prepa " + k
	}
	return "Etiquette " + k
}

var printersKind = kind[Printers]{
	name: "printers", label: "Imprimantes",
	defaults: constant(DefaultPrinters),
	normalize: func(_ *Service, _ context.Context, _ tenancy.Principal, v *Printers) error {
		ids := map[int]bool{}
		names := map[string]string{}
		rank := map[string]int{}
		for i := range v.Printers {
			pr := &v.Printers[i]
			at := func(f string) string { return fmt.Sprintf("printers[%d].%s", i, f) }
			if pr.TypePrinter != PrinterKitchen && pr.TypePrinter != PrinterLabel {
				return invalid(at("type_printer"), "Le type de l'imprimante « %s » doit être kitchen ou label.", pr.Name)
			}
			rank[pr.TypePrinter]++
			pr.Name = strings.TrimSpace(RenameOldPrinter(pr.Name, rank[pr.TypePrinter]))
			if pr.Name == "" {
				return invalid(at("name"), "Le nom de l'imprimante %d est obligatoire.", pr.IDPrinter)
			}
			if pr.IDPrinter < 1 || ids[pr.IDPrinter] {
				return invalid(at("idPrinter"), "L'identifiant %d de l'imprimante « %s » est invalide ou déjà utilisé.", pr.IDPrinter, pr.Name)
			}
			ids[pr.IDPrinter] = true
			key := strings.ToLower(pr.Name)
			if other, ok := names[key]; ok {
				return invalid(at("name"), "Le nom « %s » est déjà utilisé par l'imprimante « %s ».", pr.Name, other)
			}
			names[key] = pr.Name
			pr.IPAddress = strings.TrimSpace(pr.IPAddress)
			if pr.IPAddress != "" {
				if ip := net.ParseIP(pr.IPAddress); ip == nil || ip.To4() == nil {
					return invalid(at("ip_address"), "L'adresse IP « %s » de l'imprimante « %s » n'est pas valide (exemple : 192.168.1.50).", pr.IPAddress, pr.Name)
				}
			}
			if pr.WidthTicket < 16 || pr.WidthTicket > 120 {
				return invalid(at("width_ticket"), "La largeur du ticket de « %s » doit être comprise entre 16 et 120 caractères.", pr.Name)
			}
			if pr.NumberTicket < 1 || pr.NumberTicket > 10 {
				return invalid(at("number_ticket"), "Le nombre d'exemplaires de « %s » doit être compris entre 1 et 10.", pr.Name)
			}
			if strings.TrimSpace(pr.Type) == "" {
				pr.Type = "Reseau"
			}
		}
		return nil
	},
	fields: func(v Printers) map[string]any {
		m := map[string]any{}
		for _, pr := range v.Printers {
			k := fmt.Sprintf("imprimante %d", pr.IDPrinter)
			m[k+" nom"], m[k+" type"], m[k+" largeur"], m[k+" exemplaires"], m[k+" adresse IP"], m[k+" connexion"] =
				pr.Name, pr.TypePrinter, pr.WidthTicket, pr.NumberTicket, pr.IPAddress, pr.Type
		}
		return m
	},
}

// Printers reads the franchise's printers, old default names renamed.
func (s *Service) Printers(ctx context.Context, p tenancy.Principal) (Versioned[Printers], error) {
	v, err := load(ctx, s, s.db, p, printersKind)
	rank := map[string]int{}
	for i := range v.Value.Printers {
		pr := &v.Value.Printers[i]
		rank[pr.TypePrinter]++
		pr.Name = RenameOldPrinter(pr.Name, rank[pr.TypePrinter])
	}
	return v, err
}

// SavePrinters stores the printers read at version.
func (s *Service) SavePrinters(ctx context.Context, p tenancy.Principal, version int, v Printers) (Versioned[Printers], error) {
	return save(ctx, s, p, printersKind, version, v)
}

// ---- screens ----

// Screen is a kitchen screen.
type Screen struct {
	IDScreen     int    `json:"idScreen"`
	NumberScreen int    `json:"number_screen"`
	NameScreen   string `json:"name_screen"`
}

// Screens is the franchise's screen list.
type Screens struct {
	Screens []Screen `json:"screens"`
}

// DefaultScreens: 'Ecran 1' to 'Ecran 8', ids and numbers 1..8.
func DefaultScreens() Screens {
	var v Screens
	for i := 1; i <= 8; i++ {
		v.Screens = append(v.Screens, Screen{IDScreen: i, NumberScreen: i, NameScreen: fmt.Sprintf("Ecran %d", i)})
	}
	return v
}

var screensKind = kind[Screens]{
	name: "screens", label: "Écrans",
	defaults: constant(DefaultScreens),
	normalize: func(_ *Service, _ context.Context, _ tenancy.Principal, v *Screens) error {
		ids := map[int]bool{}
		names := map[string]string{}
		for i := range v.Screens {
			sc := &v.Screens[i]
			sc.NameScreen = strings.TrimSpace(sc.NameScreen)
			if sc.NameScreen == "" {
				return invalid(fmt.Sprintf("screens[%d].name_screen", i), "Le nom de l'écran %d est obligatoire.", sc.IDScreen)
			}
			if sc.IDScreen < 1 || ids[sc.IDScreen] {
				return invalid(fmt.Sprintf("screens[%d].idScreen", i), "L'identifiant %d de l'écran « %s » est invalide ou déjà utilisé.", sc.IDScreen, sc.NameScreen)
			}
			ids[sc.IDScreen] = true
			if other, ok := names[strings.ToLower(sc.NameScreen)]; ok {
				return invalid(fmt.Sprintf("screens[%d].name_screen", i), "Le nom « %s » est déjà utilisé par l'écran « %s ».", sc.NameScreen, other)
			}
			names[strings.ToLower(sc.NameScreen)] = sc.NameScreen
			if sc.NumberScreen < 1 {
				sc.NumberScreen = sc.IDScreen
			}
		}
		return nil
	},
	fields: func(v Screens) map[string]any {
		m := map[string]any{}
		for _, sc := range v.Screens {
			m[fmt.Sprintf("écran %d nom", sc.IDScreen)], m[fmt.Sprintf("écran %d numéro", sc.IDScreen)] = sc.NameScreen, sc.NumberScreen
		}
		return m
	},
}

// Screens reads the franchise's screens.
func (s *Service) Screens(ctx context.Context, p tenancy.Principal) (Versioned[Screens], error) {
	return load(ctx, s, s.db, p, screensKind)
}

// SaveScreens stores the screens read at version.
func (s *Service) SaveScreens(ctx context.Context, p tenancy.Principal, version int, v Screens) (Versioned[Screens], error) {
	return save(ctx, s, p, screensKind, version, v)
}

// ---- general kiosk configuration ----

// KioskConfig is the general kiosk configuration: the four hide-name flags.
type KioskConfig struct {
	HideNameCategories    bool `json:"hide_name_categories"`
	HideNameSubCategories bool `json:"hide_name_sub_categories"`
	HideNameProducts      bool `json:"hide_name_products"`
	HideNameOptions       bool `json:"hide_name_options"`
}

var kioskKind = kind[KioskConfig]{
	name: "kiosk", label: "Paramètres Borne",
	defaults:  constant(func() KioskConfig { return KioskConfig{} }),
	normalize: func(*Service, context.Context, tenancy.Principal, *KioskConfig) error { return nil },
	fields: func(v KioskConfig) map[string]any {
		return map[string]any{"hide_name_categories": v.HideNameCategories, "hide_name_sub_categories": v.HideNameSubCategories,
			"hide_name_products": v.HideNameProducts, "hide_name_options": v.HideNameOptions}
	},
}

// Kiosk reads the general kiosk configuration (version 0: none saved yet).
func (s *Service) Kiosk(ctx context.Context, p tenancy.Principal) (Versioned[KioskConfig], error) {
	return load(ctx, s, s.db, p, kioskKind)
}

// SaveKiosk stores the general kiosk configuration read at version.
func (s *Service) SaveKiosk(ctx context.Context, p tenancy.Principal, version int, v KioskConfig) (Versioned[KioskConfig], error) {
	return save(ctx, s, p, kioskKind, version, v)
}

// KioskForDevice reads the published kiosk configuration of a device's
// franchise (kiosks read it with their equipment key).
func (s *Service) KioskForDevice(ctx context.Context, d tenancy.Device) (Versioned[KioskConfig], error) {
	return load(ctx, s, s.db, tenancy.Principal{FranchiseID: d.Restaurant.FranchiseID}, kioskKind)
}

// SaveKioskFromDevice stores the kiosk configuration from the kiosk
// settings page opened without a session: the equipment key of one of the
// franchise's kiosks or tills is the credential, and names the franchise.
func (s *Service) SaveKioskFromDevice(ctx context.Context, d tenancy.Device, version int, v KioskConfig) (Versioned[KioskConfig], error) {
	p := tenancy.Principal{FranchiseID: d.Restaurant.FranchiseID}
	return saveAs(ctx, s, p, kioskKind, version, v, func(context.Context, *store.Tx) (history.Entry, error) {
		return history.Entry{UserName: d.Equipment.Name + " (" + d.Restaurant.Nom + ")", UserType: "Equipement", Source: "Borne", RestaurantID: d.Restaurant.ID}, nil
	})
}

// ---- kiosk colours ----

// KioskColors are the colours of the kiosks' screens (colors_borne).
type KioskColors struct {
	Primary    string `json:"primary"`
	Secondary  string `json:"secondary"`
	Background string `json:"background"`
	Text       string `json:"text"`
	Button     string `json:"button"`
	ButtonText string `json:"buttonText"`
}

// DefaultKioskColors: Brigade's own palette.
func DefaultKioskColors() KioskColors {
	return KioskColors{Primary: "#D62828", Secondary: "#F77F00", Background: "#FFFFFF", Text: "#1D1D1F", Button: "#D62828", ButtonText: "#FFFFFF"}
}

var hexColor = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

var colorsKind = kind[KioskColors]{
	name: "colors", label: "Couleurs Borne",
	defaults: constant(DefaultKioskColors),
	normalize: func(_ *Service, _ context.Context, _ tenancy.Principal, v *KioskColors) error {
		for _, f := range []struct {
			name string
			val  *string
		}{{"primary", &v.Primary}, {"secondary", &v.Secondary}, {"background", &v.Background}, {"text", &v.Text}, {"button", &v.Button}, {"buttonText", &v.ButtonText}} {
			*f.val = strings.ToUpper(strings.TrimSpace(*f.val))
			if !hexColor.MatchString(*f.val) {
				return invalid(f.name, "La couleur « %s » doit être au format #RRGGBB.", *f.val)
			}
		}
		return nil
	},
	fields: func(v KioskColors) map[string]any {
		return map[string]any{"principale": v.Primary, "secondaire": v.Secondary, "fond": v.Background, "texte": v.Text, "bouton": v.Button, "texte du bouton": v.ButtonText}
	},
}

// Colors reads the kiosks' colours.
func (s *Service) Colors(ctx context.Context, p tenancy.Principal) (Versioned[KioskColors], error) {
	return load(ctx, s, s.db, p, colorsKind)
}

// ColorsForDevice reads the colours for a kiosk of the franchise.
func (s *Service) ColorsForDevice(ctx context.Context, d tenancy.Device) (Versioned[KioskColors], error) {
	return load(ctx, s, s.db, tenancy.Principal{FranchiseID: d.Restaurant.FranchiseID}, colorsKind)
}

// SaveColors stores the kiosks' colours read at version.
func (s *Service) SaveColors(ctx context.Context, p tenancy.Principal, version int, v KioskColors) (Versioned[KioskColors], error) {
	return save(ctx, s, p, colorsKind, version, v)
}
