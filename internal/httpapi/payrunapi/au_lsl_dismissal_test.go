package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// AU long service leave on dismissal and resignation, per state act
// (docs/reference/au-lsl-on-termination.md). The business's Long Service
// Leave category pays a balance on termination after a contingent period
// of 10 years here (the NSW, Qld, Tas and NT entitlement period); short of
// it, the state act decides. Each employee: $1,000 a week for 40 hours
// ($25 an hour), 100 hours of long service leave accrued on 15 November
// 2026, terminated on Sunday 22 November 2026 after two weekly runs. Each
// run accrues 40 × 0.016667 = 0.6667 hours of long service leave (kept to
// four places) and 40 × 0.076923 = 3.076923 hours of annual leave, so the
// final pay holds 101.3334 hours of long service leave (× 25 = 2,533.335,
// 2,533.34) and 6.153846 hours of annual leave (× 25 = 153.846, 153.85).
//
//   - Dan, NSW, since 1 July 2020 (6.39 years), dismissed: NSW LSL Act
//     1955 s 4(2)(a)(iii) pays 5 to 10 years only if the dismissal is not
//     for serious and wilful misconduct, which "Dismissal" does not say.
//     Not paid: gross 1,000 + 153.85 = 1,153.85, and a warning naming the
//     101.3334 hours and the section.
//   - Sue, NSW, 6.39 years, resigned: the Act pays a resignation only on
//     account of illness, incapacity or domestic or other pressing
//     necessity. Not paid, 1,153.85, warned.
//   - Quinn, Qld, since 1 July 2018 (8.39 years), made redundant: IR Act
//     2016 s 95 pays 7 to 10 years on a dismissal for a reason other than
//     conduct, capacity or performance. Paid: 1,000 + 2,533.34 + 153.85 =
//     3,687.19 (before: NSW and the ACT only, 1,153.85).
//   - Ria, Qld, 8.39 years, resigned: s 95 pays a resignation only for
//     illness, incapacity or domestic or other pressing necessity. Not
//     paid, 1,153.85, warned.
//   - Vic, Vic, 8.39 years, dismissed: Vic LSL Act 2018 s 9 pays every
//     termination after 7 years. Paid: 3,687.19 (before: 1,153.85).
//   - Wes, WA, 8.39 years, resigned: WA LSL Act 1958 s 8(3) pays 7 to 10
//     years on every termination but a dismissal for serious misconduct.
//     Paid: 3,687.19 (before: 1,153.85).
func TestAULongServiceLeaveOnDismissalAndResignation(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lsl := e.leave["Long Service Leave"]
		var cat map[string]any
		e.Do("GET", fmt.Sprintf("%s/leavecategory/%d", e.B, lsl), e.Key, nil).Expect(t, 200).JSON(t, &cat)
		cat["contingentPeriod"] = 10
		e.Do("PUT", fmt.Sprintf("%s/leavecategory/%d", e.B, lsl), e.Key, cat).Expect(t, 200)
		addr := map[string][3]string{"NSW": {"Sydney", "2000", "1 George St"}, "QLD": {"Brisbane", "4000", "1 Queen St"},
			"VIC": {"Melbourne", "3000", "1 Collins St"}, "WA": {"Perth", "6000", "1 Hay St"}}
		cases := []struct {
			name, state, start, reason string
			gross                      int64
			warn                       string // "" = no warning
		}{
			{"Dan", "NSW", "2020-07-01", "Dismissal", 115385, "s 4(2)(a)(iii)"},
			{"Sue", "NSW", "2020-07-01", "VoluntaryCessation", 115385, "s 4(2)(a)(iii)"},
			{"Quinn", "QLD", "2018-07-01", "Redundancy", 368719, ""},
			{"Ria", "QLD", "2018-07-01", "VoluntaryCessation", 115385, "s 95"},
			{"Vic", "VIC", "2018-07-01", "Dismissal", 368719, ""},
			{"Wes", "WA", "2018-07-01", "VoluntaryCessation", 368719, ""},
		}
		ids := make([]int64, len(cases))
		for i, c := range cases {
			a := addr[c.state]
			ids[i] = e.employee(t, c.name, map[string]any{"startDate": c.start + "T00:00:00", "residentialState": c.state,
				"residentialSuburb": a[0], "residentialPostCode": a[1], "residentialStreetAddress": a[2]})
		}
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		for _, id := range ids {
			e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(id): []any{
				map[string]any{"leaveCategoryId": lsl, "amount": 100}}}}).Expect(t, 200)
		}
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		for i, c := range cases {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ids[i], "terminationReason": c.reason, "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		}
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		for i, c := range cases {
			want(t, c.name, e.totals(t, P, ids[i]), map[string]int64{"grossEarnings": c.gross})
			var got []string
			for _, w := range warns {
				if s := fmt.Sprint(w["warning"]); int64(num(t, w["employeeId"])) == ids[i] && strings.Contains(s, "Long Service Leave") {
					got = append(got, s)
				}
			}
			switch {
			case c.warn == "" && len(got) > 0:
				t.Errorf("%s: unexpected long service leave warning %q", c.name, got)
			case c.warn != "" && (len(got) != 1 || !strings.Contains(got[0], "101.3334 hours") || !strings.Contains(got[0], c.warn) || !strings.Contains(got[0], c.reason)):
				t.Errorf("%s: long service leave warnings %q, want one naming 101.3334 hours, %s and %s", c.name, got, c.warn, c.reason)
			}
		}
	})
}
