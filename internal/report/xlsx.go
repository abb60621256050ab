package report

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Sheet is one worksheet of a spreadsheet download: a header row and
// rows of cells. A cell is a string, an integer, payroll.Money,
// payroll.Rate (numbers) or payroll.DateTime (ISO text).
type Sheet struct {
	Name   string
	Header []string
	Rows   [][]any
	// Each, when set, produces the rows that follow Rows one at a time
	// while the worksheet is written, so a large report's rows are not
	// copied into Rows first. It calls yield with each row's
	// cells (a slice it may reuse) and returns yield's error.
	Each func(yield func(cells []any) error) error
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

// XLSX writes sheets as a minimal Office Open XML workbook (SpreadsheetML
// over archive/zip: content types, relationships, workbook, one worksheet
// part per sheet, strings inline). Numbers are written exactly as their
// decimal text, never through float64.
func XLSX(sheets ...Sheet) ([]byte, error) {
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
		if err := sheetXML(bw, sh); err != nil {
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

// sheetXML writes the worksheet part of sh (after the XML declaration)
// to b.
func sheetXML(b *bufio.Writer, sh Sheet) error {
	b.WriteString(`<worksheet xmlns="` + nsMain + `"><sheetData>`)
	row := func(r int, cells []any) error {
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
				fmt.Fprintf(b, `<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, ref, x.Format(payroll.LocalLayout))
			case int64:
				fmt.Fprintf(b, `<c r="%s"><v>%d</v></c>`, ref, x)
			case int:
				fmt.Fprintf(b, `<c r="%s"><v>%d</v></c>`, ref, x)
			case payroll.Money:
				fmt.Fprintf(b, `<c r="%s"><v>%s</v></c>`, ref, x.String())
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
	hdr := make([]any, len(sh.Header))
	for i, h := range sh.Header {
		hdr[i] = h
	}
	if err := row(1, hdr); err != nil {
		return err
	}
	for i, r := range sh.Rows {
		if err := row(i+2, r); err != nil {
			return err
		}
	}
	if sh.Each != nil {
		n := len(sh.Rows) + 2
		if err := sh.Each(func(cells []any) error {
			n++
			return row(n-1, cells)
		}); err != nil {
			return err
		}
	}
	_, err := b.WriteString(`</sheetData></worksheet>`)
	return err
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
