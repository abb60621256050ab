package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// sgRunPaidOn creates a run of the schedule for the period ending end,
// paid on paid, with no standard pay (its lines are added by the test).
func (e *regionEnv) sgRunPaidOn(t *testing.T, end, paid string) string {
	t.Helper()
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": end + "T00:00:00", "datePaid": paid + "T00:00:00",
		"createWithEmptyPays": true}).Expect(t, 200).Map(t)
	return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
}

// The Skills Development Levy is monthly, per employee, on the month's
// total remuneration (Skills Development Levy Act 1979 s 3(1), (1A):
// "0.25% of the remuneration in any month of that employee ... or $2,
// whichever is the greater", not chargeable on the month's remuneration
// over $4,500; docs/reference/sg-sdl-monthly.md), and CPF on the month's
// total wages (CPF Board; OW ceiling $8,000 a month from 2026). A run
// paid in the month counts whatever order it is finalised in: here the
// salary run paid 30 June is finalised first and a run paid 15 June
// after it.
//
// Kim, a citizen born 1986 (40), $6,000 a month; Tan, born 1990 (36),
// $2,000 a month. Rates for 55 and below: total 37%, employee 20%.
//   - 30 June salary run: Kim CPF 37% × 6,000 = 2,220 (1,200 / 1,020),
//     SDL 0.25% × 4,500 = 11.25; Tan 37% × 2,000 = 740 (400 / 340), SDL
//     0.25% × 2,000 = 5.00.
//   - 15 June run, finalised after: Kim a $4,000 transport allowance
//     (OW): the month's OW 10,000 capped at 8,000: 37% = 2,960, employee
//     1,600, employer 1,360, less 1,200 / 1,020 → 400 / 340; SDL on the
//     month's 10,000: 11.25 less 11.25 → 0. Tan a $400 bonus (AW; the
//     ceiling 102,000 − 2,000 × 7 = 88,000 is far off): the month's wages
//     2,400: 37% = 888, employee 480, employer 408, less 400 / 340 →
//     80 / 68; SDL 0.25% × 2,400 = 6.00 less 5.00 → 1.00.
//     Before: the 15 June run did not see the run paid 30 June: Kim
//     37% × 4,000 = 1,480 (800 / 680) and SDL 10.00; Tan's 400 alone in
//     the $50–$500 band, employer 17% = 68, employee 0, SDL the $2
//     minimum.
//
// The June CPF submission: Kim 2,960 on OW 8,000, Tan 888 on OW 2,000
// and AW 400; the SDL total 11.25 + 6.00 = 17.25 (was 28.25).
func TestSGSDLMonthlyAndRunsFinalisedOutOfOrder(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		allow := e.sgCategory(t, "Transport allowance", "Allowance")
		bonus := e.sgCategory(t, "Mid-year bonus", "Bonus")
		kim := e.employee(t, "Kim", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1986-03-03T00:00:00", "startDate": "2024-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S1234567D"})
		tan := e.employee(t, "Tan", "Monthly", map[string]any{"rate": 2000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1990-05-05T00:00:00", "startDate": "2024-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8012345J"})
		type want struct {
			name        string
			id          int64
			ee, er, sdl float64
		}
		check := func(P string, ws []want) {
			t.Helper()
			for _, c := range ws {
				tot := e.totals(t, P, c.id)
				expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
				expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
				expectAmount(t, c.name+" SDL", tot["sdlContributionAmount"], c.sdl)
			}
		}
		salary := e.run(t, "2026-06-30", 0, 0)
		check(salary, []want{{"Kim salary", kim, 1200, 1020, 11.25}, {"Tan salary", tan, 400, 340, 5}})
		e.Do("POST", salary+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		early := e.sgRunPaidOn(t, "2026-06-30", "2026-06-15")
		e.pay(t, early, kim, allow, 4000)
		e.pay(t, early, tan, bonus, 400)
		check(early, []want{{"Kim 15 June", kim, 400, 340, 0}, {"Tan 15 June", tan, 80, 68, 1}})
		x := e.explainTerms(t, early, tan, "sdl")
		for name, w := range map[string]float64{"remuneration": 400, "remuneration paid by the month's other runs": 2000,
			"month's remuneration": 2400, "month's levy": 6, "SDL charged by the month's other runs": 5} {
			if got, ok := x[name]; !ok || got != w {
				t.Errorf("Tan SDL explain %q = %v (present %v), want %v (%v)", name, got, ok, w, x)
			}
		}
		e.Do("POST", early+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-06", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		text := string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body)
		got, errs := cpf.Parse(text)
		if len(errs) > 0 {
			t.Fatalf("the file against the layout: %v\n%s", errs, text)
		}
		wantCPF := map[string][3]int64{"S1234567D": {296000, 800000, 0}, "S8012345J": {88800, 200000, 40000}} // cents: CPF, OW, AW
		for _, dt := range got.Details {
			if dt.Code != cpf.CodeCPF {
				continue
			}
			w := wantCPF[dt.AccountNumber]
			if dt.Amount != w[0] || dt.Ordinary != w[1] || dt.Additional != w[2] {
				t.Errorf("%s: CPF %d on OW %d AW %d, want %d on %d / %d (cents)\n%s", dt.AccountNumber, dt.Amount, dt.Ordinary, dt.Additional, w[0], w[1], w[2], text)
			}
		}
		if got.Summaries[cpf.CodeSDL] != 1725 {
			t.Errorf("SDL summary %d cents, want 1725\n%s", got.Summaries[cpf.CodeSDL], text)
		}
	})
}
