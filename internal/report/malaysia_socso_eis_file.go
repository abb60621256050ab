package report

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// The PERKESO contribution text file: a month's SOCSO (Act 4), EIS (Act
// 800) and LINDUNG 24 Jam (SKBBK) contributions in one fixed-width record
// of 278 characters per employee, no header or trailer, each record ended
// by CR LF. The layout is the one three independent implementations agree
// on (docs/reference/my-pay-rules.md §7.4, which names them and the one
// point a fourth disputes):
//
//	pos   len  field
//	1     12   employer code, left-justified, space-filled
//	13    20   MyCoID / SSM number (optional: blank)
//	33    12   employee's new IC number, 12 digits
//	45    150  employee's name, left-justified, space-filled
//	195   6    month of contribution, MMYYYY
//	201   14   wages in sen, right-justified, zero-filled
//	215   6    SOCSO employer share in sen, zero-filled
//	221   6    SOCSO employee share (Act 4, without SKBBK) in sen
//	227   6    EIS employer share in sen
//	233   6    EIS employee share in sen
//	239   6    SKBBK (LINDUNG 24 Jam) employee contribution in sen
//	245   14   filler, spaces
//	259   20   filler, spaces

// SocsoEisRecordLength is the length of one record, without its CR LF.
const SocsoEisRecordLength = 278

// SocsoEisRow is one employee's record of the file, also returned as data.
type SocsoEisRow struct {
	EmployeeID     int64         `json:"employeeId"`
	EmployeeName   string        `json:"employeeName"`
	IdentityNumber string        `json:"identityNumber"`
	Wages          payroll.Money `json:"wages"`
	SocsoEmployer  payroll.Money `json:"socsoEmployer"`
	SocsoEmployee  payroll.Money `json:"socsoEmployee"`
	EisEmployer    payroll.Money `json:"eisEmployer"`
	EisEmployee    payroll.Money `json:"eisEmployee"`
	Lindung24      payroll.Money `json:"lindung24"`
}

// SocsoEis is the month's file: its name, bytes and rows.
type SocsoEis struct {
	Name string
	Data []byte
	Rows []SocsoEisRow
}

// perkesoEmployerCode is the business's SOCSO employer code as the file's
// first field: letters and digits, at most 12.
func perkesoEmployerCode(code string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(code))
	if c == "" {
		return "", payroll.Invalid("socsoNumber", "the business's PERKESO employer code (B/statutorysettings socsoNumber) is needed for the PERKESO contribution file")
	}
	if len(c) > 12 || strings.IndexFunc(c, func(r rune) bool { return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') }) >= 0 {
		return "", payroll.Invalid("socsoNumber", "the PERKESO employer code %q must be at most 12 letters and digits for the contribution file", code)
	}
	return c, nil
}

// perkesoName is a name as the file's field: printable ASCII, upper
// case; ok is false when it holds anything else (the file is ASCII and no
// source says how other letters are spelt).
func perkesoName(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), " ")
	for _, c := range s {
		if c < ' ' || c > '~' {
			return "", false
		}
	}
	return strings.ToUpper(s), true
}

func perkesoSen(m int64, width int, what string) (string, error) {
	s := strconv.FormatInt(m, 10)
	if m < 0 || len(s) > width {
		return "", payroll.Conflict("%s %s does not fit the PERKESO file's %d digits", what, payroll.MoneyFromMinor(m).StringFixed(2), width)
	}
	return fixedNum(s, width), nil
}

// SocsoEisFile builds the PERKESO contribution text file of the month
// from the business's finalised runs paid in it (a restricted user's
// scope applies): one record for every employee with a SOCSO, EIS or
// LINDUNG 24 Jam amount, the amounts summed over the month's runs. It is
// refused, naming the employees, when one has no 12-digit new IC number
// (the file's identity for passports and foreign workers is not settled
// by the sources: docs/reference/my-pay-rules.md §7.4) or a name that is
// not ASCII; nothing is stored either way.
func (s *Service) SocsoEisFile(ctx context.Context, biz business.Business, p *payroll.Principal, year, month int) (_ SocsoEis, err error) {
	defer payroll.Wrap(&err, "PERKESO contribution file of business %d", biz.ID)
	if !record.RegionIn(myRegion, biz.Region) {
		return SocsoEis{}, record.RegionError("PERKESO contribution files", myRegion, biz)
	}
	if year < 2000 || year > 2100 {
		return SocsoEis{}, payroll.Invalid("year", "year must be a calendar year such as 2026")
	}
	if month < 1 || month > 12 {
		return SocsoEis{}, payroll.Invalid("month", "month must be 1 to 12")
	}
	set, err := statutorySettings(ctx, s.DB.Queries(), biz.ID)
	if err != nil {
		return SocsoEis{}, err
	}
	employer, err := perkesoEmployerCode(set.SocsoNumber)
	if err != nil {
		return SocsoEis{}, err
	}
	from := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	var b Args
	where, err := s.runScope(ctx, biz, p, Filter{From: from, To: from.AddDate(0, 1, -1)}, &b)
	if err != nil {
		return SocsoEis{}, err
	}
	q := "SELECT e.id, e.first_name, e.surname, COALESCE(st.identity_type, ''), COALESCE(st.identity_number, ''), " +
		"CAST(SUM(m.socso_wages) AS BIGINT), CAST(SUM(m.socso_employer) AS BIGINT), CAST(SUM(m.socso_employee) AS BIGINT), " +
		"CAST(SUM(m.eis_employer) AS BIGINT), CAST(SUM(m.eis_employee) AS BIGINT), CAST(SUM(m.lindung24) AS BIGINT)" + runFrom +
		" JOIN my_pay_run_employees m ON m.pay_run_id = pe.pay_run_id AND m.employee_id = pe.employee_id" +
		" LEFT JOIN my_employee_statutory st ON st.employee_id = e.id AND st.business_id = r.business_id" + where +
		" GROUP BY e.id, e.first_name, e.surname, st.identity_type, st.identity_number ORDER BY e.id"
	type row struct {
		id                               int64
		first, surname, idType, idNumber string
		wages, socsoER, socsoEE, eisER   int64
		eisEE, lindung                   int64
	}
	var rows []row
	err = s.Query(ctx, q, b.Values, func(rs *sql.Rows) error {
		var r row
		if err := rs.Scan(&r.id, &r.first, &r.surname, &r.idType, &r.idNumber, &r.wages, &r.socsoER, &r.socsoEE, &r.eisER, &r.eisEE, &r.lindung); err != nil {
			return err
		}
		if r.socsoER > 0 || r.socsoEE > 0 || r.eisER > 0 || r.eisEE > 0 || r.lindung > 0 {
			rows = append(rows, r)
		}
		return nil
	})
	if err != nil {
		return SocsoEis{}, err
	}
	var missing []string
	for _, r := range rows {
		name := strings.TrimSpace(r.first + " " + r.surname)
		if ic := digitsOf(r.idNumber); r.idType != "NewIC" || len(ic) != 12 {
			what := "no new IC number"
			if r.idType != "" && r.idType != "NewIC" {
				what = "an identity of type " + r.idType + ", not a new IC number"
			}
			missing = append(missing, fmt.Sprintf("employee %d (%s) has %s", r.id, name, what))
		}
		if _, ok := perkesoName(name); !ok {
			missing = append(missing, fmt.Sprintf("employee %d's name %q holds characters other than ASCII letters, digits and punctuation", r.id, name))
		}
	}
	if len(missing) > 0 {
		return SocsoEis{}, payroll.Conflict("the PERKESO contribution file needs each employee's 12-digit new IC number (E/statutorydetails identityType NewIC and identityNumber) "+
			"and an ASCII name; the file's identity for a passport or a foreign worker's SOCSO number is not settled by the sources found "+
			"(docs/reference/my-pay-rules.md §7.4): %s", strings.Join(missing, "; "))
	}
	mmyyyy := fmt.Sprintf("%02d%04d", month, year)
	out := SocsoEis{Name: fmt.Sprintf("PERKESO_%s_%s.txt", employer, mmyyyy), Rows: []SocsoEisRow{}}
	var body strings.Builder
	for _, r := range rows {
		name := strings.TrimSpace(r.first + " " + r.surname)
		upper, _ := perkesoName(name)
		var amounts [6]string
		for i, a := range []struct {
			v     int64
			width int
			what  string
		}{{r.wages, 14, "wages"}, {r.socsoER, 6, "SOCSO employer share"}, {r.socsoEE, 6, "SOCSO employee share"},
			{r.eisER, 6, "EIS employer share"}, {r.eisEE, 6, "EIS employee share"}, {r.lindung, 6, "LINDUNG 24 Jam contribution"}} {
			if amounts[i], err = perkesoSen(a.v, a.width, fmt.Sprintf("employee %d's %s", r.id, a.what)); err != nil {
				return SocsoEis{}, err
			}
		}
		ic := digitsOf(r.idNumber)
		body.WriteString(fixedText(employer, 12) + fixedText("", 20) + ic + fixedText(upper, 150) + mmyyyy +
			strings.Join(amounts[:], "") + fixedText("", 14) + fixedText("", 20) + "\r\n")
		out.Rows = append(out.Rows, SocsoEisRow{EmployeeID: r.id, EmployeeName: name, IdentityNumber: ic, Wages: Money(r.wages),
			SocsoEmployer: Money(r.socsoER), SocsoEmployee: Money(r.socsoEE), EisEmployer: Money(r.eisER), EisEmployee: Money(r.eisEE),
			Lindung24: Money(r.lindung)})
	}
	out.Data = []byte(body.String())
	return out, nil
}

// SocsoEisRecord is one record of a PERKESO contribution file as read
// back, amounts in sen.
type SocsoEisRecord struct {
	EmployerCode, MyCoID, IdentityNumber, Name string
	Month, Year                                int
	Wages, SocsoEmployer, SocsoEmployee        int64
	EisEmployer, EisEmployee, Lindung24        int64
}

// ParseSocsoEis reads a PERKESO contribution file against the layout
// above: every record 278 characters ended by CR LF, the employer code
// and name present, the IC number 12 digits, the month MMYYYY, the
// amounts digits only, the fillers blank. It returns the records and
// every fault found, each naming its record and field.
func ParseSocsoEis(text string) ([]SocsoEisRecord, []error) {
	var recs []SocsoEisRecord
	var errs []error
	if text == "" {
		return nil, nil
	}
	if !strings.HasSuffix(text, "\r\n") {
		errs = append(errs, fmt.Errorf("the file does not end with CR LF"))
	}
	for i, line := range strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n") {
		n := i + 1
		bad := func(field, format string, args ...any) {
			errs = append(errs, fmt.Errorf("record %d, %s: %s", n, field, fmt.Sprintf(format, args...)))
		}
		if len(line) != SocsoEisRecordLength {
			bad("length", "%d characters, want %d", len(line), SocsoEisRecordLength)
			continue
		}
		num := func(field string, from, to int) int64 {
			s := line[from-1 : to]
			if strings.Trim(s, "0123456789") != "" {
				bad(field, "%q is not zero-filled digits", s)
				return 0
			}
			v, _ := strconv.ParseInt(s, 10, 64)
			return v
		}
		r := SocsoEisRecord{EmployerCode: strings.TrimRight(line[0:12], " "), MyCoID: strings.TrimRight(line[12:32], " "),
			IdentityNumber: line[32:44], Name: strings.TrimRight(line[44:194], " ")}
		if r.EmployerCode == "" || strings.HasPrefix(line[0:12], " ") {
			bad("employer code", "%q is not left-justified", line[0:12])
		}
		if strings.Trim(r.IdentityNumber, "0123456789") != "" {
			bad("IC number", "%q is not 12 digits", r.IdentityNumber)
		}
		if r.Name == "" || strings.HasPrefix(line[44:194], " ") {
			bad("name", "%q is not left-justified", r.Name)
		}
		r.Month, r.Year = int(num("month", 195, 196)), int(num("year", 197, 200))
		if r.Month < 1 || r.Month > 12 {
			bad("month", "%q is not MMYYYY", line[194:200])
		}
		r.Wages = num("wages", 201, 214)
		r.SocsoEmployer = num("SOCSO employer", 215, 220)
		r.SocsoEmployee = num("SOCSO employee", 221, 226)
		r.EisEmployer = num("EIS employer", 227, 232)
		r.EisEmployee = num("EIS employee", 233, 238)
		r.Lindung24 = num("SKBBK", 239, 244)
		if strings.Trim(line[244:], " ") != "" {
			bad("filler", "%q is not blank", line[244:])
		}
		recs = append(recs, r)
	}
	return recs, errs
}
