package holidays

import "time"

// Singapore: the Holidays Act 1998 (2020 Revised Edition), Schedule, lists
// the public holidays; the dates of those that follow the lunar, Islamic
// and Hindu calendars are gazetted each year by the Ministry of Manpower
// ("Public holidays for <year>"). Section 4: when a public holiday falls
// on a Sunday, the next day that is not itself a public holiday is one
// too (SundayNext); a Saturday holiday is not moved (the Employment Act
// gives employees another day off or a day's pay instead).
//
// Dated days: 2026 as announced by MOM. 2027 and 2028 are not gazetted in
// the data this was written from: only Chinese New Year, which follows the
// Chinese calendar and is certain, is listed for them, as Expected. Hari
// Raya Puasa, Hari Raya Haji, Vesak Day and Deepavali for 2027-2028 are
// left out rather than guessed; businesses add them when MOM gazettes them.
const (
	sgAct      = "Holidays Act 1998 (Singapore), Schedule and s 4"
	sgMOM2026  = "Holidays Act 1998 (Singapore); Ministry of Manpower, Public holidays for 2026"
	sgExpected = "Holidays Act 1998 (Singapore); expected date (Chinese calendar), not yet gazetted by the Ministry of Manpower"
)

var sgRules = []Rule{
	{Name: "New Year's Day", On: Fixed(time.January, 1), Sub: SundayNext, Source: sgAct},
	{Name: "Chinese New Year", On: Dated("2026-02-17"), Sub: SundayNext, Status: Announced, Source: sgMOM2026},
	{Name: "Chinese New Year (second day)", On: Dated("2026-02-18"), Sub: SundayNext, Status: Announced, Source: sgMOM2026},
	{Name: "Chinese New Year", On: Dated("2027-02-06", "2028-01-26"), Sub: SundayNext, Status: Expected, Source: sgExpected},
	{Name: "Chinese New Year (second day)", On: Dated("2027-02-07", "2028-01-27"), Sub: SundayNext, Status: Expected, Source: sgExpected},
	{Name: "Hari Raya Puasa", On: Dated("2026-03-21"), Sub: SundayNext, Status: Announced, Source: sgMOM2026},
	{Name: "Good Friday", On: EasterOffset(-2), Source: sgAct},
	{Name: "Labour Day", On: Fixed(time.May, 1), Sub: SundayNext, Source: sgAct},
	{Name: "Hari Raya Haji", On: Dated("2026-05-27"), Sub: SundayNext, Status: Announced, Source: sgMOM2026},
	{Name: "Vesak Day", On: Dated("2026-05-31"), Sub: SundayNext, Status: Announced, Source: sgMOM2026},
	{Name: "National Day", On: Fixed(time.August, 9), Sub: SundayNext, Source: sgAct},
	{Name: "Deepavali", On: Dated("2026-11-08"), Sub: SundayNext, Status: Announced, Source: sgMOM2026},
	{Name: "Christmas Day", On: Fixed(time.December, 25), Sub: SundayNext, Source: sgAct},
}

var SG = register(&Country{Code: "SG", Suffix: map[Sub]string{SundayNext: " (observed)"}, Rules: sgRules})
