package p11d

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// P46 events.
const (
	Available = "Available"
	Withdrawn = "Withdrawn"
)

// P46CarRow is a company car made available to, or withdrawn from, an
// employee in a tax quarter (P46(Car)).
type P46CarRow struct {
	ID                      string           `json:"id" doc:"<benefitId>-<event>"`
	BenefitID               int64            `json:"benefitId"`
	EmployeeID              int64            `json:"employeeId"`
	EmployeeName            string           `json:"employeeName"`
	NationalInsuranceNumber string           `json:"nationalInsuranceNumber"`
	MakeAndModel            string           `json:"makeAndModel"`
	RegistrationNumber      string           `json:"registrationNumber"`
	DateRegistered          payroll.DateTime `json:"dateRegistered"`
	ListPrice               payroll.Money    `json:"listPrice"`
	ApprovedCO2Emissions    *int             `json:"approvedCO2Emissions" nullable:"true"`
	FuelType                string           `json:"fuelType"`
	Event                   string           `json:"event" enum:"Available,Withdrawn"`
	Date                    payroll.DateTime `json:"date" doc:"the day made available (startDate) or withdrawn (endDate)"`
	TaxYear                 string           `json:"taxYear"`
	Quarter                 int              `json:"quarter" doc:"1: 6 April-5 July, 2: 6 July-5 October, 3: 6 October-5 January, 4: 6 January-5 April"`
	IsIgnored               bool             `json:"isIgnored"`
}

// P46CarQuery selects the rows of GET report/p46car.
type P46CarQuery struct {
	TaxYear        string
	Quarter        int
	IncludeIgnored bool
}

// quarterDates are the first and last days of quarter q (1-4) of tax year y.
func quarterDates(y, q int) (time.Time, time.Time) {
	from := time.Date(y, time.April+time.Month(3*(q-1)), 6, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(0, 3, -1)
}

// quarterOf is the tax year and quarter of day.
func quarterOf(day time.Time) (int, int) {
	y := uk.UKTaxYearOf(day)
	for q := 4; q > 1; q-- {
		if from, _ := quarterDates(y, q); !day.Before(from) {
			return y, q
		}
	}
	return y, 1
}

// P46Car lists the cars made available or withdrawn in a quarter (default:
// the current one; quarter 0 with a taxYear: the whole year), oldest
// first, leaving out rows marked ignored unless asked.
func (s *Service) P46Car(ctx context.Context, biz business.Business, p *payroll.Principal, in P46CarQuery) (_ []P46CarRow, err error) {
	defer payroll.Wrap(&err, "P46(Car) report")
	if err := gate(biz); err != nil {
		return nil, err
	}
	var from, to time.Time
	switch {
	case in.Quarter < 0 || in.Quarter > 4:
		return nil, payroll.Invalid("quarter", "quarter must be 1 to 4")
	case in.TaxYear == "":
		if in.Quarter != 0 {
			return nil, payroll.Invalid("taxYear", "taxYear is required with quarter")
		}
		from, to = quarterDates(quarterOf(payroll.DateOnly(s.Clock.Now())))
	default:
		y, err := s.taxYear(in.TaxYear)
		if err != nil {
			return nil, err
		}
		if in.Quarter == 0 {
			from, to = uk.UKTaxYearDates(y)
		} else {
			from, to = quarterDates(y, in.Quarter)
		}
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	q := s.DB.Queries()
	rows, err := q.ListUKEmployeeBenefitsInPeriod(ctx, store.ListUKEmployeeBenefitsInPeriodParams{BusinessID: biz.ID, PeriodFrom: nullTime(from), PeriodTo: to})
	if err != nil {
		return nil, err
	}
	cats, err := s.categories(ctx, biz)
	if err != nil {
		return nil, err
	}
	ign, err := q.ListP46CarIgnored(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	ignored := map[string]bool{}
	for _, i := range ign {
		ignored[rowID(i.BenefitID, i.Event)] = true
	}
	out := []P46CarRow{}
	for _, r := range rows {
		c, ok := cats[r.BenefitCategoryID]
		if !ok || c.BenefitType != "CarsAndCarFuel" || c.PayrollingBenefit || c.Car == nil {
			continue
		}
		events := map[string]time.Time{Available: r.StartDate}
		if r.EndDate.Valid {
			events[Withdrawn] = r.EndDate.Time
		}
		for _, ev := range []string{Available, Withdrawn} {
			day, ok := events[ev]
			if !ok || day.Before(from) || day.After(to) {
				continue
			}
			id := rowID(r.ID, ev)
			if ignored[id] && !in.IncludeIgnored {
				continue
			}
			e, err := s.Employees.Load(ctx, biz, r.EmployeeID)
			if err != nil {
				return nil, err
			}
			if !sc.All {
				if _, err := s.Employees.Visible(ctx, biz, p, r.EmployeeID); err != nil {
					continue // outside a restricted user's scope
				}
			}
			y, qn := quarterOf(day)
			out = append(out, P46CarRow{ID: id, BenefitID: r.ID, EmployeeID: r.EmployeeID, EmployeeName: strings.TrimSpace(e.FirstName + " " + e.Surname),
				NationalInsuranceNumber: e.NationalInsuranceNumber, MakeAndModel: c.Car.MakeAndModel, RegistrationNumber: c.Car.RegistrationNumber,
				DateRegistered: c.Car.DateRegistered, ListPrice: payroll.MoneyFromMinor(r.CarListPrice), ApprovedCO2Emissions: c.Car.ApprovedCO2Emissions,
				FuelType: c.Car.FuelType, Event: ev, Date: payroll.NewDateTime(day), TaxYear: uk.UKTaxYearName(y), Quarter: qn, IsIgnored: ignored[id]})
		}
	}
	sortRows(out)
	return out, nil
}

func sortRows(rows []P46CarRow) {
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && (rows[j].Date.Time.Before(rows[j-1].Date.Time) || rows[j].Date.Time.Equal(rows[j-1].Date.Time) && rows[j].ID < rows[j-1].ID); j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
}

func rowID(benefitID int64, event string) string { return fmt.Sprintf("%d-%s", benefitID, event) }

// P46CarIgnore is a row to mark ignored.
type P46CarIgnore struct {
	BenefitID int64  `json:"benefitId"`
	Event     string `json:"event" enum:"Available,Withdrawn"`
}

// IgnoreP46Car marks rows as not to be reported: they stop appearing in
// the report (includeIgnored shows them). Marking a row again is
// harmless. A benefit that is not a car of the business is a 404.
func (s *Service) IgnoreP46Car(ctx context.Context, biz business.Business, p *payroll.Principal, rows []P46CarIgnore) (err error) {
	defer payroll.Wrap(&err, "ignore P46(Car) rows")
	if err := gate(biz); err != nil {
		return err
	}
	if len(rows) == 0 {
		return payroll.Invalid("rows", "rows must list at least one row (benefitId and event)")
	}
	for i, r := range rows {
		if r.Event != Available && r.Event != Withdrawn {
			return payroll.Invalid(fmt.Sprintf("rows[%d].event", i), "event must be Available or Withdrawn")
		}
	}
	cats, err := s.categories(ctx, biz)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		for _, r := range rows {
			b, err := q.GetUKEmployeeBenefitOfBusiness(ctx, store.GetUKEmployeeBenefitOfBusinessParams{BusinessID: biz.ID, ID: r.BenefitID})
			if db.IsNoRows(err) || err == nil && cats[b.BenefitCategoryID].BenefitType != "CarsAndCarFuel" {
				return payroll.NotFound("car benefit")
			}
			if err != nil {
				return err
			}
			if _, err := s.Employees.Visible(ctx, biz, p, b.EmployeeID); err != nil {
				return err
			}
			if err := q.IgnoreP46CarRow(ctx, store.IgnoreP46CarRowParams{BusinessID: biz.ID, BenefitID: b.ID, Event: r.Event,
				IgnoredBy: by(p), IgnoredAt: s.Clock.Now()}); err != nil {
				return err
			}
		}
		return nil
	})
}
