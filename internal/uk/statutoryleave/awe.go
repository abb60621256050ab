package statutoryleave

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// payment is one finalised pay run's gross pay to the employee.
type payment struct {
	paid      time.Time
	frequency string
	gross     int64 // pence
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
	var in []payment
	for _, p := range history {
		if !payroll.DateOnly(p.paid).After(upto) {
			in = append(in, p)
		}
	}
	if len(in) == 0 {
		return AWE{0, 1}, []string{fmt.Sprintf("no finalised pay run paid on or before %s: average weekly earnings 0", upto.Format("2006-01-02"))}
	}
	last := payroll.DateOnly(in[len(in)-1].paid)
	cut := last.AddDate(0, 0, -56)
	var prev time.Time // last payday on or before cut
	for _, p := range in {
		if d := payroll.DateOnly(p.paid); !d.After(cut) {
			prev = d
		}
	}
	var total int64
	var n int
	var weeksNum, weeksDen int64 = 0, 1
	for _, p := range in {
		d := payroll.DateOnly(p.paid)
		if !prev.IsZero() && !d.After(prev) {
			continue
		}
		total += p.gross
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
		a = AWE{total * weeksDen, weeksNum}
		how = "the pay periods of those runs"
	case freq == "Monthly":
		months := int64((last.Year()-prev.Year())*12 + int(last.Month()-prev.Month()))
		if months < 1 {
			months = 1
		}
		a = AWE{total * 12, 52 * months}
		how = fmt.Sprintf("%d months × 52 ÷ 12", months)
	default:
		days := int64(last.Sub(prev).Hours() / 24)
		a = AWE{total * 7, days}
		how = fmt.Sprintf("%d days ÷ 7", days)
	}
	if a.den == 0 {
		a = AWE{0, 1}
	}
	from := "the first payday"
	if !prev.IsZero() {
		from = prev.Format("2006-01-02") + " (excluded)"
	}
	return a, []string{fmt.Sprintf("average weekly earnings %s: %s paid in %d finalised pay run(s) from %s to %s, divided by %s",
		a.Money(), pounds(total), n, from, last.Format("2006-01-02"), how)}
}
