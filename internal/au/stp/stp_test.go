package stp

import (
	"database/sql"
	"testing"

	"github.com/payrolld/payrolld/internal/store"
)

// TestTaxTreatmentCode derives codes by hand from the matrix the note
// gives (docs/reference/au-stp-phase2.md "Tax treatment code": category,
// option, STSL, Medicare levy surcharge tier, exemption, reduction).
func TestTaxTreatmentCode(t *testing.T) {
	yes := sql.NullBool{Bool: true, Valid: true}
	no := sql.NullBool{Bool: false, Valid: true}
	base := store.StpPayeesRow{ID: 1, TaxFileNumber: "123456782", AustralianResident: yes, ClaimTaxFreeThreshold: yes}
	cases := []struct {
		name string
		edit func(p *store.StpPayeesRow)
		want string // "" = refused
	}{
		{"regular with the tax-free threshold", func(*store.StpPayeesRow) {}, "RTXXXX"},
		{"no tax-free threshold", func(p *store.StpPayeesRow) { p.ClaimTaxFreeThreshold = no }, "RNXXXX"},
		{"STSL debt", func(p *store.StpPayeesRow) { p.StslDebt = yes }, "RTSXXX"},
		{"MLS tier 2", func(p *store.StpPayeesRow) { p.MedicareLevySurchargeWithholdingTier = "Tier2" }, "RTX2XX"},
		{"half exemption", func(p *store.StpPayeesRow) { p.MedicareLevyExemption = "Half" }, "RTXXHX"},
		{"reduction, spouse only", func(p *store.StpPayeesRow) {
			p.ClaimMedicareLevyReduction, p.MedicareLevyReductionSpouse = yes, yes
		}, "RTXXX0"},
		{"reduction, 3 dependants", func(p *store.StpPayeesRow) {
			p.ClaimMedicareLevyReduction, p.MedicareLevyReductionDependentCount = yes, sql.NullInt64{Int64: 3, Valid: true}
		}, "RTXXX3"},
		{"reduction, 12 dependants", func(p *store.StpPayeesRow) {
			p.ClaimMedicareLevyReduction, p.MedicareLevyReductionDependentCount = yes, sql.NullInt64{Int64: 12, Valid: true}
		}, "RTXXXA"},
		// RDXXXX is in the matrix, but what option D stands for was not in
		// the sources: DailyCasual is refused rather than mapped to it.
		{"daily casual", func(p *store.StpPayeesRow) { p.TaxCategory = "DailyCasual" }, ""},
		{"actor, promotional", func(p *store.StpPayeesRow) { p.TaxCategory = "Actor_Promotional" }, "APXXXX"},
		{"shearer, foreign resident", func(p *store.StpPayeesRow) {
			p.TaxCategory, p.AustralianResident = "HorticulturalistShearer_ForeignResident", no
		}, "CFXXXX"},
		// No tax-free threshold with a Medicare levy exemption: outside the
		// matrix (RN codes carry only STSL and MLS), refused.
		{"RN with an exemption", func(p *store.StpPayeesRow) { p.ClaimTaxFreeThreshold, p.MedicareLevyExemption = no, "Full" }, ""},
		// [TTN]: no TFN N with A (resident) or F (foreign resident); a
		// foreign resident FF, with S for a study loan, no Medicare levy.
		{"no TFN", func(p *store.StpPayeesRow) { p.TaxFileNumber = "" }, "NAXXXX"},
		{"no TFN (000 000 000), foreign resident", func(p *store.StpPayeesRow) {
			p.TaxFileNumber, p.AustralianResident = "000 000 000", no
		}, "NFXXXX"},
		{"working holiday maker", func(p *store.StpPayeesRow) { p.HasApprovedWorkingHolidayVisa = yes }, ""},
		{"foreign resident", func(p *store.StpPayeesRow) { p.AustralianResident = no }, "FFXXXX"},
		{"foreign resident with a study loan", func(p *store.StpPayeesRow) { p.AustralianResident, p.StslDebt = no, yes }, "FFSXXX"},
		{"foreign resident actor", func(p *store.StpPayeesRow) { p.AustralianResident, p.TaxCategory = no, "Actor_Promotional" }, ""},
		{"senior", func(p *store.StpPayeesRow) { p.TaxCategory = "SeniorPensioner_Single" }, ""},
	}
	for _, c := range cases {
		p := base
		c.edit(&p)
		got, err := TaxTreatmentCode(p)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: %s, want a refusal", c.name, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.name, got, err, c.want)
		}
	}
}

// TestPayItem: the classification table of the note.
func TestPayItem(t *testing.T) {
	cases := []struct {
		typ, class string
		leave      bool
		want       Item
		ok         bool
	}{
		{"Standard", "Default", false, Item{PartGross, ""}, true},
		{"Standard", "", true, Item{PartPaidLeave, "O"}, true},
		{"Standard", "LeavePaidParentalLeave", false, Item{PartPaidLeave, "P"}, true},
		{"Standard", "LeaveCashOutOfLeaveInService", false, Item{PartPaidLeave, "C"}, true},
		{"UnusedLeavePaymentNormalTermination", "LeaveUnusedLeaveOnTermination", false, Item{PartPaidLeave, "U"}, true},
		{"Standard", "AllowanceCar", false, Item{PartAllowance, "CD"}, true},
		{"Standard", "AllowanceTasks", false, Item{PartAllowance, "KN"}, true},
		{"Standard", "AllowanceQualificationsCertificates", false, Item{PartAllowance, "QN"}, true},
		{"Standard", "Allowance", false, Item{PartAllowance, "OD"}, true},
		{"Standard", "Overtime", true, Item{PartOvertime, ""}, true},
		{"Standard", "GrossCommission", false, Item{PartBonus, ""}, true},
		{"Standard", "DirectorsFees", false, Item{PartDirectorsFees, ""}, true},
		{"Standard", "Cdep", false, Item{PartCDEP, ""}, true},
		{"GenuineRedundancyLeavePayment", "LumpSumATypeR", false, Item{PartLumpSum, "AR"}, true},
		{"Standard", "ReturnToWorkPayment", false, Item{PartLumpSum, "W"}, true},
		{"EtpLumpSumD", "LumpSumD", false, Item{PartLumpSum, "D"}, true},
		{"EtpTypeRTaxable", "", false, Item{PartETP, "R"}, true},
		{"Standard", "EtpDeathBenefitCodeT", false, Item{PartETP, "T"}, true},
		{"LeaveLoading", "Default", false, Item{PartPaidLeave, "O"}, true},
		{"PaidFamilyAndDomesticViolenceLeave", "Default", false, Item{}, false},
		{"Standard", "AllowanceEntertainment", false, Item{}, false},
		{"Standard", "MyGrossSalary", false, Item{}, false},
	}
	for _, c := range cases {
		got, ok := PayItem(c.typ, c.class, c.leave)
		if got != c.want || ok != c.ok {
			t.Errorf("PayItem(%s, %s, %v) = %+v %v, want %+v %v", c.typ, c.class, c.leave, got, ok, c.want, c.ok)
		}
	}
	for class, want := range map[string]Item{"UnionOrProfessionalAssociationFees": {PartDeduction, "F"}, "WorkplaceGiving": {PartDeduction, "W"},
		"ChildSupportDeduction": {PartDeduction, "D"}, "ChildSupportGarnishee": {PartDeduction, "G"}, "SalarySacrificeSuperannuation": {PartSalarySacrifice, "S"},
		"SalarySacrificeOtherEmployeeBenefits": {PartSalarySacrifice, "O"}, "Default": {PartNotReported, ""}} {
		if got, ok := DeductionItem(class); !ok || got != want {
			t.Errorf("DeductionItem(%s) = %+v", class, got)
		}
	}
}

// TestValidateRejects: codes outside the note's lists and missing required
// elements are reported.
func TestValidateRejects(t *testing.T) {
	d := Document{Message: MessagePayer, EventType: EventUpdate, Payer: Payer{BMSIdentifier: "b", AustralianBusinessNumber: "51824753556",
		OrganisationName: "o", PayOrUpdateDate: "2026-11-20", RunDateTimeStamp: "2026-11-20T00:00:00Z", SubmissionID: "s", PayeeRecordCount: 1,
		Declaration: Declaration{SignatoryIdentifier: "x", SignatureDate: "2026-11-20", StatementAccepted: true}},
		Payees: []Payee{{PayrollID: "1", TaxFileNumber: "123456782", FamilyName: "Lee", DateOfBirth: "1990-02-03", EmploymentStartDate: "2025-07-01",
			EmploymentBasis: "F", TaxTreatmentCode: "RTXXXX", IncomeStreams: []IncomeStream{{IncomeType: "SAW"}}}}}
	if errs := Validate(d); len(errs) != 0 {
		t.Fatalf("valid document: %v", errs)
	}
	bad := d
	bad.Payees = []Payee{d.Payees[0]}
	bad.Payees[0].TaxTreatmentCode = "RTXX"
	bad.Payees[0].EmploymentBasis = "Z"
	bad.Payees[0].IncomeStreams = []IncomeStream{{IncomeType: "ABC", PaidLeave: []TypedAmount{{Type: "X"}}, Allowances: []Allowance{{Type: "OD"}}}}
	bad.Payees[0].Deductions = []TypedAmount{{Type: "Q"}}
	bad.Payer.PeriodTotals = &PeriodTotals{}
	if err := ValidTaxTreatmentCode("RDSXXX"); err == nil {
		t.Error("RDSXXX: the matrix lists RD only as RDXXXX")
	}
	for _, c := range []string{"FFX1XX", "FTXXXX", "NASXXX"} {
		if err := ValidTaxTreatmentCode(c); err == nil {
			t.Errorf("%s: outside the foreign resident / no-TFN matrices", c)
		}
	}
	if errs := Validate(bad); len(errs) != 7 {
		t.Fatalf("want 7 problems (code, basis, income type, leave type, OD description, deduction type, totals on an update), got %d: %v", len(errs), errs)
	}
}

// TestCessationReason: the termination reasons of the API to the note's
// codes (V I D R F C T); Other has none and is refused.
func TestCessationReason(t *testing.T) {
	for in, want := range map[string]string{"VoluntaryCessation": "V", "IllHealth": "I", "Deceased": "D", "Redundancy": "R", "Dismissal": "F",
		"ContractCessation": "C", "Transfer": "T", "": ""} {
		if got, err := CessationReason(in); err != nil || got != want {
			t.Errorf("CessationReason(%q) = %q %v, want %q", in, got, err, want)
		}
	}
	if _, err := CessationReason("Other"); err == nil {
		t.Error("Other: want a refusal")
	}
}
