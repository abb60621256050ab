package uk

import (
	"encoding/csv"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// directorsKnownWrong: HMRC directors' NIC test rows whose expected value
// contradicts HMRC's own annual-method case (test id -> reason).
var directorsKnownWrong = map[string]string{
	// Alternative method, last week: the annual recalculation gives
	// employer NI to date 15% × (52,000 − 5,000) = 7,050.00 (exactly test
	// 3_Dir_CatA_GBP52000_pa), less 51 × 135.60 = 6,915.60 paid: 134.40.
	// The data says 58.94 (the employee figure repeated; YTD 6,974.54).
	"2025-26 Directors NICs test data v1.0/1_Dir_CatA_GBP1000pw/52 employer": "employer figure copies the employee figure",
}

// TestHMRCDirectorsNIC runs HMRC's 2025-26 directors' NIC test data
// (annual and alternative methods, pro-rata from week 5) through Calculate.
func TestHMRCDirectorsNIC(t *testing.T) {
	f, err := os.Open("testdata/hmrc-directors-nic-2025-26.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	e := New()
	pass, fail, wrong := 0, 0, 0
	for _, rec := range recs[1:] {
		id, method, cat := rec[0], rec[1], rec[4]
		period, _ := strconv.Atoi(rec[3])
		mm := func(i int) payroll.Money { return payroll.MustMoney(rec[i]) }
		gross, grossYTD, ee, er, eeYTD, erYTD := mm(5), mm(6), mm(7), mm(8), mm(9), mm(10)
		emp := &calc.UKEmployee{TaxCode: "NT", NICategory: cat, Director: true, DirectorNIMethod: calc.DirectorAlternative}
		in := &calc.Input{Region: calc.UK, PaymentDate: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), Frequency: calc.Weekly, Period: period, UK: emp,
			Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: gross}}}
		if method == "StandardAnnualisedEarningsMethod" {
			emp.DirectorNIMethod = calc.DirectorAnnual
			in.Frequency, in.Period = calc.Annually, 1
		}
		if len(id) > 0 && (strings.Contains(id, "48_weeks") || strings.Contains(id, "from_week_5")) {
			emp.DirectorWeeks = 48
		}
		emp.YTD.NIEarnings = grossYTD.Sub(gross)
		emp.YTD.EmployeeNI = eeYTD.Sub(ee)
		emp.YTD.EmployerNI = erYTD.Sub(er)
		res, err := e.Calculate(in)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		gotEE, _ := res.Get("ni.employee")
		gotER, _ := res.Get("ni.employer")
		for _, c := range []struct {
			who       string
			got, want payroll.Money
		}{{"employee", gotEE.Amount, ee}, {"employer", gotER.Amount, er}} {
			if c.got.Equal(c.want) {
				pass++
				continue
			}
			if why, ok := directorsKnownWrong[id+" "+c.who]; ok {
				wrong++
				t.Logf("%s %s: known wrong (%s): got %s, data %s", id, c.who, why, c.got, c.want)
				continue
			}
			fail++
			t.Errorf("%s %s: got %s, want %s", id, c.who, c.got, c.want)
		}
	}
	t.Logf("directors' NIC: %d figures pass, %d known-wrong rows, %d fail", pass, wrong, fail)
}
