package report

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/store"
)

// The CP39 text file: a month's monthly tax deductions for LHDN's e-Data
// PCB (and internet banking), in the fixed-width layout of LHDN's "MTD
// Data Specification" (docs/reference/my-pay-rules.md §7): a header of 57
// characters and a detail of 136 per employee with PCB in the month.

var myRegion = []string{"MY"}

// CP39Row is one employee's line of the file, also returned as data.
type CP39Row struct {
	EmployeeID     int64         `json:"employeeId"`
	EmployeeName   string        `json:"employeeName"`
	TaxNumber      string        `json:"taxNumber"`
	IdentityNumber string        `json:"identityNumber"`
	Pcb            payroll.Money `json:"pcb"`
}

// CP39 is the month's file: its name, bytes and rows.
type CP39 struct {
	Name string
	Data []byte
	Rows []CP39Row
}

// fixed right-justifies digits in width with zeros (the format's numbers).
func fixedNum(s string, width int) string {
	return strings.Repeat("0", max(width-len(s), 0)) + s
}

// fixedText left-justifies s in width with spaces (cut to width).
func fixedText(s string, width int) string {
	if len(s) > width {
		s = s[:width]
	}
	return s + strings.Repeat(" ", width-len(s))
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// cp39Name keeps the letters, digits, spaces and the symbols the format
// allows in a name (/ , - @ ' ( ) " `); other characters become spaces.
func cp39Name(s string) string {
	var b strings.Builder
	for _, c := range strings.TrimSpace(s) {
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', strings.ContainsRune(" /,-@'()\"`", c):
			b.WriteRune(c)
		default:
			b.WriteRune(' ')
		}
	}
	return b.String()
}

func sen(m int64, width int, what string) (string, error) {
	s := strconv.FormatInt(m, 10)
	if m < 0 || len(s) > width {
		return "", payroll.Conflict("%s %s does not fit the CP39 format's %d digits", what, payroll.MoneyFromMinor(m).StringFixed(2), width)
	}
	return fixedNum(s, width), nil
}

// employerNumber is an LHDN employer number (E 908915-10) as the format's
// 10 digits without the E.
func employerNumber(e string) (string, error) {
	d := digitsOf(e)
	if d == "" {
		return "", payroll.Invalid("eNumber", "the business's LHDN employer number (B/statutorysettings eNumber) is needed for the CP39 file")
	}
	if len(d) > 10 {
		return "", payroll.Invalid("eNumber", "the employer number %s has more than the CP39 format's 10 digits", e)
	}
	return fixedNum(d, 10), nil
}

// CP39File builds the CP39 text file of the month from the business's
// finalised runs paid in it (a restricted user's scope applies): every
// employee with PCB, their tax reference number (10 digits and the wife
// code; all zeros when not known, as the format says), name, IC or
// passport and country, the PCB in sen; CP38 is not deducted by this
// service and is nil.
func (s *Service) CP39File(ctx context.Context, biz business.Business, p *payroll.Principal, year, month int) (_ CP39, err error) {
	defer payroll.Wrap(&err, "CP39 of business %d", biz.ID)
	if !record.RegionIn(myRegion, biz.Region) {
		return CP39{}, record.RegionError("CP39 files", myRegion, biz)
	}
	if year < 2000 || year > 2100 {
		return CP39{}, payroll.Invalid("year", "year must be a calendar year such as 2026")
	}
	if month < 1 || month > 12 {
		return CP39{}, payroll.Invalid("month", "month must be 1 to 12")
	}
	set, err := statutorySettings(ctx, s.DB.Queries(), biz.ID)
	if err != nil {
		return CP39{}, err
	}
	employer, err := employerNumber(set.ENumber)
	if err != nil {
		return CP39{}, err
	}
	from := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	var b Args
	where, err := s.runScope(ctx, biz, p, Filter{From: from, To: from.AddDate(0, 1, -1)}, &b)
	if err != nil {
		return CP39{}, err
	}
	q := "SELECT e.id, e.first_name, e.surname, e.external_id, COALESCE(st.tax_number, ''), COALESCE(st.tax_wife_code, 0), " +
		"COALESCE(st.identity_type, ''), COALESCE(st.identity_number, ''), COALESCE(st.passport_country, ''), CAST(SUM(pe.tax) AS BIGINT)" + runFrom +
		" LEFT JOIN my_employee_statutory st ON st.employee_id = e.id AND st.business_id = r.business_id" + where +
		" GROUP BY e.id, e.first_name, e.surname, e.external_id, st.tax_number, st.tax_wife_code, st.identity_type, st.identity_number, st.passport_country" +
		" ORDER BY e.id"
	type row struct {
		id                        int64
		first, surname, ext, tax  string
		wife                      int64
		idType, idNumber, country string
		pcb                       int64
	}
	var rows []row
	err = s.Query(ctx, q, b.Values, func(rs *sql.Rows) error {
		var r row
		if err := rs.Scan(&r.id, &r.first, &r.surname, &r.ext, &r.tax, &r.wife, &r.idType, &r.idNumber, &r.country, &r.pcb); err != nil {
			return err
		}
		if r.pcb > 0 {
			rows = append(rows, r)
		}
		return nil
	})
	if err != nil {
		return CP39{}, err
	}
	out := CP39{Name: fmt.Sprintf("CP39_%s_%04d%02d.txt", employer, year, month), Rows: []CP39Row{}}
	var body strings.Builder
	var total int64
	for _, r := range rows {
		name := strings.TrimSpace(r.first + " " + r.surname)
		tax := digitsOf(r.tax)
		if len(tax) > 10 {
			return CP39{}, payroll.Conflict("employee %d's tax reference number %s has more than the CP39 format's 10 digits", r.id, r.tax)
		}
		if r.wife < 0 || r.wife > 9 {
			return CP39{}, payroll.Conflict("employee %d's wife code %d is not 0 to 9", r.id, r.wife)
		}
		var oldIC, newIC, passport, country string
		switch r.idType {
		case "NewIC":
			newIC = digitsOf(r.idNumber)
		case "Passport":
			passport, country = r.idNumber, r.country
		case "OldIC", "Police", "Military":
			oldIC = r.idNumber
		}
		amount, err := sen(r.pcb, 8, fmt.Sprintf("employee %d's PCB", r.id))
		if err != nil {
			return CP39{}, err
		}
		staff := r.ext
		if staff == "" || len(staff) > 10 {
			staff = strconv.FormatInt(r.id, 10)
		}
		body.WriteString("D" + fixedNum(tax, 10) + strconv.FormatInt(r.wife, 10) + fixedText(cp39Name(name), 60) + fixedText(oldIC, 12) +
			fixedText(newIC, 12) + fixedText(passport, 12) + fixedText(country, 2) + amount + fixedNum("0", 8) + fixedText(staff, 10) + "\r\n")
		total += r.pcb
		out.Rows = append(out.Rows, CP39Row{EmployeeID: r.id, EmployeeName: name, TaxNumber: r.tax, IdentityNumber: r.idNumber, Pcb: Money(r.pcb)})
	}
	sum, err := sen(total, 10, "the month's total PCB")
	if err != nil {
		return CP39{}, err
	}
	if len(rows) > 99999 {
		return CP39{}, payroll.Conflict("%d employees do not fit the CP39 format's 5-digit count", len(rows))
	}
	header := "H" + employer + employer + fixedNum(strconv.Itoa(year), 4) + fixedNum(strconv.Itoa(month), 2) + sum +
		fixedNum(strconv.Itoa(len(rows)), 5) + fixedNum("0", 10) + fixedNum("0", 5) + "\r\n"
	out.Data = []byte(header + body.String())
	return out, nil
}

// statutorySettings is the business's B/statutorysettings (defaults when
// never saved).
func statutorySettings(ctx context.Context, q *store.Queries, bizID int64) (settings.StatutorySettings, error) {
	st := settings.DefaultStatutorySettings()
	r, err := q.GetSetting(ctx, store.GetSettingParams{BusinessID: bizID, Kind: settings.StatutorySettingsKind})
	switch {
	case db.IsNoRows(err):
		return st, nil
	case err != nil:
		return st, err
	}
	return st, json.Unmarshal([]byte(r.Data), &st)
}
