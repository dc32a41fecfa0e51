package orders

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// MethodLabel is a payment method's label.
func MethodLabel(code string) string {
	for _, m := range PaymentMethods {
		if m.Code == code {
			return m.Label
		}
	}
	return code
}

// TicketPDF renders the ticket of an order as an A4 portrait PDF with
// 10 mm margins: text, not a picture, so it stays sharp and searchable.
// Times are shown in the restaurant's zone.
func TicketPDF(d Detail) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(10, 10, 10)
	pdf.SetAutoPageBreak(true, 10)
	pdf.SetTitle("Ticket "+d.Order.OrderID, true)
	pdf.SetCreator("Brigade", true)
	tr := pdf.UnicodeTranslatorFromDescriptor("cp1252")
	pdf.AddPage()
	o := d.Order
	// Amounts in the restaurant's currency, written as the screens write
	// them (fr-FR): '12,50 €', '12,50 CHF', '12,50 MAD'.
	symbol := d.Currency
	if symbol == "" {
		symbol = d.Restaurant.Currency("")
	}
	if symbol == "EUR" {
		symbol = "€"
	}
	euros := func(c int64) string { return euros(c) + " " + symbol }
	loc, err := time.LoadLocation(d.Restaurant.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	w := 190.0
	text := func(style string, size float64, align, s string) {
		pdf.SetFont("Helvetica", style, size)
		pdf.CellFormat(w, 6, tr(s), "", 1, align, false, 0, "")
	}
	row := func(style string, left, right string) {
		pdf.SetFont("Helvetica", style, 10)
		pdf.CellFormat(w-40, 6, tr(left), "", 0, "L", false, 0, "")
		pdf.CellFormat(40, 6, tr(right), "", 1, "R", false, 0, "")
	}
	rule := func() {
		y := pdf.GetY() + 1
		pdf.Line(10, y, 200, y)
		pdf.Ln(3)
	}
	if o.Marque != nil && o.Marque.Entete != "" {
		for _, l := range strings.Split(o.Marque.Entete, "\n") {
			text("B", 13, "C", l)
		}
	} else {
		text("B", 13, "C", d.Restaurant.Nom)
	}
	if d.Restaurant.Adresse != "" {
		text("", 10, "C", strings.TrimSpace(d.Restaurant.Adresse+" "+d.Restaurant.Ville))
	}
	text("", 9, "C", "SIRET "+d.Restaurant.Siret)
	pdf.Ln(2)
	rule()
	row("B", "Commande "+o.OrderID, StatusLabel(o.Status))
	row("", o.PaidAt.In(loc).Format("02/01/2006 15:04"), TypeNames[o.Type])
	row("", "Équipement : "+d.Equipment, map[string]string{SourceTill: "Caisse", SourceKiosk: "Borne", SourceCollect: "Click&Collect"}[o.Source])
	if c := o.Collect; c != nil {
		row("", "Client : "+strings.TrimSpace(c.Customer.FirstName+" "+c.Customer.LastName), c.Customer.Phone)
	}
	rule()
	for _, l := range o.Lines {
		row("", fmt.Sprintf("%d × %s", l.Quantity, l.Name), euros(l.Total))
		for _, op := range l.Options {
			amount := ""
			if op.Total != 0 {
				amount = euros(op.Total)
			}
			row("I", fmt.Sprintf("      + %d × %s", op.Quantity, op.Name), amount)
		}
	}
	rule()
	row("", "Sous-total", euros(o.Subtotal))
	if dsc := o.Discount; dsc != nil {
		label := "Réduction"
		if dsc.Label != "" {
			label += " " + dsc.Label
		}
		if dsc.Type == DiscountPercent {
			label += " (" + percent(dsc.Value) + " %)"
		}
		row("", label, "-"+euros(dsc.Amount))
	}
	if o.Fees != 0 {
		row("", "Frais", euros(o.Fees))
	}
	row("B", "Total TTC", euros(o.Total))
	rule()
	vat := append([]VATLine(nil), o.VAT...)
	sort.Slice(vat, func(i, j int) bool { return vat[i].Rate < vat[j].Rate })
	pdf.SetFont("Helvetica", "B", 9)
	for i, h := range []string{"Taux", "HT", "TVA", "TTC"} {
		align := "R"
		if i == 0 {
			align = "L"
		}
		pdf.CellFormat(w/4, 5, tr(h), "", 0, align, false, 0, "")
	}
	pdf.Ln(5)
	pdf.SetFont("Helvetica", "", 9)
	for _, v := range vat {
		pdf.CellFormat(w/4, 5, tr(percent(int64(v.Rate))+" %"), "", 0, "L", false, 0, "")
		pdf.CellFormat(w/4, 5, tr(euros(v.HT)), "", 0, "R", false, 0, "")
		pdf.CellFormat(w/4, 5, tr(euros(v.VAT)), "", 0, "R", false, 0, "")
		pdf.CellFormat(w/4, 5, tr(euros(v.TTC)), "", 1, "R", false, 0, "")
	}
	rule()
	for _, p := range o.Payments {
		row("", MethodLabel(p.Method), euros(p.Amount))
	}
	if m := o.Marque; m != nil {
		pdf.Ln(2)
		if m.Vendeur != "" {
			text("", 9, "C", "Vendeur : "+m.Vendeur)
		}
		if m.PostFix != "" {
			text("", 10, "C", m.PostFix)
		}
		var foot []string
		for _, s := range []string{m.CompanyName, m.VersionSoftware, m.OperationType, m.Signature} {
			if s != "" {
				foot = append(foot, s)
			}
		}
		if len(foot) > 0 {
			text("", 8, "C", strings.Join(foot, " · "))
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
