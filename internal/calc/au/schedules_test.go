package au_test

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/au"
	"github.com/payrolld/payrolld/internal/payroll"
)

// pay is an employee-period of 2026-27 (or date) with the given lines.
func pay(date time.Time, f calc.Frequency, scale calc.AUScale, lines ...calc.Earning) *calc.Input {
	return &calc.Input{Region: calc.AU, PaymentDate: date, Frequency: f, Earnings: lines, AU: &calc.AUEmployee{Scale: scale}}
}

func ord(amount string) calc.Earning { return calc.Earning{Kind: calc.Ordinary, Amount: m(amount)} }

func amountOf(t *testing.T, i *calc.Input, code string) string {
	t.Helper()
	return figure(t, i, code).Amount.StringFixed(0)
}

// Schedule 5 Method A against hand derivations from the schedule's steps
// with the 2026-27 scale 2 weekly coefficients (payroll-rules-2026-27.md
// 1.3). W(e) is Schedule 1 on weekly earnings e: x = e + 0.99.
//
//	W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138
//	W(1200) = 0.3227 × 1200.99 − 185.1935 = 202.37 → 202
//	W(1100) = 0.3227 × 1100.99 − 185.1935 = 170.10 → 170
//	W(902)  = 0.3227 × 902.99 − 185.1935  = 106.20 → 106
//	W(903)  = 0.3227 × 903.99 − 185.1935  = 106.52 → 107
func TestSchedule5MethodA(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name          string
		lines         []calc.Earning
		schedule5, pg string
	}{
		// $2,000 back pay over the 10 weeks it covers with a $1,000 week:
		// 2,000 ÷ 10 = 200; (W(1200) − W(1000)) × 10 = 64 × 10 = 640;
		// 138 + 640 = 778 (taxed as one week's pay: W(3000) = 807).
		{"back pay over 10 weeks", []calc.Earning{ord("1000"), {Kind: calc.BackPay, Amount: m("2000"), Periods: 10}}, "640", "778"},
		// A $5,200 bonus spread over the year: 5,200 ÷ 52 = 100;
		// (W(1100) − W(1000)) × 52 = 32 × 52 = 1,664; 138 + 1,664 = 1,802.
		{"bonus over a year", []calc.Earning{ord("1000"), {Kind: calc.Bonus, Amount: m("5200")}}, "1664", "1802"},
		// A commission is the same: over 4 weeks, 800 ÷ 4 = 200: 64 × 4 = 256.
		{"commission over 4 weeks", []calc.Earning{ord("1000"), {Kind: calc.Commission, Amount: m("800"), Periods: 4}}, "256", "394"},
		// The 47% limit: a $52 bonus on $902: 52 ÷ 52 = 1;
		// (W(903) − W(902)) × 52 = 52 > 47% × 52 = 24.44 → 24; 106 + 24 = 130.
		{"47% limit", []calc.Earning{ord("902"), {Kind: calc.Bonus, Amount: m("52")}}, "24", "130"},
		// A bonus for this week only is normal earnings: W(1100) = 170.
		{"regular bonus", []calc.Earning{ord("1000"), {Kind: calc.Bonus, Amount: m("100"), Regular: true}}, "", "170"},
	}
	for _, c := range cases {
		i := pay(fy26, calc.Weekly, calc.AUScale2, c.lines...)
		if got := amountOf(t, i, "payg"); got != c.pg {
			t.Errorf("%s: payg %s, want %s", c.name, got, c.pg)
		}
		res, err := eng.Calculate(i)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := res.Get("payg.schedule5")
		if c.schedule5 == "" {
			if ok {
				t.Errorf("%s: a Schedule 5 figure for normal pay", c.name)
			}
			continue
		}
		if !ok || f.Amount.StringFixed(0) != c.schedule5 {
			t.Errorf("%s: schedule5 %v, want %s", c.name, f.Amount, c.schedule5)
		}
	}
}

// The Schedule 8 component follows Method A too: 2026-27 TFT
// coefficients (payroll-rules-2026-27.md 1.5), weekly $1,500 + a $1,040
// bonus over the year (1,040 ÷ 52 = 20):
//
//	S(1500) = 0.15 × 1500.99 − 200.5615 = 24.59 → 25
//	S(1520) = 0.15 × 1520.99 − 200.5615 = 27.59 → 28  → (28 − 25) × 52 = 156
//	W(1500) = 0.32 × 1500.99 − 181.7319 = 298.59 → 299
//	W(1520) = 0.32 × 1520.99 − 181.7319 = 304.99 → 305 → (305 − 299) × 52 = 312
//
// Withheld: 299 + 25 + 312 + 156 = 792; the STSL parts 25 and 156.
func TestSchedule5WithSTSL(t *testing.T) {
	t.Parallel()
	i := pay(fy26, calc.Weekly, calc.AUScale2, ord("1500"), calc.Earning{Kind: calc.Bonus, Amount: m("1040")})
	i.AU.STSL = true
	for code, want := range map[string]string{"payg": "792", "stsl": "25", "stsl.schedule5": "156", "payg.schedule5": "312"} {
		if got := amountOf(t, i, code); got != want {
			t.Errorf("%s = %s, want %s", code, got, want)
		}
	}
}

// Schedule 7 against the schedule's steps (2026-27 scale 2 weekly).
func TestSchedule7UnusedLeave(t *testing.T) {
	t.Parallel()
	leave := func(a string) calc.Earning { return calc.Earning{Kind: calc.UnusedLeave, Amount: m(a)} }
	cases := []struct {
		name    string
		lines   []calc.Earning
		term    *calc.AUTermination
		scale   calc.AUScale
		s7, all string
	}{
		// Normal termination, $3,000 of annual leave and loading with a
		// $1,000 final week: 3,000 ÷ 52 = 57.69 → 57; W(1057) = 0.3227 ×
		// 1057.99 − 185.1935 = 156.22 → 156; (156 − 138) × 52 = 936;
		// 138 + 936 = 1,074 (as one week's pay W(4000) would be 1,225).
		{"marginal", []calc.Earning{ord("1000"), leave("3000")}, nil, calc.AUScale2, "936", "1074"},
		// A payment under $300: $260 with $1,001: 260 ÷ 52 = 5; W(1006) =
		// 0.3227 × 1006.99 − 185.1935 = 139.76 → 140, W(1001) = 138;
		// 2 × 52 = 104 > 32% × 260 = 83.20 → 83; 138 + 83 = 221.
		{"under $300", []calc.Earning{ord("1001"), leave("260")}, nil, calc.AUScale2, "83", "221"},
		// Genuine redundancy: 32% of $2,680 = 857.60 → 857 (the ATO's
		// example); the $1,000 week W(1000) = 138 beside it.
		{"genuine redundancy", []calc.Earning{ord("1000"), leave("2680")}, &calc.AUTermination{GenuineRedundancy: true}, calc.AUScale2, "857", "995"},
		// A foreign resident pays no Medicare levy: 30% of $2,680 = 804;
		// scale 3 W(1000) = 0.30 × 1000.99 − 0.30 = 300.
		{"genuine redundancy, foreign", []calc.Earning{ord("1000"), leave("2680")}, &calc.AUTermination{GenuineRedundancy: true}, calc.AUScale3, "804", "1104"},
		// Normal earnings of a full period when the final one is short:
		// $400 worked, normal $1,000: the marginal method uses 1,000
		// (936 as above); W(400) = 0.15 × 400.99 − 54.3462 = 5.80 → 6.
		{"normal earnings given", []calc.Earning{ord("400"), leave("3000")}, &calc.AUTermination{NormalEarnings: m("1000")}, calc.AUScale2, "936", "942"},
		// Lump Sum B not a multiple of 20c (paydepth49): $1,200 week,
		// 20,105.42 of leave after 1993 and 2,000.98 before 16 August 1978:
		// 20,105.42 + 5% × 2,000.98 (100.049) = 20,205.469 ÷ 52 = 388.56
		// → 388; W(1588) = 0.32 × 1588.99 − 181.7319 = 326.74 → 327;
		// W(1200) = 202; (327 − 202) × 52 = 6,500 (it was nil: the third
		// decimal of the 5% made the share 0).
		{"Lump Sum B with a third decimal", []calc.Earning{ord("1200"), leave("20105.42"),
			{Kind: calc.UnusedLeave, Amount: m("2000.98"), LumpSumB: true}}, nil, calc.AUScale2, "6500", "6702"},
	}
	for _, c := range cases {
		i := pay(fy26, calc.Weekly, c.scale, c.lines...)
		i.AU.Termination = c.term
		code := "payg.schedule7"
		if c.term != nil && c.term.GenuineRedundancy {
			code += ".lumpsuma"
		}
		if got := amountOf(t, i, code); got != c.s7 {
			t.Errorf("%s: schedule7 %s, want %s", c.name, got, c.s7)
		}
		if got := amountOf(t, i, "payg"); got != c.all {
			t.Errorf("%s: payg %s, want %s", c.name, got, c.all)
		}
	}
}

// Schedule 11: rates by preservation age and code, the caps, the
// 2026-27 cap that is not in the rules.
func TestSchedule11ETP(t *testing.T) {
	t.Parallel()
	etp := func(code, a string) calc.Earning { return calc.Earning{Kind: calc.ETP, ETPCode: code, Amount: m(a)} }
	young, old := day(1980, time.March, 1), day(1960, time.January, 1)
	fy25end := day(2026, time.May, 15)
	cases := []struct {
		name  string
		date  time.Time
		dob   time.Time
		ytd   string
		scale calc.AUScale
		lines []calc.Earning
		want  string
	}{
		// Under the preservation age (60; 46 at 30 June 2027): 32% of $50,000.
		{"O under preservation age", fy26, young, "60000", calc.AUScale2, []calc.Earning{ord("1000"), etp("O", "50000")}, "16138"},
		// Whole-of-income cap: 180,000 − (60,000 + 1,000) = 119,000 at
		// 32% = 38,080, the other 31,000 at 47% = 14,570: 52,650 (+ W(1000) 138).
		{"O past the whole-of-income cap", fy26, young, "60000", calc.AUScale2, []calc.Earning{ord("1000"), etp("O", "150000")}, "52788"},
		// 2025-26 excluded payment past the $260,000 ETP cap, from the
		// preservation age (55; 66 at 30 June 2026): 260,000 × 17% =
		// 44,200 + 40,000 × 47% = 18,800: 63,000. The whole-of-income cap
		// does not apply to an excluded payment.
		{"R past the ETP cap", fy25end, old, "200000", calc.AUScale2, []calc.Earning{etp("R", "300000")}, "63000"},
		// Death benefits: nil to a dependant, 32% to a non-dependant,
		// nothing withheld for the trustee of the estate.
		{"D", fy26, time.Time{}, "0", calc.AUScale2, []calc.Earning{etp("D", "100000")}, "0"},
		{"N", fy26, time.Time{}, "0", calc.AUScale2, []calc.Earning{etp("N", "100000")}, "32000"},
		{"T", fy26, time.Time{}, "0", calc.AUScale2, []calc.Earning{etp("T", "100000")}, "0"},
		// A foreign resident: 30% (no Medicare levy).
		{"O foreign resident", fy26, young, "0", calc.AUScale3, []calc.Earning{etp("O", "10000")}, "3000"},
		// No TFN: 47% of $10,000.50 = 4,700.235, cents ignored.
		{"O without a TFN", fy26, young, "0", calc.AUScale4Resident, []calc.Earning{etp("O", "10000.50")}, "4700"},
		// A tax-free component is not withheld from: 32% of the taxable $1,000 only.
		{"tax-free component", fy26, young, "0", calc.AUScale2, []calc.Earning{etp("R", "1000"), {Kind: calc.ETP, ETPCode: "R", Amount: m("5000"), NotTaxable: true}}, "320"},
	}
	for _, c := range cases {
		i := pay(c.date, calc.Weekly, c.scale, c.lines...)
		i.AU.DateOfBirth = c.dob
		i.AU.YTD.Earnings = m(c.ytd)
		if got := amountOf(t, i, "payg"); got != c.want {
			t.Errorf("%s: payg %s, want %s", c.name, got, c.want)
		}
		// ETPs carry no super guarantee.
		if sg := figure(t, i, "super.guarantee"); c.lines[0].Kind == calc.ETP && !sg.Amount.IsZero() {
			t.Errorf("%s: super guarantee %s on an ETP", c.name, sg.Amount)
		}
	}

	// 2026-27: the ETP cap is $270,000 (ATO key super rates and
	// thresholds, ETPs; au-reasonable-amounts.md). Under the preservation
	// age: $200,000 × 32% = 64,000; $300,000: 270,000 × 32% = 86,400 +
	// 30,000 × 47% = 14,100: 100,500 (before, refused as past the 2025-26
	// cap with the 2026-27 one unknown).
	ok := pay(fy26, calc.Weekly, calc.AUScale2, etp("R", "200000"))
	ok.AU.DateOfBirth = young
	if got := amountOf(t, ok, "payg"); got != "64000" {
		t.Errorf("R $200,000 in 2026-27: %s, want 64000", got)
	}
	past := pay(fy26, calc.Weekly, calc.AUScale2, etp("R", "300000"))
	past.AU.DateOfBirth = young
	if got := amountOf(t, past, "payg"); got != "100500" {
		t.Errorf("R $300,000 in 2026-27: %s, want 100500", got)
	}
	// A life benefit needs the date of birth.
	nodob := pay(fy26, calc.Weekly, calc.AUScale2, etp("O", "1000"))
	if _, err := eng.Calculate(nodob); err == nil || payroll.KindOf(err) != payroll.KindInvalid {
		t.Errorf("ETP without a date of birth: %v", err)
	}
	// An unknown code is refused.
	bad := pay(fy26, calc.Weekly, calc.AUScale2, etp("X", "1000"))
	if _, err := eng.Calculate(bad); err == nil {
		t.Error("ETP code X accepted")
	}
}

func TestPreservationAge(t *testing.T) {
	t.Parallel()
	for dob, want := range map[time.Time]int{
		day(1960, time.June, 30): 55, day(1960, time.July, 1): 56, day(1963, time.June, 30): 58,
		day(1964, time.June, 30): 59, day(1964, time.July, 1): 60, day(1990, time.January, 1): 60,
	} {
		if got := au.PreservationAge(dob); got != want {
			t.Errorf("born %s: %d, want %d", dob.Format(time.DateOnly), got, want)
		}
	}
}

// Overtime is not ordinary time earnings; a pay category's own rate adds
// super on top of the guarantee.
func TestSuperByKindAndCategoryRate(t *testing.T) {
	t.Parallel()
	r := func(s string) *payroll.Rate { x := payroll.MustRate(s); return &x }
	i := pay(fy26, calc.Weekly, calc.AUScale2, ord("1000"),
		calc.Earning{Kind: calc.Overtime, Amount: m("300"), SuperRate: r("0")},
		calc.Earning{Kind: calc.UnusedLeave, Amount: m("2000")})
	if got := figure(t, i, "super.guarantee").Amount.StringFixed(2); got != "120.00" {
		t.Errorf("SG with overtime and unused leave: %s, want 120.00 (12%% of the $1,000 OTE)", got)
	}
	// Overtime whose category pays 12% super: 36.00 on top; an allowance
	// category at 15%: the 3% above the guarantee on $200 = 6.00.
	i = pay(fy26, calc.Weekly, calc.AUScale2, ord("1000"),
		calc.Earning{Kind: calc.Overtime, Amount: m("300"), SuperRate: r("0.12")},
		calc.Earning{Kind: calc.Allowance, Amount: m("200"), SuperRate: r("0.15")})
	if got := figure(t, i, "super.guarantee").Amount.StringFixed(2); got != "144.00" {
		t.Errorf("SG: %s, want 144.00", got)
	}
	if got := figure(t, i, "super.additional").Amount.StringFixed(2); got != "42.00" {
		t.Errorf("additional super: %s, want 42.00", got)
	}
	// Leave loading and back pay are OTE.
	i = pay(fy26, calc.Weekly, calc.AUScale2, calc.Earning{Kind: calc.LeaveLoading, Amount: m("100")}, calc.Earning{Kind: calc.BackPay, Amount: m("100"), Periods: 2})
	if got := figure(t, i, "super.guarantee").Amount.StringFixed(2); got != "24.00" {
		t.Errorf("SG on leave loading and back pay: %s, want 24.00", got)
	}
}

// The 12-month rule (ITAA 1997 s 82-130(1)(b)) and its exemption for a
// genuine redundancy's R or S payment (s 82-130(4)(b)), as one predicate.
func TestDelayedTerminationPredicate(t *testing.T) {
	for _, c := range []struct {
		code             string
		redundancy, late bool
		want             bool
	}{
		{"O", false, false, false}, // within 12 months: an ETP
		{"O", false, true, true},
		{"O", true, true, true}, // notice on a redundancy is not exempt
		{"P", true, true, true},
		{"R", false, true, true}, // an R that is not a redundancy (invalidity, compensation)
		{"R", true, true, false}, // a genuine redundancy payment stays an ETP
		{"S", true, true, false},
		{"R", true, false, false},
		{"D", false, true, true},
	} {
		if got := au.DelayedTermination(c.code, c.redundancy, c.late); got != c.want {
			t.Errorf("DelayedTermination(%q, redundancy %v, late %v) = %v, want %v", c.code, c.redundancy, c.late, got, c.want)
		}
	}
}
