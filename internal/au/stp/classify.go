package stp

import "strings"

// Item is where an amount of a category goes in the pay event
// (docs/reference/au-stp-phase2.md, "How our categories map").
type Item struct {
	Part string // one of the Part* constants
	Type string // the type code within the part (paid leave, allowance, lump sum, ETP, deduction, sacrifice)
}

// Parts of a payee's income stream and other components.
const (
	PartGross           = "Gross"
	PartPaidLeave       = "PaidLeave"
	PartAllowance       = "Allowance"
	PartOvertime        = "Overtime"
	PartBonus           = "BonusesAndCommissions"
	PartDirectorsFees   = "DirectorsFees"
	PartCDEP            = "CDEP"
	PartLumpSum         = "LumpSum"
	PartETP             = "ETP"
	PartSalarySacrifice = "SalarySacrifice"
	PartDeduction       = "Deduction"
	PartNotReported     = "NotReported"
)

// Code lists (docs/reference/au-stp-phase2.md).
var (
	PaidLeaveTypes       = []string{"C", "U", "P", "W", "A", "O"}
	AllowanceTypes       = []string{"CD", "AD", "LD", "MD", "RD", "KN", "QN", "TD", "OD"}
	LumpSumTypes         = []string{"A", "B", "D", "E", "W"} // A carries its type R or T as "AR" / "AT"
	ETPCodes             = []string{"R", "O", "S", "P", "D", "B", "N", "T"}
	DeductionTypes       = []string{"F", "W", "D", "G"}
	SalarySacrificeTypes = []string{"S", "O"}
	IncomeTypes          = []string{"SAW", "CHP", "IAA", "WHM", "SWP", "FEI", "JPD", "VOL", "LAB", "OSP"}
	CessationReasons     = []string{"V", "I", "D", "R", "F", "C", "T"}
	EmploymentBases      = []string{"F", "P", "C", "L", "V", "D", "N"}
)

// payClasses maps a pay category's paymentSummaryClassification to its item.
var payClasses = map[string]Item{
	"Default": {PartGross, ""}, "GrossSalary": {PartGross, ""},
	"Overtime": {PartOvertime, ""}, "Bonus": {PartBonus, ""}, "GrossCommission": {PartBonus, ""},
	"DirectorsFees": {PartDirectorsFees, ""}, "Cdep": {PartCDEP, ""},
	"LeaveOtherPaidLeave": {PartPaidLeave, "O"}, "LeavePaidParentalLeave": {PartPaidLeave, "P"},
	"LeaveWorkersCompensation": {PartPaidLeave, "W"}, "LeaveAncillaryAndDefenceLeave": {PartPaidLeave, "A"},
	"LeaveCashOutOfLeaveInService": {PartPaidLeave, "C"}, "LeaveUnusedLeaveOnTermination": {PartPaidLeave, "U"},
	"AllowanceCar": {PartAllowance, "CD"}, "AllowanceTransport": {PartAllowance, "AD"}, "AllowanceLaundry": {PartAllowance, "LD"},
	"AllowanceMeals": {PartAllowance, "MD"}, "AllowanceTravel": {PartAllowance, "RD"}, "AllowanceTasks": {PartAllowance, "KN"},
	"AllowanceQualificationsCertificates": {PartAllowance, "QN"}, "AllowanceTool": {PartAllowance, "TD"}, "Allowance": {PartAllowance, "OD"},
	"LumpSumATypeR": {PartLumpSum, "AR"}, "LumpSumATypeT": {PartLumpSum, "AT"}, "LumpSumB": {PartLumpSum, "B"},
	"LumpSumD": {PartLumpSum, "D"}, "LumpSumE": {PartLumpSum, "E"}, "ReturnToWorkPayment": {PartLumpSum, "W"},
	"Exclude": {PartNotReported, ""}, "NotReportable": {PartNotReported, ""}, "None": {PartNotReported, ""},
}

// deductionClasses maps a deduction category's paymentSummaryClassification.
var deductionClasses = map[string]Item{
	"Default":                            {PartNotReported, ""},
	"UnionOrProfessionalAssociationFees": {PartDeduction, "F"}, "WorkplaceGiving": {PartDeduction, "W"},
	"ChildSupportDeduction": {PartDeduction, "D"}, "ChildSupportGarnishee": {PartDeduction, "G"},
	"SalarySacrificeSuperannuation": {PartSalarySacrifice, "S"}, "SalarySacrificeOtherEmployeeBenefits": {PartSalarySacrifice, "O"},
}

// PayItem is the item of a pay category of type typ and classification
// class; leave says the category pays taken leave (a leave category pays
// through it), which makes a Default category paid leave type O. ok is
// false for a classification the note has no STP item for.
func PayItem(typ, class string, leave bool) (Item, bool) {
	if class == "" {
		class = "Default"
	}
	for _, p := range []string{"EtpLifeBenefitCode", "EtpMultiplePaymentsCode", "EtpDeathBenefitCode"} {
		if code, ok := strings.CutPrefix(class, p); ok && len(code) == 1 {
			return Item{PartETP, code}, true
		}
	}
	for _, p := range []string{"EtpSuperableType", "EtpType"} {
		if rest, ok := strings.CutPrefix(typ, p); ok && rest != "" {
			return Item{PartETP, rest[:1]}, true
		}
	}
	if typ == "PaidFamilyAndDomesticViolenceLeave" {
		return Item{}, false // the guidelines give FDVL special rules the note could not source
	}
	it, ok := payClasses[class]
	if !ok {
		return Item{}, false
	}
	if it.Part == PartGross && typ == "LeaveLoading" {
		return Item{PartPaidLeave, "O"}, true // annual leave loading is other paid leave (note, "Paid leave")
	}
	if it.Part == PartGross && leave {
		return Item{PartPaidLeave, "O"}, true
	}
	return it, true
}

// DeductionItem is the item of a deduction category of classification class.
func DeductionItem(class string) (Item, bool) {
	if class == "" {
		class = "Default"
	}
	it, ok := deductionClasses[class]
	return it, ok
}
