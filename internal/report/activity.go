package report

import (
	"context"
	"sort"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// DetailedActivity is one employee's activity over the selected
// finalised runs (AuDetailedActivityReportExportModel).
type DetailedActivity struct {
	Location            string                   `json:"location"`
	EmployeeID          int64                    `json:"employeeId"`
	FirstName           string                   `json:"firstName"`
	Surname             string                   `json:"surname"`
	ExternalID          string                   `json:"externalId"`
	Hours               payroll.Rate             `json:"hours"`
	GrossEarnings       payroll.Money            `json:"grossEarnings"`
	PreTaxDeductions    payroll.Money            `json:"preTaxDeductions"`
	PostTaxDeductions   map[string]payroll.Money `json:"postTaxDeductions" doc:"by deduction category (filled when includePostTaxDeductions)"`
	TaxExemptEarnings   payroll.Money            `json:"taxExemptEarnings"`
	TaxableEarnings     payroll.Money            `json:"taxableEarnings"`
	Payg                payroll.Money            `json:"payg"`
	Sfss                payroll.Money            `json:"sfss"`
	Help                payroll.Money            `json:"help"`
	Super               payroll.Money            `json:"super"`
	NetEarnings         payroll.Money            `json:"netEarnings"`
	EmployerLiabilities payroll.Money            `json:"employerLiabilities"`
	GrossPlusSuper      payroll.Money            `json:"grossPlusSuper"`
}

// DetailedActivity is the gross-to-net figures in the activity report's
// shape, with the employer liabilities.
func (s *Service) DetailedActivity(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, includePostTax bool) ([]DetailedActivity, error) {
	g2n, err := s.GrossToNet(ctx, biz, p, GrossToNetQuery{Filter: f, IncludePostTaxDeductions: includePostTax})
	if err != nil {
		return nil, err
	}
	out := make([]DetailedActivity, len(g2n))
	for i, g := range g2n {
		out[i] = DetailedActivity{Location: g.PrimaryLocation, EmployeeID: g.EmployeeID, FirstName: g.FirstName, Surname: g.Surname, ExternalID: g.ExternalID,
			Hours: g.TotalHours, GrossEarnings: g.TotalGrossEarnings, PreTaxDeductions: g.TotalPreTaxDeductions, PostTaxDeductions: g.PostTaxDeductions,
			TaxExemptEarnings: g.TotalTaxExemptEarnings, TaxableEarnings: g.TaxableEarnings, Payg: g.Payg, Sfss: g.Sfss, Help: g.Help,
			Super: g.Sgc.Add(g.EmployerContribution), NetEarnings: g.NetEarnings, EmployerLiabilities: g.liabilities, GrossPlusSuper: g.TotalGrossPlusSuper}
	}
	return out, nil
}

// Costing is the cost of one location over the selected finalised runs
// (AuCostingReportApiModel).
type Costing struct {
	LocationID        int64                    `json:"locationId"`
	LocationName      string                   `json:"locationName"`
	SuperContribution payroll.Money            `json:"superContribution"`
	PayCategories     map[string]payroll.Money `json:"payCategories" doc:"earnings by pay category name"`
}

// Costing sums the earnings of the selected finalised runs by the
// location they were earned at (a line's location, else the employee's
// primary location), with the super those earnings attract (shared as
// the pay categories report shares it). showZero lists every pay category
// seen in the selection at every location, 0 where none was earned there.
func (s *Service) Costing(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, showZero bool) ([]Costing, error) {
	rows, err := s.PayCategories(ctx, biz, p, PayCategoriesQuery{Filter: f, GroupByEarningsLocation: true})
	if err != nil {
		return nil, err
	}
	at := map[int64]int{}
	out := []Costing{}
	names := map[string]bool{}
	for _, r := range rows {
		i, ok := at[r.locationID]
		if !ok {
			i = len(out)
			at[r.locationID] = i
			out = append(out, Costing{LocationID: r.locationID, LocationName: r.Location, PayCategories: map[string]payroll.Money{}})
		}
		c := &out[i]
		c.SuperContribution = c.SuperContribution.Add(r.SuperAmount)
		c.PayCategories[r.PayCategory] = c.PayCategories[r.PayCategory].Add(r.Amount)
		names[r.PayCategory] = true
	}
	if showZero {
		for i := range out {
			for n := range names {
				if _, ok := out[i].PayCategories[n]; !ok {
					out[i].PayCategories[n] = payroll.Money{}
				}
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].LocationName != out[b].LocationName {
			return out[a].LocationName < out[b].LocationName
		}
		return out[a].LocationID < out[b].LocationID
	})
	return out, nil
}
