package stp

import (
	"database/sql"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/store"
)

// incomeTypes maps the employee's singleTouchPayroll member to the STP
// income type (docs/reference/au-stp-phase2.md "Income stream").
var incomeTypes = map[string]string{
	"": "SAW", "SalaryAndWages": "SAW", "CloselyHeld": "CHP", "ForeignEmployment": "FEI", "InboundAssignee": "IAA",
	"LabourHire": "LAB", "OtherSpecifiedPayments": "OSP", "WorkingHolidayMaker": "WHM", "SeasonalWorker": "SWP",
}

// IncomeType is the payee's income type, or an error naming what is
// missing: FEI, IAA and WHM need a country code, whose code list the note
// could not source, so they are refused rather than guessed.
func IncomeType(p store.StpPayeesRow) (string, error) {
	stp := p.SingleTouchPayroll
	if stp == "" && p.HasApprovedWorkingHolidayVisa.Valid && p.HasApprovedWorkingHolidayVisa.Bool {
		stp = "WorkingHolidayMaker"
	}
	if stp == "" && p.IsSeasonalWorker.Valid && p.IsSeasonalWorker.Bool {
		stp = "SeasonalWorker"
	}
	t, ok := incomeTypes[stp]
	if !ok {
		return "", fmt.Errorf("employee %d: singleTouchPayroll %q has no STP income type", p.ID, stp)
	}
	switch t {
	case "FEI", "IAA", "WHM":
		return "", fmt.Errorf("employee %d: income type %s needs an STP country code, and the country code list is not in docs/reference/au-stp-phase2.md", p.ID, t)
	}
	return t, nil
}

// employmentBases maps employmentType to the employment basis code: the
// three whose letters the note has from a source (labour hire's L is only
// quoted by DSPs, so LabourHire is refused).
var employmentBases = map[string]string{"FullTime": "F", "PartTime": "P", "Casual": "C"}

// EmploymentBasis is the payee's employment basis code.
func EmploymentBasis(p store.StpPayeesRow) (string, error) {
	for k, v := range employmentBases {
		if strings.EqualFold(k, p.EmploymentType) {
			return v, nil
		}
	}
	return "", fmt.Errorf("employee %d: employmentType %q has no STP employment basis", p.ID, p.EmploymentType)
}

// cessationReasons maps a termination reason (pay run termination) to the
// cessation reason code.
var cessationReasons = map[string]string{
	"voluntarycessation": "V", "voluntary": "V", "resignation": "V", "illhealth": "I", "deceased": "D", "death": "D", "redundancy": "R",
	"dismissal": "F", "contractcessation": "C", "transfer": "T",
}

// CessationReason is the code of a termination reason ("" when there is
// none).
func CessationReason(reason string) (string, error) {
	if reason == "" {
		return "", nil
	}
	if c, ok := cessationReasons[strings.ToLower(strings.ReplaceAll(reason, " ", ""))]; ok {
		return c, nil
	}
	return "", fmt.Errorf("termination reason %q has no STP cessation reason", reason)
}

// TaxTreatmentCode is the six-character code of the payee's tax file
// declaration (docs/reference/au-stp-phase2.md "Tax treatment code"): the
// categories whose option values the note sources (R regular, A actor, C
// horticulturist/shearer, F foreign resident, N no TFN); others are
// refused.
func TaxTreatmentCode(p store.StpPayeesRow) (string, error) {
	tfn := strings.ReplaceAll(strings.ReplaceAll(p.TaxFileNumber, " ", ""), "-", "")
	yes := func(b sql.NullBool) bool { return b.Valid && b.Bool }
	foreign := p.AustralianResident.Valid && !p.AustralianResident.Bool
	switch {
	case yes(p.HasApprovedWorkingHolidayVisa), yes(p.IsSeasonalWorker):
		return "", fmt.Errorf("employee %d: working holiday maker / seasonal worker tax treatment options are not in docs/reference/au-stp-phase2.md", p.ID)
	case tfn == "" || tfn == "000000000":
		// No TFN quoted: category N, option A (an Australian resident)
		// or F (a foreign resident), nothing else [TTN].
		if foreign {
			return "NFXXXX", nil
		}
		return "NAXXXX", nil
	case foreign && p.TaxCategory == "":
		// A foreign resident: category F, option F; a study and training
		// support loan is the only variation (no Medicare levy) [TTN].
		if yes(p.StslDebt) {
			return "FFSXXX", nil
		}
		return "FFXXXX", nil
	case foreign && p.TaxCategory != "HorticulturalistShearer_ForeignResident":
		return "", fmt.Errorf("employee %d: a foreign resident with taxCategory %s has no tax treatment code in docs/reference/au-stp-phase2.md", p.ID, p.TaxCategory)
	}
	switch p.TaxCategory {
	case "Actor_WithTaxFreeThreshold":
		return "ATXXXX", nil
	case "Actor_NoTaxFreeThreshold":
		return "ANXXXX", nil
	case "Actor_LimitedPerformancePerWeek":
		return "ADXXXX", nil
	case "Actor_Promotional":
		return "APXXXX", nil
	case "HorticulturalistShearer_WithTaxFreeThreshold":
		return "CTXXXX", nil
	case "HorticulturalistShearer_ForeignResident":
		return "CFXXXX", nil
	case "":
	default:
		return "", fmt.Errorf("employee %d: taxCategory %s: its tax treatment options are not in docs/reference/au-stp-phase2.md", p.ID, p.TaxCategory)
	}
	b := []byte("RTXXXX")
	if !yes(p.ClaimTaxFreeThreshold) {
		b[1] = 'N'
	}
	if yes(p.StslDebt) {
		b[2] = 'S'
	}
	switch p.MedicareLevySurchargeWithholdingTier {
	case "Tier1":
		b[3] = '1'
	case "Tier2":
		b[3] = '2'
	case "Tier3":
		b[3] = '3'
	}
	switch {
	case strings.EqualFold(p.MedicareLevyExemption, "Full"):
		b[4] = 'F'
	case strings.EqualFold(p.MedicareLevyExemption, "Half"):
		b[4] = 'H'
	}
	if yes(p.ClaimMedicareLevyReduction) {
		n := p.MedicareLevyReductionDependentCount.Int64
		switch {
		case n >= 10:
			b[5] = 'A'
		case n >= 1:
			b[5] = byte('0' + n)
		case yes(p.MedicareLevyReductionSpouse):
			b[5] = '0'
		}
	}
	code := string(b)
	if err := ValidTaxTreatmentCode(code); err != nil {
		return "", fmt.Errorf("employee %d: %w", p.ID, err)
	}
	return code, nil
}

// ValidTaxTreatmentCode checks a code against the matrix the note gives:
// six characters; for R the option T, N or D; RN codes carry only STSL
// and a surcharge tier, RD codes nothing else; A and C codes only X after
// the option.
func ValidTaxTreatmentCode(c string) error {
	if len(c) != 6 {
		return fmt.Errorf("tax treatment code %q is not six characters", c)
	}
	ok := func(ch byte, set string) bool { return strings.IndexByte(set, ch) >= 0 }
	switch c[0] {
	case 'R':
		if !ok(c[1], "TND") || !ok(c[2], "SX") || !ok(c[3], "123X") || !ok(c[4], "HFX") || !ok(c[5], "0123456789AX") {
			return fmt.Errorf("tax treatment code %q is outside the regular category's matrix", c)
		}
		if c[1] != 'T' && (c[4] != 'X' || c[5] != 'X') {
			return fmt.Errorf("tax treatment code %q: a Medicare levy exemption or reduction needs the tax-free threshold option (T)", c)
		}
		if c[1] == 'D' && c[2:] != "XXXX" {
			return fmt.Errorf("tax treatment code %q: the daily/casual option (RD) takes no other variation", c)
		}
	case 'A':
		if !ok(c[1], "TNDP") || c[2:] != "XXXX" {
			return fmt.Errorf("tax treatment code %q is outside the actor category's matrix", c)
		}
	case 'C':
		if !ok(c[1], "TF") || c[2:] != "XXXX" {
			return fmt.Errorf("tax treatment code %q is outside the horticulturist and shearer category's matrix", c)
		}
	case 'F':
		if c[1] != 'F' || !ok(c[2], "SX") || c[3:] != "XXX" {
			return fmt.Errorf("tax treatment code %q is outside the foreign resident category's matrix", c)
		}
	case 'N':
		if !ok(c[1], "AF") || c[2:] != "XXXX" {
			return fmt.Errorf("tax treatment code %q is outside the no-TFN category's matrix", c)
		}
	default:
		return fmt.Errorf("tax treatment code %q: category %c is not in docs/reference/au-stp-phase2.md", c, c[0])
	}
	return nil
}
