package bankfile

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/payroll"
)

// manyPayments is n distinct AU/UK/NZ/SG-valid payments.
func manyPayments(n int) []Payment {
	p := make([]Payment, n)
	for i := range p {
		p[i] = Payment{EmployeeID: int64(i + 1), PayeeName: fmt.Sprintf("Employee Number %d", i+1),
			BSB: fmt.Sprintf("%03d-%03d", 10+i%900, i%1000), SortCode: fmt.Sprintf("%06d", 100000+i),
			AccountNumber: fmt.Sprintf("%08d", 10000000+i), Amount: payroll.MoneyFromMinor(int64(100000 + i*7)),
			Reference: "Salary"}
	}
	return p
}

// BenchmarkABA10k renders a 10,000-payment ABA file.
func BenchmarkABA10k(b *testing.B) {
	p := manyPayments(10000)
	s := abaSettings()
	s.IncludeSelfBalancingTransaction = true
	b.ReportAllocs()
	for b.Loop() {
		f, err := ABA(s, datePaid, p)
		if err != nil || f.Payments != 10000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkBACS10k renders a 10,000-payment Standard 18 file.
func BenchmarkBACS10k(b *testing.B) {
	p := manyPayments(10000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BACS(bacsSettings(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func TestABALargeFileIsConsistent(t *testing.T) {
	t.Parallel()
	f, err := ABA(abaSettings(), datePaid, manyPayments(10000))
	if err != nil {
		t.Fatal(err)
	}
	recs := records(t, f.Data, true)
	if len(recs) != 10002 {
		t.Fatalf("%d records", len(recs))
	}
	var sum int64
	for _, r := range recs[1 : len(recs)-1] {
		if len(r) != 120 {
			t.Fatalf("record of %d characters", len(r))
		}
		sum += atoi(t, field(r, 21, 30))
	}
	tr := recs[len(recs)-1]
	if atoi(t, field(tr, 31, 40)) != sum || f.Total.MinorUnits() != sum || atoi(t, field(tr, 75, 80)) != 10000 {
		t.Errorf("totals %q, sum %d", tr, sum)
	}
}
