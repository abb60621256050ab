package ukapi

import (
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/uk/autoenrol"
	"github.com/payrolld/payrolld/internal/uk/employerreturns"
	"github.com/payrolld/payrolld/internal/uk/forms"
	"github.com/payrolld/payrolld/internal/uk/hmrcadjustment"
	"github.com/payrolld/payrolld/internal/uk/ni"
	"github.com/payrolld/payrolld/internal/uk/occupationalabsence"
	"github.com/payrolld/payrolld/internal/uk/p11d"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
	"github.com/payrolld/payrolld/internal/uk/rti"
	sl "github.com/payrolld/payrolld/internal/uk/statutoryleave"
	"github.com/payrolld/payrolld/internal/uk/yeartodate"
)

// Deps are the services of the UK operations, built once in cli.Build.
type Deps struct {
	StatutoryLeave  *sl.Service
	HmrcAdjustments *hmrcadjustment.Service
	NI              *ni.Service
	AutoEnrolment   *autoenrol.Service
	YearToDate      *yeartodate.Service
	PensionMembers  *pensionmember.Service
	Reports         *report.Service
	RTI             *rti.Service
	Forms           *forms.Service
	P11D            *p11d.Service
	Absence         *occupationalabsence.Service
	EmployerReturns *employerreturns.Service
}

// Register serves the UK operations: statutory leave and pay, the UK
// employee records, auto-enrolment and pension membership, FPS, the
// employee's forms (P45, P60) and their reports, benefits in kind and
// P11D, auto-enrolment notices, occupational absence and the employer
// returns (P32, EPS). Pass it in httpapi.Deps.Areas.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerStatutoryLeave(a, d.StatutoryLeave)
		registerUKEmployeeRecords(a, d.HmrcAdjustments, d.NI)
		registerUKEmployeePension(a, d.AutoEnrolment, d.YearToDate)
		registerUKPension(a, d.PensionMembers, d.Reports)
		registerFPS(a, d.RTI)
		registerForms(a, d.Forms)
		registerBenefits(a, d.P11D)
		registerP11D(a, d.P11D)
		registerAutoEnrolmentNotices(a, d.Forms)
		registerOccupationalAbsence(a, d.Absence)
		registerEmployerReturns(a, d.EmployerReturns)
	}
}
