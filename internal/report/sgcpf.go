package report

import (
	"context"
	"database/sql"
	"sort"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// sgRegion is where the CPF and withholding reports exist.
var sgRegion = []string{"SG"}

// CPF payment types, numbered as the CPF Board's submission codes.
const (
	CPFPaymentTypeCPF = 1  // CPF contributions (employee and employer shares)
	CPFPaymentTypeSDL = 11 // Skills Development Levy
)

// CPFRow is one payment of one employee for one month over the finalised
// runs paid in that month (SgCpfApiModel, with the contribution's
// employee and employer shares beside the amount).
type CPFRow struct {
	LocationID           int64            `json:"locationId"`
	LocationName         string           `json:"locationName"`
	EmployeeID           int64            `json:"employeeId"`
	EmployeeNRIC         string           `json:"employeeNric"`
	EmployeeFirstName    string           `json:"employeeFirstName"`
	EmployeeSurname      string           `json:"employeeSurname"`
	EmployeeStartDate    payroll.DateTime `json:"employeeStartDate" nullable:"true"`
	EmployeeEndDate      payroll.DateTime `json:"employeeEndDate" nullable:"true"`
	EmployingEntity      string           `json:"employingEntity"`
	PaymentDate          string           `json:"paymentDate" doc:"the month the runs were paid in, yyyy-MM"`
	PaymentType          string           `json:"paymentType" enum:"CPF,SDL"`
	PaymentTypeID        int64            `json:"paymentTypeId" doc:"1 CPF contributions, 11 SDL (the CPF Board's payment codes)"`
	PaymentAmount        payroll.Money    `json:"paymentAmount" doc:"CPF: employee + employer shares; SDL: the levy"`
	OrdinaryWages        payroll.Money    `json:"ordinaryWages" doc:"ordinary wages subject to CPF in the month (after the OW ceiling)"`
	AdditionalWages      payroll.Money    `json:"additionalWages" doc:"additional wages subject to CPF in the month (after the AW ceiling)"`
	EmployeeContribution payroll.Money    `json:"employeeContribution" doc:"CPF: the employee's share (voluntary contributions included); SDL: 0"`
	EmployerContribution payroll.Money    `json:"employerContribution" doc:"CPF: the employer's share (voluntary contributions included); SDL: the levy"`
}

// CPFQuery selects the report's runs and payments.
type CPFQuery struct {
	Filter
	PaymentTypeID int64 // 0: every type
}

// sgMonthRow is one employee's figures in one finalised run.
type sgMonthRow struct {
	emp                                   int64
	paid                                  time.Time
	nric, first, surname, entity, locName string
	locID                                 int64
	start, end                            sql.NullTime
	gross, tax, cpfEE, cpfER, ow, aw, sdl int64
}

// sgRuns reads the selected finalised runs' SG figures per employee and
// run, ordered by employee then date paid (the restricted user's scope in
// the statement).
func (s *Service) sgRuns(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, visit func(r sgMonthRow)) error {
	if !record.RegionIn(sgRegion, biz.Region) {
		return record.RegionError("CPF and withholding reports", sgRegion, biz)
	}
	var b Args
	kind := b.Bind(record.KindEmployingEntity)
	where, err := s.runScope(ctx, biz, p, f, &b)
	if err != nil {
		return err
	}
	q := "SELECT e.id, r.date_paid, e.national_registration_identity_number, e.first_name, e.surname, COALESCE(ent.name, ''), " +
		"COALESCE(e.primary_location_id, 0), e.primary_location, e.start_date, e.end_date, " +
		"pe.gross, pe.tax, pe.cpf_employee, pe.cpf_employer, pe.cpf_ow_subject, pe.cpf_aw_subject, pe.sdl" + runFrom +
		" LEFT JOIN records ent ON ent.business_id = r.business_id AND ent.kind = " + kind + " AND CAST(ent.id AS TEXT) = e.employing_entity_id" +
		where + " ORDER BY e.surname, e.first_name, e.id, r.date_paid, r.id"
	return s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r sgMonthRow
		if err := rows.Scan(&r.emp, &r.paid, &r.nric, &r.first, &r.surname, &r.entity, &r.locID, &r.locName, &r.start, &r.end,
			&r.gross, &r.tax, &r.cpfEE, &r.cpfER, &r.ow, &r.aw, &r.sdl); err != nil {
			return err
		}
		visit(r)
		return nil
	})

}

func month(t time.Time) string { return t.Format("2006-01") }

func nullDate(t sql.NullTime) payroll.DateTime {
	if !t.Valid {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t.Time)
}

// CPF lists, per employee and month of the selected finalised runs, the
// CPF contributions (employee and employer shares, the ordinary and
// additional wages subject to CPF) and the SDL, as the CPF Board is paid:
// one row per payment type with an amount.
func (s *Service) CPF(ctx context.Context, biz business.Business, p *payroll.Principal, q CPFQuery) (_ []CPFRow, err error) {
	defer payroll.Wrap(&err, "CPF report of business %d", biz.ID)
	if q.PaymentTypeID != 0 && q.PaymentTypeID != CPFPaymentTypeCPF && q.PaymentTypeID != CPFPaymentTypeSDL {
		return nil, payroll.Invalid("paymentTypeId", "paymentTypeId must be %d (CPF) or %d (SDL)", CPFPaymentTypeCPF, CPFPaymentTypeSDL)
	}
	out := []CPFRow{}
	var cur *sgMonthRow
	flush := func() {
		if cur == nil {
			return
		}
		base := CPFRow{LocationID: cur.locID, LocationName: cur.locName, EmployeeID: cur.emp, EmployeeNRIC: cur.nric, EmployeeFirstName: cur.first,
			EmployeeSurname: cur.surname, EmployeeStartDate: nullDate(cur.start), EmployeeEndDate: nullDate(cur.end), EmployingEntity: cur.entity,
			PaymentDate: month(cur.paid), OrdinaryWages: Money(cur.ow), AdditionalWages: Money(cur.aw)}
		if (q.PaymentTypeID == 0 || q.PaymentTypeID == CPFPaymentTypeCPF) && cur.cpfEE+cur.cpfER != 0 {
			r := base
			r.PaymentType, r.PaymentTypeID = "CPF", CPFPaymentTypeCPF
			r.PaymentAmount, r.EmployeeContribution, r.EmployerContribution = Money(cur.cpfEE+cur.cpfER), Money(cur.cpfEE), Money(cur.cpfER)
			out = append(out, r)
		}
		if (q.PaymentTypeID == 0 || q.PaymentTypeID == CPFPaymentTypeSDL) && cur.sdl != 0 {
			r := base
			r.PaymentType, r.PaymentTypeID = "SDL", CPFPaymentTypeSDL
			r.PaymentAmount, r.EmployerContribution = Money(cur.sdl), Money(cur.sdl)
			out = append(out, r)
		}
	}
	err = s.sgRuns(ctx, biz, p, q.Filter, func(r sgMonthRow) {
		if cur != nil && cur.emp == r.emp && month(cur.paid) == month(r.paid) {
			cur.cpfEE, cur.cpfER, cur.ow, cur.aw, cur.sdl = cur.cpfEE+r.cpfEE, cur.cpfER+r.cpfER, cur.ow+r.ow, cur.aw+r.aw, cur.sdl+r.sdl
			cur.gross, cur.tax = cur.gross+r.gross, cur.tax+r.tax
			return
		}
		flush()
		cur = &r
	})
	if err != nil {
		return nil, err
	}
	flush()
	return out, nil
}

// WithholdingRow is the tax withheld at one location in one month
// (SgWithholdingModel).
type WithholdingRow struct {
	Location             string        `json:"location" doc:"the employees' primary location"`
	Month                string        `json:"month" doc:"yyyy-MM of the runs' date paid"`
	GrossEarnings        payroll.Money `json:"grossEarnings"`
	WithholdingTaxAmount payroll.Money `json:"withholdingTaxAmount" doc:"tax the finalised runs withheld (their tax adjustments, P/taxadjustments)"`
	ClearanceTaxAmount   payroll.Money `json:"clearanceTaxAmount" doc:"0: pay runs record tax adjustments without telling withholding from clearance (IR21) tax, so all of it is reported as withholding"`
}

// Withholding sums gross earnings and tax withheld of the selected
// finalised runs per location and month, ordered by location then month.
func (s *Service) Withholding(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []WithholdingRow, err error) {
	defer payroll.Wrap(&err, "withholding report of business %d", biz.ID)
	type key struct{ loc, month string }
	at := map[key]int{}
	out := []WithholdingRow{}
	err = s.sgRuns(ctx, biz, p, f, func(r sgMonthRow) {
		k := key{r.locName, month(r.paid)}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, WithholdingRow{Location: k.loc, Month: k.month})
		}
		out[i].GrossEarnings = out[i].GrossEarnings.Add(Money(r.gross))
		out[i].WithholdingTaxAmount = out[i].WithholdingTaxAmount.Add(Money(r.tax))
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Location != out[j].Location {
			return out[i].Location < out[j].Location
		}
		return out[i].Month < out[j].Month
	})
	return out, nil
}
