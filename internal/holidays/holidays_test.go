package holidays

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func d(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestEaster(t *testing.T) {
	// Known Easter Sundays, including the extremes of the range (22 March
	// and 25 April).
	for year, want := range map[int]string{
		1818: "1818-03-22", 2000: "2000-04-23", 2019: "2019-04-21", 2024: "2024-03-31", 2025: "2025-04-20",
		2026: "2026-04-05", 2027: "2027-03-28", 2028: "2028-04-16", 2038: "2038-04-25", 2285: "2285-03-22",
	} {
		if got := Easter(year); !got.Equal(d(want)) {
			t.Errorf("Easter %d = %s, want %s", year, got.Format("2006-01-02"), want)
		}
	}
}

func TestDateRules(t *testing.T) {
	cases := []struct {
		name string
		rule DateRule
		year int
		want string
	}{
		{"2nd Monday June", Nth(2, time.Monday, time.June), 2026, "2026-06-08"},
		{"1st Monday June starting on a Monday", Nth(1, time.Monday, time.June), 2026, "2026-06-01"},
		{"last Monday May", Nth(-1, time.Monday, time.May), 2026, "2026-05-25"},
		{"last Monday August ending on a Monday", Nth(-1, time.Monday, time.August), 2026, "2026-08-31"},
		{"last Monday September", Nth(-1, time.Monday, time.September), 2027, "2027-09-27"},
		{"4th Monday October", Nth(4, time.Monday, time.October), 2026, "2026-10-26"},
		{"Monday on or after 27 May (Wed)", OnOrAfter(time.Monday, time.May, 27), 2026, "2026-06-01"},
		{"Monday on or after 27 May (Mon)", OnOrAfter(time.Monday, time.May, 27), 2024, "2024-05-27"},
		{"Monday nearest, Thursday goes back", MondayNearest(time.January, 29), 2026, "2026-01-26"},
		{"Monday nearest, Friday goes forward", MondayNearest(time.January, 29), 2027, "2027-02-01"},
		{"Monday nearest, Sunday goes forward", MondayNearest(time.February, 1), 2026, "2026-02-02"},
		{"Monday nearest, Monday stays", MondayNearest(time.November, 30), 2026, "2026-11-30"},
	}
	for _, c := range cases {
		got, ok := c.rule(c.year)
		if !ok || !got.Equal(d(c.want)) {
			t.Errorf("%s %d = %s, want %s", c.name, c.year, got.Format("2006-01-02"), c.want)
		}
	}
	if _, ok := Dated("2026-07-10")(2027); ok {
		t.Error("a dated rule has no day in an unlisted year")
	}
}

// find is the holiday named name of country in the year of date that
// applies in region ("" = a national one).
func find(t *testing.T, country, region, name string, year int) Holiday {
	t.Helper()
	var found []Holiday
	for _, h := range Calendar(country, year) {
		if h.Name == name && (len(h.Regions) == 0 || contains(h.Regions, region)) {
			found = append(found, h)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s %d %s %q: %d holidays %v", country, year, region, name, len(found), found)
	}
	return found[0]
}

func TestCalendars(t *testing.T) {
	type want struct {
		country, region, name string
		date                  string // the day the rule names
		observed              string // "" = not substituted
		also                  bool   // the date stays a holiday when substituted
	}
	cases := []want{
		// AU
		{"AU", "NSW", "New Year's Day", "2026-01-01", "", false},
		{"AU", "NSW", "New Year's Day", "2028-01-01", "2028-01-03", true},
		{"AU", "TAS", "New Year's Day", "2028-01-01", "2028-01-03", false},
		{"AU", "ACT", "New Year's Day", "2028-01-01", "2028-01-03", false},
		{"AU", "VIC", "Australia Day", "2026-01-26", "", false},
		{"AU", "VIC", "Australia Day", "2025-01-26", "2025-01-27", false}, // Sunday: Monday instead
		{"AU", "ACT", "Canberra Day", "2026-03-09", "", false},
		{"AU", "SA", "Adelaide Cup Day", "2026-03-09", "", false},
		{"AU", "TAS", "Eight Hours Day", "2026-03-09", "", false},
		{"AU", "VIC", "Labour Day", "2026-03-09", "", false},
		{"AU", "WA", "Labour Day", "2026-03-02", "", false},
		{"AU", "QLD", "Labour Day", "2026-05-04", "", false},
		{"AU", "NSW", "Labour Day", "2026-10-05", "", false},
		{"AU", "NT", "May Day", "2026-05-04", "", false},
		{"AU", "QLD", "Good Friday", "2026-04-03", "", false},
		{"AU", "NSW", "Easter Saturday", "2027-03-27", "", false},
		{"AU", "VIC", "Easter Sunday", "2028-04-16", "", false},
		{"AU", "WA", "Easter Monday", "2026-04-06", "", false},
		{"AU", "NSW", "Anzac Day", "2026-04-25", "", false},
		{"AU", "WA", "Anzac Day", "2026-04-25", "2026-04-27", true},
		{"AU", "WA", "Anzac Day", "2027-04-25", "2027-04-26", true},
		{"AU", "ACT", "Reconciliation Day", "2026-06-01", "", false},
		{"AU", "ACT", "Reconciliation Day", "2028-05-29", "", false},
		{"AU", "WA", "Western Australia Day", "2026-06-01", "", false},
		{"AU", "NSW", "King's Birthday", "2026-06-08", "", false}, // 2nd Monday in June
		{"AU", "VIC", "King's Birthday", "2027-06-14", "", false},
		{"AU", "TAS", "King's Birthday", "2028-06-12", "", false},
		{"AU", "QLD", "King's Birthday", "2026-10-05", "", false}, // 1st Monday in October
		{"AU", "QLD", "King's Birthday", "2027-10-04", "", false},
		{"AU", "WA", "King's Birthday", "2026-09-28", "", false}, // last Monday in September, by proclamation
		{"AU", "WA", "King's Birthday", "2025-09-29", "", false},
		{"AU", "WA", "King's Birthday", "2024-09-23", "", false}, // the proclaimed exception
		{"AU", "NT", "Picnic Day", "2026-08-03", "", false},
		{"AU", "VIC", "Melbourne Cup Day", "2026-11-03", "", false},
		{"AU", "VIC", "Melbourne Cup Day", "2028-11-07", "", false},
		{"AU", "NSW", "Christmas Day", "2026-12-25", "", false},
		{"AU", "NSW", "Boxing Day", "2026-12-26", "2026-12-28", true},
		{"AU", "NSW", "Christmas Day", "2027-12-25", "2027-12-27", true}, // Saturday: Monday additional
		{"AU", "NSW", "Boxing Day", "2027-12-26", "2027-12-28", true},    // Sunday: Tuesday additional
		{"AU", "QLD", "Christmas Day", "2027-12-25", "2027-12-27", true},
		{"AU", "TAS", "Christmas Day", "2027-12-25", "2027-12-27", false}, // moved instead
		{"AU", "TAS", "Boxing Day", "2027-12-26", "2027-12-28", false},
		{"AU", "SA", "Proclamation Day", "2027-12-26", "2027-12-28", true},
		{"AU", "NSW", "Christmas Day", "2022-12-25", "2022-12-27", true}, // Sunday, Boxing Day on the Monday
		// NZ
		{"NZ", "", "Waitangi Day", "2026-02-06", "", false},
		{"NZ", "", "Waitangi Day", "2027-02-06", "2027-02-08", true}, // Saturday: Mondayised
		{"NZ", "", "Waitangi Day", "2028-02-06", "2028-02-07", true},
		{"NZ", "", "Anzac Day", "2026-04-25", "2026-04-27", true},
		{"NZ", "", "Day after New Year's Day", "2027-01-02", "2027-01-04", true},
		{"NZ", "", "New Year's Day", "2028-01-01", "2028-01-03", true},
		{"NZ", "", "Day after New Year's Day", "2028-01-02", "2028-01-04", true},
		{"NZ", "", "Good Friday", "2027-03-26", "", false},
		{"NZ", "", "King's Birthday", "2026-06-01", "", false},
		{"NZ", "", "Matariki", "2026-07-10", "", false},
		{"NZ", "", "Matariki", "2027-06-25", "", false},
		{"NZ", "", "Matariki", "2028-07-14", "", false},
		{"NZ", "", "Matariki", "2025-06-20", "", false},
		{"NZ", "", "Labour Day", "2026-10-26", "", false},
		{"NZ", "", "Christmas Day", "2027-12-25", "2027-12-27", true},
		{"NZ", "", "Boxing Day", "2027-12-26", "2027-12-28", true},
		{"NZ", "Wellington", "Wellington Anniversary Day", "2026-01-19", "", false},
		{"NZ", "Auckland", "Auckland Anniversary Day", "2026-01-26", "", false},
		{"NZ", "Auckland", "Auckland Anniversary Day", "2027-02-01", "", false},
		{"NZ", "Nelson", "Nelson Anniversary Day", "2026-02-02", "", false},
		{"NZ", "Taranaki", "Taranaki Anniversary Day", "2026-03-09", "", false},
		{"NZ", "Otago", "Otago Anniversary Day", "2026-03-23", "", false},
		{"NZ", "Southland", "Southland Anniversary Day", "2026-04-07", "", false}, // Easter Tuesday
		{"NZ", "SouthCanterbury", "South Canterbury Anniversary Day", "2026-09-28", "", false},
		{"NZ", "HawkesBay", "Hawke's Bay Anniversary Day", "2025-10-24", "", false},
		{"NZ", "Marlborough", "Marlborough Anniversary Day", "2026-11-02", "", false},
		{"NZ", "Canterbury", "Canterbury Anniversary Day", "2025-11-14", "", false},
		{"NZ", "Canterbury", "Canterbury Anniversary Day", "2026-11-13", "", false},
		{"NZ", "ChathamIslands", "Chatham Islands Anniversary Day", "2026-11-30", "", false},
		{"NZ", "Westland", "Westland Anniversary Day", "2028-12-04", "", false},
		// UK
		{"UK", "England", "Boxing Day", "2026-12-26", "2026-12-28", false}, // substitute Monday 28 December
		{"UK", "Scotland", "Boxing Day", "2026-12-26", "2026-12-28", false},
		{"UK", "Wales", "Christmas Day", "2027-12-25", "2027-12-27", false},
		{"UK", "Wales", "Boxing Day", "2027-12-26", "2027-12-28", false},
		{"UK", "England", "Christmas Day", "2022-12-25", "2022-12-27", false},
		{"UK", "England", "New Year's Day", "2028-01-01", "2028-01-03", false},
		{"UK", "Scotland", "2nd January", "2027-01-02", "2027-01-04", false},
		{"UK", "Scotland", "2nd January", "2028-01-02", "2028-01-04", false},
		{"UK", "NorthernIreland", "St Patrick's Day", "2026-03-17", "", false},
		{"UK", "England", "Easter Monday", "2026-04-06", "", false},
		{"UK", "England", "Early May bank holiday", "2026-05-04", "", false},
		{"UK", "Scotland", "Spring bank holiday", "2026-05-25", "", false},
		{"UK", "NorthernIreland", "Battle of the Boyne (Orangemen's Day)", "2026-07-12", "2026-07-13", false},
		{"UK", "Scotland", "Summer bank holiday", "2026-08-03", "", false},
		{"UK", "England", "Summer bank holiday", "2026-08-31", "", false},
		{"UK", "Scotland", "St Andrew's Day", "2026-11-30", "", false},
		// one-off proclaimed days of past years
		{"UK", "England", "Early May bank holiday", "2020-05-08", "", false},
		{"UK", "Scotland", "Spring bank holiday", "2022-06-02", "", false},
		{"UK", "NorthernIreland", "Platinum Jubilee bank holiday", "2022-06-03", "", false},
		{"UK", "Wales", "Bank holiday for the coronation of King Charles III", "2023-05-08", "", false},
		{"UK", "England", "Early May bank holiday", "2023-05-01", "", false},
		{"AU", "WA", "National Day of Mourning for Queen Elizabeth II", "2022-09-22", "", false},
		{"NZ", "", "Queen Elizabeth II Memorial Day", "2022-09-26", "", false},
		// SG
		{"SG", "", "Chinese New Year", "2026-02-17", "", false},
		{"SG", "", "Chinese New Year (second day)", "2026-02-18", "", false},
		{"SG", "", "Hari Raya Puasa", "2026-03-21", "", false}, // Saturday: not moved
		{"SG", "", "Good Friday", "2026-04-03", "", false},
		{"SG", "", "Vesak Day", "2026-05-31", "2026-06-01", true},
		{"SG", "", "National Day", "2026-08-09", "2026-08-10", true},
		{"SG", "", "Deepavali", "2026-11-08", "2026-11-09", true},
		{"SG", "", "Christmas Day", "2027-12-25", "", false},
		{"SG", "", "Chinese New Year (second day)", "2027-02-07", "2027-02-08", true},
		{"SG", "", "Chinese New Year", "2028-01-26", "", false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s/%s", c.country, c.region, c.name, c.date), func(t *testing.T) {
			h := find(t, c.country, c.region, c.name, d(c.date).Year())
			obs := c.observed
			if obs == "" {
				obs = c.date
			}
			if !h.Date.Equal(d(c.date)) || !h.Observed.Equal(d(obs)) || h.AlsoOnDate != c.also {
				t.Errorf("got %s observed %s also=%v, want %s observed %s also=%v", h.Date.Format("Mon 2006-01-02"),
					h.Observed.Format("Mon 2006-01-02"), h.AlsoOnDate, c.date, obs, c.also)
			}
			if h.Source == "" {
				t.Error("no source")
			}
		})
	}
}

func TestNotObserved(t *testing.T) {
	none := []struct {
		country, region, name string
		year                  int
	}{
		{"AU", "TAS", "Easter Saturday", 2026},
		{"AU", "WA", "Easter Saturday", 2026},
		{"AU", "TAS", "Easter Sunday", 2026},
		{"AU", "NSW", "Melbourne Cup Day", 2026},
		{"AU", "SA", "Boxing Day", 2026},
		{"UK", "Scotland", "Easter Monday", 2026},
		{"UK", "England", "St Andrew's Day", 2026},
		{"SG", "", "Hari Raya Puasa", 2027}, // not gazetted: left out, not guessed
		{"NZ", "", "Matariki", 2053},        // beyond the Act's schedule
	}
	for _, c := range none {
		for _, h := range Calendar(c.country, c.year) {
			if h.Name == c.name && (len(h.Regions) == 0 || contains(h.Regions, c.region)) {
				t.Errorf("%s %s %d: %s should not be a holiday, got %v", c.country, c.region, c.year, c.name, h)
			}
		}
	}
}

func TestStatuses(t *testing.T) {
	if h := find(t, "SG", "", "Deepavali", 2026); h.Status != Announced || !strings.Contains(h.Source, "Ministry of Manpower") {
		t.Errorf("Deepavali 2026 %v", h)
	}
	if h := find(t, "SG", "", "Chinese New Year", 2027); h.Status != Expected {
		t.Errorf("CNY 2027 %v", h)
	}
	if h := find(t, "NZ", "", "Matariki", 2027); h.Status != Statutory || !strings.Contains(h.Source, "Matariki") {
		t.Errorf("Matariki 2027 %v", h)
	}
	if h := find(t, "AU", "VIC", "Melbourne Cup Day", 2026); h.Note == "" || h.Jurisdiction() != "VIC" {
		t.Errorf("Melbourne Cup %v", h)
	}
	if h := find(t, "AU", "NSW", "Good Friday", 2026); h.Jurisdiction() != "national" || strings.Count(h.Source, "Act") != 8 {
		t.Errorf("Good Friday %v", h)
	}
}

// TestInvariants checks every year of a century: substitute days are
// weekdays (Sunday rule: not a Sunday) after the day they stand for, no two
// holidays of a region are moved to one day, regions are the country's,
// and sources are present and short enough to keep with a record.
func TestInvariants(t *testing.T) {
	for code, c := range Countries {
		regions := c.Regions
		if len(regions) == 0 {
			regions = []string{""}
		}
		for year := 2000; year <= 2100; year++ {
			for _, region := range regions {
				moved := map[time.Time]string{}
				for _, h := range c.regionCalendar(year, region) {
					if h.Date.Year() != year {
						t.Fatalf("%s %d %s dated %s", code, year, h.Name, h.Date)
					}
					if !h.Substituted() {
						continue
					}
					if !h.Observed.After(h.Date) || h.Observed.Weekday() == time.Sunday || (code != "SG" && isWeekend(h.Observed)) {
						t.Errorf("%s %s %d %s moved from %s to %s", code, region, year, h.Name, h.Date.Format("Mon 2006-01-02"), h.Observed.Format("Mon 2006-01-02"))
					}
					if other, dup := moved[h.Observed]; dup {
						t.Errorf("%s %s %d: %s and %s both moved to %s", code, region, year, other, h.Name, h.Observed)
					}
					moved[h.Observed] = h.Name
				}
			}
			for _, day := range Days(code, year) {
				for _, r := range day.Regions {
					if !contains(c.Regions, r) {
						t.Errorf("%s %d %s: region %q", code, year, day.Name, r)
					}
				}
				if day.Source == "" || len(day.Source) > 400 || len(day.Name) > 100 {
					t.Errorf("%s %d %s: source %q", code, year, day.Name, day.Source)
				}
			}
		}
	}
}

func TestDays(t *testing.T) {
	days := Days("AU", 2027)
	get := func(name, date string) Day {
		t.Helper()
		for _, x := range days {
			if x.Name == name && x.Date.Equal(d(date)) {
				return x
			}
		}
		t.Fatalf("no %s on %s in %v", name, date, days)
		return Day{}
	}
	xmas := get("Christmas Day", "2027-12-25")
	if strings.Join(xmas.Regions, ",") != "ACT,NSW,NT,QLD,SA,VIC,WA" || xmas.SubstituteFor != "" {
		t.Errorf("Christmas Day %v", xmas)
	}
	add := get("Christmas Day (additional day)", "2027-12-27")
	if add.SubstituteFor != "Christmas Day" || !add.SubstituteDate.Equal(d("2027-12-25")) || len(add.Regions) != 7 {
		t.Errorf("additional day %v", add)
	}
	if tas := get("Christmas Day (observed)", "2027-12-27"); strings.Join(tas.Regions, ",") != "TAS" || tas.SubstituteFor != "" {
		t.Errorf("TAS %v", tas)
	}
	anzac := get("Anzac Day", "2027-04-25")
	if anzac.Regions != nil {
		t.Errorf("Anzac Day is a holiday everywhere, WA adds a day: %v", anzac)
	}
	if wa := get("Anzac Day (additional day)", "2027-04-26"); strings.Join(wa.Regions, ",") != "WA" {
		t.Errorf("WA %v", wa)
	}
	// Substitute days come after the day they stand for.
	seen := map[string]bool{}
	for _, x := range days {
		if x.SubstituteFor != "" && !seen[x.SubstituteFor+x.SubstituteDate.String()] {
			t.Errorf("%s before %s", x.Name, x.SubstituteFor)
		}
		seen[x.Name+x.Date.String()] = true
	}
	// UK: the weekend day of a substituted bank holiday is not one.
	for _, x := range Days("UK", 2026) {
		if x.Date.Equal(d("2026-12-26")) {
			t.Errorf("UK 26 Dec 2026 is a Saturday and not a bank holiday: %v", x)
		}
	}
	if len(Days("MY", 2026)) != 0 || Supported("MY") || !Supported("NZ") {
		t.Error("only AU, NZ, UK and SG have calendars")
	}
}
