package holidays

import "time"

// United Kingdom bank holidays, per nation. Statutory days are in the
// Banking and Financial Dealings Act 1971, Schedule 1 (para 1 England and
// Wales, para 2 Scotland, para 3 Northern Ireland) and the St Andrew's Day
// Bank Holiday (Scotland) Act 2007; Good Friday and Christmas Day are
// common-law holidays in England, Wales and Northern Ireland; the Early
// May and Spring bank holidays (and Boxing Day in Scotland, the Battle of
// the Boyne in Northern Ireland) are appointed each year by Royal
// Proclamation under s 1(3) of the 1971 Act. Dates match GOV.UK "UK bank
// holidays".
//
// A bank holiday on a Saturday or Sunday is replaced by a substitute day,
// the next weekday that is not already a bank holiday (so Christmas on a
// Saturday gives Monday 27 and Boxing Day Tuesday 28 December); the weekend
// day is not a bank holiday (Instead).
//
// One-off bank holidays (coronations, jubilees, state funerals) are
// proclaimed when they happen; the recent ones are listed, none is
// proclaimed for 2026-2028.
const (
	ukAct      = "Banking and Financial Dealings Act 1971, Sch 1; GOV.UK UK bank holidays"
	ukProclaim = "Royal Proclamation under the Banking and Financial Dealings Act 1971 s 1(3); GOV.UK UK bank holidays"
	ukStAndrew = "St Andrew's Day Bank Holiday (Scotland) Act 2007; GOV.UK UK bank holidays"
)

// ukNations are spelt as the API spells them (payschedule.HolidayStates).
var ukNations = []string{"England", "Wales", "Scotland", "NorthernIreland"}

var (
	ukNotSco = []string{"England", "Wales", "NorthernIreland"}
)

var ukRules = []Rule{
	{Name: "New Year's Day", On: Fixed(time.January, 1), Sub: Instead, Source: ukAct},
	{Name: "2nd January", Regions: []string{"Scotland"}, On: Fixed(time.January, 2), Sub: Instead, Source: ukAct},
	{Name: "St Patrick's Day", Regions: []string{"NorthernIreland"}, On: Fixed(time.March, 17), Sub: Instead, Source: ukAct},
	{Name: "Good Friday", On: EasterOffset(-2), Source: ukAct},
	{Name: "Easter Monday", Regions: ukNotSco, On: EasterOffset(1), Source: ukAct},
	// Moved to Friday 8 May 2020 for the 75th anniversary of VE Day.
	{Name: "Early May bank holiday", On: Moved(Nth(1, time.Monday, time.May), "2020-05-08"), Source: ukProclaim},
	// Moved to Thursday 2 June 2022 for the Platinum Jubilee.
	{Name: "Spring bank holiday", On: Moved(Nth(-1, time.Monday, time.May), "2022-06-02"), Source: ukProclaim},
	{Name: "Platinum Jubilee bank holiday", On: Dated("2022-06-03"), Status: Announced, Source: ukProclaim},
	{Name: "Bank holiday for the State Funeral of Queen Elizabeth II", On: Dated("2022-09-19"), Status: Announced, Source: ukProclaim},
	{Name: "Bank holiday for the coronation of King Charles III", On: Dated("2023-05-08"), Status: Announced, Source: ukProclaim},
	{Name: "Battle of the Boyne (Orangemen's Day)", Regions: []string{"NorthernIreland"}, On: Fixed(time.July, 12), Sub: Instead, Source: ukProclaim},
	{Name: "Summer bank holiday", Regions: []string{"Scotland"}, On: Nth(1, time.Monday, time.August), Source: ukAct},
	{Name: "Summer bank holiday", Regions: ukNotSco, On: Nth(-1, time.Monday, time.August), Source: ukAct},
	{Name: "St Andrew's Day", Regions: []string{"Scotland"}, On: Fixed(time.November, 30), Sub: Instead, Source: ukStAndrew},
	{Name: "Christmas Day", On: Fixed(time.December, 25), Sub: Instead, Source: ukAct},
	{Name: "Boxing Day", On: Fixed(time.December, 26), Sub: Instead, Source: ukAct},
}

var UK = register(&Country{Code: "UK", Regions: ukNations, Suffix: map[Sub]string{Instead: " (substitute day)"}, Rules: ukRules})
