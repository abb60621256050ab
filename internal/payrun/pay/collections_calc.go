package pay

// How the collections compute.go does not know change an employee's
// figures. compute calls collectionsBeforeTax after reading its lines
// (before taxable pay and calc's pre-tax input are formed) and
// collectionsAfterTax after the statutory figures and tax adjustments
// (before net), so:
//
//   - super adjustments add to the super contribution; a SalarySacrifice
//     one is also a pre-tax deduction (it lowers taxable pay and tax), a
//     MemberVoluntary one a post-tax deduction (it lowers net);
//   - SDL adjustments add to the SDL contribution (employer cost: neither
//     gross nor net);
//   - voluntary CPF adds to the employee's CPF (withheld: lowers net) or
//     the employer's (neither gross nor net);
//   - leave accruals, benefits and HMRC adjustments carry no money: leave
//     moves balances when the run is finalised; benefits and HMRC
//     adjustments are listed and reported, not paid.
//
// Expenses (paid beside net: bank payments = net + expenses), employer
// liabilities (in totals only) and tax adjustments (added to tax withheld)
// compute.go handles itself.

// collectionsBeforeTax applies the adjustments that change taxable pay.
func collectionsBeforeTax(lines []line, f *figures) {
	for i := range lines {
		l := &lines[i]
		if l.Kind == KindSuperAdjustment && l.Subtype == "SalarySacrifice" {
			f.preTax += l.Amount
		}
	}
}

// collectionsAfterTax applies the adjustments that change the statutory
// and employer-side figures and the post-tax deductions.
func collectionsAfterTax(lines []line, f *figures) {
	for i := range lines {
		l := &lines[i]
		switch l.Kind {
		case KindSuperAdjustment:
			f.super += l.Amount
			if l.Subtype == "MemberVoluntary" {
				f.postTax += l.Amount
			}
		case KindSDLAdjustment:
			f.sdl += l.Amount
		case KindNIEmployeeAdjustment: // a NI back calculation (uk_employee.go)
			f.niEE += l.Amount
		case KindNIEmployerAdjustment:
			f.niER += l.Amount
		case KindVoluntaryCPF:
			if l.Subtype == "Employer" {
				f.cpfER += l.Amount
			} else {
				f.cpfEE += l.Amount
			}
		}
	}
}
