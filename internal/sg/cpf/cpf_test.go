package cpf

import (
	"database/sql"
	"strings"
	"testing"
	"time"
)

func day(s string) sql.NullTime {
	t, _ := time.Parse("2006-01-02", s)
	return sql.NullTime{Time: t, Valid: true}
}

// TestStatus: the detail record's employment status in November 2026
// (note: E existing, N new joiner, L leaver, O joined and left in the
// month; one who left and re-joined in the month is E).
func TestStatus(t *testing.T) {
	first, last := day("2026-11-01").Time, day("2026-11-30").Time
	for _, c := range []struct {
		start, end sql.NullTime
		want       byte
	}{
		{day("2024-01-01"), sql.NullTime{}, 'E'},
		{day("2026-11-10"), sql.NullTime{}, 'N'},
		{day("2024-01-01"), day("2026-11-30"), 'L'},
		{day("2026-11-01"), day("2026-11-20"), 'O'},
		{day("2026-11-20"), day("2026-11-05"), 'E'},
		{day("2024-01-01"), day("2026-12-01"), 'E'},
	} {
		if got := Status(c.start, c.end, first, last); got != c.want {
			t.Errorf("Status(%v, %v) = %c, want %c", c.start.Time, c.end.Time, got, c.want)
		}
	}
}

func input() Input {
	return Input{CSN: CSN{"201912345K", "PTE", "01"}, AdviceCode: "01", Month: day("2026-11-01").Time, Created: day("2026-11-02").Time,
		Employees: []Employee{{AccountNumber: "S9012345I", Name: "Mei  Tan", Contribution: 185000, OrdinaryWages: 500000, Status: 'E'},
			{AccountNumber: "", Name: "No Cpf", Contribution: 0}}, SDL: 1125}
}

// TestBuildAndParse: a built file parses clean (the employee without a
// contribution has no detail); a value the layout cannot carry is refused,
// never truncated; Parse finds a record of the wrong length, a trailer
// whose count or amount is wrong and a summary its details do not sum to.
func TestBuildAndParse(t *testing.T) {
	f, err := Build(input())
	if err != nil {
		t.Fatal(err)
	}
	p, errs := Parse(f.Text)
	// 1,850.00 CPF + 11.25 SDL = 1,861.25; header, 2 summaries, 1 detail, trailer.
	if len(errs) > 0 || p.Total != 186125 || p.Records != 5 || len(p.Details) != 1 || p.Details[0].Name != "MEI TAN" || f.Name != "201912345KPTE01NOV202601.DTL" {
		t.Fatalf("%+v %v", p, errs)
	}
	for name, mutate := range map[string]func(*Input){
		"an account number that is not S/T + 7 digits + letter": func(in *Input) { in.Employees[0].AccountNumber = "G1234567X" },
		"a name of 67 characters":                               func(in *Input) { in.Employees[0].Name = strings.Repeat("A", 67) },
		"a forbidden character":                                 func(in *Input) { in.Employees[0].Name = "Mei_Tan" },
		"a non-ASCII name":                                      func(in *Input) { in.Employees[0].Name = "Méi Tan" },
		"negative wages":                                        func(in *Input) { in.Employees[0].AdditionalWages = -1 },
		"an amount wider than 9(10)V99":                         func(in *Input) { in.Employees[0].Contribution = 1e12 },
		"advice code 00":                                        func(in *Input) { in.AdviceCode = "00" },
	} {
		in := input()
		mutate(&in)
		if _, err := Build(in); err == nil {
			t.Errorf("%s: built", name)
		}
	}
	lines := strings.Split(strings.TrimSuffix(f.Text, "\r\n"), "\r\n")
	join := func(ls []string) string { return strings.Join(ls, "\r\n") + "\r\n" }
	for name, text := range map[string]string{
		"a short record":             join(append([]string{lines[0][:149]}, lines[1:]...)),
		"a trailer count of 6":       join(append(lines[:4:4], lines[4][:20]+"0000006"+lines[4][27:])),
		"a trailer amount +1 cent":   join(append(lines[:4:4], lines[4][:27]+"000000000186126"+lines[4][42:])),
		"a detail that does not sum": join(append(append(lines[:3:3], lines[3][:37]+"000000185001"+lines[3][49:]), lines[4])),
		"no trailer":                 join(lines[:4]),
		"no CR LF":                   strings.ReplaceAll(f.Text, "\r\n", "\n"),
	} {
		if _, errs := Parse(text); len(errs) == 0 {
			t.Errorf("%s: parsed clean", name)
		}
	}
	if _, err := ParseCSN("201912345KVCT01"); err == nil {
		t.Error("a voluntary-contribution CSN was accepted")
	}
}
