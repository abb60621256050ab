package ukapi

import (
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/autoenrol"
	"github.com/payrolld/payrolld/internal/uk/forms"
	"github.com/payrolld/payrolld/internal/uk/occupationalabsence"
	"github.com/payrolld/payrolld/internal/uk/p11d"
)

// RegisterUKBenefits serves the UK benefits in kind (E/benefit), the P11D
// return and P46(Car) report, auto-enrolment notices (issues 10 and 11)
// and occupational absence. Pass it in httpapi.Deps.Areas.
func RegisterUKBenefits(d *db.DB, clock payroll.Clock, emps *employee.Service, ukc *uk.UKCollections, n *notify.Sender) func(*httpapi.API) {
	f := &forms.Service{DB: d, Clock: clock, Employees: emps, UK: ukc, Notify: n,
		Pensions: &autoenrol.Service{DB: d, Clock: clock, Employees: emps}}
	b := &p11d.Service{DB: d, Clock: clock, Employees: emps, UK: ukc, Forms: f}
	oa := &occupationalabsence.Service{DB: d, Clock: clock, Employees: emps}
	return func(a *httpapi.API) {
		registerBenefits(a, b)
		registerP11D(a, b)
		registerAutoEnrolmentNotices(a, f)
		registerOccupationalAbsence(a, oa)
	}
}
