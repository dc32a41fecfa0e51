package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"brigade/internal/orders"
)

// ZPDFOptions tune the rendering; the zero value is what the server sends.
type ZPDFOptions struct {
	// Uncompressed leaves the page streams readable (tests look for the
	// figures in them).
	Uncompressed bool
}

// ZPDFFileName is the PDF's file name: « Z 2026-11-24.pdf », or with the
// restaurant's name when there is only one.
func ZPDFFileName(z ZDay) string {
	if len(z.Restaurants) == 1 {
		return "Z " + z.Date + " " + z.Restaurants[0].Name + ".pdf"
	}
	return "Z " + z.Date + ".pdf"
}

// WriteZPDF renders the Z of the day as an A4 portrait PDF: for each
// restaurant, one page per equipment then a page with the restaurant's
// total (fees and cancellations are only known per restaurant, so they are
// on that page). Amounts in the restaurant's currency, French formats;
// Helvetica through the cp1252 translator, as the order ticket
// (orders.TicketPDF): accents, « € » and no-break spaces are in cp1252.
func WriteZPDF(w io.Writer, z ZDay, opt ZPDFOptions) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 18)
	pdf.SetCompression(!opt.Uncompressed)
	pdf.SetTitle("Z du jour "+z.Date, true)
	pdf.SetCreator("Brigade", true)
	pdf.AliasNbPages("{nb}")
	tr := pdf.UnicodeTranslatorFromDescriptor("cp1252")
	const width = 180.0
	day, _ := orders.ParseDate(z.Date)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-13)
		pdf.SetFont("Helvetica", "", 8)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(width/2, 5, tr("Brigade · Z du "+FrenchDate(day)), "", 0, "L", false, 0, "")
		pdf.CellFormat(width/2, 5, tr(fmt.Sprintf("Page %d / {nb}", pdf.PageNo())), "", 0, "R", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})

	section := func(title string) {
		pdf.Ln(3)
		pdf.SetFont("Helvetica", "B", 10)
		pdf.SetFillColor(238, 241, 246)
		pdf.CellFormat(width, 7, tr(strings.ToUpper(title)), "", 1, "L", true, 0, "")
		pdf.Ln(1)
	}
	row := func(bold bool, label, value string) {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 10)
		pdf.CellFormat(width-60, 6, tr(label), "B", 0, "L", false, 0, "")
		pdf.CellFormat(60, 6, tr(value), "B", 1, "R", false, 0, "")
	}
	header := func(r ZDayRestaurant, subject string) {
		pdf.AddPage()
		pdf.SetDrawColor(215, 219, 226)
		pdf.SetFont("Helvetica", "", 9)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(width, 5, tr(z.Franchise), "", 1, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont("Helvetica", "B", 18)
		pdf.CellFormat(width, 9, tr("Z du jour · "+subject), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 12)
		pdf.CellFormat(width, 7, tr(r.Name), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 9)
		var about []string
		if r.Address != "" {
			about = append(about, r.Address)
		}
		if r.Siret != "" {
			about = append(about, "SIRET "+r.Siret)
		}
		about = append(about, "Devise : "+r.Currency)
		pdf.CellFormat(width, 5, tr(strings.Join(about, " · ")), "", 1, "L", false, 0, "")
		loc, err := time.LoadLocation(r.TimeZone)
		if err != nil {
			loc = time.UTC
		}
		at := z.PrintedAt.In(loc)
		pdf.CellFormat(width, 5, tr("Journée d'exploitation : "+FrenchLongDate(day)), "", 1, "L", false, 0, "")
		pdf.CellFormat(width, 5, tr("Imprimé le "+at.Format("02/01/2006")+" à "+at.Format("15:04")+" (heure du restaurant)"), "", 1, "L", false, 0, "")
		y := pdf.GetY() + 2
		pdf.SetDrawColor(40, 40, 40)
		pdf.Line(15, y, 15+width, y)
		pdf.SetDrawColor(215, 219, 226)
		pdf.Ln(4)
	}
	figures := func(e ZEquipment, r ZDayRestaurant, total bool) {
		money := func(c int64) string { return FrenchMoney(c, r.Currency) }
		section("Totaux")
		row(false, "Commandes payées", strconv.FormatInt(e.Orders, 10))
		row(true, "Total TTC (plateforme comprise)", money(e.TotalWithPlatform))
		row(false, "   dont commandes plateforme ("+strconv.FormatInt(e.PlatformOrders, 10)+")", money(e.Platform))
		row(false, "Total TTC hors plateforme", money(e.TotalTTC))
		row(false, "Total HT", money(e.HT))
		row(false, "TVA", money(e.VAT))
		row(false, "Réductions accordées ("+strconv.FormatInt(e.Promotions, 10)+" commandes)", money(e.Discount))
		if total {
			row(false, "Frais (livraison, gestion)", money(r.Fees))
			row(false, "Annulations ("+strconv.FormatInt(r.Cancelled, 10)+" commandes)", money(r.CancelledTotal))
		}
		section("TVA par taux")
		pdf.SetFont("Helvetica", "B", 9)
		for i, h := range []string{"Taux", "HT", "TVA", "TTC"} {
			align := "R"
			if i == 0 {
				align = "L"
			}
			pdf.CellFormat(width/4, 6, tr(h), "B", 0, align, false, 0, "")
		}
		pdf.Ln(6)
		pdf.SetFont("Helvetica", "", 10)
		if len(e.Rates) == 0 {
			pdf.CellFormat(width, 6, tr("Aucune vente"), "B", 1, "L", false, 0, "")
		}
		var ht, vat, ttc int64
		for _, v := range e.Rates {
			pdf.CellFormat(width/4, 6, tr(FrenchRate(v.Rate)), "B", 0, "L", false, 0, "")
			pdf.CellFormat(width/4, 6, tr(money(v.HT)), "B", 0, "R", false, 0, "")
			pdf.CellFormat(width/4, 6, tr(money(v.VAT)), "B", 0, "R", false, 0, "")
			pdf.CellFormat(width/4, 6, tr(money(v.TTC)), "B", 1, "R", false, 0, "")
			ht, vat, ttc = ht+v.HT, vat+v.VAT, ttc+v.TTC
		}
		if len(e.Rates) > 1 {
			pdf.SetFont("Helvetica", "B", 10)
			pdf.CellFormat(width/4, 6, tr("Total"), "", 0, "L", false, 0, "")
			pdf.CellFormat(width/4, 6, tr(money(ht)), "", 0, "R", false, 0, "")
			pdf.CellFormat(width/4, 6, tr(money(vat)), "", 0, "R", false, 0, "")
			pdf.CellFormat(width/4, 6, tr(money(ttc)), "", 1, "R", false, 0, "")
		}
		section("Moyens de paiement")
		seen := false
		var paid int64
		for _, m := range orders.PaymentMethods {
			if v, ok := e.Payments[m.Code]; ok {
				row(false, m.Label, money(v))
				paid += v
				seen = true
			}
		}
		for code, v := range e.Payments { // a method the list does not know
			if orders.MethodLabel(code) == code {
				row(false, code, money(v))
				paid += v
				seen = true
			}
		}
		if !seen {
			row(false, "Aucun paiement", money(0))
		} else {
			row(true, "Total encaissé", money(paid))
		}
	}
	if len(z.Restaurants) == 0 {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 16)
		pdf.CellFormat(width, 10, tr("Z du jour · "+FrenchLongDate(day)), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.CellFormat(width, 6, tr("Aucun restaurant dans ce périmètre."), "", 1, "L", false, 0, "")
	}
	for _, r := range z.Restaurants {
		for _, e := range r.Equipments {
			name := e.Equipment
			if name == "" {
				name = "Équipement n° " + strconv.FormatInt(e.EquipmentID, 10)
			}
			kind := map[string]string{"caisse": "Caisse", "borne": "Borne"}[e.Kind]
			if kind != "" && !strings.HasPrefix(strings.ToLower(name), strings.ToLower(kind)) {
				name = kind + " " + name
			}
			header(r, name)
			figures(e, r, false)
		}
		header(r, "Total du restaurant")
		pdf.SetFont("Helvetica", "", 9)
		n := len(r.Equipments)
		switch n {
		case 0:
			pdf.CellFormat(width, 5, tr("Aucune commande payée ce jour."), "", 1, "L", false, 0, "")
		default:
			s := fmt.Sprintf("%d équipements : ", n)
			if n == 1 {
				s = "1 équipement : "
			}
			var names []string
			for _, e := range r.Equipments {
				names = append(names, e.Equipment)
			}
			pdf.MultiCell(width, 5, tr(s+strings.Join(names, ", ")), "", "L", false)
		}
		figures(r.Total, r, true)
	}
	if err := pdf.Output(w); err != nil {
		return err
	}
	return nil
}
