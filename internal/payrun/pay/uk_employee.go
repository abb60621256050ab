package pay

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/hmrcadjustment"
	"github.com/payrolld/payrolld/internal/uk/ni"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
)

// NI back calculation lines (internal/uk/ni): they add to the employee's
// and the employer's NI of the run (collectionsAfterTax).
const (
	KindNIEmployeeAdjustment = ni.KindEmployeeAdjustment
	KindNIEmployerAdjustment = ni.KindEmployerAdjustment
)

// ukCache holds what a run reads of its UK employees' own records, once
// per writer (one query each for the whole business): the NI category in
// force on the payment date (uk_ni_records), standing HMRC adjustments
// and pending NI back calculations.
type ukCache struct {
	categories map[int64]string
	hmrc       map[int64][]hmrcadjustment.RunLine
	niBack     map[int64][]ni.RunLine
	// UK workplace pension memberships in force in the run's period and
	// the employees with stored pension figures (uk_pension.go).
	pensions    map[int64]pensionmember.Member
	pensionRows map[int64]bool
}

func loadUK(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun) (*ukCache, error) {
	var c ukCache
	var err error
	if c.categories, err = ni.CategoriesOn(ctx, q, bizID, run.DatePaid); err != nil {
		return nil, err
	}
	if c.hmrc, err = hmrcadjustment.ForRun(ctx, q, bizID, run.ID, run.PeriodStarting, run.PeriodEnding); err != nil {
		return nil, err
	}
	if c.niBack, err = ni.AdjustmentsForRun(ctx, q, bizID, run.ID); err != nil {
		return nil, err
	}
	if c.pensions, err = pensionmember.ForPeriod(ctx, q, bizID, run.PeriodStarting, run.PeriodEnding); err != nil {
		return nil, err
	}
	if c.pensionRows, err = ukPensionRowsOfRun(ctx, q, run.ID); err != nil {
		return nil, err
	}
	return &c, nil
}

// ukEmployeeLines sets e's NI category to the one in force on the run's
// payment date (when the employee has NI records) and returns the lines
// of their standing HMRC adjustments and pending NI back calculations.
// Nothing outside the UK.
func (w *Writer) ukEmployeeLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) ([]line, error) {
	if region != calc.UK {
		return nil, nil
	}
	if w.uk == nil {
		c, err := loadUK(ctx, w.q, w.bizID, run)
		if err != nil {
			return nil, err
		}
		w.uk = c
	}
	if cat, ok := w.uk.categories[e.ID]; ok {
		e.NationalInsuranceCategory = cat
	}
	var out []line
	for _, a := range w.uk.hmrc[e.ID] {
		var l line
		l.Kind, l.CategoryName, l.Notes, l.ExternalID = KindHMRCAdjustment, "HMRC adjustment", a.Notes, a.ExternalID
		l.amount, l.Amount = a.Amount, a.Amount.MinorUnits()
		out = append(out, l)
	}
	for _, b := range w.uk.niBack[e.ID] {
		var l line
		l.Kind, l.CategoryName, l.Notes, l.ExternalID = b.Kind, "NI back calculation", b.Notes, b.ExternalID
		l.amount, l.Amount = b.Amount, b.Amount.MinorUnits()
		out = append(out, l)
	}
	return out, nil
}

// ukCategoryOn sets e's NI category to the one in force on the run's
// payment date, for the calculations outside the writer (explain, net to
// gross).
func ukCategoryOn(ctx context.Context, q *store.Queries, region string, bizID int64, run *store.PayRun, e *EmployeeRow) error {
	if region != calc.UK {
		return nil
	}
	cats, err := ni.CategoriesOn(ctx, q, bizID, run.DatePaid)
	if cat, ok := cats[e.ID]; ok && err == nil {
		e.NationalInsuranceCategory = cat
	}
	return err
}

// ukDirectorToDate is a director's NI-able pay and NI to date in their
// earnings period, which starts at start: the tax year's first day, or the
// tax week of an appointment during the year (proRata).
type ukDirectorToDate struct {
	start                          time.Time
	proRata                        bool
	niable, employeeNI, employerNI int64
}

// ukDirector sets a company director's NI on uk: the annual earnings
// period (nationalInsuranceCalculationMethod Cumulative, or empty) or the
// alternative method (NonCumulative: per period with the annual
// recalculation at the year's last period), and, for a director appointed
// during the tax year (appointmentStartDate), the pro-rata earnings period:
// the weeks from the tax week of appointment to the year's end (SSCR 2001
// reg 8; docs/reference/uk-directors-ni.md). A payment before the
// appointment is an ordinary employee's.
//
// A directorship that ended (appointmentEndDate) keeps the director's
// earnings period to the end of that tax year, also for pay as an
// employee afterwards and whether or not isCompanyDirector was cleared
// (SSCR 2001 reg 8(3); HMRC NIM12022, NIM12024); from the next tax year
// the employee's ordinary earnings period applies (NIM12024).
func ukDirector(e *EmployeeRow, paid time.Time, ue *calc.UKEmployee) {
	ended := e.AppointmentEndDate.Valid
	if ended {
		if from, _ := TaxYear(calc.UK, paid); payroll.DateOnly(e.AppointmentEndDate.Time).Before(from) {
			return
		}
	}
	if !strings.EqualFold(e.IsCompanyDirector, "true") && !ended {
		return
	}
	appointed := payroll.DateOnly(e.AppointmentStartDate.Time)
	if e.AppointmentStartDate.Valid && appointed.After(payroll.DateOnly(paid)) {
		return
	}
	ue.Director = true
	ue.DirectorNIMethod = calc.DirectorAnnual
	if uk.DirectorNIAlternative(e.NationalInsuranceCalculationMethod) {
		ue.DirectorNIMethod = calc.DirectorAlternative
	}
	if e.AppointmentStartDate.Valid {
		if week, ok := ukDirectorWeekOfAppointment(appointed, paid); ok {
			ue.DirectorWeeks = 53 - week // the week of appointment to week 52
			if week == 53 {
				ue.DirectorWeeks = 1
			}
		}
	}
}

// ukDirectorWeekOfAppointment is the tax week (1-53) of an appointment in
// the tax year of paid (false: appointed before the year began).
func ukDirectorWeekOfAppointment(appointed, paid time.Time) (int, bool) {
	from, _ := TaxYear(calc.UK, paid)
	if !appointed.After(from) {
		return 0, false
	}
	return int(appointed.Sub(from).Hours()/24)/7 + 1, true
}

// addUKDirectorsToDate gives each UK company director the pay their NI
// was worked on so far in their earnings period (the tax year, or from the
// tax week of appointment), which the annual and pro-rata methods add this
// period's NI-able pay to, and, for a director appointed during the year,
// the NI paid in that period. Gross to date would count pay given up by
// salary sacrifice and termination awards (ITEPA 2003 s 403), which are
// not NI earnings, and charge NI on them from the second payment on. One
// query of the directors' payments of the year.
func addUKDirectorsToDate(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, from time.Time, out map[int64]*YTD) error {
	if biz.Region != calc.UK {
		return nil
	}
	rows, err := q.UKDirectorsNIablePay(ctx, store.UKDirectorsNIablePayParams{BusinessID: biz.ID, PayRunID: run.ID, YearFrom: from, YearTo: run.DatePaid})
	if err != nil {
		return err
	}
	for _, r := range rows {
		y := ytdFor(out, r.EmployeeID)
		d := y.ukDirector
		if d == nil {
			d = &ukDirectorToDate{start: from}
			if r.AppointmentStartDate.Valid {
				appointed := payroll.DateOnly(r.AppointmentStartDate.Time)
				if week, ok := ukDirectorWeekOfAppointment(appointed, run.DatePaid); ok && !appointed.After(run.DatePaid) {
					d.start, d.proRata = from.AddDate(0, 0, 7*(week-1)), true
				}
			}
			y.ukDirector = d
		}
		if !r.DatePaid.Before(d.start) {
			d.niable += r.Niable
			d.employeeNI += r.NiEmployee
			d.employerNI += r.NiEmployer
		}
	}
	return nil
}

// ukYearToDate is the calculation's year to date of a UK employee: this
// employment's taxable pay and tax, their P45 figures (ukPreviousEmployment)
// and the NI to date of their earnings period.
func ukYearToDate(e *EmployeeRow, paid time.Time, y *YTD) calc.UKYearToDate {
	out := calc.UKYearToDate{TaxablePay: money(y.Taxable), TaxPaid: money(y.Tax), NIEarnings: money(y.Gross),
		EmployeeNI: money(y.NiEmployee), EmployerNI: money(y.NiEmployer)}
	if d := y.ukDirector; d != nil {
		out.NIEarnings = money(d.niable)
		if d.proRata {
			out.EmployeeNI, out.EmployerNI = money(d.employeeNI), money(d.employerNI)
		}
	}
	out.PreviousEmploymentPay, out.PreviousEmploymentTax = ukPreviousEmployment(e, paid)
	return out
}

// ukPreviousEmployment is a new starter's P45 pay and tax to date
// (previousEmployerTaxablePay, previousEmployerTaxWithheld) when they count
// in the tax year of paid (uk.P45Counts).
func ukPreviousEmployment(e *EmployeeRow, paid time.Time) (pay, tax payroll.Money) {
	if !e.PreviousEmployerTaxablePay.Valid && !e.PreviousEmployerTaxWithheld.Valid {
		return
	}
	from, _ := TaxYear(calc.UK, paid)
	if !uk.P45Counts(payroll.DateOnly(e.PreviousEmployerLeavingDate.Time), payroll.DateOnly(e.StartDate.Time),
		e.PreviousEmployerW1M1.Valid && e.PreviousEmployerW1M1.Bool, from) {
		return
	}
	return money(e.PreviousEmployerTaxablePay.Int64), money(e.PreviousEmployerTaxWithheld.Int64)
}

// ukP45Week1Month1: a new starter whose P45 of this tax year was operated
// on the week 1/month 1 basis has their code continued on that basis
// (HMRC's starter guidance; the P45's figures do not count either).
func ukP45Week1Month1(e *EmployeeRow, paid time.Time) bool {
	if !e.PreviousEmployerW1M1.Valid || !e.PreviousEmployerW1M1.Bool {
		return false
	}
	from, _ := TaxYear(calc.UK, paid)
	return uk.P45Counts(payroll.DateOnly(e.PreviousEmployerLeavingDate.Time), payroll.DateOnly(e.StartDate.Time), false, from)
}

// ukAfterLeaving operates a payment made after the employee left, in a
// period after the one their final pay (and P45) was in, as GOV.UK's
// "Employee leaving" says (docs/reference/uk-paye.md): tax code 0T (S0T,
// C0T) on the week 1/month 1 basis, and NI and student loans on a weekly
// earnings period when every payment is irregular (a bonus, holiday pay,
// back pay, a lump sum); regular pay, alone or with them, keeps the
// employee's own earnings period. Directors keep their NI rules.
func ukAfterLeaving(e *EmployeeRow, run *store.PayRun, earnings []calc.Earning, ue *calc.UKEmployee) {
	// A director on the alternative arrangements paid in or after the
	// period of leaving: the annual recalculation on this payment (SSCR
	// 2001 reg 8(3); docs/reference/uk-directors-ni.md).
	if ue.Director && ue.DirectorNIMethod == calc.DirectorAlternative && e.EndDate.Valid &&
		!payroll.DateOnly(e.EndDate.Time).After(payroll.DateOnly(run.PeriodEnding)) {
		ue.DirectorLeaving = true
	}
	if !e.EndDate.Valid || !payroll.DateOnly(e.EndDate.Time).Before(payroll.DateOnly(run.PeriodStarting)) {
		return
	}
	code := strings.ToUpper(strings.TrimSpace(e.TaxCode))
	switch {
	case strings.HasPrefix(code, "S"):
		ue.TaxCode = "S0T"
	case strings.HasPrefix(code, "C"):
		ue.TaxCode = "C0T"
	default:
		ue.TaxCode = "0T"
	}
	ue.Week1Month1 = true
	irregular := false
	for _, l := range earnings {
		if l.Amount.IsZero() {
			continue
		}
		switch l.Kind {
		case calc.Bonus, calc.Lumpsum, calc.BackPay, calc.UnusedLeave, calc.ETP:
			irregular = true
		default:
			return // regular pay: the usual earnings period
		}
	}
	ue.WeeklyEarningsPeriod = irregular && !ue.Director
}

// ukAwardThreshold is the part of a termination award exempt from income
// tax (ITEPA 2003 s 403(1)) and, as it is not earnings, from Class 1 NI.
var ukAwardThreshold = payroll.MustMoney("30000")

// ukTerminationAwards splits a UK termination award (lines of kind ETP,
// which calcInput marks not taxable) at £30,000 counting the awards paid
// before for the same employment: the excess is taxable but not earnings
// for Class 1 NI (ITEPA 2003 s 403(1); HMRC NIM02511, NIM13203), so its
// part of the lines is NotNIable, on which the calculation charges
// employer Class 1A NICs. It returns the excess paid in this run (minor
// units), which is taxable pay. The excess is taken from the last award
// lines first.
func ukTerminationAwards(in *calc.Input, before payroll.Money) int64 {
	var total payroll.Money
	for _, l := range in.Earnings {
		if l.Kind == calc.ETP {
			total = total.Add(l.Amount)
		}
	}
	zero := payroll.Money{}
	excess := before.Add(total).Sub(ukAwardThreshold).Max(zero).Sub(before.Sub(ukAwardThreshold).Max(zero))
	if !excess.IsPos() {
		return 0
	}
	out := make([]calc.Earning, len(in.Earnings), len(in.Earnings)+1)
	copy(out, in.Earnings)
	left := excess
	for i := len(out) - 1; i >= 0 && left.IsPos(); i-- {
		l := out[i]
		if l.Kind != calc.ETP || !l.Amount.IsPos() {
			continue
		}
		part := l.Amount
		if left.Less(part) {
			part = left
		}
		left = left.Sub(part)
		taxed := l
		taxed.Amount, taxed.NotTaxable, taxed.NotNIable = part, false, true
		if part.Cmp(l.Amount) == 0 {
			out[i] = taxed
			continue
		}
		out[i].Amount = l.Amount.Sub(part)
		out = append(out[:i+1], append([]calc.Earning{taxed}, out[i+1:]...)...)
	}
	in.Earnings = out
	return excess.MinorUnits()
}

// ukAwardsBefore is employee e's termination awards (earnings of kind
// ETP) paid by the business's other finalised runs since the employee's
// start date, when lines pay one; zero otherwise.
func ukAwardsBefore(ctx context.Context, q *store.Queries, bizID int64, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, lines []line) (payroll.Money, error) {
	if region != calc.UK {
		return payroll.Money{}, nil
	}
	pays := false
	for i := range lines {
		if lines[i].Kind == KindEarnings && lines[i].earningKind == calc.ETP {
			pays = true
		}
	}
	if !pays {
		return payroll.Money{}, nil
	}
	from := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	if e.StartDate.Valid {
		from = payroll.DateOnly(e.StartDate.Time)
	}
	rows, err := q.EmployeeEarningsByCategorySince(ctx, store.EmployeeEarningsByCategorySinceParams{SplitAt: run.DatePaid, BusinessID: bizID,
		EmployeeID: e.ID, PayRunID: run.ID, PaidFrom: from, PaidTo: run.DatePaid})
	if err != nil {
		return payroll.Money{}, err
	}
	var sum payroll.Money
	for _, r := range rows {
		if c, ok := cats.ByKind[KindEarnings][r.CategoryID]; ok && c.Kind == calc.ETP {
			sum = sum.Add(money(r.Amount))
		}
	}
	return sum, nil
}
