package statutoryleave

import (
	"testing"
	"time"
)

func d(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

// Formula-derived vectors (rules §2.7 and rules-2026-27 §2.7): 90% of AWE
// rounded up to the penny, the flat rate of the year the week begins in,
// part weeks rate × days ÷ 7 rounded up.
func TestFamilyWeeksVectors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name           string
		k              Kind
		start, end     string
		weeksToPay     int
		awe            AWE
		weeks          int
		first, seventh int64 // pence
		total          int64
	}{
		// 6 × 450.00 + 33 × 194.32 = 2,700.00 + 6,412.56.
		{"SMP AWE 500", SMP, "2026-06-01", "2027-02-28", 0, AWEFromPence(50000), 39, 45000, 19432, 911256},
		// 90% of 200.05 = 180.045 → 180.05 for every week (below the flat rate).
		{"SMP AWE 200.05", SMP, "2026-06-01", "2027-02-28", 0, AWEFromPence(20005), 39, 18005, 18005, 39 * 18005},
		// Ends on the third day of week 3: 2 × 180.05 + ⌈180.05 × 3 ÷ 7⌉ = 360.10 + 77.17.
		{"SMP part week", SMP, "2026-06-01", "2026-06-17", 0, AWEFromPence(20005), 3, 18005, 0, 2*18005 + 7717},
		// SPP: two weeks at the lower of 194.32 and 225.00.
		{"SPP AWE 250", SPP, "2026-06-01", "2026-06-30", 0, AWEFromPence(25000), 2, 19432, 0, 2 * 19432},
		// ShPP: weeksToPay 3 of the period.
		{"ShPP 3 weeks", ShPP, "2026-06-01", "2026-12-31", 3, AWEFromPence(100000), 3, 19432, 0, 3 * 19432},
		// SNCP at most 12 weeks; SAP like SMP.
		{"SNCP cap", SNCP, "2026-06-01", "2026-12-31", 0, AWEFromPence(100000), 12, 19432, 0, 12 * 19432},
		{"SAP AWE 300", SAP, "2026-06-01", "2027-02-28", 0, AWEFromPence(30000), 39, 27000, 19432, 6*27000 + 33*19432},
		// Monthly AWE 4,000 × 12 ÷ 104 = 461.538…; 90% = 415.384… → 415.39.
		{"SMP monthly AWE", SMP, "2026-06-01", "2026-07-12", 0, AWE{400000 * 12, 52 * 2}, 6, 41539, 0, 6 * 41539},
		// A 2025-26 week (before Sunday 5 April 2026) pays £187.18.
		{"SPP 2025-26 rate", SPP, "2026-03-29", "2026-04-04", 0, AWEFromPence(50000), 1, 18718, 0, 18718},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws, err := familyWeeks(c.k, d(c.start), d(c.end), c.weeksToPay, c.awe)
			if err != nil {
				t.Fatal(err)
			}
			if len(ws) != c.weeks {
				t.Fatalf("%d weeks, want %d", len(ws), c.weeks)
			}
			if ws[0].RatePence != c.first {
				t.Errorf("week 1 rate %d, want %d", ws[0].RatePence, c.first)
			}
			if c.seventh != 0 && ws[6].RatePence != c.seventh {
				t.Errorf("week 7 rate %d, want %d", ws[6].RatePence, c.seventh)
			}
			var total int64
			for _, w := range ws {
				total += w.AmountPence()
			}
			if total != c.total {
				t.Errorf("total %d, want %d", total, c.total)
			}
		})
	}
}

func TestSliceAddsUpToTheWeek(t *testing.T) {
	t.Parallel()
	for _, rate := range []int64{18005, 19432, 41539, 1} {
		for cut := 0; cut <= 7; cut++ {
			if got := slice(rate, 0, cut, 7) + slice(rate, cut, 7, 7); got != rate {
				t.Fatalf("rate %d split at %d: %d", rate, cut, got)
			}
		}
	}
}

func TestEligibility(t *testing.T) {
	t.Parallel()
	// Due 2026-10-14 (a Wednesday): EWC starts Sunday 2026-10-11, the
	// qualifying week 15 weeks earlier on Sunday 2026-06-28.
	qw := qualifyingWeekStart(SMP, d("2026-10-14"), time.Time{}, false)
	if !qw.Equal(d("2026-06-28")) {
		t.Fatalf("qualifying week %s", qw)
	}
	// Employed in the week 25 weeks before the QW (starting 2026-01-04): the latest start is its Saturday 2026-01-10.
	for _, c := range []struct {
		started string
		awe     int64
		ok      bool
		reason  string
	}{
		{"2026-01-10", 12900, true, ""},
		{"2026-01-11", 50000, false, "NotEmployedLongEnough"},
		{"2020-01-01", 12899, false, "AweNotHighEnough"}, // LEL 2026-27 £129
	} {
		el, err := familyEligibility(SMP, qw, d(c.started), AWEFromPence(c.awe))
		if err != nil {
			t.Fatal(err)
		}
		if el.Eligible != c.ok || el.Reason != c.reason {
			t.Errorf("%s %d: %v %q", c.started, c.awe, el.Eligible, el.Reason)
		}
	}
	// SPBP: the week before the week of the death; SAP: the matching week.
	if got := qualifyingWeekStart(SPBP, d("2026-07-01"), time.Time{}, false); !got.Equal(d("2026-06-21")) {
		t.Errorf("spbp relevant week %s", got)
	}
	if got := qualifyingWeekStart(SAP, time.Time{}, d("2026-07-01"), false); !got.Equal(d("2026-06-28")) {
		t.Errorf("sap matching week %s", got)
	}
}

func TestAWEFromHistory(t *testing.T) {
	t.Parallel()
	var monthly []payment
	for _, p := range []string{"2025-11-28", "2025-12-31", "2026-01-30", "2026-02-27", "2026-03-31"} {
		monthly = append(monthly, payment{paid: d(p), frequency: "Monthly", gross: 200000})
	}
	// Up to Saturday 2026-03-28: P = 27 Feb, the payday at least 8 weeks
	// earlier is 31 Dec: Jan + Feb = 4,000 × 12 ÷ (52 × 2).
	a, _ := aweFromHistory(monthly, d("2026-03-28"))
	if a.num*104 != 400000*12*a.den || a.Money().String() != "461.54" || a.percentCeil(90) != 41539 {
		t.Errorf("monthly AWE %d/%d (%s)", a.num, a.den, a.Money())
	}
	var weekly []payment
	for i := range 10 {
		weekly = append(weekly, payment{paid: d("2026-04-03").AddDate(0, 0, 7*i), frequency: "Weekly", gross: 30000 + int64(i)})
	}
	// Up to Saturday 2026-06-06: P = Friday 5 June (i = 9); 8 weeks
	// earlier 10 April (i = 1) is excluded: i = 2..9 = 8 × 300 + 44p over 56 days.
	a, _ = aweFromHistory(weekly, d("2026-06-06"))
	if a.num != (8*30000+44)*7 || a.den != 56 {
		t.Errorf("weekly AWE %d/%d", a.num, a.den)
	}
	if a, _ = aweFromHistory(nil, d("2026-06-06")); a.atLeast(1) {
		t.Errorf("no history: %v", a)
	}
}

func TestSSPVectors(t *testing.T) {
	t.Parallel()
	mf := "0111110"
	cases := []struct {
		name     string
		spells   []sickSpell
		awe      int64
		waiting  int
		paid     int
		total    int64
		eligible bool
		linked   int
	}{
		// 2025-26 rules: Mon 2 Mar to Fri 13 Mar 2026, 10 qualifying days,
		// 3 waiting: Thu+Fri ⌈118.75 × 2 ÷ 5⌉ = 47.50, then a full week 118.75.
		{"2025-26 waiting days", []sickSpell{{1, d("2026-03-02"), d("2026-03-13"), mf}}, 40000, 3, 7, 16625, true, 0},
		{"2025-26 below LEL", []sickSpell{{1, d("2026-03-02"), d("2026-03-13"), mf}}, 12499, 0, 0, 0, false, 0},
		// 2026-27: day one, the lower of 123.25 and 80% of AWE.
		{"2026-27 80% AWE", []sickSpell{{1, d("2026-05-04"), d("2026-05-08"), mf}}, 10000, 0, 5, 8000, true, 0},
		{"2026-27 flat", []sickSpell{{1, d("2026-05-04"), d("2026-05-08"), mf}}, 20000, 0, 5, 12325, true, 0},
		// 3 days of 120.008 ÷ 5: ⌈72.0048⌉ = 72.01.
		{"2026-27 part week", []sickSpell{{1, d("2026-05-06"), d("2026-05-10"), mf}}, 15001, 0, 3, 7201, true, 0},
		// A 3-day spell: before 6 April 2026 not a PIW (SSCBA 1992 s 152(2),
		// 4 days); from then a PIW paid from day one (ERA 2025 s 10):
		// 3 × 123.25 ÷ 5 = 73.95.
		{"not a PIW (2025-26)", []sickSpell{{1, d("2026-03-02"), d("2026-03-04"), mf}}, 20000, 0, 0, 0, false, 0},
		{"a 3-day PIW (2026-27)", []sickSpell{{1, d("2026-05-04"), d("2026-05-06"), mf}}, 20000, 0, 3, 7395, true, 0},
		// Linked: the second PIW (gap 23 days) continues the first series.
		{"linked", []sickSpell{{1, d("2026-05-04"), d("2026-05-08"), mf}, {2, d("2026-06-01"), d("2026-06-05"), mf}}, 20000, 0, 5, 12325, true, 1},
		// 2025-26 series linked across 6 April: the old mechanics (waiting
		// days already served in March), the new flat rate 123.25 from 6 April.
		{"linked across April", []sickSpell{{1, d("2026-03-02"), d("2026-03-06"), mf}, {2, d("2026-04-06"), d("2026-04-10"), mf}}, 40000, 0, 5, 12325, true, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			target := c.spells[len(c.spells)-1].id
			r, err := computeSSP(c.spells, target, AWEFromPence(c.awe))
			if err != nil {
				t.Fatal(err)
			}
			if r.WaitingDays != c.waiting || r.PaidDays != c.paid || r.TotalPence() != c.total || r.Eligible != c.eligible || len(r.Linked) != c.linked {
				t.Errorf("waiting %d paid %d total %d eligible %v linked %v log %v", r.WaitingDays, r.PaidDays, r.TotalPence(), r.Eligible, r.Linked, r.Log)
			}
		})
	}
}

func TestSSPCap(t *testing.T) {
	t.Parallel()
	// 2026-27: 28 weeks × 5 days = 140 days; 30 weeks of sickness pay 140.
	r, err := computeSSP([]sickSpell{{1, d("2026-05-03"), d("2026-11-28"), "0111110"}}, 1, AWEFromPence(20000))
	if err != nil {
		t.Fatal(err)
	}
	if r.PaidDays != 140 || r.Reason != "SspCap" || r.TotalPence() != 28*12325 {
		t.Errorf("paid %d reason %q total %d", r.PaidDays, r.Reason, r.TotalPence())
	}
}
