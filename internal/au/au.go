package au

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// AUCollections holds the Australian (and payment file) settings:
// self-managed super funds and the super fund registry, contractors, ATO
// and STP settings, ABA and payment file settings.
type AUCollections struct {
	SelfManagedFunds record.Collection[SelfManagedSuperFund, *SelfManagedSuperFund]
	Contractors      record.Collection[Contractor, *Contractor]
	AbaDetails       record.Collection[BusinessAba, *BusinessAba]
	PaymentFiles     record.Collection[PaymentFile, *PaymentFile]
	AtoSupplier      record.Settings[AtoSupplier]
	StpRegistration  record.Settings[StpRegistration]
	// SuperRegistry is the super fund product and SMSF ESA registry the
	// product search and SMSF validation use (superdata.go).
	SuperRegistry *SuperRegistry
}

func NewAUCollections(s *record.Service) *AUCollections {
	c := &AUCollections{SuperRegistry: DefaultSuperRegistry()}
	c.SelfManagedFunds = record.Collection[SelfManagedSuperFund, *SelfManagedSuperFund]{S: s, Kind: KindSelfManagedSuperFund,
		Label: "self-managed super fund", Region: Regions, UniqueName: true,
		Check: func(_ context.Context, _ *store.Queries, _ int64, v *SelfManagedSuperFund) error {
			return c.SuperRegistry.checkESA("electronicServiceAddress", &v.ElectronicServiceAddress)
		}}
	c.Contractors = record.Collection[Contractor, *Contractor]{S: s, Kind: KindContractor, Label: "contractor", Region: Regions,
		Check: checkContractor}
	c.AbaDetails = record.Collection[BusinessAba, *BusinessAba]{S: s, Kind: KindAbaDetails, Label: "ABA setting", Region: Regions}
	c.PaymentFiles = record.Collection[PaymentFile, *PaymentFile]{S: s, Kind: KindPaymentFile, Label: "payment file",
		Region: []string{"SG", "MY"}, Check: checkPaymentFile}
	c.AtoSupplier = record.Settings[AtoSupplier]{S: s, Kind: KindAtoSupplier, Label: "ATO supplier details", Region: Regions,
		Default: defaultAtoSupplier, Validate: validateAtoSupplier}
	c.StpRegistration = record.Settings[StpRegistration]{S: s, Kind: KindStpRegistration, Label: "STP registration details",
		Region: Regions, Default: defaultStpRegistration, Validate: validateStpRegistration}
	return c
}

// Kinds of the AU group.
const (
	KindSelfManagedSuperFund = "self_managed_super_fund"
	KindContractor           = "contractor"
	KindAbaDetails           = "aba_details"
	KindPaymentFile          = "payment_file"
	KindAtoSupplier          = "ato_supplier"     // settings document
	KindStpRegistration      = "stp_registration" // settings document
)

var Regions = []string{"AU"}

// Field checks shared by the group's models.

// schedAUStates are the Australian states and territories, as the API spells them.
var States = []string{"ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"}

// schedBSB checks an Australian BSB and stores it as NNN-NNN (six bare
// digits are accepted and formatted).
func CheckBSB(v *payroll.Validation, field string, s *string, required bool) {
	*s = strings.TrimSpace(*s)
	if *s == "" {
		if required {
			v.Add(field, "%s is required", field)
		}
		return
	}
	if len(*s) == 6 && record.IsDigits(*s) {
		*s = (*s)[:3] + "-" + (*s)[3:]
	}
	if len(*s) != 7 || (*s)[3] != '-' || !record.IsDigits((*s)[:3]) || !record.IsDigits((*s)[4:]) {
		v.Add(field, "%s must be a BSB in the form NNN-NNN", field)
	}
}

// schedAccountNumber checks an Australian bank account number (digits,
// at most 9).
func CheckAccountNumber(v *payroll.Validation, field string, s *string, required bool) {
	*s = strings.TrimSpace(*s)
	switch {
	case *s == "":
		if required {
			v.Add(field, "%s is required", field)
		}
	case !record.IsDigits(*s) || len(*s) > 9:
		v.Add(field, "%s must be at most 9 digits", field)
	}
}

// schedABN checks an Australian Business Number (payroll.ValidABN).
func schedABN(v *payroll.Validation, field string, s *string, required bool) {
	*s = strings.TrimSpace(*s)
	switch {
	case *s == "":
		if required {
			v.Add(field, "%s is required", field)
		}
	case !payroll.ValidABN(*s):
		v.Add(field, "%s is not a valid Australian Business Number", field)
	}
}

func schedEmail(v *payroll.Validation, field string, s *string) {
	*s = strings.TrimSpace(*s)
	if *s == "" {
		return
	}
	if !payroll.ValidEmail(*s) {
		v.Add(field, "%s is not a valid email address", field)
	}
	v.MaxLen(field, *s, 254)
}

// schedState canonicalises an AU state or territory code.
func schedState(v *payroll.Validation, field string, s *string) {
	if strings.TrimSpace(*s) == "" {
		*s = ""
		return
	}
	c, ok := record.Canonical(States, *s)
	if !ok {
		v.Add(field, "%s must be one of %s", field, strings.Join(States, ", "))
		return
	}
	*s = c
}
