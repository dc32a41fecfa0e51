package export

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/xuri/excelize/v2"

	"brigade/internal/menu"
)

// SheetName is the products sheet's name (spec: sheet 'Produits').
const SheetName = "Produits"

// Column is a column of the products sheet.
type Column struct {
	Header string
	// Pixels is the width the spec gives (200, 200, 50, then 150).
	Pixels int
	// Doc says what the column holds.
	Doc string
}

// PriceOrderTypes are the order types that get a price column, in the
// spec's order (Sur Place 1 … Drive 5).
var PriceOrderTypes = []int{menu.OrderSurPlace, menu.OrderEmporter, menu.OrderLivraison, menu.OrderPlatform, menu.OrderDrive}

// Columns of the products sheet, one row per product of the deployed menu
// (removed products left out), ordered by category then position:
//
//	A Nom                 the product's name
//	B Catégorie           its category ("Parent > Sous-catégorie" for a sub-category)
//	C ID                  its id in the deployed menu (what kiosks and tills send back)
//	D–H Sur Place … Drive its tariff-1 price per order type, a number with 2 decimals
//	                      (header carries the currency); from prices[], or for Sur Place
//	                      and Platform the product's own price / price_platform when
//	                      prices[] has no entry; empty when the order type has no price
//	I Tailles             enabled sizes as "nom : prix" (tariff 1, Sur Place price), "; "-separated
//	J Masqué              hidden
//	K Rupture             sold_out (or sold_out_temporary)
//	L Masqué borne        hidden_borne
//	M Masqué caisse       hidden_caisse
//	N Masqué en ligne     hidden_online
//	O Identifiant global  idGlobal, stable across generations
//
// Flags read "Oui" or "Non". Widths follow the spec: 200, 200, 50, then 150
// pixels for every further column.
func Columns(currency string) []Column {
	cols := []Column{
		{"Nom", 200, "Nom du produit"},
		{"Catégorie", 200, "Catégorie (« Parent > Sous-catégorie »)"},
		{"ID", 50, "Identifiant du produit dans le menu déployé"},
	}
	for _, t := range PriceOrderTypes {
		cols = append(cols, Column{fmt.Sprintf("%s (%s)", menu.OrderTypeLabel(t), currency), 150, "Prix tarif 1, " + menu.OrderTypeLabel(t)})
	}
	return append(cols,
		Column{"Tailles", 150, "Tailles actives et leur prix"},
		Column{"Masqué", 150, "hidden"},
		Column{"Rupture", 150, "sold_out ou sold_out_temporary"},
		Column{"Masqué borne", 150, "hidden_borne"},
		Column{"Masqué caisse", 150, "hidden_caisse"},
		Column{"Masqué en ligne", 150, "hidden_online"},
		Column{"Identifiant global", 150, "idGlobal"},
	)
}

// maxDigitWidth is the width in pixels of the widest digit of the
// workbook's default font (Calibri 11, excelize's default), at 96 dpi.
const maxDigitWidth = 7

// WidthUnits converts a column width in pixels into the unit of the xlsx
// `width` attribute (ECMA-376 §18.3.1.13): the number of maximum-digit
// widths, padding included, truncated to 1/256 of a character —
// Truncate(px / MDW × 256) / 256. Excel then displays the column at
// Truncate(((256 × width + Truncate(128 / MDW)) / 256) × MDW) pixels, which
// gives back exactly px: 200 px → 28.5703125, 50 px → 7.140625,
// 150 px → 21.42578125.
func WidthUnits(px int) float64 {
	return math.Trunc(float64(px)/maxDigitWidth*256) / 256
}

// WidthPixels is the inverse: the pixels Excel displays a width at.
func WidthPixels(width float64) int {
	return int(math.Trunc((256*width + math.Trunc(128.0/maxDigitWidth)) / 256 * maxDigitWidth))
}

// currencySymbol names the franchise's currency in the price headers.
func currencySymbol(code string) string {
	switch strings.ToUpper(code) {
	case "", "EUR":
		return "€"
	case "USD":
		return "$"
	case "GBP":
		return "£"
	}
	return strings.ToUpper(code)
}

// Row is one product of the sheet, as written.
type Row struct {
	Name, Category string
	ID             int
	// Prices per PriceOrderTypes; nil where the order type has no price.
	Prices                                                   []*int64
	Sizes                                                    string
	Hidden, SoldOut, HiddenBorne, HiddenCaisse, HiddenOnline bool
	IDGlobal                                                 string
}

// Rows lists the products of a deployed menu as the sheet shows them.
func Rows(d *menu.Document) []Row {
	cats := make(map[int]*menu.Category, len(d.Categories))
	for i := range d.Categories {
		cats[d.Categories[i].IDCat] = &d.Categories[i]
	}
	type keyed struct {
		row        Row
		top, sub   int
		position   int
		documentAt int
	}
	list := make([]keyed, 0, len(d.Items))
	for i := range d.Items {
		p := &d.Items[i]
		if p.Removed || p.RemovedByAdmin {
			continue
		}
		k := keyed{top: math.MaxInt, sub: -1, position: p.Position, documentAt: i}
		var category string
		if c := cats[p.IDCat]; c != nil {
			category, k.top = c.Name, c.Position
			if parent := cats[c.ParentID]; c.ParentID != -1 && parent != nil && parent != c {
				category, k.top, k.sub = parent.Name+" > "+c.Name, parent.Position, c.Position
			}
		}
		k.row = Row{Name: p.Name, Category: category, ID: p.ID, Prices: productPrices(p), Sizes: sizes(p),
			Hidden: p.Hidden, SoldOut: p.SoldOut || p.SoldOutTemporary, HiddenBorne: p.HiddenBorne, HiddenCaisse: p.HiddenCaisse,
			HiddenOnline: p.HiddenOnline, IDGlobal: p.IDGlobal}
		list = append(list, k)
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.top != b.top {
			return a.top < b.top
		}
		if a.sub != b.sub {
			return a.sub < b.sub
		}
		return a.position < b.position
	})
	rows := make([]Row, len(list))
	for i, k := range list {
		rows[i] = k.row
	}
	return rows
}

// productPrices reads the tariff-1 price of each order type.
func productPrices(p *menu.Product) []*int64 {
	out := make([]*int64, len(PriceOrderTypes))
	for i, t := range PriceOrderTypes {
		for _, e := range p.Prices {
			if e.Tariff == 1 && e.TypeOrder == t && !e.Price.Invalid {
				c := e.Price.Cents
				out[i] = &c
				break
			}
		}
		if out[i] != nil {
			continue
		}
		// The tariff-1 mirrors the product form keeps beside prices[].
		var mirror menu.Price
		switch t {
		case menu.OrderSurPlace:
			mirror = p.Price
		case menu.OrderPlatform:
			mirror = p.PricePlatform
		default:
			continue
		}
		if !mirror.Invalid && (mirror.Cents != 0 || t == menu.OrderSurPlace) {
			c := mirror.Cents
			out[i] = &c
		}
	}
	return out
}

func sizes(p *menu.Product) string {
	var parts []string
	for _, sp := range p.AllSizes {
		if !sp.SizeEnabled || (sp.Tariff != 0 && sp.Tariff != 1) {
			continue
		}
		price := sp.PriceSP
		if price.Cents == 0 {
			price = sp.Price
		}
		name := strings.TrimSpace(sp.NameSize)
		if name == "" {
			name = sp.LabelSize
		}
		parts = append(parts, name+" : "+frenchAmount(price.Cents))
	}
	return strings.Join(parts, " ; ")
}

// frenchAmount writes cents as "8,50".
func frenchAmount(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d,%02d", sign, cents/100, cents%100)
}

func yesNo(b bool) string {
	if b {
		return "Oui"
	}
	return "Non"
}

// WriteProducts writes the products spreadsheet of a deployed menu to w
// and returns how many products it holds. Rows go through excelize's
// StreamWriter; the finished workbook (one restaurant's, small) is then
// copied to w.
func WriteProducts(w io.Writer, d *menu.Document, currency string) (int, error) {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName(f.GetSheetName(0), SheetName); err != nil {
		return 0, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return 0, err
	}
	money, err := f.NewStyle(&excelize.Style{NumFmt: 2}) // 0.00
	if err != nil {
		return 0, err
	}
	sw, err := f.NewStreamWriter(SheetName)
	if err != nil {
		return 0, err
	}
	cols := Columns(currency)
	for i, c := range cols {
		if err := sw.SetColWidth(i+1, i+1, WidthUnits(c.Pixels)); err != nil {
			return 0, err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return 0, err
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = excelize.Cell{StyleID: bold, Value: c.Header}
	}
	if err := sw.SetRow("A1", header); err != nil {
		return 0, err
	}
	rows := Rows(d)
	for n, r := range rows {
		values := make([]any, 0, len(cols))
		values = append(values, r.Name, r.Category, r.ID)
		for _, p := range r.Prices {
			if p == nil {
				values = append(values, nil)
				continue
			}
			values = append(values, excelize.Cell{StyleID: money, Value: float64(*p) / 100})
		}
		values = append(values, r.Sizes, yesNo(r.Hidden), yesNo(r.SoldOut), yesNo(r.HiddenBorne), yesNo(r.HiddenCaisse), yesNo(r.HiddenOnline), r.IDGlobal)
		cell, err := excelize.CoordinatesToCellName(1, n+2)
		if err != nil {
			return 0, err
		}
		if err := sw.SetRow(cell, values); err != nil {
			return 0, err
		}
	}
	if err := sw.Flush(); err != nil {
		return 0, err
	}
	if err := f.Write(w); err != nil {
		return 0, err
	}
	return len(rows), nil
}
