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

	sspMaxWeeks, sspWaitingDays                        *payroll.Rate
	smpEarningsRelatedPercent, smpEarningsRelatedWeeks *payroll.Rate
	smpWeeks, flatRateEarningsPercent                  *payroll.Rate
	recoveryPercent, smallEmployerRecoveryPercent      *payroll.Rate
	levyPercent                                        *payroll.Rate
}

func ukPence(p int64) *int64                          { return &p }
func UKFigure[T payroll.Money | payroll.Rate](f T) *T { return &f }

// ukRate is a rate constant of the figures tables.
func ukRate(s string) *payroll.Rate { r := payroll.MustRate(s); return &r }

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
		sspWeekly: ukPence(11875), sspMaxWeeks: ukRate("28"), sspWaitingDays: ukRate("3"),
		// SMP: 90% of AWE for 6 weeks, then the lower of £187.18 or 90% AWE
		// for 33 weeks (39 in all); the other payments pay £187.18 or 90%
		// of AWE if lower (SAP after its first 6 weeks, paid like SMP).
		smpWeekly: ukPence(18718), smpEarningsRelatedPercent: ukRate("90"), smpEarningsRelatedWeeks: ukRate("6"), smpWeeks: ukRate("39"),
		sppWeekly: ukPence(18718), sapWeekly: ukPence(18718), shppWeekly: ukPence(18718), spbpWeekly: ukPence(18718), sncpWeekly: ukPence(18718),
		flatRateEarningsPercent: ukRate("90"),
		// Qualifying average weekly earnings £125 = the weekly LEL.
		lelWeekly: ukPence(12500), lelMonthly: ukPence(54200), lelAnnual: ukPence(650000), qualifyingAWE: ukPence(12500),
		recoveryPercent: ukRate("92"), smallEmployerRecoveryPercent: ukRate("108.5"),
		employmentAllowance: ukPence(1050000),
		levyPercent:         ukRate("0.5"), levyAllowance: ukPence(1500000),
	},
	// Only the employer-return figures so far: the statutory payment and
	// LEL rows of 2026/27 are for whoever wires them into statutory pay.
	2026: {
		source:          "payroll-rules-2026-27.md §2.4 (employment allowance £10,500; apprenticeship levy 0.5% with £15,000 allowance and recovery 92% / 108.5%, stated as unchanged)",
		recoveryPercent: ukRate("92"), smallEmployerRecoveryPercent: ukRate("108.5"),
		employmentAllowance: ukPence(1050000),
		levyPercent:         ukRate("0.5"), levyAllowance: ukPence(1500000),
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
	SSPWeeklyRate                   *payroll.Money   `json:"sspWeeklyRate" nullable:"true" doc:"statutory sick pay, pounds per week"`
	SSPMaximumWeeks                 *payroll.Rate    `json:"sspMaximumWeeks" nullable:"true"`
	SSPWaitingDays                  *payroll.Rate    `json:"sspWaitingDays" nullable:"true"`
	SMPWeeklyRate                   *payroll.Money   `json:"smpWeeklyRate" nullable:"true" doc:"statutory maternity pay standard weekly rate (after the earnings-related weeks)"`
	SMPEarningsRelatedPercent       *payroll.Rate    `json:"smpEarningsRelatedPercent" nullable:"true" doc:"percentage of average weekly earnings paid in the first weeks"`
	SMPEarningsRelatedWeeks         *payroll.Rate    `json:"smpEarningsRelatedWeeks" nullable:"true"`
	SMPWeeks                        *payroll.Rate    `json:"smpWeeks" nullable:"true" doc:"weeks SMP is paid for in all"`
	SPPWeeklyRate                   *payroll.Money   `json:"sppWeeklyRate" nullable:"true" doc:"statutory paternity pay"`
	SAPWeeklyRate                   *payroll.Money   `json:"sapWeeklyRate" nullable:"true" doc:"statutory adoption pay (after the first 6 weeks, which pay like SMP)"`
	ShPPWeeklyRate                  *payroll.Money   `json:"shppWeeklyRate" nullable:"true" doc:"statutory shared parental pay"`
	SPBPWeeklyRate                  *payroll.Money   `json:"spbpWeeklyRate" nullable:"true" doc:"statutory parental bereavement pay"`
	SNCPWeeklyRate                  *payroll.Money   `json:"sncpWeeklyRate" nullable:"true" doc:"statutory neonatal care pay"`
	FlatRateEarningsPercent         *payroll.Rate    `json:"flatRateEarningsPercent" nullable:"true" doc:"the weekly rates above are capped at this percentage of average weekly earnings"`
	LowerEarningsLimitWeekly        *payroll.Money   `json:"lowerEarningsLimitWeekly" nullable:"true"`
	LowerEarningsLimitMonthly       *payroll.Money   `json:"lowerEarningsLimitMonthly" nullable:"true"`
	LowerEarningsLimitAnnual        *payroll.Money   `json:"lowerEarningsLimitAnnual" nullable:"true"`
	QualifyingAverageWeeklyEarnings *payroll.Money   `json:"qualifyingAverageWeeklyEarnings" nullable:"true" doc:"average weekly earnings needed to qualify for SMP/SPP/SAP/ShPP/SPBP/SNCP"`
	RecoveryPercent                 *payroll.Rate    `json:"recoveryPercent" nullable:"true" doc:"share of statutory payments an employer recovers"`
	SmallEmployerRecoveryPercent    *payroll.Rate    `json:"smallEmployerRecoveryPercent" nullable:"true" doc:"recovery for employers claiming small employers' relief"`
	MissingFigures                  []string         `json:"missingFigures" doc:"members the reference rules have no figure for in this tax year"`
	Source                          string           `json:"source"`
}

// ukFigureSet fills a UKStatutoryPay, recording the members the table lacks.
type ukFigureSet struct{ missing []string }

func (f *ukFigureSet) money(name string, p *int64) *payroll.Money {
	if p == nil {
		f.missing = append(f.missing, name)
		return nil
	}
	return UKFigure(UKPounds(*p))
}

func (f *ukFigureSet) num(name string, p *payroll.Rate) *payroll.Rate {
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
func ukLevyAllowance(year int) payroll.Money {
	p, _ := ukLatest(year, func(t ukFigures) *int64 { return t.levyAllowance })
	return UKPounds(p)
}

// UKReturnFigures are the figures an employer's returns (P32, EPS) use in
// one tax year, in pence and percentages; Missing names the ones the rules
// file lacks for that year (they count as 0, never guessed).
type UKReturnFigures struct {
	EmploymentAllowance          int64
	LevyAllowance                int64
	LevyPercent                  payroll.Rate
	RecoveryPercent              payroll.Rate
	SmallEmployerRecoveryPercent payroll.Rate
	Missing                      []string
	Source                       string
}

// ReturnFigures returns the employer-return figures of tax year year (the
// calendar year it starts in).
func ReturnFigures(year int) UKReturnFigures {
	t := ukFiguresByYear[year]
	out := UKReturnFigures{Source: t.source}
	if t.employmentAllowance != nil {
		out.EmploymentAllowance = *t.employmentAllowance
	} else {
		out.Missing = append(out.Missing, "employmentAllowance")
	}
	if t.levyAllowance != nil {
		out.LevyAllowance = *t.levyAllowance
	} else {
		out.Missing = append(out.Missing, "levyAllowance")
	}
	for _, r := range []struct {
		name string
		src  *payroll.Rate
		dst  *payroll.Rate
	}{{"levyPercent", t.levyPercent, &out.LevyPercent}, {"recoveryPercent", t.recoveryPercent, &out.RecoveryPercent},
		{"smallEmployerRecoveryPercent", t.smallEmployerRecoveryPercent, &out.SmallEmployerRecoveryPercent}} {
		if r.src != nil {
			*r.dst = *r.src
		} else {
			out.Missing = append(out.Missing, r.name)
		}
	}
	return out
}
