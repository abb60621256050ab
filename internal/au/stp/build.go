package stp

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/store"
)

// Input is what Build needs beyond the store: the business and its STP
// registration, the run, the business's categories, and the event's own
// members.
type Input struct {
	Business            business.Business
	Registration        au.StpRegistration
	Run                 store.PayRun
	PayCategories       []categories.PayCategory
	DeductionCategories []categories.DeductionCategory
	LeaveCategories     []categories.LeaveCategory
	// OTE says whether a pay category's earnings are ordinary time
	// earnings (internal/payrun/pay Categories.OTE).
	OTE func(payCategoryID int64) bool
	// ETPWithheld is what pay run payRunID withheld from employee
	// employeeID's ETPs, by ETP code (the run's Schedule 11 figures, as
	// the run worked them out); nil: not known, and an ETP is refused.
	ETPWithheld  func(ctx context.Context, payRunID, employeeID int64) (map[string]payroll.Money, error)
	EventType    string // EventPay or EventUpdate
	SubmissionID string
	Now          time.Time
}

// incomeYearStart is the first day (1 July) of the AU income year that
// contains d.
func incomeYearStart(d time.Time) time.Time {
	return settings.FinancialYearStart("AU", settings.FinancialYearOf("AU", d))
}

func date(t time.Time) string { return t.Format("2006-01-02") }

// Build is the pay (or update) event of in.Run: its employees' year to date
// in the income year of the run's payment date up to that date. A fact the
// note does not give (a classification without an STP item, a tax
// treatment category's options, a country code) is a 409 naming it.
func Build(ctx context.Context, q *store.Queries, in Input) (Document, error) {
	biz, run := in.Business, in.Run
	doc, err := header(in)
	if err != nil {
		return Document{}, err
	}
	pays, deds, leavePays := in.categories()
	from := incomeYearStart(run.DatePaid)
	payees, err := q.StpPayees(ctx, store.StpPayeesParams{PayRunID: run.ID, BusinessID: biz.ID})
	if err != nil {
		return Document{}, err
	}
	lines, err := q.StpYearToDateLines(ctx, store.StpYearToDateLinesParams{BusinessID: biz.ID, YearFrom: from, DatePaid: run.DatePaid, PayRunID: run.ID})
	if err != nil {
		return Document{}, err
	}
	totals, err := q.StpYearToDateTotals(ctx, store.StpYearToDateTotalsParams{BusinessID: biz.ID, YearFrom: from, DatePaid: run.DatePaid, PayRunID: run.ID})
	if err != nil {
		return Document{}, err
	}
	byEmp := map[int64][]store.StpYearToDateLinesRow{}
	for _, l := range lines {
		byEmp[l.EmployeeID] = append(byEmp[l.EmployeeID], l)
	}
	tot := map[int64]store.StpYearToDateTotalsRow{}
	for _, t := range totals {
		tot[t.EmployeeID] = t
	}
	etps, delayed, err := in.etps(ctx, q, pays, from, run.DatePaid, delayedTermination(payees, func(p store.StpPayeesRow) store.StpPayeesRow { return p }))
	if err != nil {
		return Document{}, payroll.Conflict("the STP pay event cannot be built: %v; nothing was lodged", err)
	}
	deceased := map[int64]time.Time{}
	for _, p := range payees {
		if pay.PaidAfterDeath(p.TerminationReason, p.EndDate.Valid, p.EndDate.Time, run.DatePaid) {
			deceased[p.ID] = p.EndDate.Time
		}
	}
	if err := in.dropPaidAfterDeath(ctx, q, pays, from, run.DatePaid, deceased, byEmp); err != nil {
		return Document{}, err
	}
	_, to := IncomeYear(from.Year())
	finalised, err := finalisedLeavers(ctx, q, biz.ID, from, to)
	if err != nil {
		return Document{}, err
	}
	for _, p := range payees {
		pe, err := payee(p, run, tot[p.ID], byEmp[p.ID], etps[p.ID], delayed[p.ID], pays, deds, leavePays, in.OTE)
		if err != nil {
			return Document{}, payroll.Conflict("the STP pay event cannot be built: %v; nothing was lodged", err)
		}
		// A leaver already finalised this year and paid again (after
		// their termination run) stays finalised: the indicator covers
		// the year to date this event carries.
		pe.FinalEventIndicator = pe.CessationDate != "" && finalised[pe.PayrollID]
		doc.Payees = append(doc.Payees, pe)
	}
	doc.Payer.PayeeRecordCount = len(doc.Payees)
	if in.EventType == EventPay {
		t, err := periodTotals(ctx, q, run, deds)
		if err != nil {
			return Document{}, err
		}
		doc.Payer.PeriodTotals = &t
	}
	return doc, nil
}

// header is the event's payer part (no payees yet): the registration's ABN
// and signatory are required.
func header(in Input) (Document, error) {
	reg, biz, run := in.Registration, in.Business, in.Run
	abn := strings.ReplaceAll(reg.ABN, " ", "")
	if abn == "" {
		abn = strings.ReplaceAll(biz.Details.ABN, " ", "")
	}
	if abn == "" || !payroll.ValidABN(abn) {
		return Document{}, payroll.Conflict("the STP pay event needs the payer's ABN: set a valid abn in the business's STP registration (B/stpregister); nothing was lodged")
	}
	if strings.TrimSpace(reg.SignatoryName) == "" {
		return Document{}, payroll.Conflict("the STP pay event needs the payer declaration's signatory: set signatoryName in the business's STP registration (B/stpregister); nothing was lodged")
	}
	name := reg.Name
	if name == "" {
		name = biz.Name
	}
	doc := Document{Message: MessagePayer, EventType: in.EventType, Payer: Payer{
		BMSIdentifier: fmt.Sprintf("payrolld-%d", biz.ID), AustralianBusinessNumber: abn, BranchCode: reg.Branch,
		OrganisationName: name, ContactName: reg.ContactName, ContactEmail: reg.ContactEmailAddress, ContactPhone: reg.ContactPhoneNumber,
		PayOrUpdateDate: date(run.DatePaid), RunDateTimeStamp: in.Now.UTC().Format(time.RFC3339), SubmissionID: in.SubmissionID,
		Declaration: Declaration{SignatoryIdentifier: reg.SignatoryName, SignatureDate: date(in.Now), StatementAccepted: true},
	}}
	if in.EventType == EventUpdate {
		doc.Payer.PayOrUpdateDate = date(in.Now)
		if fy := incomeYearStart(run.DatePaid); !in.Now.Before(fy.AddDate(1, 0, 0)) {
			doc.Payer.PayOrUpdateDate = date(fy.AddDate(1, 0, -1)) // an update of a past year is dated 30 June of that year
		}
	}
	return doc, nil
}

// categories are in's categories by id, and the pay categories a leave
// category pays through.
func (in Input) categories() (map[int64]categories.PayCategory, map[int64]categories.DeductionCategory, map[int64]bool) {
	pays := map[int64]categories.PayCategory{}
	for _, c := range in.PayCategories {
		pays[c.ID] = c
	}
	deds := map[int64]categories.DeductionCategory{}
	for _, c := range in.DeductionCategories {
		deds[c.ID] = c
	}
	leavePays := map[int64]bool{}
	for _, l := range in.LeaveCategories {
		if l.TransferToPayCategoryID != nil {
			leavePays[*l.TransferToPayCategoryID] = true
		}
	}
	return pays, deds, leavePays
}

// periodTotals are the run's own W1 (gross less salary sacrificed: W1 is
// post-sacrifice, docs/reference/au-stp-phase2.md [S]), W2 and child support.
func periodTotals(ctx context.Context, q *store.Queries, run store.PayRun, deds map[int64]categories.DeductionCategory) (PeriodTotals, error) {
	emps, err := q.ListPayRunEmployees(ctx, run.ID)
	if err != nil {
		return PeriodTotals{}, err
	}
	var gross, tax, csd, csg, sacrificed int64
	for _, e := range emps {
		gross += e.Gross
		tax += e.Tax
	}
	ls, err := q.ListPayRunLines(ctx, run.ID)
	if err != nil {
		return PeriodTotals{}, err
	}
	for _, l := range ls {
		switch {
		case l.Kind == pay.KindDeduction:
			it, _ := DeductionItem(deds[l.CategoryID].PaymentSummaryClassification)
			switch {
			case it.Part == PartSalarySacrifice:
				sacrificed += l.Amount
			case it == Item{PartDeduction, "D"}:
				csd += l.Amount
			case it == Item{PartDeduction, "G"}:
				csg += l.Amount
			}
		case l.Kind == pay.KindSuperAdjustment && l.Subtype == pay.SubtypeSalarySacrifice:
			sacrificed += l.Amount
		}
	}
	m := payroll.MoneyFromMinor
	return PeriodTotals{TotalGrossPaymentsW1: m(gross - sacrificed), TotalPAYGWithholdingW2: m(tax),
		ChildSupportDeductionTotal: m(csd), ChildSupportGarnisheeTotal: m(csg)}, nil
}

// etps are the ETP records of the finalised runs paid in [from, to] by
// employee: one per payment date and code (docs/reference/au-stp-phase2.md,
// "ETPs"), the components from the ETP pay categories' lines (a category
// type ending TaxFree is the tax-free component), the withholding from
// in.ETPWithheld.
//
// A line of an ETP category paid more than 12 months after the
// termination (delayed: pay.DelayedTermination) is not an ETP (ITAA 1997 s
// 82-130(1)(b)): it is left out of the ETP records and returned by
// employee, to be reported in gross payments (its withholding is in the
// income's, calc/au figure payg.delayedtermination).
func (in Input) etps(ctx context.Context, q *store.Queries, pays map[int64]categories.PayCategory, from, to time.Time,
	delayed func(emp int64, code string, paid time.Time) bool) (map[int64][]ETP, map[int64]payroll.Money, error) {
	rows, err := q.StpYearEarningsByRun(ctx, store.StpYearEarningsByRunParams{BusinessID: in.Business.ID, YearFrom: from, DatePaid: to})
	if err != nil {
		return nil, nil, err
	}
	late := map[int64]payroll.Money{}
	type runOf struct{ emp, run int64 }
	out := map[int64][]ETP{}
	withheld := map[runOf]map[string]payroll.Money{}
	codes := map[runOf]map[string]payroll.Money{} // the run's ETP codes as worked out (pay.ETPReportedCode)
	for _, r := range rows {
		c, ok := pays[r.CategoryID]
		if !ok {
			continue // unknown categories are refused by payee
		}
		item, ok := PayItem(c.PayCategoryType, c.PaymentSummaryClassification, false)
		if !ok || item.Part != PartETP {
			continue
		}
		if delayed(r.EmployeeID, item.Type, r.DatePaid) {
			late[r.EmployeeID] = late[r.EmployeeID].Add(payroll.MoneyFromMinor(r.Amount))
			continue
		}
		k := runOf{r.EmployeeID, r.PayRunID}
		w, ok := withheld[k]
		if !ok {
			if in.ETPWithheld == nil {
				return nil, nil, fmt.Errorf("employee %d: ETP of pay category %q: the ETP's own PAYG withholding is not known here", r.EmployeeID, c.Name)
			}
			if w, err = in.ETPWithheld(ctx, r.PayRunID, r.EmployeeID); err != nil {
				return nil, nil, fmt.Errorf("employee %d: the PAYG withheld from the ETPs of pay run %d: %w", r.EmployeeID, r.PayRunID, err)
			}
			withheld[k] = w
			codes[k] = maps.Clone(w)
			// A run's withholding of a code is reported once, with
			// its first line of the code.
		}
		code := pay.ETPReportedCode(item.Type, codes[k]) // S or P after an earlier year's ETP for the same termination
		list := out[r.EmployeeID]
		i := slices.IndexFunc(list, func(e ETP) bool { return e.PaymentDate == date(r.DatePaid) && e.Code == code })
		if i < 0 {
			list = append(list, ETP{PaymentDate: date(r.DatePaid), Code: code})
			i = len(list) - 1
		}
		amt := payroll.MoneyFromMinor(r.Amount)
		if strings.HasSuffix(c.PayCategoryType, "TaxFree") {
			list[i].TaxFreeComponent = list[i].TaxFreeComponent.Add(amt)
		} else {
			list[i].TaxableComponent = list[i].TaxableComponent.Add(amt)
		}
		if t, ok := w[code]; ok {
			list[i].TaxWithheld = list[i].TaxWithheld.Add(t)
			delete(w, code)
		}
		out[r.EmployeeID] = list
	}
	return out, late, nil
}

// delayedTermination tells whether an ETP line of code code paid on paid
// to employee emp (one of payees, the event's: a pay event's or a
// finalisation's rows, row giving each as a StpPayeesRow) is a delayed
// termination payment (pay.DelayedTermination). The payees are mapped by
// id once, here, for both events.
func delayedTermination[P any](payees []P, row func(P) store.StpPayeesRow) func(int64, string, time.Time) bool {
	ends := make(map[int64]store.StpPayeesRow, len(payees))
	for _, p := range payees {
		r := row(p)
		ends[r.ID] = r
	}
	return func(emp int64, code string, paid time.Time) bool {
		p, ok := ends[emp]
		return ok && pay.DelayedTermination(code, p.TerminationReason, p.EndDate.Valid, p.EndDate.Time, paid)
	}
}

// dropPaidAfterDeath takes out of byEmp (the year to date lines by
// employee) the earnings that the finalised runs paid in [from, to] paid
// each deceased employee (employee id: the day of death) after the day of
// death, other than ETPs: "payments made after the death ... must not be
// shown on the deceased employee's payment summary" (ATO, "PAYG
// withholding for deceased employees", payer guide steps 1 and 4), and
// STP reports what the payment summary did (docs/reference/au-pay-rules.md
// §4f). A death benefit ETP stays (its own record, etps). Nothing is
// withheld from such pay (au.payg.afterdeath), so the year's PAYGW is
// unchanged; the SG liability stays, as the employer still owes it.
func (in Input) dropPaidAfterDeath(ctx context.Context, q *store.Queries, pays map[int64]categories.PayCategory, from, to time.Time,
	deceased map[int64]time.Time, byEmp map[int64][]store.StpYearToDateLinesRow) error {
	if len(deceased) == 0 {
		return nil
	}
	rows, err := q.StpYearEarningsByRun(ctx, store.StpYearEarningsByRunParams{BusinessID: in.Business.ID, YearFrom: from, DatePaid: to})
	if err != nil {
		return err
	}
	for _, r := range rows {
		end, ok := deceased[r.EmployeeID]
		if !ok || !pay.PaidAfterDeath("Deceased", true, end, r.DatePaid) {
			continue
		}
		if c, ok := pays[r.CategoryID]; ok {
			if item, ok := PayItem(c.PayCategoryType, c.PaymentSummaryClassification, false); ok && item.Part == PartETP {
				continue
			}
		}
		lines := byEmp[r.EmployeeID]
		if i := slices.IndexFunc(lines, func(l store.StpYearToDateLinesRow) bool {
			return l.Kind == pay.KindEarnings && l.CategoryID == r.CategoryID
		}); i >= 0 {
			lines[i].Amount -= r.Amount
		}
	}
	for id := range deceased {
		// A category paid only after the death reports nothing (no
		// zero amount of its type).
		byEmp[id] = slices.DeleteFunc(byEmp[id], func(l store.StpYearToDateLinesRow) bool { return l.Kind == pay.KindEarnings && l.Amount == 0 })
	}
	return nil
}

// payee is one employee's record; etps are its ETP records (etps).
func payee(p store.StpPayeesRow, run store.PayRun, t store.StpYearToDateTotalsRow, lines []store.StpYearToDateLinesRow, etps []ETP, delayed payroll.Money,
	pays map[int64]categories.PayCategory, deds map[int64]categories.DeductionCategory, leavePays map[int64]bool, ote func(int64) bool) (Payee, error) {
	it, err := IncomeType(p)
	if err != nil {
		return Payee{}, err
	}
	basis, err := EmploymentBasis(p)
	if err != nil {
		return Payee{}, err
	}
	ttc, err := TaxTreatmentCode(p)
	if err != nil {
		return Payee{}, err
	}
	if !p.DateOfBirth.Valid {
		return Payee{}, fmt.Errorf("employee %d has no date of birth", p.ID)
	}
	start := time.Date(1800, 1, 1, 0, 0, 0, 0, time.UTC) // the ATO's default when the start date is unknown (note)
	if p.StartDate.Valid {
		start = p.StartDate.Time
	}
	out := Payee{PayrollID: fmt.Sprint(p.ID), TaxFileNumber: strings.ReplaceAll(p.TaxFileNumber, " ", ""), FamilyName: p.Surname, GivenName: p.FirstName,
		DateOfBirth: date(p.DateOfBirth.Time), EmploymentStartDate: date(start), EmploymentBasis: basis, TaxTreatmentCode: ttc,
		Deductions: []TypedAmount{}}
	if p.EndDate.Valid && !p.EndDate.Time.After(run.PeriodEnding) {
		out.CessationDate = date(p.EndDate.Time)
		if out.CessationReason, err = CessationReason(p.TerminationReason); err != nil {
			return Payee{}, fmt.Errorf("employee %d: %w", p.ID, err)
		}
		if out.CessationReason == "" {
			return Payee{}, fmt.Errorf("employee %d ceased on %s without a termination reason", p.ID, out.CessationDate)
		}
	}
	s := IncomeStream{IncomeType: it, TaxWithheld: payroll.MoneyFromMinor(t.Tax), PaidLeave: []TypedAmount{}, Allowances: []Allowance{},
		SalarySacrifice: []TypedAmount{}, LumpSums: []TypedAmount{}, EmploymentTermination: []ETP{}}
	s.Gross = delayed // delayed termination payments: not ETPs, gross payments (etps)
	var ordinary, sacrificedSuper, adjustments, resc int64
	for _, l := range lines {
		amt := payroll.MoneyFromMinor(l.Amount)
		switch l.Kind {
		case pay.KindEarnings:
			c, ok := pays[l.CategoryID]
			if !ok {
				return Payee{}, fmt.Errorf("employee %d: pay category %d is not known", p.ID, l.CategoryID)
			}
			item, ok := PayItem(c.PayCategoryType, c.PaymentSummaryClassification, leavePays[c.ID])
			if !ok {
				return Payee{}, fmt.Errorf("pay category %q: classification %s has no STP Phase 2 item in docs/reference/au-stp-phase2.md", c.Name, c.PaymentSummaryClassification)
			}
			if ote != nil && ote(c.ID) && item.Part != PartNotReported {
				ordinary += l.Amount
			}
			switch item.Part {
			case PartGross:
				s.Gross = s.Gross.Add(amt)
			case PartOvertime:
				s.Overtime = s.Overtime.Add(amt)
			case PartBonus:
				s.BonusesAndCommissions = s.BonusesAndCommissions.Add(amt)
			case PartDirectorsFees:
				s.DirectorsFees = s.DirectorsFees.Add(amt)
			case PartCDEP:
				s.CDEP = s.CDEP.Add(amt)
			case PartPaidLeave:
				s.PaidLeave = addTyped(s.PaidLeave, item.Type, amt)
			case PartLumpSum:
				s.LumpSums = addTyped(s.LumpSums, item.Type, amt)
			case PartAllowance:
				desc := ""
				if item.Type == "OD" {
					if desc = c.AllowanceDescription; desc == "" {
						return Payee{}, fmt.Errorf("pay category %q: an other allowance (OD) needs its allowanceDescription", c.Name)
					}
				}
				s.Allowances = addAllowance(s.Allowances, item.Type, desc, amt)
			case PartETP:
				// Reported in its own records (etps).
			}
		case pay.KindDeduction:
			c, ok := deds[l.CategoryID]
			if !ok {
				return Payee{}, fmt.Errorf("employee %d: deduction category %d is not known", p.ID, l.CategoryID)
			}
			item, ok := DeductionItem(c.PaymentSummaryClassification)
			if !ok {
				return Payee{}, fmt.Errorf("deduction category %q: classification %s has no STP item", c.Name, c.PaymentSummaryClassification)
			}
			switch item.Part {
			case PartDeduction:
				out.Deductions = addTyped(out.Deductions, item.Type, amt)
			case PartSalarySacrifice:
				s.SalarySacrifice = addTyped(s.SalarySacrifice, item.Type, amt)
				if item.Type == "S" {
					sacrificedSuper += l.Amount
					if c.IsResc {
						resc += l.Amount
					}
				}
			}
		case pay.KindSuperAdjustment:
			adjustments += l.Amount
			switch l.Subtype {
			case pay.SubtypeSalarySacrifice:
				s.SalarySacrifice = addTyped(s.SalarySacrifice, "S", amt)
				resc += l.Amount
			case "EmployerContribution":
				resc += l.Amount
			}
		}
	}
	if len(etps) > 0 {
		s.EmploymentTermination = etps
		for _, e := range etps {
			// The ETPs' withholding is reported with them, not in the
			// income stream's PAYGW.
			s.TaxWithheld = s.TaxWithheld.Sub(e.TaxWithheld)
		}
	}
	out.IncomeStreams = []IncomeStream{s}
	out.SuperEntitlement = SuperEntitlement{
		SuperannuationGuaranteeLiability:             payroll.MoneyFromMinor(t.SuperContribution - adjustments - sacrificedSuper),
		OrdinaryTimeEarnings:                         payroll.MoneyFromMinor(ordinary),
		ReportableEmployerSuperannuationContribution: payroll.MoneyFromMinor(resc),
	}
	return out, nil
}

func addTyped(list []TypedAmount, typ string, amt payroll.Money) []TypedAmount {
	for i := range list {
		if list[i].Type == typ {
			list[i].Amount = list[i].Amount.Add(amt)
			return list
		}
	}
	list = append(list, TypedAmount{Type: typ, Amount: amt})
	slices.SortFunc(list, func(a, b TypedAmount) int { return strings.Compare(a.Type, b.Type) })
	return list
}

func addAllowance(list []Allowance, typ, desc string, amt payroll.Money) []Allowance {
	for i := range list {
		if list[i].Type == typ && list[i].Description == desc {
			list[i].Amount = list[i].Amount.Add(amt)
			return list
		}
	}
	list = append(list, Allowance{Type: typ, Description: desc, Amount: amt})
	slices.SortFunc(list, func(a, b Allowance) int { return strings.Compare(a.Type+a.Description, b.Type+b.Description) })
	return list
}
