package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/report/employeereport"
)

func registerEmployeeReports(a *httpapi.API, s *employeereport.Service) {
	httpapi.Register(a, httpapi.OnReport("BirthdayReport"), get("/api/v2/business/{businessId}/report/birthday", "Birthday report",
		"The employees (at locationId when given) whose birthday falls between fromDate and toDate inclusive, in birthday order, with the age they turn. A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate   string `query:"fromDate" required:"true"`
			ToDate     string `query:"toDate" required:"true"`
			LocationID int64  `query:"locationId"`
		}) (*httpapi.BodyOf[[]employeereport.Birthday], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			return list(s.Birthdays(ctx, biz(ctx), principal(ctx), from, to, in.LocationID))
		})
}
