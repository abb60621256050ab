package holidays

import "time"

// Australia: public holidays are set by each state and territory's act;
// there is no national holidays act. Rules below are per the acts named in
// auActs; where a rule lists no Source, the act of each state it applies
// in is its source. Cross-checked against the Fair Work Ombudsman's
// "Public holidays" list and each state government's published calendar
// (as remembered: see the package tests for the dates pinned).
//
// Not included (a business adds them as its own holidays where they apply):
//   - part-day holidays: Christmas Eve and New Year's Eve from 7 pm (SA,
//     NT) and Christmas Eve from 6 pm (QLD);
//   - holidays of part of a state: Royal Hobart Regatta (southern TAS,
//     2nd Monday in February), Recreation Day (northern TAS, 1st Monday in
//     November), Royal Queensland Show (Brisbane), regional show days, and
//     Melbourne Cup substitutes chosen by non-metropolitan VIC councils;
//   - days set each year by proclamation that cannot be derived: the Friday
//     before the AFL Grand Final (VIC); WA King's Birthday is proclaimed but
//     follows the last-Monday-of-September pattern (2024 was an exception,
//     23 Sep, which is why it is a rule with dated exceptions);
//   - NSW Bank Holiday (1st Monday in August): banks and financial
//     institutions only.
var auActs = map[string]string{
	"ACT": "Holidays Act 1958 (ACT)",
	"NSW": "Public Holidays Act 2010 (NSW)",
	"NT":  "Public Holidays Act 1981 (NT)",
	"QLD": "Holidays Act 1983 (Qld)",
	"SA":  "Holidays Act 1910 (SA)",
	"TAS": "Statutory Holidays Act 2000 (Tas)",
	"VIC": "Public Holidays Act 1993 (Vic)",
	"WA":  "Public and Bank Holidays Act 1972 (WA)",
}

// auStates are spelt as the API spells them (au.States).
var auStates = []string{"ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"}

// auWAKingsBirthday: WA's King's Birthday is appointed by proclamation under
// the Public and Bank Holidays Act 1972 (WA), in practice the last
// Monday of September; years that differed are listed.
func auWAKingsBirthday(year int) (time.Time, bool) {
	switch year {
	case 2011:
		return day(2011, time.October, 28), true // moved for CHOGM in Perth (a Friday)
	case 2024:
		return day(2024, time.September, 23), true
	}
	return Nth(-1, time.Monday, time.September)(year)
}

// Substitution of New Year's Day, Christmas Day and Boxing Day: in most
// states the weekend day stays a public holiday and the next free weekday
// is an additional one (the NSW, Vic, Qld, WA and NT acts; SA from its 2024
// amendments); TAS moves the holiday instead (Statutory Holidays Act 2000
// (Tas)); the ACT moves New Year's Day instead (Holidays Act 1958 (ACT)).
// The TAS, ACT and SA readings are the least certain (README.md, "Not
// confirmed").
var auChristmasSub = map[string]Sub{"TAS": Instead}
var auNewYearSub = map[string]Sub{"TAS": Instead, "ACT": Instead}

var auRules = []Rule{
	{Name: "New Year's Day", On: Fixed(time.January, 1), Sub: Additional, SubIn: auNewYearSub},
	// Australia Day moves to the Monday when 26 January is a weekend day, in
	// every state (the weekend day is not a holiday).
	{Name: "Australia Day", On: Fixed(time.January, 26), Sub: Instead},
	{Name: "Labour Day", Regions: []string{"WA"}, On: Nth(1, time.Monday, time.March)},
	{Name: "Canberra Day", Regions: []string{"ACT"}, On: Nth(2, time.Monday, time.March)},
	{Name: "Adelaide Cup Day", Regions: []string{"SA"}, On: Nth(2, time.Monday, time.March)},
	{Name: "Eight Hours Day", Regions: []string{"TAS"}, On: Nth(2, time.Monday, time.March)},
	{Name: "Labour Day", Regions: []string{"VIC"}, On: Nth(2, time.Monday, time.March)},
	{Name: "Good Friday", On: EasterOffset(-2)},
	// Easter Saturday: not a holiday in TAS or WA.
	{Name: "Easter Saturday", Regions: []string{"ACT", "NSW", "NT", "QLD", "SA", "VIC"}, On: EasterOffset(-1)},
	// Easter Sunday: NSW, ACT (long standing), VIC (2016), QLD (2017), WA
	// (2022), SA (2024); not TAS or NT.
	{Name: "Easter Sunday", Regions: []string{"ACT", "NSW", "QLD", "SA", "VIC", "WA"}, On: EasterOffset(0)},
	{Name: "Easter Monday", On: EasterOffset(1)},
	// Anzac Day is not substituted, except in WA, where a weekend Anzac Day
	// adds the following Monday (Public and Bank Holidays Act 1972 (WA)).
	{Name: "Anzac Day", On: Fixed(time.April, 25), SubIn: map[string]Sub{"WA": Additional}},
	{Name: "Labour Day", Regions: []string{"QLD"}, On: Nth(1, time.Monday, time.May)},
	{Name: "May Day", Regions: []string{"NT"}, On: Nth(1, time.Monday, time.May)},
	// Reconciliation Day: the Monday on or after 27 May (Holidays
	// (Reconciliation Day) Amendment Act 2017 (ACT)), first observed 2018.
	{Name: "Reconciliation Day", Regions: []string{"ACT"}, On: OnOrAfter(time.Monday, time.May, 27), From: 2018},
	{Name: "Western Australia Day", Regions: []string{"WA"}, On: Nth(1, time.Monday, time.June)},
	{Name: "King's Birthday", Regions: []string{"ACT", "NSW", "NT", "SA", "TAS", "VIC"}, On: Nth(2, time.Monday, time.June)},
	{Name: "Picnic Day", Regions: []string{"NT"}, On: Nth(1, time.Monday, time.August)},
	{Name: "King's Birthday", Regions: []string{"WA"}, On: auWAKingsBirthday},
	{Name: "Labour Day", Regions: []string{"ACT", "NSW", "SA"}, On: Nth(1, time.Monday, time.October)},
	// QLD: King's Birthday on the 1st Monday in October (since 2016).
	{Name: "King's Birthday", Regions: []string{"QLD"}, On: Nth(1, time.Monday, time.October)},
	{Name: "Melbourne Cup Day", Regions: []string{"VIC"}, On: Nth(1, time.Tuesday, time.November),
		Note: "Metropolitan Melbourne; non-metropolitan councils may substitute another day."},
	// One-off: proclaimed in every state and territory under its act.
	{Name: "National Day of Mourning for Queen Elizabeth II", On: Dated("2022-09-22"), Status: Announced},
	{Name: "Christmas Day", On: Fixed(time.December, 25), Sub: Additional, SubIn: auChristmasSub},
	{Name: "Boxing Day", Regions: []string{"ACT", "NSW", "NT", "QLD", "TAS", "VIC", "WA"}, On: Fixed(time.December, 26), Sub: Additional, SubIn: auChristmasSub},
	// SA: 26 December is Proclamation Day (Holidays Act 1910 (SA)).
	{Name: "Proclamation Day", Regions: []string{"SA"}, On: Fixed(time.December, 26), Sub: Additional},
}

var AU = register(&Country{Code: "AU", Regions: auStates, RegionSources: auActs,
	Suffix: map[Sub]string{Instead: " (observed)", Additional: " (additional day)"}, Rules: auRules})
