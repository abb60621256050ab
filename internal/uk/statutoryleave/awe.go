package statutoryleave

import (
	"database/sql"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// payment is one finalised pay run's earnings to the employee: those its
// Class 1 NI was worked on (after a salary sacrifice; EmployeePayHistory).
type payment struct {
	paid       time.Time
	frequency  string
	gross      int64     // pence: the NI-able earnings
	start, end time.Time // the pay period the run covered (zero = unknown)
}

// payRise is a pay rise the relevant period's earnings are raised by
// (SMP (General) Regulations 1986 reg 21(7), HMRC SPM172200: a rise
// effective between the start of the relevant period and the end of the
// maternity leave counts "as if such an increase applied in each week of
// the relevant period"): bp hundredths of a percent from the day from.
// Payments for pay periods ending before from are raised by the percentage
// (HMRC's Notes for Software Developers: apply the percentage rise to the
// earnings); periods starting on or after it already include it.
type payRise struct {
	bp    int64
	from  time.Time
	valid bool
}

// riseOf is a stored period's pay rise.
func riseOf(bp sql.NullInt64, from sql.NullTime) payRise {
	if !bp.Valid || !from.Valid {
		return payRise{}
	}
	return payRise{bp: bp.Int64, from: payroll.DateOnly(from.Time), valid: true}
}

// weeksPer: the weeks one pay period of a frequency covers, as a
// fraction num/den (monthly: 52/12).
var weeksPer = map[string][2]int64{"Weekly": {1, 1}, "Fortnightly": {2, 1}, "FourWeekly": {4, 1}, "Monthly": {52, 12},
	"Quarterly": {13, 1}, "Annually": {52, 1}}

// aweFromHistory is the average weekly earnings of the relevant period
// ending on or before upto (the Saturday of the qualifying week; for SSP
// the day before the PIW): the earnings paid after the last normal
// payday at least 8 weeks before the last payday P on or before upto,
// up to and including P (HMRC's relevant period), divided by the weeks
// between those paydays (monthly pay: the months × 52 ÷ 12). Without a
// payday 8 weeks before P (a new employee), the period is every payday
// up to P and the weeks are the periods those pay runs covered.
// history is sorted by date paid; payments after upto are ignored.
func aweFromHistory(history []payment, upto time.Time) (AWE, []string) {
	a, log, _ := aweWithRise(history, upto, payRise{})
	return a, log
}

// aweWithRise is aweFromHistory with a pay rise applied to the relevant
// period's payments for pay periods before it. A payment whose pay period
// straddles the rise's first day is refused (400 naming
// payRiseEffectiveDate): no source says how to split such a period.
func aweWithRise(history []payment, upto time.Time, rise payRise) (AWE, []string, error) {
	var in []payment
	for _, p := range history {
		if !payroll.DateOnly(p.paid).After(upto) {
			in = append(in, p)
		}
	}
	if len(in) == 0 {
		return AWE{0, 1}, []string{fmt.Sprintf("no finalised pay run paid on or before %s: average weekly earnings 0", upto.Format("2006-01-02"))}, nil
	}
	last := payroll.DateOnly(in[len(in)-1].paid)
	cut := last.AddDate(0, 0, -56)
	var prev time.Time // last payday on or before cut
	for _, p := range in {
		if d := payroll.DateOnly(p.paid); !d.After(cut) {
			prev = d
		}
	}
	// total is in pence ÷ scale: with a rise, 10,000ths of a penny.
	var total, raised int64
	scale := int64(1)
	if rise.valid {
		scale = 10000
	}
	var n int
	var weeksNum, weeksDen int64 = 0, 1
	for _, p := range in {
		d := payroll.DateOnly(p.paid)
		if !prev.IsZero() && !d.After(prev) {
			continue
		}
		g := p.gross * scale
		if rise.valid {
			switch {
			case p.start.IsZero() || p.end.IsZero():
				return AWE{}, nil, payroll.Invalid("payRiseEffectiveDate", "the pay run paid on %s has no pay period: the pay rise cannot be applied to it", d.Format("2006-01-02"))
			case payroll.DateOnly(p.end).Before(rise.from):
				g = p.gross * (10000 + rise.bp)
				raised++
			case payroll.DateOnly(p.start).Before(rise.from):
				return AWE{}, nil, payroll.Invalid("payRiseEffectiveDate", "the pay rise from %s falls inside the pay period %s to %s of the relevant period: give the first day of a pay period, or averageWeeklyEarningsOverride",
					rise.from.Format("2006-01-02"), payroll.DateOnly(p.start).Format("2006-01-02"), payroll.DateOnly(p.end).Format("2006-01-02"))
			}
		}
		total += g
		n++
		w, ok := weeksPer[p.frequency]
		if !ok {
			w = [2]int64{1, 1}
		}
		// weeksNum/weeksDen += w[0]/w[1]
		weeksNum, weeksDen = weeksNum*w[1]+w[0]*weeksDen, weeksDen*w[1]
	}
	freq := in[len(in)-1].frequency
	var a AWE
	var how string
	switch {
	case prev.IsZero():
		a = AWE{total * weeksDen, weeksNum * scale}
		how = "the pay periods of those runs"
	case freq == "Monthly":
		months := int64((last.Year()-prev.Year())*12 + int(last.Month()-prev.Month()))
		if months < 1 {
			months = 1
		}
		a = AWE{total * 12, 52 * months * scale}
		how = fmt.Sprintf("%d months × 52 ÷ 12", months)
	default:
		days := int64(last.Sub(prev).Hours() / 24)
		a = AWE{total * 7, days * scale}
		how = fmt.Sprintf("%d days ÷ 7", days)
	}
	if a.den == 0 {
		a = AWE{0, 1}
	}
	from := "the first payday"
	if !prev.IsZero() {
		from = prev.Format("2006-01-02") + " (excluded)"
	}
	log := []string{fmt.Sprintf("average weekly earnings %s: %s paid in %d finalised pay run(s) from %s to %s, divided by %s",
		a.Money(), pounds(total/scale), n, from, last.Format("2006-01-02"), how)}
	if rise.valid {
		log[0] = fmt.Sprintf("average weekly earnings %s: %d finalised pay run(s) from %s to %s, %d of them for periods before the pay rise of %s%% from %s raised by it (SMP (General) Regulations 1986 reg 21(7)), divided by %s",
			a.Money(), n, from, last.Format("2006-01-02"), raised, payroll.RateFromInt(rise.bp).Div(payroll.RateFromInt(100)).String(), rise.from.Format("2006-01-02"), how)
	}
	return a, log, nil
}
