package payrunapi_test

import (
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of the withholding declarations and pay frequencies not yet
// pinned, in 2026-27, through the API (W(x) as in au_pay_test.go; the
// coefficients of every scale are payroll-rules-2026-27.md 1.3, the
// Schedule 8 components 1.5).

// Tax offsets claimed on a withholding declaration (NAT 3093): the payer
// turns the annual offset the employee claims into a value per pay with
// the ATO's ready reckoner (weekly 1.9%, fortnightly 3.8%, monthly 8.3%
// of the amount claimed, rounded to the dollar; Schedule 1 "Claiming tax
// offsets") and takes it off the withholding. The employee record says
// only yes or no (otherTaxOffset), not the amount claimed, so the pay
// cannot be worked out: it is refused, naming the amount. The seniors and
// pensioners tax offset (seniorsTaxOffset) is withheld from with the
// separate Schedule 9 formulas, which depend on whether the employee is
// single, a member of a couple or illness-separated; neither the
// coefficients nor that status are held: refused, naming Schedule 9. An
// employee liable to the Medicare levy surcharge may ask on the Medicare
// levy variation declaration (NAT 0929) for more to be withheld, by tier
// (medicareLevySurchargeWithholdingTier); Schedule 1 says only that the
// payer increases the amount withheld, and how much each tier adds was
// not found: refused, naming the tier. Oto, Sen and Mel, $1,000 a week,
// week ending 22 November 2026.
func TestAuditAUTaxOffsetsClaimedAreRefused(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		oto := e.employee(t, "Oto", map[string]any{"otherTaxOffset": true})
		sen := e.employee(t, "Sen", map[string]any{"seniorsTaxOffset": true, "dateOfBirth": "1958-02-03T00:00:00"})
		mel := e.employee(t, "Mel", map[string]any{"medicareLevySurchargeWithholdingTier": "Tier1"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		for who, words := range map[int64][]string{oto: {"otherTaxOffset", "amount"}, sen: {"seniorsTaxOffset", "Schedule 9"},
			mel: {"medicareLevySurchargeWithholdingTier", "Tier1"}} {
			w, _ := e.totals(t, P, who)["warning"].(string)
			for _, word := range words {
				if !strings.Contains(w, word) {
					t.Errorf("employee %d: warning %q, want one naming %q", who, w, word)
				}
			}
		}
	})
}

// A fortnightly employee who does not claim the tax-free threshold and
// has a study loan (Schedule 1 scale 1 and Schedule 8, fortnightly: twice
// the weekly amount on half the earnings). Fin, $78,000 a year, $3,000 a
// fortnight: weekly 1,500; scale 1 0.32 × 1500.99 − 71.6508 = 408.67 →
// 409, × 2 = 818; STSL (no tax-free threshold) 0.15 × 1500.99 − 148.0615
// = 77.09 → 77, × 2 = 154; SG 12% × 3,000 = 360.00.
//
// A monthly employee with a study loan (monthly: weekly equivalent
// earnings × 3 ÷ 13, cents ignored, weekly amount × 13 ÷ 3 rounded to
// the dollar). Mia, $84,000 a year, $7,000 a month: 7,000 × 3 ÷ 13 =
// 1,615.38 → 1,615; W(1615) = 0.32 × 1615.99 − 181.7319 = 335.38 → 335;
// × 13 ÷ 3 = 1,451.67 → 1,452; STSL 0.15 × 1615.99 − 200.5615 = 41.84 →
// 42, × 13 ÷ 3 = 182; SG 12% × 7,000 = 840.00.
//
// A half Medicare levy exemption with a study loan (scale 6 and the
// Schedule 8 component of an employee claiming the threshold). Hal, $1,500
// a week: 0.31 × 1500.99 − 181.7308 = 283.58 → 284; STSL 0.15 × 1500.99 −
// 200.5615 = 24.59 → 25.
//
// A foreign resident in scale 3's second band. Fox, $3,000 a week: 0.37 ×
// 3000.99 − 181.7308 = 928.64 → 929; SG 360.00.
func TestAuditAUFrequenciesScalesAndLoans(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fn, mo := e.schedule(t, "Fortnightly"), e.schedule(t, "Monthly")
		fin := e.employee(t, "Fin", map[string]any{"paySchedule": "Fortnightly", "rate": 78000, "rateUnit": "Annually", "claimTaxFreeThreshold": false, "stslDebt": true})
		mia := e.employee(t, "Mia", map[string]any{"paySchedule": "Monthly", "rate": 84000, "rateUnit": "Annually", "stslDebt": true})
		hal := e.employee(t, "Hal", map[string]any{"rate": 1500, "medicareLevyExemption": "Half", "stslDebt": true})
		fox := e.employee(t, "Fox", map[string]any{"rate": 3000, "australianResident": false, "claimTaxFreeThreshold": false})
		F := e.runOn(t, fn, "2026-11-22", "2026-11-25")
		want(t, "Fin (fortnightly, scale 1, STSL)", e.totals(t, F, fin), map[string]int64{"grossEarnings": 300000, "paygWithheld": 81800,
			"helpWithheld": 15400, "superContribution": 36000})
		M := e.runOn(t, mo, "2026-11-30", "2026-11-30")
		want(t, "Mia (monthly, STSL)", e.totals(t, M, mia), map[string]int64{"grossEarnings": 700000, "paygWithheld": 145200,
			"helpWithheld": 18200, "superContribution": 84000})
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "Hal (half exemption, STSL)", e.totals(t, P, hal), map[string]int64{"grossEarnings": 150000, "paygWithheld": 28400, "helpWithheld": 2500})
		want(t, "Fox (scale 3, $3,000)", e.totals(t, P, fox), map[string]int64{"grossEarnings": 300000, "paygWithheld": 92900, "superContribution": 36000})
	})
}
