package employerreturns

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/forms"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// Service computes the P32 and keeps opening balances, adjustments and
// EPS submissions.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
	UK        *uk.UKCollections
}

// Kinds of stored P32 entries.
const (
	kindOpening    = "opening"
	kindAdjustment = "adjustment"
)

// P32Figures are the amounts of a tax month the employer may give: figures
// paid outside payrolld (opening balances) or adjustments to the computed
// ones. Statutory payments are the amounts paid to employees (recovery is
// computed); payBill is the earnings subject to Class 1 secondary NI the
// apprenticeship levy is charged on.
type P32Figures struct {
	PayeTax               payroll.Money `json:"payeTax"`
	StudentLoan           payroll.Money `json:"studentLoan"`
	PostgraduateLoan      payroll.Money `json:"postgraduateLoan"`
	EmployeeNI            payroll.Money `json:"employeeNI"`
	EmployerNI            payroll.Money `json:"employerNI"`
	SMPPaid               payroll.Money `json:"smpPaid"`
	SPPPaid               payroll.Money `json:"sppPaid"`
	SAPPaid               payroll.Money `json:"sapPaid"`
	ShPPPaid              payroll.Money `json:"shppPaid"`
	SPBPPaid              payroll.Money `json:"spbpPaid"`
	SNCPPaid              payroll.Money `json:"sncpPaid"`
	PayBill               payroll.Money `json:"payBill"`
	CISDeductionsSuffered payroll.Money `json:"cisDeductionsSuffered" doc:"CIS deductions suffered by the employer as a subcontractor, set against what it owes"`
	Class1ANICs           payroll.Money `json:"class1ANICs" doc:"employer Class 1A NICs on termination awards over £30,000, paid with the month's PAYE (HMRC NIM13203); the employment allowance is not set against them"`
}

// amounts are P32Figures in pence.
type amounts struct {
	tax, sl, pgl, niEE, niER int64
	stat                     [nStat]int64
	small                    [nStat]int64 // of stat: the payments Small Employers' Relief covers (smallEmployerRelief)
	payBill, cis             int64
	c1a                      int64 // Class 1A NICs on termination awards
}

// Statutory payments HMRC refunds, in EPS order.
var statNames = [...]string{"SMP", "SPP", "SAP", "ShPP", "SPBP", "SNCP"}

const nStat = len(statNames)

func (a *amounts) add(b amounts) {
	a.tax += b.tax
	a.sl += b.sl
	a.pgl += b.pgl
	a.niEE += b.niEE
	a.niER += b.niER
	for i := range a.stat {
		a.stat[i] += b.stat[i]
		a.small[i] += b.small[i]
	}
	a.payBill += b.payBill
	a.cis += b.cis
	a.c1a += b.c1a
}

func (f P32Figures) pence() amounts {
	return amounts{tax: f.PayeTax.MinorUnits(), sl: f.StudentLoan.MinorUnits(), pgl: f.PostgraduateLoan.MinorUnits(),
		niEE: f.EmployeeNI.MinorUnits(), niER: f.EmployerNI.MinorUnits(),
		stat:    [nStat]int64{f.SMPPaid.MinorUnits(), f.SPPPaid.MinorUnits(), f.SAPPaid.MinorUnits(), f.ShPPPaid.MinorUnits(), f.SPBPPaid.MinorUnits(), f.SNCPPaid.MinorUnits()},
		payBill: f.PayBill.MinorUnits(), cis: f.CISDeductionsSuffered.MinorUnits(), c1a: f.Class1ANICs.MinorUnits()}
}

func (a amounts) figures() P32Figures {
	return P32Figures{PayeTax: money(a.tax), StudentLoan: money(a.sl), PostgraduateLoan: money(a.pgl), EmployeeNI: money(a.niEE),
		EmployerNI: money(a.niER), SMPPaid: money(a.stat[0]), SPPPaid: money(a.stat[1]), SAPPaid: money(a.stat[2]),
		ShPPPaid: money(a.stat[3]), SPBPPaid: money(a.stat[4]), SNCPPaid: money(a.stat[5]), PayBill: money(a.payBill),
		CISDeductionsSuffered: money(a.cis), Class1ANICs: money(a.c1a)}
}

// validate checks pounds and pence; opening balances are never negative,
// adjustments may be.
func (f P32Figures) validate(v *payroll.Validation, prefix string, signed bool) {
	for name, m := range map[string]payroll.Money{"payeTax": f.PayeTax, "studentLoan": f.StudentLoan, "postgraduateLoan": f.PostgraduateLoan,
		"employeeNI": f.EmployeeNI, "employerNI": f.EmployerNI, "smpPaid": f.SMPPaid, "sppPaid": f.SPPPaid, "sapPaid": f.SAPPaid,
		"shppPaid": f.ShPPPaid, "spbpPaid": f.SPBPPaid, "sncpPaid": f.SNCPPaid, "payBill": f.PayBill, "cisDeductionsSuffered": f.CISDeductionsSuffered,
		"class1ANICs": f.Class1ANICs} {
		checkMoney(v, prefix+name, m, signed)
	}
}

func checkMoney(v *payroll.Validation, field string, m payroll.Money, signed bool) {
	switch {
	case !signed && m.IsNeg():
		v.Add(field, "%s must not be negative", field)
	case !m.Equal(m.Trunc(2)):
		v.Add(field, "%s must be in pounds and pence", field)
	case m.Abs().Cmp(payroll.MoneyFromInt(1_000_000_000)) > 0:
		v.Add(field, "%s is too large", field)
	}
}

// P32Month is one tax month of the Employer Payment Record.
type P32Month struct {
	TaxMonth    int              `json:"taxMonth" doc:"1 = 6 April to 5 May ... 12 = 6 March to 5 April"`
	PeriodStart payroll.DateTime `json:"periodStart"`
	PeriodEnd   payroll.DateTime `json:"periodEnd"`
	PayRunCount int              `json:"payRunCount" doc:"finalised pay runs paid in the month"`
	P32Figures
	StatutoryPaymentsPaid          payroll.Money     `json:"statutoryPaymentsPaid" doc:"SMP, SPP, SAP, ShPP, SPBP and SNCP paid"`
	StatutoryPaymentsRecovered     payroll.Money     `json:"statutoryPaymentsRecovered" doc:"92% of them, or 100% for a small employer"`
	NICCompensation                payroll.Money     `json:"nicCompensation" doc:"small employers' NIC compensation (108.5% - 100%)"`
	EmploymentAllowance            payroll.Money     `json:"employmentAllowance" doc:"claimed this month against employer NI"`
	ApprenticeshipLevy             payroll.Money     `json:"apprenticeshipLevy" doc:"levy due this month (year to date less what earlier months were due)"`
	ApprenticeshipLevyYTD          payroll.Money     `json:"apprenticeshipLevyYTD"`
	TotalDue                       payroll.Money     `json:"totalDue" doc:"tax + loans + employee and employer NI + levy - recovery - compensation - employment allowance - CIS suffered"`
	PaymentMade                    payroll.Money     `json:"paymentMade" doc:"what the employer recorded paying HMRC for the month"`
	PaymentDate                    *payroll.DateTime `json:"paymentDate" nullable:"true"`
	PaymentDueDate                 *payroll.DateTime `json:"paymentDueDate" nullable:"true" doc:"when HMRC must have the month's payment: the 22nd after the tax month ends when paid electronically (the 19th by post); null on the year's totals"`
	Outstanding                    payroll.Money     `json:"outstanding" doc:"totalDue - paymentMade"`
	Note                           string            `json:"note"`
	OpeningBalances                P32Figures        `json:"openingBalances" doc:"included above: figures paid outside payrolld"`
	Adjustments                    P32Figures        `json:"adjustments" doc:"included above: manual adjustments"`
	recovered, compensation        [nStat]int64
	levyYTD, payBillYTD, eaClaimed int64
	hasOpening                     bool
}

// PaymentDue is when HMRC must have the PAYE and NICs of the tax month
// ending on monthEnd (the 5th): cleared in its account by the 22nd of that
// month when paid electronically, by the 19th when paid by post
// (gov.uk/pay-paye-tax; docs/reference/uk-paye.md).
func PaymentDue(monthEnd time.Time, electronic bool) time.Time {
	day := 19
	if electronic {
		day = 22
	}
	return time.Date(monthEnd.Year(), monthEnd.Month(), day, 0, 0, 0, 0, time.UTC)
}

// P32Relief is the Small Employers' Relief test of one tax year: the
// payments whose qualifying week falls in the year after it are covered
// when its Class 1 NICs (employee and employer, before the employment
// allowance) were £45,000 or less.
type P32Relief struct {
	TaxYear    string        `json:"taxYear" doc:"the complete tax year before the qualifying week, e.g. 2025/26"`
	Class1NICs payroll.Money `json:"class1NICs" doc:"employee plus employer Class 1 NICs of the year's finalised pay runs and P32 opening balances; 0 when source is hmrcSettings"`
	Source     string        `json:"source" enum:"payRuns,hmrcSettings" doc:"payRuns: the NICs this business paid through payrolld that year; hmrcSettings: no runs or opening balances that year, hmrcsettings.claimSmallEmployersRelief decides"`
	Qualifies  bool          `json:"qualifies"`
}

// P32 is the Employer Payment Record of a tax year.
type P32 struct {
	TaxYear                      int           `json:"taxYear" doc:"calendar year the tax year starts in (2026 = 2026/27)"`
	TaxYearName                  string        `json:"taxYearName"`
	EmployerName                 string        `json:"employerName"`
	PayeReference                string        `json:"payeReference"`
	AccountsOfficeReference      string        `json:"accountsOfficeReference"`
	SmallEmployer                bool          `json:"smallEmployer" doc:"Small Employers' Relief covers some statutory payment of the year (smallEmployersRelief says which years' NICs decided it)"`
	SmallEmployersRelief         []P32Relief   `json:"smallEmployersRelief" doc:"for each tax year before a qualifying (or matching) week of the year's statutory payments: its Class 1 NICs and whether they were £45,000 or less"`
	RecoveryPercent              payroll.Rate  `json:"recoveryPercent"`
	NICCompensationPercent       payroll.Rate  `json:"nicCompensationPercent"`
	EmploymentAllowanceClaimed   bool          `json:"employmentAllowanceClaimed"`
	EmploymentAllowanceAvailable payroll.Money `json:"employmentAllowanceAvailable" doc:"the year's allowance less what was claimed in an earlier payroll"`
	EmploymentAllowanceUsed      payroll.Money `json:"employmentAllowanceUsed"`
	ApprenticeshipLevyApplies    bool          `json:"apprenticeshipLevyApplies" doc:"hmrcsettings.requiredToPayApprenticeshipLevy"`
	ApprenticeshipLevyAllowance  payroll.Money `json:"apprenticeshipLevyAllowance" doc:"annual; 1/12 accrues per tax month"`
	Months                       []P32Month    `json:"months"`
	Totals                       P32Month      `json:"totals" doc:"the year (taxMonth 0)"`
	MissingFigures               []string      `json:"missingFigures" doc:"rates the reference rules lack for this year (counted as 0)"`
}

func money(p int64) payroll.Money { return payroll.MoneyFromMinor(p) }

// pct is p × percent / 100 rounded half up to the penny.
func pct(p int64, percent payroll.Rate) int64 {
	return money(p).Mul(percent).DivInt(100).Cents().MinorUnits()
}

// monthDates are the first and last days of tax month m of year y.
func monthDates(y, m int) (time.Time, time.Time) {
	from := time.Date(y, time.April+time.Month(m-1), 6, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(0, 1, -1)
}

// taxMonthOf is the tax month (1-12) of a payment date.
func taxMonthOf(d time.Time) int {
	_, n := forms.TaxPeriod("Monthly", d)
	return n
}

func (s *Service) taxYear(v string) (int, error) {
	if v == "" {
		return uk.UKTaxYearOf(s.Clock.Now()), nil
	}
	y, ok := uk.ParseUKTaxYear(v)
	if !ok || y < 2000 || y > 2100 {
		return 0, payroll.Invalid("taxYear", "taxYear must be a tax year such as 2026 or 2026/27")
	}
	return y, nil
}

func gate(biz business.Business, what string) error {
	if !record.RegionIn(uk.UKRegion, biz.Region) {
		return record.RegionError(what, uk.UKRegion, biz)
	}
	return nil
}

// yearData is what a tax year's returns are computed from.
type yearData struct {
	year    int
	runs    []store.UKFormsYearRunsRow
	niable  forms.NIablePay // the pay each run's Class 1 NI was worked on
	stat    []store.UKFormsStatutoryPayRow
	small   []bool // per stat line: Small Employers' Relief covers it
	relief  []P32Relief
	opening map[int]store.UkP32Entry
	adjust  map[int]store.UkP32Entry
	hmrc    uk.UKHmrcSettings
	ea      uk.UKEmploymentAllowance
	figs    uk.UKReturnFigures
}

func (s *Service) load(ctx context.Context, biz business.Business, year int) (*yearData, error) {
	q := s.DB.Queries()
	from, to := uk.UKTaxYearDates(year)
	d := &yearData{year: year, opening: map[int]store.UkP32Entry{}, adjust: map[int]store.UkP32Entry{}, figs: uk.ReturnFigures(year)}
	var err error
	if d.runs, err = q.UKFormsYearRuns(ctx, store.UKFormsYearRunsParams{BusinessID: biz.ID, YearFrom: from, YearTo: to.AddDate(0, 0, 1)}); err != nil {
		return nil, err
	}
	if d.niable, err = forms.YearNIablePay(ctx, q, biz.ID, from, to.AddDate(0, 0, 1), 0, d.runs); err != nil {
		return nil, err
	}
	if d.stat, err = q.UKFormsStatutoryPay(ctx, store.UKFormsStatutoryPayParams{BusinessID: biz.ID, YearFrom: from, YearTo: to.AddDate(0, 0, 1)}); err != nil {
		return nil, err
	}
	for kind, into := range map[string]map[int]store.UkP32Entry{kindOpening: d.opening, kindAdjustment: d.adjust} {
		list, err := q.ListP32Entries(ctx, store.ListP32EntriesParams{BusinessID: biz.ID, TaxYear: int64(year), Kind: kind})
		if err != nil {
			return nil, err
		}
		for _, e := range list {
			into[int(e.TaxMonth)] = e
		}
	}
	if d.hmrc, err = s.UK.HmrcSettings(ctx, biz); err != nil {
		return nil, err
	}
	if err := d.smallEmployerRelief(ctx, q, biz.ID); err != nil {
		return nil, err
	}
	// The allowance is kept for 2014/15 (its first year) up to next
	// year; outside that range nothing is claimed.
	if cur := uk.UKTaxYearOf(s.Clock.Now()); year >= 2014 && year <= cur+1 {
		if d.ea, err = s.UK.EmploymentAllowanceOf(ctx, biz, year+1); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// entryAmounts are an opening balance's or adjustment's figures; their
// statutory payments count as Small Employers' Relief's when small.
func entryAmounts(e store.UkP32Entry, small bool) amounts {
	a := amounts{tax: e.PayeTax, sl: e.StudentLoan, pgl: e.PostgradLoan, niEE: e.NiEmployee, niER: e.NiEmployer,
		stat: [nStat]int64{e.Smp, e.Spp, e.Sap, e.Shpp, e.Spbp, e.Sncp}, payBill: e.PayBill, cis: e.CisSuffered, c1a: e.Class1aNic}
	if small {
		a.small = a.stat
	}
	return a
}

// statIndex maps a statutory pay line's external id
// (statutoryleave:<kind>:...) to its index in statNames (-1: not
// recoverable, e.g. SSP).
func statIndex(externalID string) int {
	parts := strings.Split(externalID, ":")
	if len(parts) < 2 {
		return -1
	}
	for i, n := range statNames {
		if strings.EqualFold(n, parts[1]) {
			return i
		}
	}
	return -1
}

// smallEmployerLimit is the Class 1 NICs of the tax year before the
// qualifying week at or below which an employer is a small employer:
// £45,000 (Statutory Maternity Pay (Compensation of Employers) and
// Miscellaneous Amendment Regulations 1994 reg 2; docs/reference/uk-rti.md
// "Small Employers' Relief").
const smallEmployerLimit = 45_000_00

// smallEmployerRelief decides, for each statutory pay line of the year,
// whether Small Employers' Relief covers it: the business's Class 1 NICs
// (employee and employer, Class 1A and 1B not counted, the employment
// allowance not deducted) in the last complete tax year before the
// payment's qualifying week (the matching week for adoption) were
// £45,000 or less. The NICs are those of the finalised pay runs paid in
// that year plus its P32 opening balances (months paid before payrolld);
// a year with neither, or a line whose period is not found, is decided by
// hmrcsettings.claimSmallEmployersRelief (the employer's own answer, as
// for a new employer or one whose earlier payroll was elsewhere).
func (d *yearData) smallEmployerRelief(ctx context.Context, q *store.Queries, bizID int64) error {
	byYear := map[int]*P32Relief{}
	test := func(y int) (*P32Relief, error) {
		if r, ok := byYear[y]; ok {
			return r, nil
		}
		from, to := uk.UKTaxYearDates(y)
		runs, err := q.UKFormsYearRuns(ctx, store.UKFormsYearRunsParams{BusinessID: bizID, YearFrom: from, YearTo: to.AddDate(0, 0, 1)})
		if err != nil {
			return nil, err
		}
		opening, err := q.ListP32Entries(ctx, store.ListP32EntriesParams{BusinessID: bizID, TaxYear: int64(y), Kind: kindOpening})
		if err != nil {
			return nil, err
		}
		var nics int64
		for _, r := range runs {
			nics += r.NiEmployee + r.NiEmployer
		}
		for _, e := range opening {
			nics += e.NiEmployee + e.NiEmployer
		}
		r := &P32Relief{TaxYear: uk.UKTaxYearName(y), Source: "payRuns", Class1NICs: money(nics), Qualifies: nics <= smallEmployerLimit}
		if len(runs) == 0 && len(opening) == 0 {
			r.Source, r.Class1NICs, r.Qualifies = "hmrcSettings", payroll.Money{}, d.hmrc.ClaimSmallEmployersRelief
		}
		byYear[y] = r
		d.relief = append(d.relief, *r)
		return r, nil
	}
	d.small = make([]bool, len(d.stat))
	for i, l := range d.stat {
		k, id, ok := statutoryleave.PeriodOfLine(l.ExternalID)
		if !ok {
			d.small[i] = d.hmrc.ClaimSmallEmployersRelief
			continue
		}
		p, err := q.GetStatutoryLeave(ctx, store.GetStatutoryLeaveParams{ID: id, BusinessID: bizID, EmployeeID: l.EmployeeID, Kind: string(k)})
		if db.IsNoRows(err) {
			d.small[i] = d.hmrc.ClaimSmallEmployersRelief
			continue
		} else if err != nil {
			return err
		}
		r, err := test(uk.UKTaxYearOf(statutoryleave.QualifyingWeekOf(p)) - 1)
		if err != nil {
			return err
		}
		d.small[i] = r.Qualifies
	}
	slices.SortFunc(d.relief, func(a, b P32Relief) int { return strings.Compare(a.TaxYear, b.TaxYear) })
	return nil
}

// compute builds the twelve months from the year's data. A small
// employer recovers all of a payment Small Employers' Relief covers plus
// compensation (108.5% = 100% + 8.5% NIC compensation), others the
// recovery rate (92%); opening balances and adjustments have no
// qualifying week and follow hmrcsettings.claimSmallEmployersRelief.
func (d *yearData) compute() P32 {
	rec := d.figs.RecoveryPercent
	smallRec, smallComp := payroll.RateFromInt(100), d.figs.SmallEmployerRecoveryPercent.Sub(payroll.RateFromInt(100))
	if smallComp.IsNeg() {
		smallComp = payroll.Rate{}
	}
	small := d.hmrc.ClaimSmallEmployersRelief
	for _, s := range d.small {
		small = small || s
	}
	shownRec, shownComp := rec, payroll.Rate{}
	if small {
		shownRec, shownComp = smallRec, smallComp
	}
	out := P32{TaxYear: d.year, TaxYearName: uk.UKTaxYearName(d.year), EmployerName: d.hmrc.BusinessName, PayeReference: d.hmrc.PayeReference,
		AccountsOfficeReference: d.hmrc.AccountsOfficeReference, SmallEmployer: small, RecoveryPercent: shownRec, NICCompensationPercent: shownComp,
		SmallEmployersRelief:       d.relief,
		EmploymentAllowanceClaimed: d.ea.IsClaimed, ApprenticeshipLevyApplies: d.hmrc.RequiredToPayApprenticeshipLevy,
		MissingFigures: d.figs.Missing}
	if out.MissingFigures == nil {
		out.MissingFigures = []string{}
	}
	if out.SmallEmployersRelief == nil {
		out.SmallEmployersRelief = []P32Relief{}
	}
	var computed [13]amounts
	var runCount [13]map[int64]bool
	runMonth := map[int64]int{}
	for _, r := range d.runs {
		m := taxMonthOf(r.DatePaid)
		runMonth[r.PayRunID] = m
		if runCount[m] == nil {
			runCount[m] = map[int64]bool{}
		}
		runCount[m][r.PayRunID] = true
		c := &computed[m]
		c.tax += r.Tax
		c.sl += r.StudentLoan
		c.pgl += r.PostgradLoan
		c.niEE += r.NiEmployee
		c.niER += r.NiEmployer
		c.c1a += r.Class1aNic
		// The levy's pay bill is earnings liable to Class 1 secondary
		// NICs: the pay the run's NI was worked on, without a termination
		// award (ITEPA 2003 s 403: not earnings).
		c.payBill += d.niable.Of(r.EmployeeID, r.PayRunID)
	}
	for n, l := range d.stat {
		if i := statIndex(l.ExternalID); i >= 0 {
			if m, ok := runMonth[l.PayRunID]; ok {
				computed[m].stat[i] += l.Amount
				if d.small[n] {
					computed[m].small[i] += l.Amount
				}
			}
		}
	}
	eaLeft := int64(0)
	var eaFrom time.Time
	if d.ea.IsClaimed {
		eaLeft = d.figs.EmploymentAllowance - d.ea.EmpAllowanceClaimedInPreviousPayrollPeriod.MinorUnits()
		eaLeft = max(eaLeft, 0)
		eaFrom = d.ea.EmpAllowanceEffectiveDate.Time
	}
	out.EmploymentAllowanceAvailable = money(eaLeft)
	levyAllowance := d.figs.LevyAllowance
	if d.hmrc.ApprenticeshipLevyAllowance != nil {
		levyAllowance = d.hmrc.ApprenticeshipLevyAllowance.MinorUnits()
	}
	out.ApprenticeshipLevyAllowance = money(levyAllowance)
	var total amounts
	var levyYTD, payBillYTD int64
	tm := P32Month{}
	for m := 1; m <= 12; m++ {
		from, to := monthDates(d.year, m)
		a := computed[m]
		op, adj := entryAmounts(d.opening[m], d.hmrc.ClaimSmallEmployersRelief), entryAmounts(d.adjust[m], d.hmrc.ClaimSmallEmployersRelief)
		a.add(op)
		a.add(adj)
		total.add(a)
		dueBy := payroll.NewDateTime(PaymentDue(to, true))
		pm := P32Month{TaxMonth: m, PeriodStart: payroll.NewDateTime(from), PeriodEnd: payroll.NewDateTime(to), PayRunCount: len(runCount[m]),
			P32Figures: a.figures(), OpeningBalances: op.figures(), Adjustments: adj.figures(), Note: d.adjust[m].Note, hasOpening: op != amounts{},
			PaymentDueDate: &dueBy}
		if pm.Note == "" {
			pm.Note = d.opening[m].Note
		}
		var paid, recovered, compensation int64
		for i := range statNames {
			pm.recovered[i] = pct(a.small[i], smallRec) + pct(a.stat[i]-a.small[i], rec)
			pm.compensation[i] = pct(a.small[i], smallComp)
			paid += a.stat[i]
			recovered += pm.recovered[i]
			compensation += pm.compensation[i]
		}
		// Employment allowance: set against the month's employer NI until
		// the year's allowance is used up.
		var ea int64
		if eaLeft > 0 && a.niER > 0 && (eaFrom.IsZero() || !to.Before(eaFrom)) {
			ea = min(a.niER, eaLeft)
			eaLeft -= ea
		}
		// Apprenticeship levy, cumulatively: 0.5% of the pay bill to date
		// less the allowance accrued to date (1/12 a month), never below
		// nothing; the month owes the increase on the month before.
		payBillYTD += a.payBill
		var levy int64
		if d.hmrc.RequiredToPayApprenticeshipLevy {
			due := max(pct(payBillYTD, d.figs.LevyPercent)-levyAllowance*int64(m)/12, 0)
			levy = due - levyYTD
			levyYTD = due
		}
		adjPay := d.adjust[m]
		pm.StatutoryPaymentsPaid, pm.StatutoryPaymentsRecovered, pm.NICCompensation = money(paid), money(recovered), money(compensation)
		pm.EmploymentAllowance, pm.ApprenticeshipLevy, pm.ApprenticeshipLevyYTD = money(ea), money(levy), money(levyYTD)
		pm.levyYTD, pm.payBillYTD, pm.eaClaimed = levyYTD, payBillYTD, ea
		due := a.tax + a.sl + a.pgl + a.niEE + a.niER + a.c1a + levy - recovered - compensation - ea - a.cis
		pm.TotalDue = money(due)
		pm.PaymentMade = money(adjPay.PaymentMade)
		if adjPay.PaymentDate.Valid {
			pm.PaymentDate = &payroll.DateTime{}
			*pm.PaymentDate = payroll.NewDateTime(adjPay.PaymentDate.Time)
		}
		pm.Outstanding = money(due - adjPay.PaymentMade)
		out.Months = append(out.Months, pm)
		tm.PayRunCount += pm.PayRunCount
		for i := range statNames {
			tm.recovered[i] += pm.recovered[i]
			tm.compensation[i] += pm.compensation[i]
		}
		tm.StatutoryPaymentsPaid = tm.StatutoryPaymentsPaid.Add(pm.StatutoryPaymentsPaid)
		tm.StatutoryPaymentsRecovered = tm.StatutoryPaymentsRecovered.Add(pm.StatutoryPaymentsRecovered)
		tm.NICCompensation = tm.NICCompensation.Add(pm.NICCompensation)
		tm.EmploymentAllowance = tm.EmploymentAllowance.Add(pm.EmploymentAllowance)
		tm.ApprenticeshipLevy = tm.ApprenticeshipLevy.Add(pm.ApprenticeshipLevy)
		tm.TotalDue = tm.TotalDue.Add(pm.TotalDue)
		tm.PaymentMade = tm.PaymentMade.Add(pm.PaymentMade)
		tm.Outstanding = tm.Outstanding.Add(pm.Outstanding)
		tm.OpeningBalances = addFigures(tm.OpeningBalances, op)
		tm.Adjustments = addFigures(tm.Adjustments, adj)
	}
	from, to := uk.UKTaxYearDates(d.year)
	tm.PeriodStart, tm.PeriodEnd = payroll.NewDateTime(from), payroll.NewDateTime(to)
	tm.P32Figures = total.figures()
	tm.ApprenticeshipLevyYTD = money(levyYTD)
	out.Totals = tm
	out.EmploymentAllowanceUsed = tm.EmploymentAllowance
	return out
}

func addFigures(f P32Figures, a amounts) P32Figures {
	b := f.pence()
	b.add(a)
	return b.figures()
}

// P32 returns the Employer Payment Record of a tax year ("" = current).
func (s *Service) P32(ctx context.Context, biz business.Business, taxYear string) (_ P32, err error) {
	defer payroll.Wrap(&err, "P32")
	if err := gate(biz, "P32 reports"); err != nil {
		return P32{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P32{}, err
	}
	d, err := s.load(ctx, biz, y)
	if err != nil {
		return P32{}, err
	}
	return d.compute(), nil
}

// P32MonthUpdate is one month of PUT report/p32: the payment made to HMRC
// for the month and adjustments added to the computed figures.
type P32MonthUpdate struct {
	TaxMonth    int               `json:"taxMonth" doc:"1-12 (1 = 6 April to 5 May)"`
	PaymentMade payroll.Money     `json:"paymentMade" doc:"what was paid to HMRC for the month"`
	PaymentDate *payroll.DateTime `json:"paymentDate" nullable:"true"`
	Note        string            `json:"note" maxLength:"500"`
	P32Figures
}

// P32Update is the body of PUT report/p32: the months given replace what
// was stored for them; months not given are left as they are.
type P32Update struct {
	Adjustments []P32MonthUpdate `json:"adjustments" doc:"one entry per tax month to update"`
}

// P32OpeningBalancesMonth is one month of figures paid outside payrolld.
type P32OpeningBalancesMonth struct {
	TaxMonth int    `json:"taxMonth" doc:"1-12 (1 = 6 April to 5 May)"`
	Note     string `json:"note" maxLength:"500"`
	P32Figures
}

// P32OpeningBalances is the body and answer of report/p32/openingbalancesadjustments.
type P32OpeningBalances struct {
	TaxYear     int                       `json:"taxYear" readOnly:"true"`
	TaxYearName string                    `json:"taxYearName" readOnly:"true"`
	Months      []P32OpeningBalancesMonth `json:"months"`
}

func checkMonth(v *payroll.Validation, field string, m int, seen map[int]bool) {
	if m < 1 || m > 12 {
		v.Add(field, "taxMonth must be between 1 and 12")
	} else if seen[m] {
		v.Add(field, "tax month %d is given twice", m)
	}
	seen[m] = true
}

func by(p *payroll.Principal) string {
	if p == nil {
		return ""
	}
	return p.Username
}

func (s *Service) upsert(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, y, m int, kind, note string,
	a amounts, paid int64, paidOn sql.NullTime) error {
	_, err := q.UpsertP32Entry(ctx, store.UpsertP32EntryParams{BusinessID: biz.ID, TaxYear: int64(y), TaxMonth: int64(m), Kind: kind,
		PayeTax: a.tax, StudentLoan: a.sl, PostgradLoan: a.pgl, NiEmployee: a.niEE, NiEmployer: a.niER,
		Smp: a.stat[0], Spp: a.stat[1], Sap: a.stat[2], Shpp: a.stat[3], Spbp: a.stat[4], Sncp: a.stat[5],
		PayBill: a.payBill, CisSuffered: a.cis, Class1aNic: a.c1a, PaymentMade: paid, PaymentDate: paidOn, Note: note, UpdatedBy: by(p), UpdatedAt: s.Clock.Now()})
	return err
}

// UpdateP32 stores payments and adjustments of months and returns the P32.
func (s *Service) UpdateP32(ctx context.Context, biz business.Business, p *payroll.Principal, taxYear string, in P32Update) (_ P32, err error) {
	defer payroll.Wrap(&err, "update P32")
	if err := gate(biz, "P32 reports"); err != nil {
		return P32{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P32{}, err
	}
	var v payroll.Validation
	if len(in.Adjustments) == 0 {
		v.Add("adjustments", "adjustments is required: one entry per tax month to update")
	}
	seen := map[int]bool{}
	for i, m := range in.Adjustments {
		prefix := "adjustments[" + strconv.Itoa(i) + "]."
		checkMonth(&v, prefix+"taxMonth", m.TaxMonth, seen)
		checkMoney(&v, prefix+"paymentMade", m.PaymentMade, false)
		v.MaxLen(prefix+"note", m.Note, 500)
		m.P32Figures.validate(&v, prefix, true)
		if m.PaymentDate != nil && !m.PaymentDate.IsZero() && m.PaymentMade.IsZero() {
			v.Add(prefix+"paymentDate", "a payment date needs paymentMade")
		}
	}
	if err := v.Err(); err != nil {
		return P32{}, err
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		for _, m := range in.Adjustments {
			var on sql.NullTime
			if m.PaymentDate != nil && !m.PaymentDate.IsZero() {
				on = sql.NullTime{Time: m.PaymentDate.Time, Valid: true}
			}
			if err := s.upsert(ctx, q, biz, p, y, m.TaxMonth, kindAdjustment, m.Note, m.P32Figures.pence(), m.PaymentMade.MinorUnits(), on); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return P32{}, err
	}
	return s.P32(ctx, biz, strconv.Itoa(y))
}

// OpeningBalancesOf returns the twelve months' opening balances.
func (s *Service) OpeningBalancesOf(ctx context.Context, biz business.Business, taxYear string) (_ P32OpeningBalances, err error) {
	defer payroll.Wrap(&err, "P32 opening balances")
	if err := gate(biz, "P32 reports"); err != nil {
		return P32OpeningBalances{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P32OpeningBalances{}, err
	}
	list, err := s.DB.Queries().ListP32Entries(ctx, store.ListP32EntriesParams{BusinessID: biz.ID, TaxYear: int64(y), Kind: kindOpening})
	if err != nil {
		return P32OpeningBalances{}, err
	}
	byMonth := map[int]store.UkP32Entry{}
	for _, e := range list {
		byMonth[int(e.TaxMonth)] = e
	}
	out := P32OpeningBalances{TaxYear: y, TaxYearName: uk.UKTaxYearName(y)}
	for m := 1; m <= 12; m++ {
		e := byMonth[m]
		out.Months = append(out.Months, P32OpeningBalancesMonth{TaxMonth: m, Note: e.Note, P32Figures: entryAmounts(e, false).figures()})
	}
	return out, nil
}

// SetOpeningBalances replaces the opening balances of the months given.
func (s *Service) SetOpeningBalances(ctx context.Context, biz business.Business, p *payroll.Principal, taxYear string, in P32OpeningBalances) (_ P32OpeningBalances, err error) {
	defer payroll.Wrap(&err, "P32 opening balances")
	if err := gate(biz, "P32 reports"); err != nil {
		return P32OpeningBalances{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P32OpeningBalances{}, err
	}
	var v payroll.Validation
	if len(in.Months) == 0 {
		v.Add("months", "months is required: one entry per tax month to set")
	}
	seen := map[int]bool{}
	for i, m := range in.Months {
		prefix := "months[" + strconv.Itoa(i) + "]."
		checkMonth(&v, prefix+"taxMonth", m.TaxMonth, seen)
		v.MaxLen(prefix+"note", m.Note, 500)
		m.P32Figures.validate(&v, prefix, false)
	}
	if err := v.Err(); err != nil {
		return P32OpeningBalances{}, err
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		for _, m := range in.Months {
			if err := s.upsert(ctx, q, biz, p, y, m.TaxMonth, kindOpening, m.Note, m.P32Figures.pence(), 0, sql.NullTime{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return P32OpeningBalances{}, err
	}
	return s.OpeningBalancesOf(ctx, biz, strconv.Itoa(y))
}
