package reports

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
)

// ---- tables: what every report exports (CSV and xlsx) ----

// Kind is what a column holds, which decides how it is written.
type Kind int

const (
	// KindText holds a string.
	KindText Kind = iota
	// KindInteger holds an int64 (a count).
	KindInteger
	// KindMoney holds an int64 amount in cents of the column's Currency.
	KindMoney
	// KindPercent holds a *float64 (or float64) in percent points
	// (12.5 = 12,5 %); nil is an empty cell.
	KindPercent
	// KindDuration holds a *float64 (or float64) of minutes; nil is empty.
	KindDuration
	// KindDate holds a day as "AAAA-MM-JJ".
	KindDate
	// KindMonth holds a month as "AAAA-MM".
	KindMonth
	// KindDateTime holds a time.Time, already in the zone to show.
	KindDateTime
)

// Column is a column of a table: its French label and what it holds.
// Amounts carry their currency: one column never mixes two currencies.
type Column struct {
	Key      string
	Label    string
	Kind     Kind
	Currency string // KindMoney: ISO 4217 code of the column's amounts
}

// Header is the column's label as written: amounts name their currency
// (« CA TTC (EUR) »), durations their unit where the CSV needs it.
func (c Column) Header() string {
	if c.Kind == KindMoney && c.Currency != "" {
		return c.Label + " (" + c.Currency + ")"
	}
	return c.Label
}

// Table is one table of a report, as exported. Rows are produced on demand
// by Each, one at a time, so a long table (a year of discounted orders) is
// written as it is read, never held whole in memory.
type Table struct {
	Name    string // the table's key, ?table= of the export route
	Title   string // its French title, the sheet's name in a workbook
	Columns []Column
	// Each calls emit for every row, in order; a row holds one value per
	// column, of the type its Kind says (nil: an empty cell).
	Each func(emit func(row []any) error) error
}

// rowsOf makes the Each of a table built in memory (the rollup reports,
// whose tables are small).
func rowsOf[T any](list []T, row func(T) []any) func(func([]any) error) error {
	return func(emit func([]any) error) error {
		for _, x := range list {
			if err := emit(row(x)); err != nil {
				return err
			}
		}
		return nil
	}
}

// ---- CSV, as French Excel opens it directly ----

// WriteCSV writes a table as CSV for a French spreadsheet: UTF-8 with a
// byte-order mark, `;` between fields, CRLF line ends, decimal commas and
// no thousands separator, dates JJ/MM/AAAA, percentages « 12,5% » and
// durations h:mm:ss. The first line holds the columns' headers.
func WriteCSV(w io.Writer, t Table) error {
	bw := bufio.NewWriterSize(w, 32<<10)
	if _, err := bw.WriteString("\ufeff"); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	cw.Comma = ';'
	cw.UseCRLF = true
	fields := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		fields[i] = c.Header()
	}
	if err := cw.Write(fields); err != nil {
		return err
	}
	err := t.Each(func(row []any) error {
		for i, c := range t.Columns {
			var v any
			if i < len(row) {
				v = row[i]
			}
			fields[i] = csvValue(c.Kind, v)
		}
		return cw.Write(fields)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// decimalComma writes f with up to prec decimals (trailing zeros dropped)
// and a decimal comma.
func decimalComma(f float64, prec int) string {
	s := strconv.FormatFloat(f, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return strings.Replace(s, ".", ",", 1)
}

// CentsText writes cents as "1234,56" (the CSV's amounts).
func CentsText(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d,%02d", sign, cents/100, cents%100)
}

func floatOf(v any) (float64, bool) {
	switch x := v.(type) {
	case *float64:
		if x == nil {
			return 0, false
		}
		return *x, true
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	}
	return 0, false
}

func intOf(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case *int64:
		if x == nil {
			return 0, false
		}
		return *x, true
	}
	return 0, false
}

// durationText writes minutes as h:mm:ss, rounded to the second.
func durationText(minutes float64) string {
	sec := int64(math.Round(minutes * 60))
	sign := ""
	if sec < 0 {
		sign, sec = "-", -sec
	}
	return fmt.Sprintf("%s%d:%02d:%02d", sign, sec/3600, sec/60%60, sec%60)
}

func csvValue(k Kind, v any) string {
	if v == nil {
		return ""
	}
	switch k {
	case KindInteger:
		if n, ok := intOf(v); ok {
			return strconv.FormatInt(n, 10)
		}
	case KindMoney:
		if n, ok := intOf(v); ok {
			return CentsText(n)
		}
	case KindPercent:
		if f, ok := floatOf(v); ok {
			return decimalComma(f, 2) + "%"
		}
		return ""
	case KindDuration:
		if f, ok := floatOf(v); ok {
			return durationText(f)
		}
		return ""
	case KindDate:
		if s, ok := v.(string); ok && len(s) == 10 {
			return s[8:10] + "/" + s[5:7] + "/" + s[0:4]
		}
	case KindMonth:
		if s, ok := v.(string); ok && len(s) == 7 {
			return s[5:7] + "/" + s[0:4]
		}
	case KindDateTime:
		if t, ok := v.(time.Time); ok {
			return t.Format("02/01/2006 15:04")
		}
	}
	return fmt.Sprint(v)
}

// ---- xlsx: numbers stay numbers ----

// currencySymbol is what an amount's number format shows after it.
func currencySymbol(code string) string {
	switch strings.ToUpper(code) {
	case "EUR", "":
		return "€"
	case "USD":
		return "$"
	case "GBP":
		return "£"
	}
	return strings.ToUpper(code)
}

// MoneyFormat is the number format of an amount column in currency code:
// `#,##0.00 "€"`, shown by a French Excel as « 1 234,56 € ».
func MoneyFormat(code string) string {
	return `#,##0.00 "` + currencySymbol(code) + `"`
}

// Number formats of the other numeric kinds.
const (
	IntegerFormat  = "#,##0"
	PercentFormat  = "0.0%"
	DurationFormat = "[h]:mm:ss"
	DateFormat     = "dd/mm/yyyy"
	MonthFormat    = "mm/yyyy"
	DateTimeFormat = "dd/mm/yyyy hh:mm"
)

// columnWidth is a column's width in characters, from its kind and header.
func columnWidth(c Column) float64 {
	w := float64(len([]rune(c.Header()))) + 2
	min := map[Kind]float64{KindText: 24, KindInteger: 10, KindMoney: 14, KindPercent: 10, KindDuration: 10, KindDate: 12, KindMonth: 10, KindDateTime: 17}[c.Kind]
	return math.Min(math.Max(w, min), 60)
}

// SheetName makes a valid, unique sheet name from a title (31 characters,
// none of : \ / ? * [ ]).
func SheetName(title string, taken map[string]bool) string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '-'
		}
		return r
	}, title)
	if r := []rune(name); len(r) > 31 {
		name = string(r[:31])
	}
	if name == "" {
		name = "Feuille"
	}
	base := []rune(name)
	for i := 2; taken[strings.ToLower(name)]; i++ {
		suffix := fmt.Sprintf(" (%d)", i)
		keep := min(len(base), 31-len(suffix))
		name = string(base[:keep]) + suffix
	}
	taken[strings.ToLower(name)] = true
	return name
}

// WriteXLSX writes tables as a workbook, one sheet per table: a bold,
// frozen header row, widths by column, and every figure a number with its
// number format (amounts `#,##0.00 "€"` per currency, percentages `0.0%`,
// counts `#,##0`, days as real dates). Rows go through excelize's
// StreamWriter, which keeps a bounded buffer and spills the rest to a
// temporary file, so a long table is never held whole in memory; the
// workbook is then zipped straight into w.
func WriteXLSX(w io.Writer, tables []Table) error {
	if len(tables) == 0 {
		return errors.New("reports: no table to write")
	}
	f := excelize.NewFile()
	defer f.Close()
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"EDEFF3"}},
		Border: []excelize.Border{{Type: "bottom", Color: "9AA0AC", Style: 1}}})
	if err != nil {
		return err
	}
	styles := map[string]int{}
	style := func(format string) (int, error) {
		if id, ok := styles[format]; ok {
			return id, nil
		}
		fm := format
		id, err := f.NewStyle(&excelize.Style{CustomNumFmt: &fm})
		styles[format] = id
		return id, err
	}
	taken := map[string]bool{}
	first := f.GetSheetName(0)
	for ti, t := range tables {
		name := SheetName(t.Title, taken)
		if ti == 0 {
			if err := f.SetSheetName(first, name); err != nil {
				return err
			}
		} else if _, err := f.NewSheet(name); err != nil {
			return err
		}
		if err := writeSheet(f, name, t, bold, style); err != nil {
			return err
		}
	}
	f.SetActiveSheet(0)
	return f.Write(w)
}

func writeSheet(f *excelize.File, sheet string, t Table, bold int, style func(string) (int, error)) error {
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	styleIDs := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		if err := sw.SetColWidth(i+1, i+1, columnWidth(c)); err != nil {
			return err
		}
		format := ""
		switch c.Kind {
		case KindInteger:
			format = IntegerFormat
		case KindMoney:
			format = MoneyFormat(c.Currency)
		case KindPercent:
			format = PercentFormat
		case KindDuration:
			format = DurationFormat
		case KindDate:
			format = DateFormat
		case KindMonth:
			format = MonthFormat
		case KindDateTime:
			format = DateTimeFormat
		}
		if format != "" {
			if styleIDs[i], err = style(format); err != nil {
				return err
			}
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	header := make([]any, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = excelize.Cell{StyleID: bold, Value: c.Header()}
	}
	if err := sw.SetRow("A1", header, excelize.RowOpts{StyleID: bold}); err != nil {
		return err
	}
	n := 1
	cells := make([]any, len(t.Columns))
	err = t.Each(func(row []any) error {
		n++
		for i, c := range t.Columns {
			var v any
			if i < len(row) {
				v = row[i]
			}
			cells[i] = xlsxValue(c.Kind, v, styleIDs[i])
		}
		cell, err := excelize.CoordinatesToCellName(1, n)
		if err != nil {
			return err
		}
		return sw.SetRow(cell, cells)
	})
	if err != nil {
		return err
	}
	return sw.Flush()
}

// excelEpoch is day 0 of Excel's 1900 date system (as Excel counts it,
// 1900-02-29 included).
var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// serial is a wall-clock time as an Excel date serial (days since the
// epoch, the time of day as the fraction).
func serial(t time.Time) float64 {
	wall := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
	return wall.Sub(excelEpoch).Hours() / 24
}

func xlsxValue(k Kind, v any, styleID int) any {
	if v == nil {
		return nil
	}
	var num float64
	switch k {
	case KindText:
		return fmt.Sprint(v)
	case KindInteger:
		n, ok := intOf(v)
		if !ok {
			return fmt.Sprint(v)
		}
		num = float64(n)
	case KindMoney:
		n, ok := intOf(v)
		if !ok {
			return fmt.Sprint(v)
		}
		num = float64(n) / 100
	case KindPercent:
		f, ok := floatOf(v)
		if !ok {
			return nil
		}
		num = f / 100
	case KindDuration:
		f, ok := floatOf(v)
		if !ok {
			return nil
		}
		num = math.Round(f*60) / 86400
	case KindDate, KindMonth:
		s, _ := v.(string)
		if len(s) == 7 {
			s += "-01"
		}
		d, err := time.Parse("2006-01-02", s)
		if err != nil {
			return s
		}
		num = serial(d)
	case KindDateTime:
		t, ok := v.(time.Time)
		if !ok {
			return fmt.Sprint(v)
		}
		num = serial(t)
	}
	return excelize.Cell{StyleID: styleID, Value: num}
}
