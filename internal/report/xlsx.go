package report

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Sheet is one worksheet of a spreadsheet download: a header row and
// rows of cells. A cell is a string, an integer, payroll.Money (a number
// in the workbook's money format), payroll.Rate (a number),
// payroll.DateTime (a date, or a date and time, in the reader's own date
// format), a bool or nil (empty).
type Sheet struct {
	Name   string
	Header []string
	Rows   [][]any
	// Each, when set, produces the rows that follow Rows one at a time
	// while the worksheet is written, so a large report's rows are not
	// copied into Rows first. It calls yield with each row's
	// cells (a slice it may reuse) and returns yield's error.
	Each func(yield func(cells []any) error) error
	// Totals ends the sheet with a row summing each money column: a SUM
	// formula over the column, with its exact decimal total as the value
	// a reader shows before it recalculates.
	Totals bool
}

// XLSXContentType is the media type of an Office Open XML workbook.
const XLSXContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// fixedTime stamps the package parts so the same report always gives the
// same bytes.
var fixedTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

const (
	nsMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsRel  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsPkg  = "http://schemas.openxmlformats.org/package/2006/relationships"
)

// XLSX writes sheets as a workbook whose money has no currency symbol
// (XLSXIn with "").
func XLSX(sheets ...Sheet) ([]byte, error) { return XLSXIn("", sheets...) }

// XLSXIn writes sheets as a minimal Office Open XML workbook (SpreadsheetML
// over archive/zip: content types, relationships, workbook, styles, one
// worksheet part per sheet, strings inline), formatted as a spreadsheet
// user expects: a bold header row frozen above the data, columns as wide
// as their content, money in a two-decimal format with the currency
// symbol (e.g. "$", "£", "S$"; "" for none), dates as dates, and totals
// where the sheet asks for them. Numbers are written exactly as their
// decimal text, never through float64.
func XLSXIn(currency string, sheets ...Sheet) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	part := func(name, body string) error {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: fixedTime})
		if err != nil {
			return err
		}
		_, err = w.Write([]byte(xml.Header + body))
		return err
	}
	var types, sheetList, rels strings.Builder
	types.WriteString(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`)
	for i, sh := range sheets {
		n := i + 1
		fmt.Fprintf(&types, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, n)
		name := sh.Name
		if name == "" {
			name = "Sheet" + strconv.Itoa(n)
		}
		fmt.Fprintf(&sheetList, `<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, esc(sheetName(name)), n, n)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%s/worksheet" Target="worksheets/sheet%d.xml"/>`, n, nsRel, n)
	}
	types.WriteString(`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`)
	fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%s/styles" Target="styles.xml"/>`, len(sheets)+1, nsRel)
	types.WriteString(`</Types>`)
	if err := part("[Content_Types].xml", types.String()); err != nil {
		return nil, err
	}
	if err := part("_rels/.rels", `<Relationships xmlns="`+nsPkg+`"><Relationship Id="rId1" Type="`+nsRel+`/officeDocument" Target="xl/workbook.xml"/></Relationships>`); err != nil {
		return nil, err
	}
	if err := part("xl/workbook.xml", `<workbook xmlns="`+nsMain+`" xmlns:r="`+nsRel+`"><sheets>`+sheetList.String()+`</sheets></workbook>`); err != nil {
		return nil, err
	}
	if err := part("xl/_rels/workbook.xml.rels", `<Relationships xmlns="`+nsPkg+`">`+rels.String()+`</Relationships>`); err != nil {
		return nil, err
	}
	if err := part("xl/styles.xml", stylesXML(currency)); err != nil {
		return nil, err
	}
	for i, sh := range sheets {
		// The worksheet is written row by row into its zip entry (never
		// held whole: 100 MB of XML for 100,000 rows).
		w, err := z.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), Method: zip.Deflate, Modified: fixedTime})
		if err != nil {
			return nil, err
		}
		bw := bufio.NewWriterSize(w, 64<<10)
		if _, err := bw.WriteString(xml.Header); err != nil {
			return nil, err
		}
		if err := sheetXML(bw, sh, currency); err != nil {
			return nil, err
		}
		if err := bw.Flush(); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sheetName keeps a worksheet name within Excel's rules (31 characters,
// none of []:*?/\).
func sheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return '-'
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 31 {
		s = string(r[:31])
	}
	return s
}

// Cell styles (the cellXfs of stylesXML, in order).
const (
	styleDefault = iota
	styleHeader
	styleMoney
	styleDate
	styleDateTime
	styleTotalLabel
	styleTotalMoney
)

// stylesXML is the workbook's style sheet: a bold header, money as
// currency with two decimals (negative amounts with a minus), dates in the
// reader's own short date format (built-in formats 14 and 22 follow the
// reader's locale: 29/11/2026 in Australia, 11/29/2026 in the US), and a
// bold totals row under a rule.
func stylesXML(currency string) string {
	money := "#,##0.00;-#,##0.00"
	if currency != "" {
		q := `"` + strings.ReplaceAll(currency, `"`, "") + `"`
		money = q + "#,##0.00;-" + q + "#,##0.00"
	}
	return `<styleSheet xmlns="` + nsMain + `">` +
		`<numFmts count="1"><numFmt numFmtId="164" formatCode="` + esc(money) + `"/></numFmts>` +
		`<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
		`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
		`<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>` +
		`<border><left/><right/><top style="thin"/><bottom/><diagonal/></border></borders>` +
		`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
		`<cellXfs count="7">` +
		`<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
		`<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
		`<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
		`<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
		`<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
		`<xf numFmtId="0" fontId="1" fillId="0" borderId="1" xfId="0" applyFont="1" applyBorder="1"/>` +
		`<xf numFmtId="164" fontId="1" fillId="0" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyBorder="1"/>` +
		`</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`
}

// sampleRows is how many rows size the columns: the widths are written
// before the rows, so the first rows are held until then (the rest stream).
const sampleRows = 100

// sheetWriter writes one worksheet part.
type sheetWriter struct {
	b        *bufio.Writer
	sh       Sheet
	currency string
	sample   [][]any // the first rows, until the columns are sized
	started  bool
	rows     int // data rows written
	sums     map[int]payroll.Money
}

// sheetXML writes the worksheet part of sh (after the XML declaration)
// to b.
func sheetXML(b *bufio.Writer, sh Sheet, currency string) error {
	w := &sheetWriter{b: b, sh: sh, currency: currency, sums: map[int]payroll.Money{}}
	for _, r := range sh.Rows {
		if err := w.add(r); err != nil {
			return err
		}
	}
	if sh.Each != nil {
		if err := sh.Each(w.add); err != nil {
			return err
		}
	}
	return w.finish()
}

func (w *sheetWriter) add(cells []any) error {
	if w.started {
		return w.row(cells)
	}
	w.sample = append(w.sample, append([]any(nil), cells...)) // Each may reuse cells
	if len(w.sample) < sampleRows {
		return nil
	}
	return w.start()
}

// start writes the sheet's view (header frozen), its column widths, the
// header row and the sampled rows.
func (w *sheetWriter) start() error {
	w.started = true
	b := w.b
	b.WriteString(`<worksheet xmlns="` + nsMain + `">`)
	b.WriteString(`<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>` +
		`<selection pane="bottomLeft"/></sheetView></sheetViews>`)
	if widths := w.widths(); len(widths) > 0 {
		b.WriteString(`<cols>`)
		for i, wd := range widths {
			fmt.Fprintf(b, `<col min="%d" max="%d" width="%d" customWidth="1"/>`, i+1, i+1, wd)
		}
		b.WriteString(`</cols>`)
	}
	b.WriteString(`<sheetData><row r="1">`)
	for c, h := range w.sh.Header {
		fmt.Fprintf(b, `<c r="%s1" s="%d" t="inlineStr"><is><t xml:space="preserve">%s</t></is></c>`, ColumnName(c), styleHeader, esc(h))
	}
	b.WriteString(`</row>`)
	sample := w.sample
	w.sample = nil
	for _, r := range sample {
		if err := w.row(r); err != nil {
			return err
		}
	}
	return nil
}

// widths are the columns' widths in characters: the widest of the header
// and the sampled cells as a reader sees them, within 8..60.
func (w *sheetWriter) widths() []int {
	n := len(w.sh.Header)
	for _, r := range w.sample {
		n = max(n, len(r))
	}
	out := make([]int, n)
	for i := range out {
		chars := 0
		if i < len(w.sh.Header) {
			chars = utf8.RuneCountInString(w.sh.Header[i]) + 1 // bold
		}
		for _, r := range w.sample {
			if i < len(r) {
				chars = max(chars, w.shownWidth(r[i]))
			}
		}
		out[i] = min(max(chars+2, 8), 60)
	}
	return out
}

// shownWidth is about how many characters a reader sees for a cell.
func (w *sheetWriter) shownWidth(v any) int {
	switch x := v.(type) {
	case string:
		return utf8.RuneCountInString(x)
	case payroll.Money:
		digits := len(x.Abs().Trunc(0).String())
		return digits + (digits-1)/3 + 3 + utf8.RuneCountInString(w.currency) + 1 // separators, ".00", the sign
	case payroll.Rate:
		return len(x.String())
	case payroll.DateTime:
		if hasTime(x) {
			return 16
		}
		return 10
	case int64:
		return len(strconv.FormatInt(x, 10))
	case int:
		return len(strconv.Itoa(x))
	case bool:
		return 5
	}
	return 0
}

// row writes one data row.
func (w *sheetWriter) row(cells []any) error {
	b := w.b
	w.rows++
	r := w.rows + 1
	fmt.Fprintf(b, `<row r="%d">`, r)
	for c, v := range cells {
		ref := ColumnName(c) + strconv.Itoa(r)
		switch x := v.(type) {
		case string:
			fmt.Fprintf(b, `<c r="%s" t="inlineStr"><is><t xml:space="preserve">%s</t></is></c>`, ref, esc(x))
		case payroll.DateTime:
			if x.IsZero() {
				continue
			}
			style := styleDate
			if hasTime(x) {
				style = styleDateTime
			}
			fmt.Fprintf(b, `<c r="%s" s="%d"><v>%s</v></c>`, ref, style, serial(x.Time))
		case int64:
			fmt.Fprintf(b, `<c r="%s"><v>%d</v></c>`, ref, x)
		case int:
			fmt.Fprintf(b, `<c r="%s"><v>%d</v></c>`, ref, x)
		case payroll.Money:
			fmt.Fprintf(b, `<c r="%s" s="%d"><v>%s</v></c>`, ref, styleMoney, x.String())
			if w.sh.Totals {
				w.sums[c] = w.sums[c].Add(x)
			}
		case payroll.Rate:
			fmt.Fprintf(b, `<c r="%s"><v>%s</v></c>`, ref, x.String())
		case bool:
			v := 0
			if x {
				v = 1
			}
			fmt.Fprintf(b, `<c r="%s" t="b"><v>%d</v></c>`, ref, v)
		case nil:
		default:
			return fmt.Errorf("xlsx: cell %s of type %T", ref, v)
		}
	}
	b.WriteString(`</row>`)
	return nil
}

// finish writes what is left: the sheet's start if it had fewer rows than
// the sample, the totals row, and the end of the part.
func (w *sheetWriter) finish() error {
	if !w.started {
		if err := w.start(); err != nil {
			return err
		}
	}
	if w.sh.Totals && w.rows > 0 && len(w.sums) > 0 {
		r := w.rows + 2
		fmt.Fprintf(w.b, `<row r="%d">`, r)
		cols := max(len(w.sh.Header), slices.Max(slices.Collect(maps.Keys(w.sums)))+1)
		labelled := false
		for c := range cols {
			ref := ColumnName(c) + strconv.Itoa(r)
			if sum, ok := w.sums[c]; ok {
				col := ColumnName(c)
				fmt.Fprintf(w.b, `<c r="%s" s="%d"><f>SUM(%s2:%s%d)</f><v>%s</v></c>`, ref, styleTotalMoney, col, col, r-1, sum.String())
			} else if !labelled {
				labelled = true
				fmt.Fprintf(w.b, `<c r="%s" s="%d" t="inlineStr"><is><t>Total</t></is></c>`, ref, styleTotalLabel)
			} else {
				fmt.Fprintf(w.b, `<c r="%s" s="%d"/>`, ref, styleTotalLabel)
			}
		}
		w.b.WriteString(`</row>`)
	}
	_, err := w.b.WriteString(`</sheetData></worksheet>`)
	return err
}

// hasTime reports a date-time with a time of day (shown as date and time,
// not as a date).
func hasTime(d payroll.DateTime) bool { return d.Hour() != 0 || d.Minute() != 0 || d.Second() != 0 }

// excelEpoch is day 0 of Excel's serial dates as every date after
// February 1900 counts them (the 1900 leap-year bug moves it from
// 31 December 1899).
var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// serial is t's wall-clock date and time as an Excel serial number: whole
// days since the epoch, the time of day as the fraction.
func serial(t time.Time) string {
	y, m, d := t.Date()
	days := int64(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Sub(excelEpoch) / (24 * time.Hour))
	secs := t.Hour()*3600 + t.Minute()*60 + t.Second()
	if secs == 0 {
		return strconv.FormatInt(days, 10)
	}
	return strconv.FormatFloat(float64(days)+float64(secs)/86400, 'f', -1, 64)
}

// ColumnName is the spreadsheet column letter(s) of index i (0 = A).
func ColumnName(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

func esc(s string) string {
	var b bytes.Buffer
	// Characters XML 1.0 cannot carry are dropped rather than failing
	// the download.
	_ = xml.EscapeText(&b, []byte(strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 {
			return r
		}
		return -1
	}, s)))
	return b.String()
}
