package report

import (
	"sort"

	"github.com/payrolld/payrolld/internal/payroll"
)

// The spreadsheet variants: the same rows as the JSON reports, one
// column per member; dictionaries become one column per key seen.

func keysOf[T any](maps ...map[string]T) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range maps {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// GrossToNetSheet is the gross-to-net report as a worksheet. Its rows
// are produced while the worksheet is written (Sheet.Each), one reused
// row of cells at a time, not copied into Sheet.Rows: at 100,000
// employees that copy, boxed, was 130 MB.
func GrossToNetSheet(rows []GrossToNet) Sheet {
	keys := func(m func(r *GrossToNet) map[string]payroll.Money) []string {
		seen := map[string]bool{}
		var out []string
		for i := range rows {
			for k := range m(&rows[i]) {
				if !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		}
		sort.Strings(out)
		return out
	}
	gk := keys(func(r *GrossToNet) map[string]payroll.Money { return r.GrossEarnings })
	pk := keys(func(r *GrossToNet) map[string]payroll.Money { return r.PreTaxDeductions })
	qk := keys(func(r *GrossToNet) map[string]payroll.Money { return r.PostTaxDeductions })
	ek := keys(func(r *GrossToNet) map[string]payroll.Money { return r.Expenses })
	h := []string{"Employee Id", "First Name", "Surname", "External Id", "Primary Location", "Total Hours"}
	h = append(h, gk...)
	h = append(h, "Total Gross Earnings", "Tax Exempt Earnings")
	h = append(h, pk...)
	h = append(h, "Total Pre-tax Deductions", "Taxable Earnings", "PAYG", "SFSS", "HELP")
	h = append(h, qk...)
	h = append(h, "Total Post-tax Deductions", "Net Earnings")
	h = append(h, ek...)
	h = append(h, "Total Expenses", "Bank Payments", "SGC", "Employer Contribution", "Non-RESC Employer Contribution", "Total Gross Plus Super")
	cols := func(row []any, m map[string]payroll.Money, keys []string) []any {
		for _, k := range keys {
			row = append(row, m[k])
		}
		return row
	}
	return Sheet{Name: "Gross To Net", Header: h, Totals: true, Each: func(yield func([]any) error) error {
		row := make([]any, 0, len(h))
		for i := range rows {
			r := &rows[i]
			row = append(row[:0], r.EmployeeID, r.FirstName, r.Surname, r.ExternalID, r.PrimaryLocation, r.TotalHours)
			row = cols(row, r.GrossEarnings, gk)
			row = append(row, r.TotalGrossEarnings, r.TotalTaxExemptEarnings)
			row = cols(row, r.PreTaxDeductions, pk)
			row = append(row, r.TotalPreTaxDeductions, r.TaxableEarnings, r.Payg, r.Sfss, r.Help)
			row = cols(row, r.PostTaxDeductions, qk)
			row = append(row, r.TotalPostTaxDeductions, r.NetEarnings)
			row = cols(row, r.Expenses, ek)
			row = append(row, r.TotalExpenses, r.BankPayments, r.Sgc, r.EmployerContribution, r.NonRescEmployerContribution, r.TotalGrossPlusSuper)
			if err := yield(row); err != nil {
				return err
			}
		}
		return nil
	}}
}

// DeductionsSheet is the deductions report as a worksheet: one column
// per deduction category.
func DeductionsSheet(rows []DeductionsRow) Sheet {
	var names []map[string]payroll.Money
	for _, r := range rows {
		m := map[string]payroll.Money{}
		for _, a := range r.Amounts {
			m[a.DeductionCategoryName] = m[a.DeductionCategoryName].Add(a.Amount)
		}
		names = append(names, m)
	}
	keys := keysOf(names...)
	sh := Sheet{Name: "Deductions", Totals: true, Header: append(append([]string{"Pay Run", "Date Paid", "Employee Id", "First Name", "Surname", "External Id", "Location"}, keys...), "Total", "Note")}
	for i, r := range rows {
		row := []any{r.PayRun, r.DatePaid, r.EmployeeID, r.FirstName, r.Surname, r.ExternalID, r.Location}
		var total payroll.Money
		for _, k := range keys {
			row = append(row, names[i][k])
			total = total.Add(names[i][k])
		}
		sh.Rows = append(sh.Rows, append(row, total, r.Note))
	}
	return sh
}

// PaymentHistorySheet is the payment history report as a worksheet.
func PaymentHistorySheet(rows []PaymentHistoryRow) Sheet {
	sh := Sheet{Name: "Payment History", Totals: true, Header: []string{"Employee Id", "First Name", "Surname", "External Id", "Date Paid", "Location",
		"BSB", "Account Name", "Account Number", "Account Type", "Taxable Earnings", "Net Earnings", "Total Allowances", "Total Deductions", "Amount"}}
	for _, r := range rows {
		sh.Rows = append(sh.Rows, []any{r.EmployeeID, r.FirstName, r.Surname, r.ExternalID, r.DatePaid, r.LocationName,
			r.BSB, r.AccountName, r.AccountNumber, r.AccountType, r.TaxableEarnings, r.NetEarnings, r.TotalAllowances, r.TotalDeductions, r.Amount})
	}
	return sh
}

// DetailedActivitySheet is the detailed activity report as a worksheet.
func DetailedActivitySheet(rows []DetailedActivity) Sheet {
	var post []map[string]payroll.Money
	for _, r := range rows {
		post = append(post, r.PostTaxDeductions)
	}
	pk := keysOf(post...)
	h := []string{"Location", "Employee Id", "First Name", "Surname", "External Id", "Hours", "Gross Earnings", "Pre-tax Deductions"}
	h = append(h, pk...)
	h = append(h, "Tax Exempt Earnings", "Taxable Earnings", "PAYG", "SFSS", "HELP", "Super", "Net Earnings", "Employer Liabilities", "Gross Plus Super")
	sh := Sheet{Name: "Detailed Activity", Header: h}
	for _, r := range rows {
		row := []any{r.Location, r.EmployeeID, r.FirstName, r.Surname, r.ExternalID, r.Hours, r.GrossEarnings, r.PreTaxDeductions}
		for _, k := range pk {
			row = append(row, r.PostTaxDeductions[k])
		}
		sh.Rows = append(sh.Rows, append(row, r.TaxExemptEarnings, r.TaxableEarnings, r.Payg, r.Sfss, r.Help, r.Super, r.NetEarnings, r.EmployerLiabilities, r.GrossPlusSuper))
	}
	return sh
}

// SuperSheet is the super contributions report as a worksheet: by
// employee (accruals) or by fund.
func SuperSheet(byEmployee []SuperAccrual, byFund []SuperByFund) Sheet {
	if byFund != nil {
		sh := Sheet{Name: "Super By Fund", Totals: true, Header: []string{"Super Fund", "Member Number", "Location", "Employee Id", "First Name", "Surname", "External Id", "Payment Type", "Amount"}}
		for _, r := range byFund {
			sh.Rows = append(sh.Rows, []any{r.SuperFundName, r.SuperFundNumber, r.LocationName, r.EmployeeID, r.FirstName, r.Surname, r.ExternalID, r.PaymentType, r.Amount})
		}
		return sh
	}
	sh := Sheet{Name: "Super By Employee", Totals: true, Header: []string{"Location", "Employee Id", "First Name", "Surname", "External Id", "Accrual Date", "Accrual Type", "Amount", "Status"}}
	for _, r := range byEmployee {
		sh.Rows = append(sh.Rows, []any{r.LocationName, r.EmployeeID, r.FirstName, r.Surname, r.ExternalID, r.AccrualDate, r.AccrualType, r.AccrualAmount, r.Status})
	}
	return sh
}
