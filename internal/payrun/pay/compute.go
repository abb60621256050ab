package pay

import (
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// EmployeeRow is what the calculation reads of an employee.
type EmployeeRow = store.ListPayScheduleEmployeesRow

// frequencies: periods per year and weeks per period of a schedule
// frequency, and the calc frequency it is computed as.
var frequencies = map[string]struct {
	perYear int64
	weeks   payroll.Rate
	calc    calc.Frequency
}{
	"Weekly":      {52, payroll.MustRate("1"), calc.Weekly},
	"Fortnightly": {26, payroll.MustRate("2"), calc.Fortnightly},
	"FourWeekly":  {13, payroll.MustRate("4"), calc.FourWeekly},
	"Monthly":     {12, payroll.RateFromInt(52).Div(payroll.RateFromInt(12)), calc.Monthly},
	"Quarterly":   {4, payroll.MustRate("13"), calc.Quarterly},
	"Annually":    {1, payroll.MustRate("52"), calc.Annually},
}

// PeriodStart is the first day of the period ending on end.
func PeriodStart(freq string, end time.Time) time.Time {
	switch freq {
	case "Weekly":
		return end.AddDate(0, 0, -6)
	case "Fortnightly":
		return end.AddDate(0, 0, -13)
	case "FourWeekly":
		return end.AddDate(0, 0, -27)
	case "Monthly":
		return monthsBefore(end, 1).AddDate(0, 0, 1)
	case "Quarterly":
		return monthsBefore(end, 3).AddDate(0, 0, 1)
	case "Annually":
		return monthsBefore(end, 12).AddDate(0, 0, 1)
	}
	return end
}

// monthsBefore is the same day n months before d, or that month's last
// day when it is shorter; from a month's last day, the last day of the
// month n months before. So a month ending 31 July starts on 1 July and
// one ending 28 February on 1 February (time.AddDate overflowed 31 June
// into 1 July and started the period on 2 July).
func monthsBefore(d time.Time, n int) time.Time {
	first := time.Date(d.Year(), d.Month()-time.Month(n), 1, d.Hour(), d.Minute(), d.Second(), d.Nanosecond(), d.Location())
	last := first.AddDate(0, 1, -1).Day()
	if d.AddDate(0, 0, 1).Day() == 1 {
		return first.AddDate(0, 0, last-1)
	}
	return first.AddDate(0, 0, min(d.Day(), last)-1)
}

// line is one pay run line in memory.
type line struct {
	store.PayRunLine
	units, rate payroll.Rate
	amount      payroll.Money
	hours       payroll.Rate // hours worked (leave accrual); zero when the line has none
	earningKind calc.EarningKind
	cat         *Category // the line's category (nil: unknown); AU reads its members
	standard    bool      // the employee's standard earnings (standardEarnings): UK statutory absence reduces it
	// A standard line's days (standardLines: the part of the period paid
	// at its rate) and its units, hours and amount before approved leave
	// came out of them: UK statutory absence reduces the line for the
	// absent working days among its own days, from these (applyAbsence).
	from, to             time.Time
	fullUnits, fullHours payroll.Rate
	fullAmount           payroll.Money
	// fullPeriod: what a standard line pays for a whole period when AU
	// employment starts or ends inside it (employedShare); zero otherwise.
	fullPeriod payroll.Money
	// rateUnit: a standard line's rate unit (employedShare pays Hourly
	// and Daily lines by the working days employed).
	rateUnit string
	// leaveCat: a line paying approved leave, its leave category (NZ
	// annual holidays are paid at the greater of OWP and AWE).
	leaveCat *categories.LeaveCategory
	// protect: a UK standing deduction's protected earnings (an
	// attachment of earnings order: uk_protected_earnings.go); nil: none.
	protect *protectedEarnings
}

// standardEarnings is the employee's pay for one period from their own
// members: rate in rateUnit, hours per week, prorated to the frequency.
// No rate = no line.
func standardEarnings(e *EmployeeRow, freq string, cat Category) (line, bool) {
	f, ok := frequencies[freq]
	if !ok || !e.Rate.Valid {
		return line{}, false
	}
	rate, err := payroll.ParseRate(e.Rate.String)
	if err != nil || !rate.IsPos() {
		return line{}, false
	}
	hpw := payroll.Rate{}
	if e.HoursPerWeek.Valid {
		hpw, _ = payroll.ParseRate(e.HoursPerWeek.String)
	}
	hours := hpw.Mul(f.weeks)
	one := payroll.RateFromInt(1)
	var amount payroll.Money
	units, unitRate := hours, rate
	switch e.RateUnit {
	case "Hourly":
		amount = payroll.MoneyFromDecimal(hours.Mul(rate).Decimal()).Cents()
	case "Annually":
		amount = payroll.MoneyFromDecimal(rate.Decimal()).DivInt(f.perYear).Cents()
		units, unitRate = one, payroll.RateFromDecimal(amount.Decimal())
	case "Monthly":
		amount = payroll.MoneyFromDecimal(rate.Decimal()).MulInt(12).DivInt(f.perYear).Cents()
		units, unitRate = one, payroll.RateFromDecimal(amount.Decimal())
	case "Weekly":
		amount = payroll.MoneyFromDecimal(rate.Mul(f.weeks).Decimal()).Cents()
		units, unitRate = f.weeks, rate
	case "Daily":
		days := payroll.RateFromInt(5)
		if e.HoursPerDay.Valid && hpw.IsPos() {
			if hpd, err := payroll.ParseRate(e.HoursPerDay.String); err == nil && hpd.IsPos() {
				days = hpw.Div(hpd)
			}
		}
		units = days.Mul(f.weeks)
		amount = payroll.MoneyFromDecimal(units.Mul(rate).Decimal()).Cents()
	case "Fixed":
		amount = payroll.MoneyFromDecimal(rate.Decimal()).Cents()
		units = one
	default:
		return line{}, false
	}
	l := line{units: units, rate: unitRate, amount: amount, earningKind: cat.Kind, standard: true, cat: &cat, rateUnit: e.RateUnit}
	l.Kind = KindEarnings
	l.CategoryID, l.CategoryName, l.TaxExempt = cat.ID, cat.Name, cat.TaxExempt
	l.Units, l.Rate, l.Amount = units.RoundHalfUp(4).String(), unitRate.RoundHalfUp(4).String(), amount.MinorUnits()
	// The period's standard hours, whatever the rate unit (leave accrual
	// and the run's total hours read them).
	l.hours = hours
	return l, true
}

// figures are one employee's computed amounts (minor units).
type figures struct {
	hoursE4                              int64
	gross, preTax, taxable, postTax, tax int64
	stsl, super, superBase               int64
	niEE, niER, studentLoan, pgLoan      int64
	class1A                              int64 // UK employer Class 1A NICs on a termination award past £30,000
	sacrificed                           int64 // AU: salary sacrificed to super by deduction lines (paid to the fund)
	ksEE, ksER, esct, acc                int64
	cpfEE, cpfER, cpfOW, cpfAW, sdl      int64
	net, expenses, liabilities           int64
	pension                              ukPensionFigures // UK workplace pension (uk_pension.go)
	my                                   myFigures        // Malaysia (my_employee.go); PCB is tax
	calcError                            string
	// nzShortfall: what a joiner's or leaver's standard lines would pay
	// for the whole period beyond what they pay (NZ ESCT estimate).
	nzShortfall int64
	// nzOver: the line taking back NZ child support typed over the
	// protected net earnings limit, to be stored (nz_child_support.go).
	nzOver *line

	niable sql.NullInt64 // UK: the pay Class 1 NI was worked on (writer.go ukNIablePay); null elsewhere
}

// compute works out one employee's pay from their lines: earnings,
// deductions (pre-tax when the category is tax exempt), expenses,
// liabilities and tax adjustments, then the region's statutory figures.
// A calculation error (missing tax settings, a frequency the region's
// rules do not cover) is kept as the employee's calcError with the
// statutory figures zero; finalise refuses a run with such an employee.
// x are the employee's region records (nil: none): UK pension membership,
// Malaysian statutory details, what an AU calculation reads beyond the
// lines (termination and earlier ETPs: au_termination.go).
func compute(region string, run *store.PayRun, e *EmployeeRow, lines []line, y *YTD, x *extras) figures {
	in, f, taxAdjust := regionCalcInput(region, run, lines, x)
	err := linesRefused(region, run, lines)
	if err == nil {
		var res calc.Result
		res, err = statutory(region, run, e, &in, y, &f, x)
		if err == nil && in.UK != nil && len(in.UK.PayrolledBenefits) > 0 {
			ukPayrolledAmounts(lines, &res) // uk_payrolled_benefits.go
		}
	}
	if err != nil {
		f = figures{hoursE4: f.hoursE4, gross: f.gross, preTax: f.preTax, taxable: f.taxable, postTax: f.postTax,
			expenses: f.expenses, liabilities: f.liabilities, calcError: err.Error()}
	}
	if region == calc.NZ && f.calcError == "" {
		f.nzOver = nzProtectedNetEarnings(lines, &f) // nz_child_support.go
	}
	if region == calc.UK && f.calcError == "" {
		ukProtectedEarnings(lines, &f) // uk_protected_earnings.go
	}
	collectionsAfterTax(lines, &f)
	f.tax += taxAdjust
	f.net = f.gross - f.preTax - f.postTax - f.withheld()
	return f
}

// linesRefused says why the employee's lines cannot be paid at all, before
// anything is calculated (nil: they can): SG director's fees (sg_cpf.go),
// an AU s 45 child support deduction without the year's protected earnings
// amount (au_child_support.go).
func linesRefused(region string, run *store.PayRun, lines []line) error {
	switch region {
	case calc.SG:
		return sgDirectorsFeesRefused(lines)
	case calc.AU:
		return auProtectedEarningsGap(run, lines)
	}
	return nil
}

// regionCalcInput is calcInput completed with what the region reads from
// the lines beyond it: AU lump sum members and termination (au_pay.go), SG
// commission periods (sg_cpf.go: a commission for more than a month is AW).
// compute and explainCalc both start here, so an explanation is of the
// same input.
func regionCalcInput(region string, run *store.PayRun, lines []line, x *extras) (calc.Input, figures, int64) {
	in, f, taxAdjust := calcInput(region, run, lines)
	switch region {
	case calc.AU:
		auInput(&in, lines, x.auInputs())
	case calc.SG:
		sgCommissionPeriods(&in, lines)
	}
	return in, f, taxAdjust
}

// calcInput is the calculation's input for an employee-period's lines
// (earnings, pre-tax deductions and salary sacrifice) with the figures the
// lines themselves give, and the sum of the tax adjustment lines
// (regionCalcInput completes it).
func calcInput(region string, run *store.PayRun, lines []line) (calc.Input, figures, int64) {
	var f figures
	var hours payroll.Rate
	in := calc.Input{Region: region, PaymentDate: run.DatePaid}
	if fr, ok := frequencies[run.Frequency]; ok {
		in.Frequency = fr.calc
	} else {
		in.Frequency = calc.Frequency(run.Frequency)
	}
	var taxAdjust int64
	for i := range lines {
		l := &lines[i]
		switch l.Kind {
		case KindEarnings:
			f.gross += l.Amount
			hours = hours.Add(l.hours)
			if l.standard && l.fullPeriod.MinorUnits() > l.Amount {
				f.nzShortfall += l.fullPeriod.MinorUnits() - l.Amount
			}
			// A UK termination award (ETP kind) is neither taxable nor
			// NI-able up to £30,000 (ukTerminationAwards taxes the excess).
			award := region == calc.UK && l.earningKind == calc.ETP
			// A UK pension opt-out refund: never pensionable; NI-able only
			// as restored salary sacrifice (uk_pension_optout.go).
			refund, refundNI := ukPensionRefund(l)
			in.Earnings = append(in.Earnings, calc.Earning{Category: l.CategoryName, Kind: l.earningKind, Amount: money(l.Amount),
				Hours: l.hours, NotTaxable: l.TaxExempt || award, NotPensionable: refund, NotNIable: refund && !refundNI})
			if l.TaxExempt || award || (l.cat != nil && l.cat.AU.TaxFree) {
				f.taxable -= l.Amount
			}
		case KindDeduction:
			if l.TaxExempt {
				f.preTax += l.Amount
			} else {
				f.postTax += l.Amount
			}
			if l.Subtype == SubtypeSalarySacrifice {
				f.sacrificed += l.Amount
			}
		case KindExpense:
			f.expenses += l.Amount
		case KindLiability:
			f.liabilities += l.Amount
		case KindTaxAdjustment:
			taxAdjust += l.Amount
		}
	}
	collectionsBeforeTax(lines, &f) // collections_calc.go
	if region == calc.UK {
		// The payrolled benefits (uk_payrolled_benefits.go), kept on
		// in.UK until statutory sets the employee's settings.
		if b := ukPayrolledInput(lines); len(b) > 0 {
			in.UK = &calc.UKEmployee{PayrolledBenefits: b}
		}
	}
	f.hoursE4 = hoursToE4(hours)
	f.taxable += f.gross - f.preTax
	in.PreTax = money(f.preTax)
	return in, f, taxAdjust
}

// withheld is every employee-side statutory amount taken from pay.
func (f *figures) withheld() int64 {
	return f.tax + f.niEE + f.studentLoan + f.pgLoan + f.ksEE + f.acc + f.cpfEE + f.pension.deducted + f.my.withheld()
}

// statutory fills the region's figures from calc, and returns calc's
// result (y nil: nothing paid yet this year).
func statutory(region string, run *store.PayRun, e *EmployeeRow, in *calc.Input, y *YTD, f *figures, x *extras) (calc.Result, error) {
	if y == nil {
		y = &YTD{}
	}
	switch region {
	case calc.AU:
		extra := in.AU // what auInput added (termination, earlier ETPs)
		in.AU = auEmployee(e)
		in.AU.YTD = calc.AUToDate{Earnings: money(y.Taxable), SuperBase: money(y.SuperBase)}
		auEmployeeExtras(in.AU, extra)
		res, err := engine.Calculate(in)
		if err != nil {
			return res, err
		}
		if sg, ok := res.Get("super.guarantee"); ok && hasTerm(sg, "base already counted this quarter") && y.QuarterSuperBase != y.SuperBase {
			// The year's rules cap the super base per quarter.
			in.AU.YTD.SuperBase = money(y.QuarterSuperBase)
			if res, err = engine.Calculate(in); err != nil {
				return res, err
			}
		}
		f.tax = amount(&res, "payg")
		// A per-km car allowance within the ATO rate, and overtime meal
		// allowances within the reasonable amount, are not withheld from
		// (calc/au carAllowanceFree, mealAllowanceFree): out of the
		// taxable earnings too.
		f.taxable -= amount(&res, "allowance.car.free") + amount(&res, "allowance.meals.free")
		f.stsl = amount(&res, "stsl") + amount(&res, "stsl.schedule5") + amount(&res, "stsl.schedule7")
		if sg, ok := res.Get("super.guarantee"); ok {
			f.super = sg.Amount.MinorUnits()
			f.superBase = term(sg, "base this pay")
		}
		f.super += amount(&res, "super.additional") + f.sacrificed
		return res, nil
	case calc.UK:
		uk, err := ukEmployee(e)
		if err != nil {
			return calc.Result{}, err
		}
		if in.UK != nil {
			uk.PayrolledBenefits = in.UK.PayrolledBenefits // calcInput's (uk_payrolled_benefits.go)
		}
		in.UK = uk
		ukDirector(e, run.DatePaid, uk) // uk_employee.go
		uk.Week1Month1 = uk.Week1Month1 || ukP45Week1Month1(e, run.DatePaid)
		ukAfterLeaving(e, run, in.Earnings, uk) // uk_employee.go
		// A termination award's excess over £30,000: taxable, Class 1A.
		f.taxable += ukTerminationAwards(in, x.ukAwards())
		in.UK.YTD = ukYearToDate(e, run.DatePaid, y) // uk_employee.go
		in.Period = ukPeriod(run.Frequency, run.DatePaid)
		pen, err := ukPostponed(e, run, x.pension()) // uk_pension.go
		if err != nil {
			return calc.Result{}, err
		}
		res, err := ukCalculate(in, pen, f, x.ukFamilyLeaveNormal())
		if err != nil {
			return res, err
		}
		f.tax = amount(&res, "paye")
		// Payrolled benefits' notional pay: taxable pay only.
		for _, fig := range res.Figures {
			if fig.Code == "benefit.payrolled" {
				f.taxable += fig.Amount.MinorUnits()
			}
		}
		f.niEE, f.niER = amount(&res, "ni.employee"), amount(&res, "ni.employer")
		f.class1A = amount(&res, "ni.class1a")
		f.niable = ukNIablePay(&res, in.UK) // writer.go: stored for the P60, FPS and P32
		for _, fig := range res.Figures {
			switch {
			case strings.HasPrefix(fig.Code, "studentloan."):
				f.studentLoan += fig.Amount.MinorUnits()
			case fig.Code == "pgl":
				f.pgLoan += fig.Amount.MinorUnits()
			}
		}
		return res, nil
	case calc.NZ:
		in.NZ = nzEmployee(e)
		if x != nil {
			in.NZ.ESCTRateThreshold = x.nzESCTPriorYear // the previous tax year's, when known (nz_esct_prior_year.go)
			in.NZ.ESCTFirstContribution, in.NZ.ESCTFirstESCT = x.nzESCTFirst[0], x.nzESCTFirst[1]
			if t := x.nzTermination; t != nil { // a termination pay or a later one (nz_extrapay.go)
				in.NZ.TerminationPay, in.NZ.TerminationPeriodsPaid, in.NZ.TerminationEarnings = true, t.periods, money(t.earnings)
				in.NZ.TerminationPeriodsEstimated, in.NZ.TerminationAnnualEarnings = t.estimated, money(t.annual)
			}
		}
		// A joiner's or leaver's ESCT estimate annualises a whole period's
		// salary or wages, not the share paid (nz-esct.md).
		in.NZ.ESCTPeriodShortfall = money(f.nzShortfall)
		in.NZ.RecentEarnings = money(y.nzRecent)
		res, err := engine.Calculate(in)
		if err != nil {
			return res, err
		}
		f.tax = amount(&res, "paye")
		f.acc = amount(&res, "acc")
		f.studentLoan = amount(&res, "studentloan")
		f.ksEE, f.ksER = amount(&res, "kiwisaver.employee"), amount(&res, "kiwisaver.employer")
		f.esct = amount(&res, "esct")
		return res, nil
	case calc.SG:
		if err := sgPRWithoutDateRefused(e); err != nil { // sg_spr.go
			return calc.Result{}, err
		}
		in.SG = sgEmployee(e, run.DatePaid)
		in.SG.OWSubjectToCPFYTD, in.SG.AWSubjectToCPFYTD = money(y.CpfOwSubject), money(y.CpfAwSubject)
		sgYear(e, run.DatePaid, y, in.SG) // sg_cpf.go
		sgMonth(y, in.SG)                 // sg_cpf_month.go: the month's earlier runs, out of the year to date
		res, err := engine.Calculate(in)
		if err != nil {
			return res, err
		}
		f.cpfEE, f.cpfER = amount(&res, "cpf.employee"), amount(&res, "cpf.employer")
		f.sdl = amount(&res, "sdl")
		if t, ok := res.Get("cpf.total"); ok {
			f.cpfOW, f.cpfAW = term(t, "OW subject to CPF"), term(t, "AW subject to CPF")
		}
		return res, nil
	case calc.MY:
		my, err := myEmployee(e, x.malaysia(), y, run.DatePaid)
		if err != nil {
			return calc.Result{}, err
		}
		in.MY = my
		res, err := engine.Calculate(in)
		if err != nil {
			return res, err
		}
		f.tax = amount(&res, "pcb")
		f.my = myFiguresOf(&res, in)
		return res, nil
	default:
		return engine.Calculate(in)
	}
}

func amount(r *calc.Result, code string) int64 {
	f, ok := r.Get(code)
	if !ok {
		return 0
	}
	return f.Amount.MinorUnits()
}

func term(f calc.Figure, name string) int64 {
	for _, t := range f.Terms {
		if t.Name == name {
			return t.Value.MinorUnits()
		}
	}
	return 0
}

func hasTerm(f calc.Figure, name string) bool {
	for _, t := range f.Terms {
		if t.Name == name {
			return true
		}
	}
	return false
}

// auEmployee maps the employee's tax file declaration to a withholding
// scale: no TFN quoted (blank or 000 000 000) = scale 4, a working holiday
// maker = Schedule 15, a foreign resident = scale 3, a full or half
// Medicare levy exemption = scale 5 or 6, otherwise scale 2 when the
// tax-free threshold is claimed, else scale 1.
func auEmployee(e *EmployeeRow) *calc.AUEmployee {
	au := &calc.AUEmployee{STSL: e.StslDebt.Valid && e.StslDebt.Bool, Casual: strings.EqualFold(e.EmploymentType, "Casual"),
		DateOfBirth: e.DateOfBirth.Time}
	resident := !e.AustralianResident.Valid || e.AustralianResident.Bool
	tfn := strings.ReplaceAll(strings.ReplaceAll(e.TaxFileNumber, " ", ""), "-", "")
	switch {
	case tfn == "" || tfn == "000000000":
		au.Scale = calc.AUScale4Resident
		if !resident {
			au.Scale = calc.AUScale4Foreign
		}
	case e.HasApprovedWorkingHolidayVisa.Valid && e.HasApprovedWorkingHolidayVisa.Bool:
		au.Scale = calc.AUScaleWHM
	case !resident:
		au.Scale = calc.AUScale3
	case strings.EqualFold(e.MedicareLevyExemption, "Full"):
		au.Scale = calc.AUScale5
	case strings.EqualFold(e.MedicareLevyExemption, "Half"):
		au.Scale = calc.AUScale6
	case e.ClaimTaxFreeThreshold.Valid && e.ClaimTaxFreeThreshold.Bool:
		au.Scale = calc.AUScale2
	default:
		au.Scale = calc.AUScale1
	}
	// A withholding variation: taxVariation is its percentage (unset or
	// unreadable: the engine refuses rather than guess).
	if e.HasWithholdingVariation.Valid && e.HasWithholdingVariation.Bool {
		au.Variation = true
		if r, err := payroll.ParseRate(e.TaxVariation.String); e.TaxVariation.Valid && err == nil {
			p := payroll.Percent(r)
			au.VariationRate = &p
		}
	}
	au.TaxOffsetClaimed = e.OtherTaxOffset.Valid && e.OtherTaxOffset.Bool
	au.SeniorsOffset = e.SeniorsTaxOffset.Valid && e.SeniorsTaxOffset.Bool
	if t := strings.TrimSpace(e.MedicareLevySurchargeWithholdingTier); t != "" && !strings.EqualFold(t, "None") {
		au.MLSTier = t
	}
	if e.ClaimMedicareLevyReduction.Valid && e.ClaimMedicareLevyReduction.Bool {
		au.Medicare = &calc.AUMedicareVariation{Spouse: e.MedicareLevyReductionSpouse.Valid && e.MedicareLevyReductionSpouse.Bool,
			Children: int(e.MedicareLevyReductionDependentCount.Int64)}
	}
	return au
}

// ukEmployee maps tax code, NI category and loans (a director's NI:
// ukDirector).
func ukEmployee(e *EmployeeRow) (*calc.UKEmployee, error) {
	if e.TaxCode == "" {
		return nil, payroll.Invalid("taxCode", "the employee has no tax code")
	}
	if e.NationalInsuranceCategory == "" {
		return nil, payroll.Invalid("nationalInsuranceCategory", "the employee has no National Insurance category")
	}
	uk := &calc.UKEmployee{TaxCode: e.TaxCode, NICategory: e.NationalInsuranceCategory,
		Week1Month1:      strings.EqualFold(e.TaxCalculationMethod, "NonCumulative"),
		PostgraduateLoan: e.HasPostGradLoan.Valid && e.HasPostGradLoan.Bool}
	// hasStudentLoan false (a stop notice, SL2, recorded with the plan
	// type kept) stops the deductions; unset, the plan type alone says.
	stopped := e.HasStudentLoan.Valid && !e.HasStudentLoan.Bool
	p := strings.TrimPrefix(e.StudentLoanType, "Plan")
	if p != "" && p != "None" && !stopped {
		uk.StudentLoan = calc.UKLoanPlan(p)
	}
	// A new starter's P45 box 5 ticked ("continue student loan
	// deductions", previousEmployerContinueStudentLoanDeductions): the
	// deductions start from the first pay on the plan the employee or the
	// starter checklist gives (HMRC CSLM10011). Without a plan on the
	// record the pay is not worked out: HMRC's manual names Plan 1 as the
	// default, the 2026-27 rules Plan 5 (docs/reference/uk-paye.md), so
	// the plan is asked for rather than guessed.
	if e.PreviousEmployerContinueStudentLoanDeductions.Valid && e.PreviousEmployerContinueStudentLoanDeductions.Bool && !stopped && (p == "" || p == "None") {
		return nil, payroll.Invalid("studentLoanType", "the P45 says student loan deductions continue (previousEmployerContinueStudentLoanDeductions) but no studentLoanType is recorded: record the plan from the starter checklist, the employee or HMRC's SL1")
	}
	return uk, nil
}

// ukPeriod is the tax period (week or month number) of a payment date: the
// UK tax year starts on 6 April; tax month 1 runs 6 April to 5 May.
func ukPeriod(freq string, paid time.Time) int {
	start := time.Date(paid.Year(), time.April, 6, 0, 0, 0, 0, time.UTC)
	if paid.Before(start) {
		start = start.AddDate(-1, 0, 0)
	}
	days := int(paid.Sub(start).Hours() / 24)
	switch freq {
	case "Weekly":
		return days/7 + 1
	case "Fortnightly":
		return days/14 + 1
	case "FourWeekly":
		return days/28 + 1
	case "Monthly":
		m := int(paid.Month()) - 4
		if paid.Day() < 6 {
			m--
		}
		return (m+12)%12 + 1
	case "Quarterly":
		m := int(paid.Month()) - 4
		if paid.Day() < 6 {
			m--
		}
		return (m+12)%12/3 + 1
	}
	return 1
}

// nzEmployee maps the tax code declaration and KiwiSaver membership.
func nzEmployee(e *EmployeeRow) *calc.NZEmployee {
	nz := &calc.NZEmployee{TaxCode: e.TaxCodeDeclarationTaxCode,
		StudentLoan: e.TaxCodeDeclarationStudentLoan.Valid && e.TaxCodeDeclarationStudentLoan.Bool}
	if e.StartDate.Valid {
		nz.StartDate = e.StartDate.Time
	}
	st := strings.ToLower(e.KiwiSaverEnrollmentStatus)
	// A savings suspension (before 1 April 2019 a "contributions holiday"):
	// IRD, "Savings suspension": the employer stops the member's deductions
	// and is not required to pay compulsory employer contributions
	// (docs/reference/nz-kiwisaver-savings-suspension.md).
	suspended := strings.Contains(st, "suspension") || strings.Contains(st, "holiday")
	if st != "" && !suspended && !strings.Contains(st, "not") && !strings.Contains(st, "optedout") && !strings.Contains(st, "ineligible") {
		nz.KiwiSaver = true
		if r, err := payroll.ParseRate(e.KiwiSaverEmployeeContribution.String); err == nil && r.IsPos() {
			nz.KiwiSaverRate = payroll.Percent(r)
		}
		if r, err := payroll.ParseRate(e.KiwiSaverEmployerContribution.String); err == nil && r.IsPos() {
			nz.EmployerKiwiSaverRate = payroll.Percent(r)
		}
		if r, err := payroll.ParseRate(e.TaxCodeDeclarationEsctRate.String); err == nil && r.IsPos() {
			nz.ESCTRate = payroll.Percent(r) // the rate the employer recorded for the year
		}
	}
	return nz
}

// sgEmployee maps date of birth and residency: a permanent resident's
// year of PR status (from obtainedResidencyDate) picks the graduated
// rates; a foreigner or CPF-exempt employee pays no CPF.
func sgEmployee(e *EmployeeRow, paid time.Time) *calc.SGEmployee {
	sg := &calc.SGEmployee{DateOfBirth: e.DateOfBirth.Time}
	ls := strings.ToLower(e.LegalStatus)
	switch {
	case e.CpfExempt.Valid && e.CpfExempt.Bool:
		sg.Residency = calc.SGForeigner
	case ls == "" || strings.Contains(ls, "citizen"):
		sg.Residency = calc.SGCitizen
	case strings.Contains(ls, "permanent") || ls == "pr" || strings.HasPrefix(ls, "spr"):
		sg.Residency = calc.SGPR3
		if e.ObtainedResidencyDate.Valid {
			switch sprYear(e.ObtainedResidencyDate.Time, paid) {
			case 1:
				sg.Residency = calc.SGPR1
			case 2:
				sg.Residency = calc.SGPR2
			}
		}
	default:
		sg.Residency = calc.SGForeigner
	}
	if (sg.Residency == calc.SGPR1 || sg.Residency == calc.SGPR2) && e.ApplyFullCpfRate.Valid && e.ApplyFullCpfRate.Bool {
		// A 1st/2nd-year SPR who has jointly applied with the employer to
		// contribute at full employer and employee rates (F/F) pays the
		// citizens' rates (CPF Board, "CPF contributions for SPRs": option
		// 3, "also applicable for SPR in the 3rd year and onwards";
		// docs/reference/sg-sdl-and-spr-rates.md).
		sg.Residency = calc.SGPR3
	}
	sg.SDLExempt = e.SdlExempt.Valid && e.SdlExempt.Bool
	return sg
}

// sprYear is the year of SPR status (1, 2, or 3 for the 3rd year and on)
// of a permanent resident since obtained, in the month of paid: the 1st
// year runs to the end of the month of the first anniversary, the 2nd
// and 3rd years start in the month after an anniversary (CPF Board, "How
// do I determine the year of my SPR status for the purpose of CPF
// contributions?": PR from 15 January 2020, 1st year to 31 January 2021,
// 2nd year 1 February 2021 to 31 January 2022; docs/reference/
// sg-sdl-and-spr-rates.md).
func sprYear(obtained, paid time.Time) int {
	months := (paid.Year()-obtained.Year())*12 + int(paid.Month()) - int(obtained.Month())
	switch {
	case months <= 12:
		return 1
	case months <= 24:
		return 2
	}
	return 3
}

// TaxYear is the [from, to] range of the tax year a payment date falls in
// (AU 1 July, UK 6 April, NZ 1 April, SG calendar year) and, for AU's
// quarterly super base, the start of its quarter.
func TaxYear(region string, paid time.Time) (from, quarter time.Time) {
	d := payroll.DateOnly(paid)
	y := d.Year()
	switch region {
	case calc.AU:
		from = time.Date(y, time.July, 1, 0, 0, 0, 0, time.UTC)
	case calc.UK:
		from = time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)
	case calc.NZ:
		from = time.Date(y, time.April, 1, 0, 0, 0, 0, time.UTC)
	default:
		from = time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC)
	}
	if d.Before(from) {
		from = from.AddDate(-1, 0, 0)
	}
	qm := ((int(d.Month())-1)/3)*3 + 1
	quarter = time.Date(y, time.Month(qm), 1, 0, 0, 0, 0, time.UTC)
	return from, quarter
}

// ParseRate parses a stored units or rate ("" is 0).
func ParseRate(s string) (payroll.Rate, error) {
	if s == "" {
		return payroll.Rate{}, nil
	}
	return payroll.ParseRate(s)
}
