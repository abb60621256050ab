package uk

import (
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Year is every UK statutory parameter of one tax year (6 April to 5
// April). Calculation code reads only these fields; a new year is a new
// Year value appended to years (see the package doc).
type Year struct {
	Name   string    // "2025-26"
	Start  time.Time // 6 April, UTC date
	Source string    // where the figures come from (rules file section, HMRC publication)

	PAYE      PAYETable
	NI        NITable
	Loans     LoanTable
	Pension   PensionTable
	Statutory StatutoryTable

	rules    yearRules // built from the table by buildRules (static per year)
	fixed    fixedYear // the tables in integers (buildFixed)
	startKey int       // dateKey(Start)
}

// Jurisdiction selects the income tax band set.
type Jurisdiction uint8

const (
	RUK      Jurisdiction = iota // England and Northern Ireland (no prefix)
	Scotland                     // S prefix
	Wales                        // C prefix
	numJurisdictions
)

var jurisdictionNames = [numJurisdictions]string{"rUK", "Scottish", "Welsh"}

// Band is an income tax band of taxable pay above the allowance: Upper is
// the annual upper limit (zero = no upper limit, the last band).
type Band struct {
	Name  string
	Upper payroll.Money
	Rate  payroll.Rate

	fullBelow payroll.Money // annual tax on all the bands below (set by buildRules)
}

// PAYETable holds the income tax bands per jurisdiction.
type PAYETable struct {
	Bands [numJurisdictions][]Band
	// BasicBand is the index of the basic-rate band: BR taxes all pay at
	// its rate; D0, D1, ... take the bands after it (rules §2.2: rUK D0 40%,
	// D1 45%; Scottish SD0 21%, SD1 42%, SD2 45%, SD3 48%).
	BasicBand [numJurisdictions]int
	// BandedThresholdTax: the tax on the full bands below a threshold is
	// built band by band at the period's thresholds, each step truncated
	// to 4 decimal places, instead of pro-rating the annual figure. HMRC's
	// Scottish test data are computed so (docs/reference/uk-paye.md).
	BandedThresholdTax [numJurisdictions]bool
	Source             string
}

// Threshold names an NI threshold.
type Threshold uint8

const (
	LEL  Threshold = iota // lower earnings limit
	PT                    // primary threshold
	ST                    // secondary threshold
	FUST                  // freeport / investment zone upper secondary threshold
	UEL                   // upper earnings limit (= UST, AUST, VUST)
	numThresholds
)

var thresholdNames = [numThresholds]string{"LEL", "PT", "ST", "FUST", "UEL"}

// NITable holds Class 1 thresholds per frequency and the category rates.
type NITable struct {
	// Thresholds per frequency; Annually is the directors' annual
	// earnings period.
	//
	// quarterlyNI: HMRC publishes weekly, monthly and annual figures; a
	// quarter is a multiple of a month, whose prescribed equivalents
	// (SS(C)R 2001 reg. 11; HMRC National Insurance Manual NIM01206) are
	// the weekly LEL x 4 1/3 x 3 and the yearly PT, ST, FUST and UEL
	// / 12 x 3, each rounded up to the next whole pound.
	Thresholds map[calc.Frequency][numThresholds]payroll.Money
	Categories []NICategory
	Source     string
}

// NICategory is one category letter's rates: employee MainRate on
// earnings PT..UEL and UpperRate above the UEL; employer EmployerRate on
// earnings above EmployerFrom.
type NICategory struct {
	Letter       byte
	Meaning      string
	MainRate     payroll.Rate
	UpperRate    payroll.Rate
	EmployerRate payroll.Rate
	EmployerFrom Threshold
}

// LoanTable holds student and postgraduate loan plans.
type LoanTable struct {
	Plans  []LoanPlan
	Source string
}

// LoanPlan is a plan's thresholds (HMRC's published per-period figures)
// and rate.
type LoanPlan struct {
	Plan    calc.UKLoanPlan // "1", "2", "4", "5"; "PGL" for the postgraduate loan
	Annual  payroll.Money
	Weekly  payroll.Money
	Monthly payroll.Money
	Rate    payroll.Rate

	figure string     // figure code, set by buildRules
	rule   *calc.Rule // set by buildRules
	fixed  fixedLoan  // set by buildFixed
}

const pglPlan calc.UKLoanPlan = "PGL"

// PensionTable is the auto-enrolment qualifying earnings band per
// frequency (The Pensions Regulator's period figures).
type PensionTable struct {
	Lower   map[calc.Frequency]payroll.Money
	Upper   map[calc.Frequency]payroll.Money
	Trigger map[calc.Frequency]payroll.Money // eligibility only: not used in deductions
	Source  string
}

// StatutoryTable holds statutory payment rates and the SSP mechanics of
// absences that start in the year.
type StatutoryTable struct {
	SSPWeekly       payroll.Money
	SSPWaitingDays  int          // 3 before the Employment Rights Act 2025 reform, 0 after
	SSPLELTest      bool         // AWE must reach the weekly LEL
	SSPAWEFraction  payroll.Rate // zero = no AWE cap; 0.8 = lower of flat rate and 80% AWE
	SSPMaxWeeks     int
	FamilyWeekly    payroll.Money // SMP/SAP after the first weeks, SPP, ShPP, SPBP, SNCP flat rate
	FamilyFraction  payroll.Rate  // 0.9 of AWE
	FamilyHighWeeks int           // SMP/SAP weeks at 90% AWE without the flat-rate cap
	FamilyMaxWeeks  map[calc.UKStatutoryKind]int
	Source          string
}

var (
	weekly = calc.Weekly
	fortn  = calc.Fortnightly
	fourw  = calc.FourWeekly
	mthly  = calc.Monthly
	qtrly  = calc.Quarterly
	annual = calc.Annually
)

func m(s string) payroll.Money { return payroll.MustMoney(s) }
func r(s string) payroll.Rate  { return payroll.MustRate(s) }

func thresholds(lel, pt, st, fust, uel string) [numThresholds]payroll.Money {
	return [numThresholds]payroll.Money{m(lel), m(pt), m(st), m(fust), m(uel)}
}

// years is every tax year the engine knows, oldest first.
var years = []*Year{&year2025, &year2026}

func init() {
	for i, y := range years {
		if i > 0 && !years[i-1].Start.Before(y.Start) {
			panic("uk: years out of order")
		}
		y.buildRules()
		y.buildFixed()
	}
}

// dateKey orders calendar dates as yyyymmdd (the date as written, in the
// time's own location: a payment date is a calendar date).
func dateKey(d time.Time) int {
	y, mo, day := d.Date()
	return y*10000 + int(mo)*100 + day
}

// yearFor picks the year whose 6 April .. 5 April contains the date.
func yearFor(d time.Time) (*Year, error) {
	k := dateKey(d)
	for i := len(years) - 1; i >= 0; i-- {
		y := years[i]
		if k >= y.startKey {
			if k >= y.startKey+10000 { // past the year's 5 April
				break
			}
			return y, nil
		}
	}
	return nil, fmt.Errorf("uk: payment date %s: %w", d.Format(time.DateOnly), calc.ErrNoRules)
}

// yearNamed finds a year by name ("2025-26").
func yearNamed(name string) (*Year, error) {
	for _, y := range years {
		if y.Name == name {
			return y, nil
		}
	}
	return nil, fmt.Errorf("uk: tax year %q: %w", name, calc.ErrNoRules)
}

// Years lists the tax years the engine has rules for.
func Years() []string {
	out := make([]string, len(years))
	for i, y := range years {
		out[i] = y.Name
	}
	return out
}

func (y *Year) category(letter byte) (*NICategory, bool) {
	for i := range y.NI.Categories {
		if y.NI.Categories[i].Letter == letter {
			return &y.NI.Categories[i], true
		}
	}
	return nil, false
}

func (y *Year) loan(p calc.UKLoanPlan) (*LoanPlan, bool) {
	for i := range y.Loans.Plans {
		if y.Loans.Plans[i].Plan == p {
			return &y.Loans.Plans[i], true
		}
	}
	return nil, false
}

// yearRules are the static *calc.Rule values of a year, built once from its
// table so a rule's text never disagrees with the figures used.
type yearRules struct {
	paye      [numJurisdictions]*calc.Rule
	payeFlat  [numJurisdictions][]*calc.Rule // BR, D0, D1, ... per jurisdiction (index 0 = BR)
	payeNT    *calc.Rule
	niEE      map[byte]*calc.Rule
	niER      map[byte]*calc.Rule
	niDirEE   map[byte]*calc.Rule
	niDirER   map[byte]*calc.Rule
	loan      map[calc.UKLoanPlan]*calc.Rule
	pensionEE [2]*calc.Rule // by basis: qualifying, pensionable
	pensionER [2]*calc.Rule
	ssp       *calc.Rule
	family    map[calc.UKStatutoryKind]*calc.Rule
}

var thresholdTaxText = map[bool]string{
	false: "pro-rated from the annual figure to 4 dp",
	true:  "built band by band at the period's thresholds, each step to 4 dp",
}

func pct(r payroll.Rate) string { return r.Mul(payroll.RateFromInt(100)).String() + "%" }

func (y *Year) buildRules() {
	y.startKey = dateKey(y.Start)
	for j := range y.PAYE.Bands {
		var full, lower payroll.Money
		for i := range y.PAYE.Bands[j] {
			b := &y.PAYE.Bands[j][i]
			b.fullBelow = full
			if !b.Upper.IsZero() {
				full = full.Add(b.Upper.Sub(lower).Mul(b.Rate))
				lower = b.Upper
			}
		}
	}
	rs := &y.rules
	for j := Jurisdiction(0); j < numJurisdictions; j++ {
		var b strings.Builder
		fmt.Fprintf(&b, "UK PAYE %s %s, cumulative or week-1/month-1 per HMRC's PAYE tax table routines: taxable pay to date (pay less free pay, plus K additional pay) floored to £1; thresholds to date = annual × period/52 or /12 to 4 dp, the band chosen on the unrounded pay against thresholds rounded up to £1; tax on the full bands below %s:", y.Name, jurisdictionNames[j], thresholdTaxText[y.PAYE.BandedThresholdTax[j]])
		var lower payroll.Money
		for _, band := range y.PAYE.Bands[j] {
			if band.Upper.IsZero() {
				fmt.Fprintf(&b, " %s %s above £%s;", band.Name, pct(band.Rate), lower)
			} else {
				fmt.Fprintf(&b, " %s %s to £%s;", band.Name, pct(band.Rate), band.Upper)
			}
			lower = band.Upper
		}
		b.WriteString(" tax to date floored to 1p; K codes: period tax at most 50% of period pay")
		rs.paye[j] = &calc.Rule{Code: "uk.paye", Text: b.String(), Source: y.PAYE.Source}
		bands := y.PAYE.Bands[j]
		for i := y.PAYE.BasicBand[j]; i < len(bands); i++ {
			name := "BR"
			if i > y.PAYE.BasicBand[j] {
				name = fmt.Sprintf("D%d", i-y.PAYE.BasicBand[j]-1)
			}
			rs.payeFlat[j] = append(rs.payeFlat[j], &calc.Rule{
				Code:   "uk.paye." + strings.ToLower(name),
				Text:   fmt.Sprintf("UK PAYE %s %s code %s: all pay (whole pounds) at %s (%s rate); tax floored to 1p", y.Name, jurisdictionNames[j], name, pct(bands[i].Rate), bands[i].Name),
				Source: y.PAYE.Source,
			})
		}
	}
	rs.payeNT = &calc.Rule{Code: "uk.paye.nt", Text: "UK PAYE " + y.Name + " code NT: no tax deducted (cumulative: tax paid to date refunded)", Source: y.PAYE.Source}

	rs.niEE, rs.niER = map[byte]*calc.Rule{}, map[byte]*calc.Rule{}
	rs.niDirEE, rs.niDirER = map[byte]*calc.Rule{}, map[byte]*calc.Rule{}
	for _, c := range y.NI.Categories {
		l := string(c.Letter)
		ee := fmt.Sprintf("UK NI %s employee, category %s (%s): %s on earnings between PT and UEL, %s above UEL; each part rounded to 1p on the third decimal (6 or more up)", y.Name, l, c.Meaning, pct(c.MainRate), pct(c.UpperRate))
		er := fmt.Sprintf("UK NI %s employer, category %s (%s): %s on earnings above %s; rounded to 1p on the third decimal (6 or more up)", y.Name, l, c.Meaning, pct(c.EmployerRate), thresholdNames[c.EmployerFrom])
		rs.niEE[c.Letter] = &calc.Rule{Code: "uk.ni.employee." + l, Text: ee, Source: y.NI.Source}
		rs.niER[c.Letter] = &calc.Rule{Code: "uk.ni.employer." + l, Text: er, Source: y.NI.Source}
		rs.niDirEE[c.Letter] = &calc.Rule{Code: "uk.ni.director.employee." + l, Text: ee + "; director: earnings to date against annual (pro-rata) thresholds less NI to date", Source: y.NI.Source + "; HMRC CA44 (directors)"}
		rs.niDirER[c.Letter] = &calc.Rule{Code: "uk.ni.director.employer." + l, Text: er + "; director: earnings to date against annual (pro-rata) thresholds less NI to date", Source: y.NI.Source + "; HMRC CA44 (directors)"}
	}
	rs.loan = map[calc.UKLoanPlan]*calc.Rule{}
	for i := range y.Loans.Plans {
		p := &y.Loans.Plans[i]
		name := "Plan " + string(p.Plan)
		p.figure = "studentloan.plan" + string(p.Plan)
		if p.Plan == pglPlan {
			name, p.figure = "postgraduate loan", "pgl"
		}
		code := "uk." + p.figure
		p.rule = &calc.Rule{Code: code, Text: fmt.Sprintf("UK %s %s: %s of earnings (employer NI pay) above £%s/week, £%s/month (£%s/year), non-cumulative, rounded down to £1; multi-week/month periods averaged to one week/month", name, y.Name, pct(p.Rate), p.Weekly, p.Monthly, p.Annual), Source: y.Loans.Source}
		rs.loan[p.Plan] = p.rule
	}
	for i, basis := range []string{"qualifying earnings (band between the period's lower and upper qualifying earnings limits)", "pensionable pay"} {
		rs.pensionEE[i] = &calc.Rule{Code: "uk.pension.employee", Text: "UK workplace pension " + y.Name + ": employee rate × " + basis + ", rounded to 1p; net pay arrangement deducted before tax; relief at source deducted after tax at 80%", Source: y.Pension.Source}
		rs.pensionER[i] = &calc.Rule{Code: "uk.pension.employer", Text: "UK workplace pension " + y.Name + ": employer rate × " + basis + ", rounded to 1p", Source: y.Pension.Source}
	}
	st := y.Statutory
	sspText := fmt.Sprintf("UK SSP %s: £%s a week", y.Name, st.SSPWeekly)
	if !st.SSPAWEFraction.IsZero() {
		sspText += fmt.Sprintf(" or %s of AWE if lower", pct(st.SSPAWEFraction))
	}
	sspText += fmt.Sprintf(", paid per qualifying day (weekly ÷ qualifying days), %d waiting days", st.SSPWaitingDays)
	if st.SSPLELTest {
		sspText += ", AWE must reach the LEL"
	} else {
		sspText += ", no LEL test"
	}
	sspText += fmt.Sprintf(", at most %d weeks; mechanics of the year the PIW starts, rate of the payment date; period total rounded to 1p", st.SSPMaxWeeks)
	rs.ssp = &calc.Rule{Code: "uk.ssp", Text: sspText, Source: st.Source}
	rs.family = map[calc.UKStatutoryKind]*calc.Rule{}
	for _, k := range []calc.UKStatutoryKind{calc.SMP, calc.SAP, calc.SPP, calc.ShPP, calc.SPBP, calc.SNCP} {
		var text string
		if k == calc.SMP || k == calc.SAP {
			text = fmt.Sprintf("UK %s %s: %s of AWE for the first %d weeks, then £%s a week or %s of AWE if lower", strings.ToUpper(string(k)), y.Name, pct(st.FamilyFraction), st.FamilyHighWeeks, st.FamilyWeekly, pct(st.FamilyFraction))
		} else {
			text = fmt.Sprintf("UK %s %s: £%s a week or %s of AWE if lower", strings.ToUpper(string(k)), y.Name, st.FamilyWeekly, pct(st.FamilyFraction))
		}
		text += "; AWE must reach the weekly LEL; 1/7 of the week's rate per day; period total rounded to 1p"
		if w := st.FamilyMaxWeeks[k]; w > 0 {
			text += fmt.Sprintf("; at most %d weeks", w)
		}
		rs.family[k] = &calc.Rule{Code: "uk." + string(k), Text: text, Source: st.Source}
	}
}
