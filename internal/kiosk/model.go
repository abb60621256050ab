package kiosk

import (
	"strings"
	"time"
	_ "time/tzdata" // kiosks name IANA zones; the binary must not depend on the host's zoneinfo

	"github.com/payrolld/payrolld/internal/payroll"
)

// Branding is a kiosk's look (WhiteLabelBrandingModel); only stored.
type Branding struct {
	LogoURL                     string `json:"logoUrl" maxLength:"2000"`
	BackgroundImageURL          string `json:"backgroundImageUrl" maxLength:"2000"`
	BackgroundColour            string `json:"backgroundColour" maxLength:"50"`
	TextColour                  string `json:"textColour" maxLength:"50"`
	TextHoverColour             string `json:"textHoverColour" maxLength:"50"`
	TextSecondaryColour         string `json:"textSecondaryColour" maxLength:"50"`
	DarkModeLogoURL             string `json:"darkModeLogoUrl" maxLength:"2000"`
	DarkModeBackgroundColour    string `json:"darkModeBackgroundColour" maxLength:"50"`
	DarkModeTextColour          string `json:"darkModeTextColour" maxLength:"50"`
	DarkModeTextSecondaryColour string `json:"darkModeTextSecondaryColour" maxLength:"50"`
}

// Settings are a kiosk's flags, stored as one typed document.
type Settings struct {
	AllowHigherClassificationSelection           bool     `json:"allowHigherClassificationSelection"`
	Branding                                     Branding `json:"branding"`
	IsLocationRequired                           bool     `json:"isLocationRequired"`
	IsWorkTypeRequired                           bool     `json:"isWorkTypeRequired"`
	RestrictLocationsForEmployees                bool     `json:"restrictLocationsForEmployees"`
	AllowEmployeeShiftSelection                  *bool    `json:"allowEmployeeShiftSelection" nullable:"true"`
	ClockOnWindowMinutes                         *int     `json:"clockOnWindowMinutes" nullable:"true" doc:"how far from a rostered start a clock-on matches it (default 60)"`
	ClockOffWindowMinutes                        *int     `json:"clockOffWindowMinutes" nullable:"true" doc:"how far from a rostered end a clock-off matches it (default 60)"`
	IsPhotoRequired                              bool     `json:"isPhotoRequired"`
	CanAddEmployees                              bool     `json:"canAddEmployees"`
	AvailableToAllRestrictedUsersWithKioskAccess bool     `json:"availableToAllRestrictedUsersWithKioskAccess"`
	PaidBreaksEnabled                            bool     `json:"paidBreaksEnabled"`
	TimesheetDimensionsEnabled                   bool     `json:"timesheetDimensionsEnabled"`
}

// Kiosk is a time and attendance kiosk (TimeAndAttendanceKioskModel).
type Kiosk struct {
	ID           int64  `json:"id" readOnly:"true"`
	ExternalID   string `json:"externalId" maxLength:"50"`
	LocationID   *int64 `json:"locationId" nullable:"true"`
	Name         string `json:"name" maxLength:"255"`
	TimeZone     string `json:"timeZone" maxLength:"100" doc:"Windows zone id (e.g. AUS Eastern Standard Time)"`
	IanaTimeZone string `json:"ianaTimeZone" maxLength:"100" doc:"IANA zone (e.g. Australia/Sydney); wins over timeZone"`
	Settings
	BusinessID int64 `json:"-"`
	Version    int64 `json:"-"`
}

// Location is the kiosk's time zone: ianaTimeZone, else timeZone (a
// Windows id or an IANA name), else UTC.
func (k *Kiosk) Location() *time.Location {
	win, _ := payroll.ZoneByWindows(k.TimeZone)
	for _, z := range []string{k.IanaTimeZone, win.IANA, k.TimeZone} {
		if z == "" {
			continue
		}
		if loc, err := time.LoadLocation(z); err == nil {
			return loc
		}
	}
	return time.UTC
}

// Windows are the clock-on and clock-off matching windows.
func (k *Kiosk) Windows() (on, off time.Duration) {
	on, off = time.Hour, time.Hour
	if k.ClockOnWindowMinutes != nil {
		on = time.Duration(*k.ClockOnWindowMinutes) * time.Minute
	}
	if k.ClockOffWindowMinutes != nil {
		off = time.Duration(*k.ClockOffWindowMinutes) * time.Minute
	}
	return on, off
}

// Validate checks the kiosk's own rules.
func (k *Kiosk) Validate(v *payroll.Validation) {
	k.Name = strings.TrimSpace(k.Name)
	v.Required("name", k.Name)
	v.MaxLen("name", k.Name, 255)
	v.MaxLen("externalId", k.ExternalID, 50)
	if k.IanaTimeZone != "" {
		if _, err := time.LoadLocation(k.IanaTimeZone); err != nil {
			v.Add("ianaTimeZone", "%q is not an IANA time zone", k.IanaTimeZone)
		}
	}
	if _, known := payroll.ZoneByWindows(k.TimeZone); k.TimeZone != "" && !known {
		if _, err := time.LoadLocation(k.TimeZone); err != nil {
			v.Add("timeZone", "%q is not a time zone this service knows", k.TimeZone)
		}
	}
	for name, n := range map[string]*int{"clockOnWindowMinutes": k.ClockOnWindowMinutes, "clockOffWindowMinutes": k.ClockOffWindowMinutes} {
		if n != nil && (*n < 0 || *n > 24*60) {
			v.Add(name, "%s must be between 0 and 1440", name)
		}
	}
	if k.LocationID != nil && *k.LocationID == 0 {
		k.LocationID = nil
	}
}

// Attendance states (TimeAttendanceStatus) and the stored shift states.
const (
	NotClockedOn = "NotClockedOn"
	ClockedOn    = "ClockedOn"
	OnBreak      = "OnBreak"
	ClockedOff   = "ClockedOff"
	Discarded    = "Discarded"
)

// Status is an employee's attendance state (KioskEmployeeModel).
type Status struct {
	EmployeeID         int64
	FirstName, Surname string
	Email, Mobile      string
	Status             string
	ClockOnUTC         time.Time // zero = none
	BreakStartUTC      time.Time
	BreakPaid          bool // the open break is a paid one
	RecordedUTC        time.Time
	CurrentShiftID     int64
	StartDate          time.Time
	PinExpired         bool
	TimesheetLineID    int64
}

// Action is what a clocking request says (the kiosk action models).
type Action struct {
	EmployeeID        int64
	KioskID           int64 // 0 = self-service
	RecordedTimeUTC   time.Time
	UTCOffset         string // "+10:00" when no kiosk zone applies
	LocationID        int64
	WorkTypeID        int64
	ClassificationID  int64
	ShiftConditionIDs []int64
	DimensionValueIDs []int64
	Note              string
	NoteVisibility    string
	IsPaidBreak       bool
	IsAdminInitiated  bool
}
