package ukapi

import (
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/forms"
	"github.com/payrolld/payrolld/internal/uk/occupationalabsence"
	"github.com/payrolld/payrolld/internal/uk/p11d"
)

// RegisterUKBenefits serves the UK benefits in kind (E/benefit), the P11D
// return and P46(Car) report, auto-enrolment notices
// and occupational absence. Pass it in httpapi.Deps.Areas.
// The services are built in cli.Build.
func RegisterUKBenefits(f *forms.Service, b *p11d.Service, oa *occupationalabsence.Service) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerBenefits(a, b)
		registerP11D(a, b)
		registerAutoEnrolmentNotices(a, f)
		registerOccupationalAbsence(a, oa)
	}
}
