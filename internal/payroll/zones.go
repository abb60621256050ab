package payroll

import (
	"strings"
	"time"
)

// Zone is a time zone of the regions served: its Windows id (what the
// public API's timeZone members and lookupdata/timezones carry), its IANA
// name and its region ("" for UTC).
type Zone struct{ Windows, IANA, Region string }

// Zones lists them, each region's capital first.
var Zones = []Zone{
	{"AUS Eastern Standard Time", "Australia/Sydney", "AU"}, {"E. Australia Standard Time", "Australia/Brisbane", "AU"},
	{"Cen. Australia Standard Time", "Australia/Adelaide", "AU"}, {"AUS Central Standard Time", "Australia/Darwin", "AU"},
	{"W. Australia Standard Time", "Australia/Perth", "AU"}, {"Tasmania Standard Time", "Australia/Hobart", "AU"},
	{"Lord Howe Standard Time", "Australia/Lord_Howe", "AU"}, {"New Zealand Standard Time", "Pacific/Auckland", "NZ"},
	{"GMT Standard Time", "Europe/London", "UK"}, {"Singapore Standard Time", "Asia/Singapore", "SG"}, {"UTC", "UTC", ""},
}

// ZoneByWindows finds a zone by its Windows id, ignoring case.
func ZoneByWindows(id string) (Zone, bool) {
	id = strings.TrimSpace(id)
	for _, z := range Zones {
		if strings.EqualFold(z.Windows, id) {
			return z, true
		}
	}
	return Zone{}, false
}

// RegionLocation is the local time of a business of region (its
// capital's; UTC for an unknown region): businesses carry no zone of
// their own.
func RegionLocation(region string) *time.Location {
	for _, z := range Zones {
		if z.Region == region {
			if l, err := time.LoadLocation(z.IANA); err == nil {
				return l
			}
		}
	}
	return time.UTC
}
