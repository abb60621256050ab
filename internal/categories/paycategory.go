package categories

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// PayCategory is a kind of earnings (ordinary hours, overtime, allowances).
type PayCategory struct {
	record.Base
	ParentID                      *int64       `json:"parentId" doc:"pay category this one is derived from (loadings apply to the parent's rate)"`
	Name                          string       `json:"name" maxLength:"100" required:"true"`
	ExternalID                    string       `json:"externalId" maxLength:"50"`
	Source                        string       `json:"source"`
	RateUnit                      string       `json:"rateUnit" enum:"Hourly,Annually,Fixed,Daily,Monthly,Weekly"`
	AccruesLeave                  bool         `json:"accruesLeave"`
	RateLoadingPercent            payroll.Rate `json:"rateLoadingPercent"`
	PenaltyLoadingPercent         payroll.Rate `json:"penaltyLoadingPercent"`
	IsTaxExempt                   bool         `json:"isTaxExempt"`
	IsPayrollTaxExempt            bool         `json:"isPayrollTaxExempt"`
	IsSystemPayCategory           bool         `json:"isSystemPayCategory" readOnly:"true"`
	IsPrimary                     bool         `json:"isPrimary"`
	NumberOfDecimalPlaces         *int         `json:"numberOfDecimalPlaces"`
	RoundingMethod                string       `json:"roundingMethod" enum:"ToEven,AwayFromZero"`
	HideUnitsOnPaySlip            bool         `json:"hideUnitsOnPaySlip"`
	DefaultSuperRate              payroll.Rate `json:"defaultSuperRate" doc:"a percentage from 0 to 100 (12 = 12 %)"`
	GeneralLedgerMappingCode      string       `json:"generalLedgerMappingCode"`
	SuperExpenseMappingCode       string       `json:"superExpenseMappingCode"`
	SuperLiabilityMappingCode     string       `json:"superLiabilityMappingCode"`
	PayCategoryType               string       `json:"payCategoryType"`
	PaymentSummaryClassification  string       `json:"paymentSummaryClassification"`
	AllowanceDescription          string       `json:"allowanceDescription"`
	AwardName                     string       `json:"awardName"`
	AwardID                       *int64       `json:"awardId"`
	ExcludeFromQualifyingEarnings bool         `json:"excludeFromQualifyingEarnings"`
	_                             struct{}     `additionalProperties:"true"`
}

// PayCategoryTypes is the payCategoryType of each of business bizID's pay
// categories, by id, read from the stored records without decoding the
// rest: what classifies a past run's lines (extra pays, additional wages,
// termination awards and redundancies, category type ETP).
func PayCategoryTypes(ctx context.Context, q *store.Queries, bizID int64) (map[int64]string, error) {
	recs, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindPayCategory})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(recs))
	for _, r := range recs {
		var pc struct {
			PayCategoryType string `json:"payCategoryType"`
		}
		if err := json.Unmarshal([]byte(r.Data), &pc); err != nil {
			return nil, fmt.Errorf("pay category %d: %w", r.ID, err)
		}
		out[r.ID] = pc.PayCategoryType
	}
	return out, nil
}

func (p *PayCategory) RecordName() string       { return p.Name }
func (p *PayCategory) RecordExternalID() string { return p.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (PayCategory) RequestExample() any {
	return map[string]any{"name": "Weekend hours", "rateUnit": "Hourly", "generalLedgerMappingCode": "6-1100"}
}

// Validate checks the pay category's own fields.
func (p *PayCategory) Validate(v *payroll.Validation) {
	v.RequiredMembers(p)
	v.MaxLen("name", p.Name, 100)
	v.MaxLen("externalId", p.ExternalID, 50)
	if p.RateUnit == "" {
		p.RateUnit = "Hourly"
	}
	if p.RoundingMethod == "" {
		p.RoundingMethod = "AwayFromZero"
	}
	if p.PayCategoryType == "" {
		p.PayCategoryType = "Standard"
	}
	if p.PaymentSummaryClassification == "" {
		p.PaymentSummaryClassification = "Default"
	}
	if p.RateLoadingPercent.IsNeg() || p.RateLoadingPercent.Cmp(payroll.RateFromInt(1000)) > 0 {
		v.Add("rateLoadingPercent", "rateLoadingPercent must be between 0 and 1000")
	}
	if p.PenaltyLoadingPercent.IsNeg() || p.PenaltyLoadingPercent.Cmp(payroll.RateFromInt(1000)) > 0 {
		v.Add("penaltyLoadingPercent", "penaltyLoadingPercent must be between 0 and 1000")
	}
	if p.DefaultSuperRate.IsNeg() || p.DefaultSuperRate.Cmp(payroll.RateFromInt(100)) > 0 {
		v.Add("defaultSuperRate", "defaultSuperRate must be a percentage between 0 and 100")
	}
	if p.NumberOfDecimalPlaces != nil && (*p.NumberOfDecimalPlaces < 0 || *p.NumberOfDecimalPlaces > 4) {
		v.Add("numberOfDecimalPlaces", "numberOfDecimalPlaces must be between 0 and 4")
	}
	if p.ParentID != nil && *p.ParentID == p.ID && p.ID != 0 {
		v.Add("parentId", "a pay category cannot be its own parent")
	}
}

// References names the parent pay category.
func (p *PayCategory) References() []record.Ref {
	return []record.Ref{{Field: "parentId", Kind: record.KindPayCategory, ID: record.Deref(p.ParentID)}}
}

// WorkType classifies time worked; it maps to a pay or leave category (or
// is a shift condition).
type WorkType struct {
	record.Base
	Name             string   `json:"name" maxLength:"100" required:"true"`
	ExternalID       string   `json:"externalId" maxLength:"50"`
	Source           string   `json:"source"`
	PayCategoryID    *int64   `json:"payCategoryId"`
	LeaveCategoryID  *int64   `json:"leaveCategoryId"`
	AccruesLeave     bool     `json:"accruesLeave"`
	EmploymentTypes  []string `json:"employmentTypes"`
	AwardPackageID   *int64   `json:"awardPackageId"`
	AwardPackageName string   `json:"awardPackageName"`
	MappingType      string   `json:"mappingType" enum:"PayCategory,LeaveCategory,PrimaryPayCategory,ShiftCondition"`
	ShortCode        string   `json:"shortCode" maxLength:"20"`
}

func (w *WorkType) RecordName() string       { return w.Name }
func (w *WorkType) RecordExternalID() string { return w.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (WorkType) RequestExample() any {
	return map[string]any{"name": "Forklift driving", "shortCode": "FORK", "mappingType": "PrimaryPayCategory"}
}

// Validate checks the work type's own fields: the mapping type decides
// which category it needs.
func (w *WorkType) Validate(v *payroll.Validation) {
	v.RequiredMembers(w)
	v.MaxLen("name", w.Name, 100)
	v.MaxLen("shortCode", w.ShortCode, 20)
	if w.MappingType == "" {
		switch {
		case w.LeaveCategoryID != nil:
			w.MappingType = "LeaveCategory"
		case w.PayCategoryID != nil:
			w.MappingType = "PayCategory"
		default:
			w.MappingType = "PrimaryPayCategory"
		}
	}
	switch w.MappingType {
	case "PayCategory":
		if w.PayCategoryID == nil {
			v.Add("payCategoryId", "payCategoryId is required when mappingType is PayCategory")
		}
	case "LeaveCategory":
		if w.LeaveCategoryID == nil {
			v.Add("leaveCategoryId", "leaveCategoryId is required when mappingType is LeaveCategory")
		}
	}
	if w.EmploymentTypes == nil {
		w.EmploymentTypes = []string{}
	}
}

// References names the mapped categories.
func (w *WorkType) References() []record.Ref {
	return []record.Ref{
		{Field: "payCategoryId", Kind: record.KindPayCategory, ID: record.Deref(w.PayCategoryID)},
		{Field: "leaveCategoryId", Kind: record.KindLeaveCategory, ID: record.Deref(w.LeaveCategoryID)},
	}
}

// checkPayCategory refuses to make a pay category not paid by the hour
// while a leave category pays its leave at this category's rate
// (useDeductFromPayCategoryRate with deductFromPayCategoryId naming it):
// the mirror of checkDeductRateHourly, which refuses the leave category
// when it is saved. Without it the change is stored and the pay run only
// warns (LeaveRateNotHourly), paying the leave at the employee's hourly
// rate. A 400 naming rateUnit and the leave categories, as the leave
// category side and the other cross-record checks (a location cycle) answer;
// nothing stored.
func checkPayCategory(ctx context.Context, q *store.Queries, bizID int64, p *PayCategory) error {
	if p.ID == 0 || PayCategoryHourly(p.RateUnit) {
		return nil
	}
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLeaveCategory})
	if err != nil {
		return err
	}
	var users []string
	for _, r := range rows {
		var l LeaveCategory
		if err := json.Unmarshal([]byte(r.Data), &l); err != nil {
			return err
		}
		if l.UseDeductFromPayCategoryRate && l.DeductFromPayCategoryID != nil && *l.DeductFromPayCategoryID == p.ID {
			users = append(users, fmt.Sprintf("%q (id %d)", l.Name, r.ID))
		}
	}
	if len(users) == 0 {
		return nil
	}
	return payroll.Invalid("rateUnit", "rateUnit %s is not Hourly, but leave category %s pays each hour of leave at this pay category's rate "+
		"(useDeductFromPayCategoryRate with deductFromPayCategoryId %d): keep rateUnit Hourly, or first set that leave category's "+
		"useDeductFromPayCategoryRate false or point its deductFromPayCategoryId at an hourly pay category",
		p.RateUnit, strings.Join(users, ", "), p.ID)
}
