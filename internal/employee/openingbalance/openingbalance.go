// Package openingbalance is an employee's opening balances
// (E/openingbalances, AU): the year-to-date of a financial year paid
// before the employee's first pay run here. A POST replaces the whole
// set. The set counts where a user relies on year-to-date figures: pay
// runs and payslips of that financial year add it to the year-to-date
// they read (store.OpeningBalancesOfYear, read by internal/payrun), and
// its leave balances are Opening entries of the leave ledger, so
// E/leavebalances and the leave reports include them.
package openingbalance

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Line kinds (employee_opening_balance_lines.kind).
const (
	kindEarnings  = "earnings"
	kindDeduction = "deduction"
	kindLeave     = "leave"
	kindLiability = "liability"
	kindETP       = "etp"
)

// PayCategoryTypes is the published set of an opening earnings line's
// payCategoryType.
var PayCategoryTypes = []string{"Standard", "LeaveLoading", "GenuineRedundancyLeavePayment", "OpeningBalanceAllowances", "EtpTypeRTaxable",
	"EtpTypeRTaxFree", "EtpTypeOTaxable", "EtpTypeOTaxFree", "EtpLumpSumD", "GenuineRedundancyLeaveLoading", "MethodB2AdditionalPaymentsOpeningBalance",
	"EtpSuperableTypeOTaxable", "EtpSuperableTypeOTaxFree", "EtpTypeOUnusedLeavePayment", "EtpTypeSTaxable", "EtpTypeSTaxFree", "EtpTypePTaxable",
	"EtpTypePTaxFree", "EtpSuperableTypePTaxable", "EtpSuperableTypePTaxFree", "EtpTypePUnusedLeavePayment", "JobKeeperTier", "JobKeeperCancelTier",
	"JobMakerNomination", "JobMakerRenomination", "JobMakerPeriod", "JobMakerCancelNomination", "JobMakerCancelRenomination", "JobMakerCancelPeriod",
	"NormalTerminationLeaveLoading", "PublicHolidayWorked", "PublicHolidayNotWorked", "UnusedLeavePaymentNormalTermination", "BackPayment",
	"PaidFamilyAndDomesticViolenceLeave"}

// UnitTypes of a leave balance; ETPTypes of an ETP.
var (
	UnitTypes = []string{"Hours", "Days", "Weeks"}
	ETPTypes  = []string{"O", "P", "R", "S"}
)

// OpeningEarnings is AuInitialEarningsModel.
type OpeningEarnings struct {
	PayCategoryType       string        `json:"payCategoryType" enum:"Standard,LeaveLoading,GenuineRedundancyLeavePayment,OpeningBalanceAllowances,EtpTypeRTaxable,EtpTypeRTaxFree,EtpTypeOTaxable,EtpTypeOTaxFree,EtpLumpSumD,GenuineRedundancyLeaveLoading,MethodB2AdditionalPaymentsOpeningBalance,EtpSuperableTypeOTaxable,EtpSuperableTypeOTaxFree,EtpTypeOUnusedLeavePayment,EtpTypeSTaxable,EtpTypeSTaxFree,EtpTypePTaxable,EtpTypePTaxFree,EtpSuperableTypePTaxable,EtpSuperableTypePTaxFree,EtpTypePUnusedLeavePayment,JobKeeperTier,JobKeeperCancelTier,JobMakerNomination,JobMakerRenomination,JobMakerPeriod,JobMakerCancelNomination,JobMakerCancelRenomination,JobMakerCancelPeriod,NormalTerminationLeaveLoading,PublicHolidayWorked,PublicHolidayNotWorked,UnusedLeavePaymentNormalTermination,BackPayment,PaidFamilyAndDomesticViolenceLeave"`
	PayCategoryID         int64         `json:"payCategoryId"`
	IsStandardPayCategory bool          `json:"isStandardPayCategory"`
	Name                  string        `json:"name"`
	Amount                payroll.Money `json:"amount"`
}

// OpeningDeduction is AuInitialDeductionModel.
type OpeningDeduction struct {
	IsRESC               bool          `json:"isRESC"`
	TaxExempt            bool          `json:"taxExempt"`
	IsMemberVoluntary    bool          `json:"isMemberVoluntary"`
	IsRescStatusReadOnly bool          `json:"isRescStatusReadOnly" readOnly:"true"`
	DeductionCategoryID  int64         `json:"deductionCategoryId"`
	Name                 string        `json:"name"`
	Amount               payroll.Money `json:"amount"`
}

// OpeningLeaveBalance is InitialLeaveBalanceModel.
type OpeningLeaveBalance struct {
	LeaveCategoryID int64        `json:"leaveCategoryId"`
	Name            string       `json:"name"`
	Amount          payroll.Rate `json:"amount"`
	UnitType        string       `json:"unitType" enum:"Hours,Days,Weeks"`
}

// OpeningLiability is InitialEmployerLiabilityModel.
type OpeningLiability struct {
	EmployerLiabilityCategoryID int64         `json:"employerLiabilityCategoryId"`
	Name                        string        `json:"name"`
	Amount                      payroll.Money `json:"amount"`
}

// OpeningETP is OpeningBalancesEtpModel (an employment termination payment of
// the year).
type OpeningETP struct {
	ID                     int64            `json:"id" readOnly:"true"`
	EtpType                string           `json:"etpType" enum:"O,P,R,S"`
	TaxFreeComponent       payroll.Money    `json:"taxFreeComponent"`
	TaxableComponent       payroll.Money    `json:"taxableComponent"`
	TaxWithheld            payroll.Money    `json:"taxWithheld"`
	IsAmended              bool             `json:"isAmended"`
	PaymentDate            payroll.DateTime `json:"paymentDate"`
	GeneratePaymentSummary bool             `json:"generatePaymentSummary"`
}

// OpeningBalances is AuOpeningBalancesModel.
type OpeningBalances struct {
	EmployeeID                    int64                 `json:"employeeId" readOnly:"true"`
	TotalHours                    payroll.Rate          `json:"totalHours"`
	GrossEarnings                 payroll.Money         `json:"grossEarnings"`
	PaygWithholdingAmount         payroll.Money         `json:"paygWithholdingAmount"`
	MethodB2PaygWithholdingAmount payroll.Money         `json:"methodB2PaygWithholdingAmount"`
	SfssAmount                    payroll.Money         `json:"sfssAmount"`
	HelpAmount                    payroll.Money         `json:"helpAmount"`
	SuperContribution             payroll.Money         `json:"superContribution"`
	EmployerContribution          payroll.Money         `json:"employerContribution"`
	NonRescEmployerContribution   payroll.Money         `json:"nonRescEmployerContribution"`
	EarningsLines                 []OpeningEarnings     `json:"earningsLines"`
	Deductions                    []OpeningDeduction    `json:"deductions"`
	LeaveBalances                 []OpeningLeaveBalance `json:"leaveBalances"`
	EmployerLiabilities           []OpeningLiability    `json:"employerLiabilities"`
	Etps                          []OpeningETP          `json:"etps"`
	FinancialYearStartingYear     int32                 `json:"financialYearStartingYear" doc:"the financial year the balances are of, by the year it starts in (default: the current one)"`
	LocationName                  string                `json:"locationName" doc:"a location of the business, by name (empty = none)"`
}

// Service owns opening balances.
type Service struct {
	Employees *employee.Service
	Leave     *leave.Service
	Clock     payroll.Clock
}

// FinancialYearStart is the first day of financial year y of a region (AU
// 1 July, UK 6 April, NZ 1 April, else 1 January): where the pay run's
// year-to-date starts.
func FinancialYearStart(region string, y int) time.Time {
	switch region {
	case "AU":
		return time.Date(y, time.July, 1, 0, 0, 0, 0, time.UTC)
	case "UK":
		return time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)
	case "NZ":
		return time.Date(y, time.April, 1, 0, 0, 0, 0, time.UTC)
	}
	return time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC)
}

// currentYear is the financial year (by its starting year) day falls in.
func currentYear(region string, day time.Time) int32 {
	y := day.Year()
	if day.Before(FinancialYearStart(region, y)) {
		y--
	}
	return int32(y)
}

func empty(employeeID int64, year int32) OpeningBalances {
	return OpeningBalances{EmployeeID: employeeID, EarningsLines: []OpeningEarnings{}, Deductions: []OpeningDeduction{}, LeaveBalances: []OpeningLeaveBalance{},
		EmployerLiabilities: []OpeningLiability{}, Etps: []OpeningETP{}, FinancialYearStartingYear: year}
}

// Get returns the employee's opening balances (all zero, of the current
// financial year, when none were entered).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out OpeningBalances, err error) {
	defer payroll.Wrap(&err, "opening balances of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return OpeningBalances{}, err
	}
	return s.read(ctx, q, biz, employeeID)
}

func (s *Service) read(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64) (OpeningBalances, error) {
	r, err := q.GetOpeningBalances(ctx, store.GetOpeningBalancesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return empty(employeeID, currentYear(biz.Region, s.Clock.Now())), nil
	}
	if err != nil {
		return OpeningBalances{}, err
	}
	out := empty(employeeID, r.FinancialYear)
	m := payroll.MoneyFromMinor
	out.TotalHours = emprec.RateOf(r.TotalHours)
	out.GrossEarnings, out.PaygWithholdingAmount, out.MethodB2PaygWithholdingAmount = m(r.GrossEarnings), m(r.PaygWithholding), m(r.MethodB2PaygWithholding)
	out.SfssAmount, out.HelpAmount, out.SuperContribution = m(r.Sfss), m(r.Help), m(r.SuperContribution)
	out.EmployerContribution, out.NonRescEmployerContribution = m(r.EmployerContribution), m(r.NonRescEmployerContribution)
	if r.LocationID.Valid {
		if loc, err := q.GetRecord(ctx, store.GetRecordParams{ID: r.LocationID.Int64, BusinessID: biz.ID, Kind: record.KindLocation}); err == nil {
			out.LocationName = loc.Name
		} else if !db.IsNoRows(err) {
			return OpeningBalances{}, err
		}
	}
	lines, err := q.ListOpeningBalanceLines(ctx, store.ListOpeningBalanceLinesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return OpeningBalances{}, err
	}
	for _, l := range lines {
		switch l.Kind {
		case kindEarnings:
			out.EarningsLines = append(out.EarningsLines, OpeningEarnings{PayCategoryType: l.PayCategoryType, PayCategoryID: l.CategoryID,
				IsStandardPayCategory: l.PayCategoryType == "Standard", Name: l.Name, Amount: m(l.Amount)})
		case kindDeduction:
			out.Deductions = append(out.Deductions, OpeningDeduction{IsRESC: l.IsResc, TaxExempt: l.TaxExempt, IsMemberVoluntary: l.IsMemberVoluntary,
				DeductionCategoryID: l.CategoryID, Name: l.Name, Amount: m(l.Amount)})
		case kindLeave:
			out.LeaveBalances = append(out.LeaveBalances, OpeningLeaveBalance{LeaveCategoryID: l.CategoryID, Name: l.Name, Amount: emprec.RateOf(l.Quantity), UnitType: l.UnitType})
		case kindLiability:
			out.EmployerLiabilities = append(out.EmployerLiabilities, OpeningLiability{EmployerLiabilityCategoryID: l.CategoryID, Name: l.Name, Amount: m(l.Amount)})
		case kindETP:
			out.Etps = append(out.Etps, OpeningETP{ID: l.ID, EtpType: l.EtpType, TaxFreeComponent: m(l.TaxFreeComponent), TaxableComponent: m(l.TaxableComponent),
				TaxWithheld: m(l.TaxWithheld), IsAmended: l.IsAmended, PaymentDate: emprec.DateOf(l.PaymentDate), GeneratePaymentSummary: l.GeneratePaymentSummary})
		}
	}
	return out, nil
}

// validate checks what needs no database and fills defaults.
func (s *Service) validate(region string, b *OpeningBalances) error {
	var v payroll.Validation
	if b.FinancialYearStartingYear == 0 {
		b.FinancialYearStartingYear = currentYear(region, s.Clock.Now())
	} else if b.FinancialYearStartingYear < 2000 || b.FinancialYearStartingYear > 2100 {
		v.Add("financialYearStartingYear", "financialYearStartingYear must be a year between 2000 and 2100")
	}
	emprec.Rate(&v, "totalHours", b.TotalHours, payroll.Rate{})
	for _, f := range []struct {
		name string
		m    payroll.Money
	}{{"grossEarnings", b.GrossEarnings}, {"paygWithholdingAmount", b.PaygWithholdingAmount}, {"methodB2PaygWithholdingAmount", b.MethodB2PaygWithholdingAmount},
		{"sfssAmount", b.SfssAmount}, {"helpAmount", b.HelpAmount}, {"superContribution", b.SuperContribution}, {"employerContribution", b.EmployerContribution},
		{"nonRescEmployerContribution", b.NonRescEmployerContribution}} {
		emprec.Money(&v, f.name, f.m, false)
	}
	for i := range b.EarningsLines {
		l := &b.EarningsLines[i]
		f := "earningsLines[" + itoa(i) + "]"
		emprec.Money(&v, f+".amount", l.Amount, true)
		l.PayCategoryType = emprec.Enum(&v, f+".payCategoryType", l.PayCategoryType, PayCategoryTypes, "Standard")
		if l.PayCategoryType == "Standard" && l.PayCategoryID <= 0 {
			v.Add(f+".payCategoryId", "%s.payCategoryId is required for a Standard earnings line", f)
		}
	}
	for i := range b.Deductions {
		f := "deductions[" + itoa(i) + "]"
		emprec.Money(&v, f+".amount", b.Deductions[i].Amount, true)
		if b.Deductions[i].DeductionCategoryID <= 0 {
			v.Add(f+".deductionCategoryId", "%s.deductionCategoryId is required", f)
		}
	}
	seen := map[int64]bool{}
	for i := range b.LeaveBalances {
		l := &b.LeaveBalances[i]
		f := "leaveBalances[" + itoa(i) + "]"
		if l.LeaveCategoryID <= 0 {
			v.Add(f+".leaveCategoryId", "%s.leaveCategoryId is required", f)
		} else if seen[l.LeaveCategoryID] {
			v.Add(f+".leaveCategoryId", "%s.leaveCategoryId: leave category %d is given twice", f, l.LeaveCategoryID)
		}
		seen[l.LeaveCategoryID] = true
		if l.Amount.Decimal().MinScale() > 6 || payroll.RateFromInt(1_000_000).Decimal().Less(l.Amount.Decimal().Abs()) {
			v.Add(f+".amount", "%s.amount must be within a million with at most six decimal places", f)
		}
		l.UnitType = emprec.Enum(&v, f+".unitType", l.UnitType, UnitTypes, "Hours")
	}
	for i := range b.EmployerLiabilities {
		f := "employerLiabilities[" + itoa(i) + "]"
		emprec.Money(&v, f+".amount", b.EmployerLiabilities[i].Amount, true)
		if b.EmployerLiabilities[i].EmployerLiabilityCategoryID <= 0 {
			v.Add(f+".employerLiabilityCategoryId", "%s.employerLiabilityCategoryId is required", f)
		}
	}
	for i := range b.Etps {
		e := &b.Etps[i]
		f := "etps[" + itoa(i) + "]"
		e.EtpType = emprec.Enum(&v, f+".etpType", e.EtpType, ETPTypes, "O")
		emprec.Money(&v, f+".taxFreeComponent", e.TaxFreeComponent, false)
		emprec.Money(&v, f+".taxableComponent", e.TaxableComponent, false)
		emprec.Money(&v, f+".taxWithheld", e.TaxWithheld, false)
	}
	b.LocationName = strings.TrimSpace(b.LocationName)
	return v.Err()
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// category checks that id is a record of kind in the business and returns
// its name.
func category(ctx context.Context, q *store.Queries, biz business.Business, kind, field string, id int64) (string, error) {
	r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: biz.ID, Kind: kind})
	if db.IsNoRows(err) {
		return "", payroll.Invalid(field, "%s: there is no %s %d in this business", field, strings.ReplaceAll(kind, "_", " "), id)
	}
	return r.Name, err
}

// Save replaces the employee's opening balances with b (members omitted
// are zero or empty), under the employee's lock: the totals, every line,
// and the leave ledger's Opening entries (dated the first day of the
// financial year; categories no longer listed lose theirs).
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, b OpeningBalances) (out OpeningBalances, err error) {
	defer payroll.Wrap(&err, "save opening balances of employee %d", employeeID)
	if err := s.validate(biz.Region, &b); err != nil {
		return OpeningBalances{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		before, err := s.read(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		var loc sql.NullInt64
		if b.LocationName != "" {
			rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: biz.ID, Kind: record.KindLocation, ParentID: 0, Lower: b.LocationName})
			if err != nil {
				return err
			}
			if len(rows) == 0 {
				return payroll.Invalid("locationName", "locationName: there is no location %q in this business", b.LocationName)
			}
			loc = sql.NullInt64{Int64: rows[0].ID, Valid: true}
		}
		var preTax, postTax int64
		type lineRow = store.InsertOpeningBalanceLineParams
		var rows []lineRow
		base := func(kind string, pos int) lineRow {
			return lineRow{BusinessID: biz.ID, EmployeeID: employeeID, Kind: kind, Position: int32(pos), Quantity: "0"}
		}
		for i, l := range b.EarningsLines {
			r := base(kindEarnings, i)
			r.CategoryID, r.Name, r.Amount, r.PayCategoryType = l.PayCategoryID, strings.TrimSpace(l.Name), l.Amount.MinorUnits(), l.PayCategoryType
			if l.PayCategoryID > 0 {
				n, err := category(ctx, q, biz, record.KindPayCategory, "earningsLines["+itoa(i)+"].payCategoryId", l.PayCategoryID)
				if err != nil {
					return err
				}
				r.Name = n
			}
			rows = append(rows, r)
		}
		for i, d := range b.Deductions {
			r := base(kindDeduction, i)
			n, err := category(ctx, q, biz, record.KindDeductionCategory, "deductions["+itoa(i)+"].deductionCategoryId", d.DeductionCategoryID)
			if err != nil {
				return err
			}
			r.CategoryID, r.Name, r.Amount, r.IsResc, r.TaxExempt, r.IsMemberVoluntary = d.DeductionCategoryID, n, d.Amount.MinorUnits(), d.IsRESC, d.TaxExempt, d.IsMemberVoluntary
			if d.TaxExempt {
				preTax += r.Amount
			} else {
				postTax += r.Amount
			}
			rows = append(rows, r)
		}
		for i, l := range b.LeaveBalances {
			r := base(kindLeave, i)
			n, err := category(ctx, q, biz, record.KindLeaveCategory, "leaveBalances["+itoa(i)+"].leaveCategoryId", l.LeaveCategoryID)
			if err != nil {
				return err
			}
			r.CategoryID, r.Name, r.Quantity, r.UnitType = l.LeaveCategoryID, n, l.Amount.String(), l.UnitType
			rows = append(rows, r)
		}
		for i, l := range b.EmployerLiabilities {
			r := base(kindLiability, i)
			n, err := category(ctx, q, biz, record.KindEmployerLiabilityCategory, "employerLiabilities["+itoa(i)+"].employerLiabilityCategoryId", l.EmployerLiabilityCategoryID)
			if err != nil {
				return err
			}
			r.CategoryID, r.Name, r.Amount = l.EmployerLiabilityCategoryID, n, l.Amount.MinorUnits()
			rows = append(rows, r)
		}
		for i, e := range b.Etps {
			r := base(kindETP, i)
			r.EtpType, r.TaxFreeComponent, r.TaxableComponent, r.TaxWithheld = e.EtpType, e.TaxFreeComponent.MinorUnits(), e.TaxableComponent.MinorUnits(), e.TaxWithheld.MinorUnits()
			r.IsAmended, r.PaymentDate, r.GeneratePaymentSummary = e.IsAmended, emprec.NullDate(e.PaymentDate), e.GeneratePaymentSummary
			r.Amount = r.TaxFreeComponent + r.TaxableComponent
			rows = append(rows, r)
		}

		// The leave categories of the set being replaced lose their
		// opening entries unless the new set names them again.
		old, err := q.ListOpeningBalanceLines(ctx, store.ListOpeningBalanceLinesParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		keep := map[int64]bool{}
		for _, l := range b.LeaveBalances {
			keep[l.LeaveCategoryID] = true
		}
		for _, l := range old {
			if l.Kind == kindLeave && !keep[l.CategoryID] {
				if err := q.DeleteOpeningEntries(ctx, store.DeleteOpeningEntriesParams{BusinessID: biz.ID, EmployeeID: employeeID, LeaveCategoryID: l.CategoryID}); err != nil {
					return err
				}
			}
		}
		if err := q.DeleteOpeningBalanceLines(ctx, store.DeleteOpeningBalanceLinesParams{BusinessID: biz.ID, EmployeeID: employeeID}); err != nil {
			return err
		}
		if _, err := q.UpsertOpeningBalances(ctx, store.UpsertOpeningBalancesParams{BusinessID: biz.ID, EmployeeID: employeeID, FinancialYear: b.FinancialYearStartingYear,
			TotalHours: b.TotalHours.String(), GrossEarnings: b.GrossEarnings.MinorUnits(), PaygWithholding: b.PaygWithholdingAmount.MinorUnits(),
			MethodB2PaygWithholding: b.MethodB2PaygWithholdingAmount.MinorUnits(), Sfss: b.SfssAmount.MinorUnits(), Help: b.HelpAmount.MinorUnits(),
			SuperContribution: b.SuperContribution.MinorUnits(), EmployerContribution: b.EmployerContribution.MinorUnits(),
			NonRescEmployerContribution: b.NonRescEmployerContribution.MinorUnits(), PreTaxDeductions: preTax, PostTaxDeductions: postTax,
			LocationID: loc, CreatedAt: s.Clock.Now()}); err != nil {
			return err
		}
		for _, r := range rows {
			if err := q.InsertOpeningBalanceLine(ctx, r); err != nil {
				return err
			}
		}
		asAt := FinancialYearStart(biz.Region, int(b.FinancialYearStartingYear))
		perDay, perWeek := leave.StandardHours(rateOr(e.HoursPerDay), rateOr(e.HoursPerWeek))
		for i, l := range b.LeaveBalances {
			// The ledger keeps hours: a balance given in days or weeks is
			// converted with the employee's standard hours (leave.Unit).
			u, err := leave.UnitNamed(l.UnitType, employeeID, perDay, perWeek)
			if err != nil {
				return payroll.Conflict("leaveBalances[%d].unitType: %s", i, err.(*payroll.Error).Message)
			}
			if err := s.Leave.SetOpening(ctx, q, biz.ID, employeeID, l.LeaveCategoryID, u.ToHours(l.Amount), asAt); err != nil {
				return err
			}
		}
		if out, err = s.read(ctx, q, biz, employeeID); err != nil {
			return err
		}
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionOpeningBalances, "openingBalances", employeeID, before, out)
	})
	return out, err
}

func rateOr(r *payroll.Rate) payroll.Rate {
	if r == nil {
		return payroll.Rate{}
	}
	return *r
}
