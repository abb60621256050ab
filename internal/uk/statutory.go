package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ukFigures are one UK tax year's statutory figures, transcribed from
// shared/reference/payroll-rules.md (section 2.4 "National Insurance" for
// the lower earnings limit, statutory payment recovery, employment
// allowance and apprenticeship levy; section 2.7 "Statutory payments" for
// SSP/SMP/SPP/SAP/ShPP/SPBP/SNCP). Money is integer pence. nil = the rules
// file does not give the figure for that year: it is reported as missing,
// never guessed.
type ukFigures struct {
	source string

	sspWeekly, smpWeekly, sppWeekly, sapWeekly, shppWeekly, spbpWeekly, sncpWeekly *int64
	lelWeekly, lelMonthly, lelAnnual, qualifyingAWE                                *int64
	employmentAllowance, levyAllowance                                             *int64

	sspMaxWeeks, sspWaitingDays                        *float64
	smpEarningsRelatedPercent, smpEarningsRelatedWeeks *float64
	smpWeeks, flatRateEarningsPercent                  *float64
	recoveryPercent, smallEmployerRecoveryPercent      *float64
	levyPercent                                        *float64
}

func ukPence(p int64) *int64      { return &p }
func UKFigure(f float64) *float64 { return &f }

// ukFiguresByYear is keyed by the calendar year the tax year starts in.
// payroll-rules.md researched 2025/26; for 2024/25 it only mentions the
// SSP rate and the employment allowance in passing. Later years are not
// in it yet: add them here, with their source, when the file gains them.
var ukFiguresByYear = map[int]ukFigures{
	2024: {
		source:              "payroll-rules.md §2.7 (SSP 2024/25 £116.75) and §2.4 (employment allowance £5,000 in 2024/25)",
		sspWeekly:           ukPence(11675),
		employmentAllowance: ukPence(500000),
	},
	2025: {
		source: "payroll-rules.md §2.4 (LEL, recovery, employment allowance, apprenticeship levy) and §2.7 (statutory payments from 6 April 2025)",
		// SSP £118.75/week for up to 28 weeks after 3 waiting days.
		sspWeekly: ukPence(11875), sspMaxWeeks: UKFigure(28), sspWaitingDays: UKFigure(3),
		// SMP: 90% of AWE for 6 weeks, then the lower of £187.18 or 90% AWE
		// for 33 weeks (39 in all); the other payments pay £187.18 or 90%
		// of AWE if lower (SAP after its first 6 weeks, paid like SMP).
		smpWeekly: ukPence(18718), smpEarningsRelatedPercent: UKFigure(90), smpEarningsRelatedWeeks: UKFigure(6), smpWeeks: UKFigure(39),
		sppWeekly: ukPence(18718), sapWeekly: ukPence(18718), shppWeekly: ukPence(18718), spbpWeekly: ukPence(18718), sncpWeekly: ukPence(18718),
		flatRateEarningsPercent: UKFigure(90),
		// Qualifying average weekly earnings £125 = the weekly LEL.
		lelWeekly: ukPence(12500), lelMonthly: ukPence(54200), lelAnnual: ukPence(650000), qualifyingAWE: ukPence(12500),
		recoveryPercent: UKFigure(92), smallEmployerRecoveryPercent: UKFigure(108.5),
		employmentAllowance: ukPence(1050000),
		levyPercent:         UKFigure(0.5), levyAllowance: ukPence(1500000),
	},
}

// UKStatutoryPay is the answer of GET B/statutorypay: one tax year's
// statutory payment rates and thresholds. Members are null when the rules
// file lacks the figure; missingFigures names them.
type UKStatutoryPay struct {
	TaxYear                         int              `json:"taxYear" doc:"calendar year the tax year starts in (2025 = 2025/26)"`
	TaxYearName                     string           `json:"taxYearName" example:"2025/26"`
	FromDate                        payroll.DateTime `json:"fromDate"`
	ToDate                          payroll.DateTime `json:"toDate"`
	SSPWeeklyRate                   *float64         `json:"sspWeeklyRate" doc:"statutory sick pay, pounds per week"`
	SSPMaximumWeeks                 *float64         `json:"sspMaximumWeeks"`
	SSPWaitingDays                  *float64         `json:"sspWaitingDays"`
	SMPWeeklyRate                   *float64         `json:"smpWeeklyRate" doc:"statutory maternity pay standard weekly rate (after the earnings-related weeks)"`
	SMPEarningsRelatedPercent       *float64         `json:"smpEarningsRelatedPercent" doc:"percentage of average weekly earnings paid in the first weeks"`
	SMPEarningsRelatedWeeks         *float64         `json:"smpEarningsRelatedWeeks"`
	SMPWeeks                        *float64         `json:"smpWeeks" doc:"weeks SMP is paid for in all"`
	SPPWeeklyRate                   *float64         `json:"sppWeeklyRate" doc:"statutory paternity pay"`
	SAPWeeklyRate                   *float64         `json:"sapWeeklyRate" doc:"statutory adoption pay (after the first 6 weeks, which pay like SMP)"`
	ShPPWeeklyRate                  *float64         `json:"shppWeeklyRate" doc:"statutory shared parental pay"`
	SPBPWeeklyRate                  *float64         `json:"spbpWeeklyRate" doc:"statutory parental bereavement pay"`
	SNCPWeeklyRate                  *float64         `json:"sncpWeeklyRate" doc:"statutory neonatal care pay"`
	FlatRateEarningsPercent         *float64         `json:"flatRateEarningsPercent" doc:"the weekly rates above are capped at this percentage of average weekly earnings"`
	LowerEarningsLimitWeekly        *float64         `json:"lowerEarningsLimitWeekly"`
	LowerEarningsLimitMonthly       *float64         `json:"lowerEarningsLimitMonthly"`
	LowerEarningsLimitAnnual        *float64         `json:"lowerEarningsLimitAnnual"`
	QualifyingAverageWeeklyEarnings *float64         `json:"qualifyingAverageWeeklyEarnings" doc:"average weekly earnings needed to qualify for SMP/SPP/SAP/ShPP/SPBP/SNCP"`
	RecoveryPercent                 *float64         `json:"recoveryPercent" doc:"share of statutory payments an employer recovers"`
	SmallEmployerRecoveryPercent    *float64         `json:"smallEmployerRecoveryPercent" doc:"recovery for employers claiming small employers' relief"`
	MissingFigures                  []string         `json:"missingFigures" doc:"members the reference rules have no figure for in this tax year"`
	Source                          string           `json:"source"`
}

// ukFigureSet fills a UKStatutoryPay, recording the members the table lacks.
type ukFigureSet struct{ missing []string }

func (f *ukFigureSet) money(name string, p *int64) *float64 {
	if p == nil {
		f.missing = append(f.missing, name)
		return nil
	}
	return UKFigure(UKPounds(*p))
}

func (f *ukFigureSet) num(name string, p *float64) *float64 {
	if p == nil {
		f.missing = append(f.missing, name)
	}
	return p
}

// StatutoryPay returns the statutory payment figures of a UK tax year
// (taxYear "" = the tax year containing today).
func (uk *UKCollections) StatutoryPay(biz business.Business, taxYear string) (UKStatutoryPay, error) {
	if !record.RegionIn(UKRegion, biz.Region) {
		return UKStatutoryPay{}, record.RegionError("statutory pay figures", UKRegion, biz)
	}
	year := UKTaxYearOf(uk.PayeSchemes.S.Clock.Now())
	if taxYear != "" {
		var ok bool
		if year, ok = ParseUKTaxYear(taxYear); !ok {
			return UKStatutoryPay{}, payroll.Invalid("taxYear", "taxYear must be a tax year such as 2025 or 2025/26")
		}
	}
	t, known := ukFiguresByYear[year]
	from, to := UKTaxYearDates(year)
	var f ukFigureSet
	out := UKStatutoryPay{TaxYear: year, TaxYearName: UKTaxYearName(year), FromDate: payroll.NewDateTime(from), ToDate: payroll.NewDateTime(to),
		SSPWeeklyRate: f.money("sspWeeklyRate", t.sspWeekly), SSPMaximumWeeks: f.num("sspMaximumWeeks", t.sspMaxWeeks),
		SSPWaitingDays: f.num("sspWaitingDays", t.sspWaitingDays),
		SMPWeeklyRate:  f.money("smpWeeklyRate", t.smpWeekly), SMPEarningsRelatedPercent: f.num("smpEarningsRelatedPercent", t.smpEarningsRelatedPercent),
		SMPEarningsRelatedWeeks: f.num("smpEarningsRelatedWeeks", t.smpEarningsRelatedWeeks), SMPWeeks: f.num("smpWeeks", t.smpWeeks),
		SPPWeeklyRate: f.money("sppWeeklyRate", t.sppWeekly), SAPWeeklyRate: f.money("sapWeeklyRate", t.sapWeekly),
		ShPPWeeklyRate: f.money("shppWeeklyRate", t.shppWeekly), SPBPWeeklyRate: f.money("spbpWeeklyRate", t.spbpWeekly),
		SNCPWeeklyRate: f.money("sncpWeeklyRate", t.sncpWeekly), FlatRateEarningsPercent: f.num("flatRateEarningsPercent", t.flatRateEarningsPercent),
		LowerEarningsLimitWeekly: f.money("lowerEarningsLimitWeekly", t.lelWeekly), LowerEarningsLimitMonthly: f.money("lowerEarningsLimitMonthly", t.lelMonthly),
		LowerEarningsLimitAnnual:        f.money("lowerEarningsLimitAnnual", t.lelAnnual),
		QualifyingAverageWeeklyEarnings: f.money("qualifyingAverageWeeklyEarnings", t.qualifyingAWE),
		RecoveryPercent:                 f.num("recoveryPercent", t.recoveryPercent),
		SmallEmployerRecoveryPercent:    f.num("smallEmployerRecoveryPercent", t.smallEmployerRecoveryPercent),
		Source:                          t.source,
	}
	out.MissingFigures = f.missing
	if out.MissingFigures == nil {
		out.MissingFigures = []string{}
	}
	if !known {
		out.Source = fmt.Sprintf("payroll-rules.md has no UK figures for %s", UKTaxYearName(year))
	}
	return out, nil
}

// ukEmploymentAllowanceAmount is the year's employment allowance in pence
// (false when the rules file lacks it).
func ukEmploymentAllowanceAmount(year int) (int64, bool) {
	t := ukFiguresByYear[year]
	if t.employmentAllowance == nil {
		return 0, false
	}
	return *t.employmentAllowance, true
}

// ukAnyYear asks ukLatest for the newest figure the table has.
const ukAnyYear = 9999

// ukLatest is a figure of the newest tax year up to year that has it.
func ukLatest(year int, figure func(ukFigures) *int64) (int64, bool) {
	best := -1
	for y, t := range ukFiguresByYear {
		if y <= year && y > best && figure(t) != nil {
			best = y
		}
	}
	if best < 0 {
		return 0, false
	}
	return *figure(ukFiguresByYear[best]), true
}

// ukLevyAllowance is the apprenticeship levy allowance of a tax year, or
// of the newest year before it the table has: the default a business
// starts with and the most it may claim (it may take less when it shares
// the allowance with connected companies).
func ukLevyAllowance(year int) float64 {
	p, _ := ukLatest(year, func(t ukFigures) *int64 { return t.levyAllowance })
	return UKPounds(p)
}
