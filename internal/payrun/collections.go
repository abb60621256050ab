package payrun

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// Subtypes of lines (pay_run_lines.subtype), by kind; the first is the
// default when a line gives none.
var subtypes = map[string][]string{
	pay.KindLeave:           {"LeaveAccrued", "LeaveTaken", "LeaveAdjustment"},
	pay.KindSuperAdjustment: {"SuperGuarantee", "SalarySacrifice", "MemberVoluntary", "EmployerContribution", "NonRescEmployerContribution"},
	pay.KindVoluntaryCPF:    {"Employee", "Employer"},
}

// subtypeMember is the wire name of a kind's subtype member.
var subtypeMember = map[string]string{
	pay.KindLeave:           "accrualType",
	pay.KindSuperAdjustment: "contributionType",
	pay.KindVoluntaryCPF:    "contributionType",
}

// categoryMember is the wire name of a kind's category member.
var categoryMember = map[string]string{
	pay.KindExpense:   "employeeExpenseCategoryId",
	pay.KindLiability: "employerLiabilityCategoryId",
	pay.KindLeave:     "leaveCategoryId",
}

// signedKinds may carry negative amounts (an adjustment can reduce what
// the calculation gave); expenses, liabilities, voluntary contributions
// and benefits cannot.
var signedKinds = map[string]bool{pay.KindTaxAdjustment: true, pay.KindSuperAdjustment: true, pay.KindSDLAdjustment: true,
	pay.KindHMRCAdjustment: true, pay.KindLeave: true}

// canonicalSubtype is a kind's subtype in its canonical spelling (any case
// accepted; empty = the kind's default). Kinds without subtypes take "".
func canonicalSubtype(kind, s string) (string, bool) {
	if kind == pay.KindExpense { // the expense's tax code, as given
		s = strings.TrimSpace(s)
		return s, len(s) <= 50
	}
	list, ok := subtypes[kind]
	if !ok {
		return "", true
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return list[0], true
	}
	for _, c := range list {
		if strings.EqualFold(c, s) {
			return c, true
		}
	}
	return "", false
}

// addCollectionCategories loads the categories a kind needs that
// loadCategories does not (leave categories for leave accruals).
func (s *Service) addCollectionCategories(ctx context.Context, biz business.Business, cats *pay.Categories, kind string) error {
	if kind != pay.KindLeave {
		return nil
	}
	list, err := s.Categories.LeaveCategories.List(ctx, biz, 0)
	if err != nil {
		return err
	}
	m := make(map[int64]pay.Category, len(list))
	for _, c := range list {
		m[c.ID] = pay.Category{ID: c.ID, Name: c.Name, ExternalID: c.ExternalID}
	}
	cats.ByKind[pay.KindLeave] = m
	return nil
}

// buildAdjustment checks a line of the collections other than earnings
// and deductions: the kind's category where it has one, an amount (hours
// for leave, in units), and the kind's subtype.
func buildAdjustment(v *payroll.Validation, field string, sub Submission, cats *pay.Categories, in LineIn, l store.CreatePayRunLineParams, ok bool) (store.CreatePayRunLineParams, bool) {
	kind := sub.Kind
	if member, has := categoryMember[kind]; has {
		ext := strings.EqualFold(sub.CategoryIDType, "External")
		if _, enabled := cats.ByKind[kind]; !enabled {
			v.Add(field+"."+member, "this business's region has no %s categories", strings.TrimSuffix(member, "CategoryId"))
			return l, false
		}
		c, found := cats.Find(kind, in.CategoryID, ext)
		if !found {
			v.Add(field+"."+member, "no category %q in this business", in.CategoryID)
			return l, false
		}
		l.CategoryID, l.CategoryName = c.ID, c.Name
	}
	if _, valid := canonicalSubtype(kind, in.Subtype); kind == pay.KindExpense && !valid {
		v.Add(field+".taxCode", "taxCode must be at most 50 characters")
		ok = false
	}
	if member, has := subtypeMember[kind]; has {
		if _, valid := canonicalSubtype(kind, in.Subtype); !valid {
			v.Add(field+"."+member, "%s must be one of %s", member, strings.Join(subtypes[kind], ", "))
			ok = false
		}
	}
	l.Units, l.Rate = "", ""
	if kind == pay.KindLeave {
		if in.Units == nil {
			v.Add(field+".amount", "amount (hours) is required")
			return l, false
		}
		st, _ := canonicalSubtype(kind, in.Subtype)
		if in.Units.IsNeg() && st != "LeaveAdjustment" {
			v.Add(field+".amount", "amount must not be negative (use accrualType LeaveAdjustment to reduce a balance)")
			return l, false
		}
		l.Units = in.Units.RoundHalfUp(4).String()
		return l, ok
	}
	if in.Amount == nil {
		v.Add(field+".amount", "amount is required")
		return l, false
	}
	if in.Amount.IsNeg() && !signedKinds[kind] {
		v.Add(field+".amount", "amount must not be negative")
		return l, false
	}
	l.Amount = in.Amount.Cents().MinorUnits()
	return l, ok
}

// lumpSum is what an AU earnings line says of how it is withheld on.
type lumpSum struct {
	method, periods string
	eYear           int64
}

func (l lumpSum) set() bool { return l.method != "" || l.periods != "" || l.eYear != 0 }

// buildLumpSum checks an earnings line's lump sum members (AU only; other
// regions ignore them).
func buildLumpSum(v *payroll.Validation, field, region string, in LineIn) (lumpSum, bool) {
	var ls lumpSum
	if region == "SG" {
		// SG: the months a commission is paid for (more than one: an
		// additional wage for CPF, internal/payrun/pay/sg_cpf.go).
		if p := in.LumpSumNumberOfPayPeriods; p != nil && !p.IsZero() {
			if !pay.ValidLumpSumPeriods(*p) {
				v.Add(field+".lumpSumNumberOfPayPeriods", "lumpSumNumberOfPayPeriods must be a whole number of months from 1 to 1000")
				return ls, false
			}
			ls.periods = p.String()
		}
		return ls, true
	}
	if region != "AU" {
		return ls, true
	}
	ok := true
	switch m := strings.TrimSpace(in.LumpSumCalculationMethod); {
	case m == "":
	case strings.EqualFold(m, pay.LumpSumMethodA):
		ls.method = pay.LumpSumMethodA
	case strings.EqualFold(m, pay.LumpSumNotApplicable):
		ls.method = pay.LumpSumNotApplicable
	case strings.EqualFold(m, pay.LumpSumMethodB2):
		v.Add(field+".lumpSumCalculationMethod", "Schedule 5 Method B(ii) is not in this service's rules: use method A (spread over lumpSumNumberOfPayPeriods)")
		ok = false
	default:
		v.Add(field+".lumpSumCalculationMethod", "lumpSumCalculationMethod must be A, B2 or NotApplicable")
		ok = false
	}
	if p := in.LumpSumNumberOfPayPeriods; p != nil && !p.IsZero() {
		if !pay.ValidLumpSumPeriods(*p) {
			v.Add(field+".lumpSumNumberOfPayPeriods", "lumpSumNumberOfPayPeriods must be a whole number of pay periods from 1 to 1000")
			ok = false
		} else {
			ls.periods = p.String()
		}
	}
	if y := in.LumpSumEFinancialYear; y != nil && *y != 0 {
		if *y < 1990 || *y > 2100 {
			v.Add(field+".lumpSumEFinancialYear", "lumpSumEFinancialYear must be a year")
			ok = false
		} else {
			ls.eYear = *y
		}
	}
	return ls, ok
}

// insertSubtyped queues plain lines on the run's batch writer and inserts
// those with a subtype or lump sum members (the batch writer's column list
// has neither) one statement each.
func insertSubtyped(ctx context.Context, q *store.Queries, w *pay.Writer, lines []store.CreatePayRunLineParams, sts []string, lumps []lumpSum) error {
	for i, l := range lines {
		var ls lumpSum
		if i < len(lumps) {
			ls = lumps[i]
		}
		st := ""
		if i < len(sts) {
			st = sts[i]
		}
		switch {
		case ls.set():
			if _, err := q.CreatePayRunLineLumpSum(ctx, store.CreatePayRunLineLumpSumParams{BusinessID: l.BusinessID, PayRunID: l.PayRunID,
				EmployeeID: l.EmployeeID, Kind: l.Kind, CategoryID: l.CategoryID, CategoryName: l.CategoryName, Units: l.Units, Rate: l.Rate,
				Amount: l.Amount, TaxExempt: l.TaxExempt, Notes: l.Notes, ExternalID: l.ExternalID, LocationID: l.LocationID,
				UserEntered: l.UserEntered, Subtype: st, LumpSumMethod: ls.method, LumpSumPeriods: ls.periods, LumpSumEYear: ls.eYear}); err != nil {
				return err
			}
		case st == "":
			w.Queue(l)
		default:
			if _, err := q.CreatePayRunLineWithSubtype(ctx, store.CreatePayRunLineWithSubtypeParams{BusinessID: l.BusinessID, PayRunID: l.PayRunID,
				EmployeeID: l.EmployeeID, Kind: l.Kind, CategoryID: l.CategoryID, CategoryName: l.CategoryName, Units: l.Units, Rate: l.Rate,
				Amount: l.Amount, TaxExempt: l.TaxExempt, Notes: l.Notes, ExternalID: l.ExternalID, LocationID: l.LocationID,
				UserEntered: l.UserEntered, Subtype: st}); err != nil {
				return err
			}
		}
	}
	return nil
}
