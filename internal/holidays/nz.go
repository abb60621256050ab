package holidays

import "time"

// New Zealand: Holidays Act 2003, s 44 (the public holidays) and s 45
// (Mondayisation: when Waitangi Day, Anzac Day, 25-26 December or 1-2
// January fall on a Saturday or Sunday, an employee who would not
// otherwise work that day has the holiday on the following Monday, or
// Tuesday). Both days therefore matter to payroll: the weekend day is kept
// and the Monday/Tuesday is its Mondayised alternative (Additional).
//
// Matariki is set by Schedule 1 of the Te Kāhui o Matariki Public Holiday
// Act 2022 for 2022-2052; the schedule's dates for the years listed are
// below (all Fridays).
//
// Regional anniversary days are not dated by the Act (s 44: "the day
// observed in the locality as anniversary day"); the observed days follow
// the conventions published by Employment New Zealand ("Regional
// anniversary days"): the Monday nearest the anniversary, or the local
// rule named on each.
const (
	nzAct      = "Holidays Act 2003 (NZ) s 44-45"
	nzMatariki = "Te Kāhui o Matariki Public Holiday Act 2022 (NZ) Schedule 1"
	nzAnniv    = "Holidays Act 2003 (NZ) s 44; Employment New Zealand, Regional anniversary days"
)

var nzRegions = []string{"Auckland", "Taranaki", "HawkesBay", "Wellington", "Marlborough", "Nelson", "Canterbury",
	"SouthCanterbury", "Westland", "Otago", "Southland", "ChathamIslands"}

// nzLabourDay is the fourth Monday in October (Holidays Act 2003 s 44).
var nzLabourDay = Nth(4, time.Monday, time.October)

// nzOtago: the Monday nearest 23 March, the Tuesday after when that Monday
// is Easter Monday.
func nzOtago(year int) (time.Time, bool) {
	t := mondayNearest(day(year, time.March, 23))
	if t.Equal(Easter(year).AddDate(0, 0, 1)) {
		t = t.AddDate(0, 0, 1)
	}
	return t, true
}

// nzCanterbury: Christchurch Show Day, the second Friday after the first
// Tuesday in November.
func nzCanterbury(year int) (time.Time, bool) {
	tue, _ := Nth(1, time.Tuesday, time.November)(year)
	return tue.AddDate(0, 0, 3+7), true
}

var nzRules = []Rule{
	{Name: "New Year's Day", On: Fixed(time.January, 1), Sub: Additional, Source: nzAct},
	{Name: "Day after New Year's Day", On: Fixed(time.January, 2), Sub: Additional, Source: nzAct},
	{Name: "Southland Anniversary Day", Regions: []string{"Southland"}, On: EasterOffset(2), Source: nzAnniv,
		Note: "Observed on Easter Tuesday."},
	{Name: "Wellington Anniversary Day", Regions: []string{"Wellington"}, On: MondayNearest(time.January, 22), Source: nzAnniv},
	{Name: "Auckland Anniversary Day", Regions: []string{"Auckland"}, On: MondayNearest(time.January, 29), Source: nzAnniv},
	{Name: "Nelson Anniversary Day", Regions: []string{"Nelson"}, On: MondayNearest(time.February, 1), Source: nzAnniv},
	// Waitangi Day and Anzac Day are Mondayised from 2014 (Holidays
	// (Full Recognition of Waitangi Day and ANZAC Day) Amendment Act 2013).
	{Name: "Waitangi Day", On: Fixed(time.February, 6), Sub: Additional, Source: nzAct},
	{Name: "Taranaki Anniversary Day", Regions: []string{"Taranaki"}, On: Nth(2, time.Monday, time.March), Source: nzAnniv},
	{Name: "Otago Anniversary Day", Regions: []string{"Otago"}, On: nzOtago, Source: nzAnniv},
	{Name: "Good Friday", On: EasterOffset(-2), Source: nzAct},
	{Name: "Easter Monday", On: EasterOffset(1), Source: nzAct},
	{Name: "Anzac Day", On: Fixed(time.April, 25), Sub: Additional, Source: nzAct},
	{Name: "King's Birthday", On: Nth(1, time.Monday, time.June), Source: nzAct},
	{Name: "Matariki", On: Dated("2022-06-24", "2023-07-14", "2024-06-28", "2025-06-20", "2026-07-10", "2027-06-25", "2028-07-14",
		"2029-07-06", "2030-06-21"), Source: nzMatariki},
	{Name: "Queen Elizabeth II Memorial Day", On: Dated("2022-09-26"), Status: Announced,
		Source: "Queen Elizabeth II Memorial Day Act 2022 (NZ)"},
	{Name: "South Canterbury Anniversary Day", Regions: []string{"SouthCanterbury"}, On: Nth(4, time.Monday, time.September), Source: nzAnniv},
	{Name: "Hawke's Bay Anniversary Day", Regions: []string{"HawkesBay"}, On: Shift(nzLabourDay, -3), Source: nzAnniv,
		Note: "Observed on the Friday before Labour Day."},
	{Name: "Labour Day", On: nzLabourDay, Source: nzAct},
	{Name: "Marlborough Anniversary Day", Regions: []string{"Marlborough"}, On: Shift(nzLabourDay, 7), Source: nzAnniv,
		Note: "Observed on the first Monday after Labour Day."},
	{Name: "Canterbury Anniversary Day", Regions: []string{"Canterbury"}, On: nzCanterbury, Source: nzAnniv,
		Note: "Christchurch Show Day: the second Friday after the first Tuesday in November."},
	{Name: "Chatham Islands Anniversary Day", Regions: []string{"ChathamIslands"}, On: MondayNearest(time.November, 30), Source: nzAnniv},
	{Name: "Westland Anniversary Day", Regions: []string{"Westland"}, On: MondayNearest(time.December, 1), Source: nzAnniv,
		Note: "Some parts of Westland observe a different local day."},
	{Name: "Christmas Day", On: Fixed(time.December, 25), Sub: Additional, Source: nzAct},
	{Name: "Boxing Day", On: Fixed(time.December, 26), Sub: Additional, Source: nzAct},
}

var NZ = register(&Country{Code: "NZ", Regions: nzRegions, Suffix: map[Sub]string{Additional: " (Mondayised)"}, Rules: nzRules})
