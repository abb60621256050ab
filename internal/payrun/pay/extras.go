package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
)

// extras are the region records an employee's calculation reads beyond
// their row and lines: the UK workplace pension membership and the
// Malaysian statutory details with their year to date (nil: none).
type extras struct {
	pen *pensionmember.Member
	my  *myInputs
	au  *auInputs
	// ukAwardsBefore: a UK employee's termination awards paid before
	// this run (uk_employee.go, ukAwardsBefore).
	ukAwardsBefore payroll.Money
	// nzESCTPriorYear: an NZ employee's ESCT rate threshold amount from
	// the previous tax year's runs (nz_esct_prior_year.go; zero = not known).
	nzESCTPriorYear payroll.Money
	// nzESCTFirst: the employer contribution and ESCT of an NZ employee's
	// first pay of the tax year here (nz_esct_prior_year.go; zeros: none).
	nzESCTFirst [2]payroll.Money
	// nzTermination: an NZ leaver's last two fully paid periods, for the
	// extra pays of a termination pay or a later one (nz_extrapay.go; nil:
	// the employment has not ended).
	nzTermination *nzTermination
	// ukFamilyLeave: a UK pension member's normal pay for the working days
	// of the period on paid maternity, adoption, paternity or shared
	// parental leave (uk_pension_family_leave.go; zero: none).
	ukFamilyLeave payroll.Money
}

func (x *extras) ukFamilyLeaveNormal() payroll.Money {
	if x == nil {
		return payroll.Money{}
	}
	return x.ukFamilyLeave
}

func (x *extras) ukAwards() payroll.Money {
	if x == nil {
		return payroll.Money{}
	}
	return x.ukAwardsBefore
}

func (x *extras) auInputs() *auInputs {
	if x == nil {
		return nil
	}
	return x.au
}

func (x *extras) pension() *pensionmember.Member {
	if x == nil {
		return nil
	}
	return x.pen
}

func (x *extras) malaysia() *myInputs {
	if x == nil {
		return nil
	}
	return x.my
}

// extrasOf is employee e's region records in the writer's run, with what
// their calculation reads beyond lines (their lines in the run).
func (w *Writer) extrasOf(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, lines []line) (*extras, error) {
	my, err := w.myOf(ctx, region, run, e.ID)
	if err != nil {
		return nil, err
	}
	x := &extras{pen: w.ukPensionOf(e.ID), my: my}
	if x.nzESCTPriorYear, err = nzESCTPriorYear(ctx, w.q, w.bizID, region, run, e.ID); err != nil {
		return nil, err
	}
	if x.nzESCTFirst[0], x.nzESCTFirst[1], err = nzESCTFirstPay(ctx, w.q, w.bizID, region, run, e.ID); err != nil {
		return nil, err
	}
	if x.au, err = w.auInputsFor(ctx, region, run, e, cats, lines); err != nil {
		return nil, err
	}
	if x.ukAwardsBefore, err = ukAwardsBefore(ctx, w.q, w.bizID, region, run, e, cats, lines); err != nil {
		return nil, err
	}
	if x.nzTermination, err = nzTerminationPeriods(ctx, w.q, w.bizID, region, run, e); err != nil { // nz_extrapay.go
		return nil, err
	}
	if x.ukFamilyLeave, err = w.ukFamilyLeaveNormal(ctx, region, run, e, cats, x.pen); err != nil { // uk_pension_family_leave.go
		return nil, err
	}
	return x, nil
}
