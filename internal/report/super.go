package report

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// SuperAccrual is one super contribution accrued for an employee by one
// finalised run (SuperAccrualExportModel).
type SuperAccrual struct {
	LocationID    int64            `json:"locationId"`
	LocationName  string           `json:"locationName"`
	EmployeeID    int64            `json:"employeeId"`
	FirstName     string           `json:"firstName"`
	Surname       string           `json:"surname"`
	ExternalID    string           `json:"externalId"`
	AccrualDate   payroll.DateTime `json:"accrualDate" doc:"the run's date paid"`
	AccrualType   string           `json:"accrualType" doc:"SuperGuarantee, or the super adjustment's contribution type"`
	AccrualAmount payroll.Money    `json:"accrualAmount"`
	BatchID       int64            `json:"batchId" doc:"0: super payments are not batched by this service"`
	Status        string           `json:"status" enum:"New,SubmittedForProcessing,SubmissionFailed,SubmissionProcessed,SubmissionQueuedForPayment,SubmissionPaid,AwaitingPayment,AwaitingClearance,Reconciled,SentToFund,SentToFundWithResponse,SentToFundWithRefund,Cancelled,Submitted,Refunded,Cancelling,Paid,PaymentFailed" doc:"New: accrued, not yet in a super payment batch"`
}

// superAccruals reads the selected runs' contributions per employee and
// run: the super guarantee (the run's contribution less its super
// adjustments and salary sacrificed deductions) and each adjustment by
// contribution type (salary sacrificed deductions are SalarySacrifice),
// with the employee's first super fund.
func (s *Service) superAccruals(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, visit func(a SuperAccrual, fund, member string)) error {
	var b Args
	where, err := s.runScope(ctx, biz, p, f, &b)
	if err != nil {
		return err
	}
	q := "SELECT r.id, r.date_paid, e.id, e.first_name, e.surname, e.external_id, COALESCE(e.primary_location_id, 0), e.primary_location, " +
		"e.super_fund1_fund_name, e.super_fund1_member_number, pe.super_contribution, " +
		"COALESCE(l.subtype, ''), CAST(COALESCE(SUM(l.amount), 0) AS BIGINT)" + runFrom +
		" LEFT JOIN pay_run_lines l ON l.pay_run_id = r.id AND l.employee_id = pe.employee_id AND (l.kind = 'superadjustment' OR (l.kind = 'deduction' AND l.subtype = 'SalarySacrifice'))" + where +
		" GROUP BY r.id, r.date_paid, e.id, e.first_name, e.surname, e.external_id, e.primary_location_id, e.primary_location, e.super_fund1_fund_name, e.super_fund1_member_number, pe.super_contribution, l.subtype" +
		" ORDER BY r.date_paid, r.id, e.surname, e.first_name, e.id, l.subtype"
	type key struct{ run, emp int64 }
	type pending struct {
		a            SuperAccrual
		fund, member string
		sg           int64
	}
	var cur *pending
	var curKey key
	flush := func() {
		if cur != nil && cur.sg != 0 {
			a := cur.a
			a.AccrualType, a.AccrualAmount = "SuperGuarantee", Money(cur.sg)
			visit(a, cur.fund, cur.member)
		}
	}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var a SuperAccrual
		var run, total, adj int64
		var paid time.Time
		var fund, member, subtype string
		if err := rows.Scan(&run, &paid, &a.EmployeeID, &a.FirstName, &a.Surname, &a.ExternalID, &a.LocationID, &a.LocationName,
			&fund, &member, &total, &subtype, &adj); err != nil {
			return err
		}
		a.AccrualDate, a.Status = payroll.NewDateTime(paid), "New"
		if k := (key{run, a.EmployeeID}); cur == nil || k != curKey {
			flush()
			curKey, cur = k, &pending{a: a, fund: fund, member: member, sg: total}
		}
		if adj != 0 {
			cur.sg -= adj
			x := a
			x.AccrualType, x.AccrualAmount = subtype, Money(adj)
			if x.AccrualType == "" {
				x.AccrualType = "EmployerContribution"
			}
			visit(x, fund, member)
		}
		return nil
	})

	flush()
	if err != nil {
		return err
	}
	return s.superAdjustments(ctx, biz, p, f, visit)
}

// superAdjustments visits the super adjustments recorded against the
// selected employees outside a pay run (E/superadjustment) dated in f's
// range, on their date. A filter on a pay run or pay schedule selects
// none: they belong to no run.
func (s *Service) superAdjustments(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, visit func(a SuperAccrual, fund, member string)) error {
	if f.PayRunID != 0 || f.PayScheduleID != 0 {
		return nil
	}
	var b Args
	where, err := s.EmployeeScope(ctx, biz, p, f, &b)
	if err != nil {
		return err
	}
	where += " AND a.business_id = " + b.Bind(biz.ID)
	where += b.Days("a.from_date", f.From, f.To)
	q := "SELECT a.from_date, a.contribution_type, a.total_amount_paid, e.id, e.first_name, e.surname, e.external_id, COALESCE(e.primary_location_id, 0), " +
		"e.primary_location, e.super_fund1_fund_name, e.super_fund1_member_number FROM employee_super_adjustments a JOIN employees e ON e.id = a.employee_id" +
		where + " ORDER BY a.from_date, e.surname, e.first_name, e.id, a.id"
	return s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var a SuperAccrual
		var on time.Time
		var amount int64
		var fund, member string
		if err := rows.Scan(&on, &a.AccrualType, &amount, &a.EmployeeID, &a.FirstName, &a.Surname, &a.ExternalID, &a.LocationID, &a.LocationName, &fund, &member); err != nil {
			return err
		}
		a.AccrualDate, a.AccrualAmount, a.Status = payroll.NewDateTime(on), Money(amount), "New"
		visit(a, fund, member)
		return nil
	})

}

// SuperByEmployee lists the contributions of the selected finalised runs
// per employee and run, and the super adjustments recorded outside a run
// on their date, by date.
func (s *Service) SuperByEmployee(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []SuperAccrual, err error) {
	defer payroll.Wrap(&err, "super contributions report of business %d", biz.ID)
	out := []SuperAccrual{}
	err = s.superAccruals(ctx, biz, p, f, func(a SuperAccrual, _, _ string) { out = append(out, a) })
	SortStable(out, func(x, y SuperAccrual) bool { return x.AccrualDate.Before(y.AccrualDate.Time) })
	return out, err
}

// SuperByFund is one employee's contributions of one type to one fund
// over the selected runs (SuperContributionsReportExportModel).
type SuperByFund struct {
	LocationName    string        `json:"locationName"`
	EmployeeID      int64         `json:"employeeId"`
	FirstName       string        `json:"firstName"`
	Surname         string        `json:"surname"`
	ExternalID      string        `json:"externalId"`
	SuperFundName   string        `json:"superFundName" doc:"the employee's first super fund"`
	SuperFundNumber string        `json:"superFundNumber" doc:"the employee's member number in it"`
	PaymentType     string        `json:"paymentType"`
	Amount          payroll.Money `json:"amount"`
}

// SuperByFund sums the contributions of the selected finalised runs per
// fund, employee and contribution type, ordered by fund.
func (s *Service) SuperByFund(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []SuperByFund, err error) {
	defer payroll.Wrap(&err, "super contributions by fund report of business %d", biz.ID)
	type key struct {
		fund, member string
		emp          int64
		typ          string
	}
	at := map[key]int{}
	out := []SuperByFund{}
	err = s.superAccruals(ctx, biz, p, f, func(a SuperAccrual, fund, member string) {
		k := key{fund, member, a.EmployeeID, a.AccrualType}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, SuperByFund{LocationName: a.LocationName, EmployeeID: a.EmployeeID, FirstName: a.FirstName, Surname: a.Surname,
				ExternalID: a.ExternalID, SuperFundName: fund, SuperFundNumber: member, PaymentType: a.AccrualType})
		}
		out[i].Amount = out[i].Amount.Add(a.AccrualAmount)
	})
	if err != nil {
		return nil, err
	}
	SortStable(out, func(x, y SuperByFund) bool {
		if x.SuperFundName != y.SuperFundName {
			return x.SuperFundName < y.SuperFundName
		}
		if x.Surname != y.Surname {
			return x.Surname < y.Surname
		}
		return x.EmployeeID < y.EmployeeID
	})

	return out, nil
}
