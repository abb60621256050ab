package calc_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Every region's settings read the snake_case names calc explain takes
// (the shared vocabulary of AU and UK); dates may be plain dates.
func TestRegionSettingsJSON(t *testing.T) {
	t.Parallel()
	var in calc.Input
	err := json.Unmarshal([]byte(`{"region":"SG","payment_date":"2026-05-31","frequency":"monthly",
		"sg":{"date_of_birth":"1986-05-20","residency":"SPR2","ow_subject_to_cpf_ytd":1000,"aw_subject_to_cpf_ytd":2,"projected_ow":3},
		"nz":{"tax_code":"ME SL","student_loan":true,"kiwisaver":true,"kiwisaver_rate":0.04,"kiwisaver_reduced_rate":true,
			"employer_kiwisaver_rate":0.05,"esct_rate_threshold":85000,"acc_liable_earnings_ytd":20000}}`), &in)
	if err != nil {
		t.Fatal(err)
	}
	sg, nz := in.SG, in.NZ
	if !sg.DateOfBirth.Equal(time.Date(1986, 5, 20, 0, 0, 0, 0, time.UTC)) || sg.Residency != calc.SGPR2 ||
		!sg.OWSubjectToCPFYTD.Equal(payroll.MustMoney("1000")) || !sg.AWSubjectToCPFYTD.Equal(payroll.MustMoney("2")) || !sg.ProjectedOW.Equal(payroll.MustMoney("3")) {
		t.Errorf("sg: %+v", sg)
	}
	if nz.TaxCode != "ME SL" || !nz.StudentLoan || !nz.KiwiSaver || !nz.KiwiSaverReducedRate ||
		nz.KiwiSaverRate.Cmp(payroll.MustRate("0.04")) != 0 || nz.EmployerKiwiSaverRate.Cmp(payroll.MustRate("0.05")) != 0 ||
		!nz.ESCTRateThreshold.Equal(payroll.MustMoney("85000")) || !nz.ACCLiableEarningsYTD.Equal(payroll.MustMoney("20000")) {
		t.Errorf("nz: %+v", nz)
	}
	if err := json.Unmarshal([]byte(`{"date_of_birth":"20/05/1986"}`), new(calc.SGEmployee)); err == nil {
		t.Error("a malformed date_of_birth is accepted")
	}
	// Round trip: what explain prints back reads again.
	b, err := json.Marshal(sg)
	if err != nil {
		t.Fatal(err)
	}
	var back calc.SGEmployee
	if err := json.Unmarshal(b, &back); err != nil || !back.DateOfBirth.Equal(sg.DateOfBirth) {
		t.Errorf("round trip %s: %v %+v", b, err, back)
	}
}
