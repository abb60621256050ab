package stp

import (
	"fmt"
	"slices"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Validate checks a document against the structure the note writes down:
// the required payer and payee elements, the code lists, the tax treatment
// code matrix, dates, the payee count, and period totals on a pay event
// only. It returns every problem found.
func Validate(d Document) []error {
	var errs []error
	bad := func(f string, a ...any) { errs = append(errs, fmt.Errorf(f, a...)) }
	isDate := func(s string) bool { _, err := time.Parse("2006-01-02", s); return err == nil }
	if d.Message != MessagePayer {
		bad("message %q is not %s", d.Message, MessagePayer)
	}
	if d.EventType != EventPay && d.EventType != EventUpdate {
		bad("eventType %q is neither %s nor %s", d.EventType, EventPay, EventUpdate)
	}
	p := d.Payer
	for name, v := range map[string]string{"bmsIdentifier": p.BMSIdentifier, "organisationName": p.OrganisationName,
		"submissionId": p.SubmissionID, "declaration.signatoryIdentifier": p.Declaration.SignatoryIdentifier} {
		if v == "" {
			bad("payer.%s is required", name)
		}
	}
	if !payroll.ValidABN(p.AustralianBusinessNumber) {
		bad("payer.australianBusinessNumber %q is not a valid ABN", p.AustralianBusinessNumber)
	}
	if !isDate(p.PayOrUpdateDate) || !isDate(p.Declaration.SignatureDate) {
		bad("payer dates must be yyyy-mm-dd")
	}
	if _, err := time.Parse(time.RFC3339, p.RunDateTimeStamp); err != nil {
		bad("payer.runDateTimeStamp %q is not a timestamp", p.RunDateTimeStamp)
	}
	if p.PayeeRecordCount < 1 || p.PayeeRecordCount != len(d.Payees) {
		bad("payer.payeeRecordCount %d: must be at least 1 and the number of payees (%d)", p.PayeeRecordCount, len(d.Payees))
	}
	if (d.EventType == EventPay) != (p.PeriodTotals != nil) {
		bad("payer.periodTotals belong to a pay event and only to it")
	}
	in := func(field, v string, list []string) {
		if !slices.Contains(list, v) {
			bad("%s %q is not one of %v", field, v, list)
		}
	}
	for i, e := range d.Payees {
		f := func(m string) string { return fmt.Sprintf("payees[%d].%s", i, m) }
		if !payroll.ValidTFN(e.TaxFileNumber) {
			bad("%s %q is not a valid TFN", f("taxFileNumber"), e.TaxFileNumber)
		}
		if e.FamilyName == "" || e.PayrollID == "" {
			bad("%s and %s are required", f("familyName"), f("payrollId"))
		}
		if !isDate(e.DateOfBirth) || !isDate(e.EmploymentStartDate) || (e.CessationDate != "" && !isDate(e.CessationDate)) {
			bad("%s: dates must be yyyy-mm-dd", f("dates"))
		}
		if (e.CessationDate == "") != (e.CessationReason == "") {
			bad("%s and %s go together", f("cessationDate"), f("cessationReason"))
		}
		if e.CessationReason != "" {
			in(f("cessationReason"), e.CessationReason, CessationReasons)
		}
		in(f("employmentBasis"), e.EmploymentBasis, EmploymentBases)
		if err := ValidTaxTreatmentCode(e.TaxTreatmentCode); err != nil {
			bad("%s: %v", f("taxTreatmentCode"), err)
		}
		if len(e.IncomeStreams) == 0 {
			bad("%s: at least one income stream", f("incomeStreams"))
		}
		for j, s := range e.IncomeStreams {
			g := func(m string) string { return fmt.Sprintf("payees[%d].incomeStreams[%d].%s", i, j, m) }
			in(g("incomeType"), s.IncomeType, IncomeTypes)
			for _, t := range s.PaidLeave {
				in(g("paidLeave.type"), t.Type, PaidLeaveTypes)
			}
			for _, a := range s.Allowances {
				in(g("allowances.type"), a.Type, AllowanceTypes)
				if a.Type == "OD" && a.Description == "" {
					bad("%s: an OD allowance needs a description", g("allowances"))
				}
			}
			for _, t := range s.SalarySacrifice {
				in(g("salarySacrifice.type"), t.Type, SalarySacrificeTypes)
			}
			for _, t := range s.LumpSums {
				typ := t.Type
				if typ == "AR" || typ == "AT" {
					typ = "A"
				}
				in(g("lumpSums.type"), typ, LumpSumTypes)
			}
			for _, t := range s.EmploymentTermination {
				in(g("employmentTerminationPayments.code"), t.Code, ETPCodes)
			}
		}
		for _, t := range e.Deductions {
			in(f("deductions.type"), t.Type, DeductionTypes)
		}
	}
	return errs
}

// Reported is the sum of a stream's amounts that make up the pay before
// sacrifice: gross, paid leave, allowances, overtime, bonuses and
// commissions, directors' fees, CDEP, lump sums and ETPs.
func (s IncomeStream) Reported() payroll.Money {
	t := s.Gross.Add(s.Overtime).Add(s.BonusesAndCommissions).Add(s.DirectorsFees).Add(s.CDEP)
	for _, x := range s.PaidLeave {
		t = t.Add(x.Amount)
	}
	for _, x := range s.Allowances {
		t = t.Add(x.Amount)
	}
	for _, x := range s.LumpSums {
		t = t.Add(x.Amount)
	}
	for _, x := range s.EmploymentTermination {
		t = t.Add(x.TaxableComponent).Add(x.TaxFreeComponent)
	}
	return t
}
