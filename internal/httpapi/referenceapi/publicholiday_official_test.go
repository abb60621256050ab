package referenceapi_test

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/holidays"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/testkit"
)

// officialFor is the holidays of a list that apply in state: national ones
// (no states) and those naming it. GET B/publicholiday has no state or
// location filter (only year), so a client filters the list by states.
func officialFor(list []map[string]any, state string) []string {
	var out []string
	for _, h := range list {
		states := fmt.Sprint(h["states"])
		if states == "[]" || strings.Contains(" "+strings.Trim(states, "[]")+" ", " "+state+" ") {
			out = append(out, strings.TrimSuffix(h["date"].(string), "T00:00:00")+" "+h["description"].(string))
		}
	}
	sort.Strings(out)
	return out
}

func holidayOn(t *testing.T, list []map[string]any, date, desc string) map[string]any {
	t.Helper()
	for _, h := range list {
		if h["date"] == date+"T00:00:00" && h["description"] == desc {
			return h
		}
	}
	t.Fatalf("no %q on %s in %v", desc, date, list)
	return nil
}

// forgetOfficial makes biz look like a business created before official
// holidays existed: no public holidays and no seeded years.
func forgetOfficial(t *testing.T, d *db.DB, biz int64) {
	t.Helper()
	for _, kind := range []string{record.KindPublicHoliday, payschedule.KindOfficialHolidayYear} {
		if _, err := d.W.Exec(`DELETE FROM record_refs WHERE business_id = $1 AND from_kind = $2`, biz, kind); err != nil {
			t.Fatal(err)
		}
		if _, err := d.W.Exec(`DELETE FROM records WHERE business_id = $1 AND kind = $2`, biz, kind); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOfficialPublicHolidays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d) // the clock says 2 November 2026
		PH := e.B + "/publicholiday"
		list := func(path, key string) []map[string]any {
			t.Helper()
			return schedList(t, e.Do("GET", path, key, nil).Expect(t, 200))
		}

		t.Run("a new AU business lists its official holidays for the year", func(t *testing.T) {
			l := list(PH, e.Key)
			if len(l) != len(holidays.Days("AU", 2026)) {
				t.Fatalf("%d holidays, want %d: %v", len(l), len(holidays.Days("AU", 2026)), l)
			}
			for _, h := range l {
				if h["isSystem"] != true || !strings.HasPrefix(h["note"].(string), "Official public holiday") {
					t.Fatalf("not official: %v", h)
				}
			}
			nsw := []string{"2026-01-01 New Year's Day", "2026-01-26 Australia Day", "2026-04-03 Good Friday", "2026-04-04 Easter Saturday",
				"2026-04-05 Easter Sunday", "2026-04-06 Easter Monday", "2026-04-25 Anzac Day", "2026-06-08 King's Birthday",
				"2026-10-05 Labour Day", "2026-12-25 Christmas Day", "2026-12-26 Boxing Day", "2026-12-28 Boxing Day (additional day)"}
			if got := officialFor(l, "NSW"); fmt.Sprint(got) != fmt.Sprint(nsw) {
				t.Errorf("NSW 2026:\n got %v\nwant %v", got, nsw)
			}
			qld := officialFor(l, "QLD")
			if !contains(qld, "2026-10-05 King's Birthday") || !contains(qld, "2026-05-04 Labour Day") || contains(qld, "2026-06-08 King's Birthday") {
				t.Errorf("QLD 2026 %v", qld)
			}
			wa := officialFor(l, "WA")
			for _, want := range []string{"2026-09-28 King's Birthday", "2026-06-01 Western Australia Day", "2026-03-02 Labour Day", "2026-04-27 Anzac Day (additional day)"} {
				if !contains(wa, want) {
					t.Errorf("WA 2026 lacks %s: %v", want, wa)
				}
			}
			if contains(wa, "2026-04-04 Easter Saturday") {
				t.Errorf("WA has no Easter Saturday: %v", wa)
			}
			vic := officialFor(l, "VIC")
			if !contains(vic, "2026-11-03 Melbourne Cup Day") || contains(officialFor(l, "NSW"), "2026-11-03 Melbourne Cup Day") {
				t.Errorf("VIC %v", vic)
			}
			if act := officialFor(l, "ACT"); !contains(act, "2026-03-09 Canberra Day") || !contains(act, "2026-06-01 Reconciliation Day") {
				t.Errorf("ACT %v", act)
			}
			if sa := officialFor(l, "SA"); !contains(sa, "2026-12-26 Proclamation Day") || contains(sa, "2026-12-26 Boxing Day") {
				t.Errorf("SA %v", sa)
			}
			kb := holidayOn(t, l, "2026-06-08", "King's Birthday")
			if fmt.Sprint(kb["states"]) != "[ACT NSW NT SA TAS VIC]" || !strings.Contains(kb["note"].(string), "Public Holidays Act 2010 (NSW)") {
				t.Errorf("King's Birthday %v", kb)
			}
			// The additional day names the weekend holiday it stands for.
			boxing := holidayOn(t, l, "2026-12-26", "Boxing Day")
			extra := holidayOn(t, l, "2026-12-28", "Boxing Day (additional day)")
			if extra["mondayisedAlternativeToId"] != boxing["id"] || fmt.Sprint(extra["states"]) != "[ACT NSW NT QLD VIC WA]" {
				t.Errorf("additional day %v of %v", extra, boxing)
			}
			if gf := holidayOn(t, l, "2026-04-03", "Good Friday"); fmt.Sprint(gf["states"]) != "[]" || gf["mondayisedAlternativeToId"] != 0.0 {
				t.Errorf("Good Friday is national %v", gf)
			}
		})

		t.Run("the next two years too, and no others", func(t *testing.T) {
			l := list(PH+"?year=2027", e.Key)
			xmas := holidayOn(t, l, "2027-12-25", "Christmas Day")
			if extra := holidayOn(t, l, "2027-12-27", "Christmas Day (additional day)"); extra["mondayisedAlternativeToId"] != xmas["id"] {
				t.Errorf("2027 Christmas %v %v", xmas, extra)
			}
			holidayOn(t, l, "2027-12-28", "Boxing Day (additional day)")
			if tas := holidayOn(t, l, "2027-12-27", "Christmas Day (observed)"); fmt.Sprint(tas["states"]) != "[TAS]" {
				t.Errorf("TAS %v", tas)
			}
			if n := len(list(PH+"?year=2028", e.Key)); n != len(holidays.Days("AU", 2028)) {
				t.Errorf("2028: %d", n)
			}
			for _, y := range []string{"2025", "2029"} {
				if l := list(PH+"?year="+y, e.Key); len(l) != 0 {
					t.Errorf("%s is outside the window: %v", y, l)
				}
			}
		})

		t.Run("a deleted official holiday does not come back", func(t *testing.T) {
			cup := holidayOn(t, list(PH, e.Key), "2026-11-03", "Melbourne Cup Day")
			e.Do("DELETE", fmt.Sprintf("%s/%v", PH, cup["id"]), e.Key, nil).Expect(t, 200)
			e.Do("DELETE", PH+"?date=2027-03-08", e.Key, nil).Expect(t, 200)
			for _, h := range list(PH, e.Key) {
				if h["description"] == "Melbourne Cup Day" {
					t.Fatalf("came back: %v", h)
				}
			}
			for _, h := range list(PH+"?year=2027", e.Key) {
				if h["date"] == "2027-03-08T00:00:00" {
					t.Fatalf("came back: %v", h)
				}
			}
		})

		t.Run("an official holiday stays official when edited", func(t *testing.T) {
			gf := holidayOn(t, list(PH, e.Key), "2026-04-03", "Good Friday")
			up := e.Do("PUT", fmt.Sprintf("%s/%v", PH, gf["id"]), e.Key, map[string]any{"note": "closed", "isSystem": false}).Expect(t, 200).Map(t)
			if up["isSystem"] != true || up["note"] != "closed" {
				t.Errorf("updated %v", up)
			}
			own := e.Do("POST", PH, e.Key, map[string]any{"date": "2026-12-24", "description": "Office closed", "isSystem": true}).Expect(t, 200).Map(t)
			up = e.Do("PUT", fmt.Sprintf("%s/%v", PH, own["id"]), e.Key, map[string]any{"isSystem": true}).Expect(t, 200).Map(t)
			if own["isSystem"] != false || up["isSystem"] != false {
				t.Errorf("a business's own holiday is never a system one: %v %v", own, up)
			}
		})

		t.Run("an existing business receives a year on first read, once", func(t *testing.T) {
			nz := e.NewBusiness(e.Key, "Alice NZ Ltd", "NZ")
			forgetOfficial(t, d, nz)
			NZ := fmt.Sprintf("/api/v2/business/%d/publicholiday", nz)
			var wg sync.WaitGroup
			codes := make([]int, 4)
			for i := range codes {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					codes[i] = e.Do("GET", NZ+"?year=2027", e.Key, nil).Status
				}(i)
			}
			wg.Wait()
			if fmt.Sprint(codes) != "[200 200 200 200]" {
				t.Fatalf("concurrent first reads %v", codes)
			}
			l := list(NZ+"?year=2027", e.Key)
			if len(l) != len(holidays.Days("NZ", 2027)) {
				t.Fatalf("%d holidays, want %d", len(l), len(holidays.Days("NZ", 2027)))
			}
			w := holidayOn(t, l, "2027-02-06", "Waitangi Day")
			if m := holidayOn(t, l, "2027-02-08", "Waitangi Day (Mondayised)"); m["mondayisedAlternativeToId"] != w["id"] || fmt.Sprint(m["states"]) != "[]" {
				t.Errorf("Waitangi Day %v %v", w, m)
			}
			if a := holidayOn(t, l, "2027-02-01", "Auckland Anniversary Day"); fmt.Sprint(a["states"]) != "[Auckland]" {
				t.Errorf("Auckland %v", a)
			}
			holidayOn(t, l, "2027-06-25", "Matariki")
			// Years are seeded one at a time: 2028 only when read.
			var n int
			if err := d.R.QueryRow(`SELECT COUNT(*) FROM records WHERE business_id = $1 AND kind = $2`, nz, payschedule.KindOfficialHolidayYear).Scan(&n); err != nil || n != 1 {
				t.Fatalf("seeded years %d %v", n, err)
			}
			// The window moves with the clock.
			e.Clock.Advance(time.Date(2029, 1, 5, 0, 0, 0, 0, time.UTC).Sub(e.Clock.Now()))
			defer e.Clock.Advance(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC).Sub(e.Clock.Now()))
			if l := list(NZ+"?year=2029", e.Key); len(l) != len(holidays.Days("NZ", 2029)) {
				t.Errorf("2029 once the clock is in 2029: %d", len(l))
			}
			if l := list(NZ+"?year=2028", e.Key); len(l) != 0 {
				t.Errorf("2028 is past and was never seeded: %v", l)
			}
		})

		t.Run("UK, SG and MY", func(t *testing.T) {
			uk := fmt.Sprintf("/api/v2/business/%d/publicholiday", e.NewBusiness(e.Key, "Alice Ltd", "UK"))
			l := list(uk, e.Key)
			if sub := holidayOn(t, l, "2026-12-28", "Boxing Day (substitute day)"); fmt.Sprint(sub["states"]) != "[]" || sub["mondayisedAlternativeToId"] != 0.0 {
				t.Errorf("UK Boxing Day %v", sub)
			}
			for _, h := range l {
				if h["date"] == "2026-12-26T00:00:00" {
					t.Errorf("Saturday 26 December 2026 is not a bank holiday: %v", h)
				}
			}
			if s := holidayOn(t, l, "2026-11-30", "St Andrew's Day"); fmt.Sprint(s["states"]) != "[Scotland]" {
				t.Errorf("St Andrew's Day %v", s)
			}
			if em := holidayOn(t, l, "2026-04-06", "Easter Monday"); fmt.Sprint(em["states"]) != "[England Wales NorthernIreland]" {
				t.Errorf("Easter Monday %v", em)
			}

			l = list(e.sgB+"/publicholiday", e.Key)
			nd := holidayOn(t, l, "2026-08-09", "National Day")
			if obs := holidayOn(t, l, "2026-08-10", "National Day (observed)"); obs["mondayisedAlternativeToId"] != nd["id"] {
				t.Errorf("SG National Day %v %v", nd, obs)
			}
			if cny := holidayOn(t, list(e.sgB+"/publicholiday?year=2027", e.Key), "2027-02-06", "Chinese New Year"); !strings.Contains(cny["note"].(string), "expected") {
				t.Errorf("CNY 2027 %v", cny)
			}
			if l := list(e.myB+"/publicholiday", e.Key); len(l) != 0 {
				t.Errorf("MY has no official calendar here: %v", l)
			}
		})

		t.Run("another tenant's official holidays are not ours", func(t *testing.T) {
			theirs := holidayOn(t, list(e.OtherB+"/publicholiday", e.OtherKey), "2026-12-25", "Christmas Day")
			e.RunCases(t, []testkit.Case{
				{Name: "get", Method: "GET", Path: fmt.Sprintf("%s/%v", PH, theirs["id"]), Key: e.Key, Status: 404},
				{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/publicholiday/%v", e.OtherB, theirs["id"]), Key: e.Key, Status: 404},
			})
		})
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
