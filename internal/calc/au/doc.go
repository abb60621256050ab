// Package au is the Australian statutory calculation: PAYG withholding
// (ATO Schedule 1, NAT 1004; working holiday makers by Schedule 15), the
// study and training support loan component (Schedule 8), tax offsets and
// the Medicare levy adjustment, the super guarantee and NES leave accrual.
//
// # Rule tables
//
// Every number that changes with the law lives in a Year value (tables.go):
// one per income year (1 July – 30 June), found by payment date (the ATO
// dates schedules by when a payment is made) or by name when the input
// names its tax year. A Year holds:
//
//   - PAYG: the Schedule 1 weekly coefficient bands per scale (y = a·x − b
//     for weekly earnings x below the band's limit), the scale 4 flat rates
//     and the per-period tax offset percentages;
//   - WHM: the Schedule 15 marginal rates on year-to-date earnings;
//   - Medicare: the Medicare levy adjustment entry points, rates and family
//     threshold (nil when the year's parameters are not known: a claim is
//     then refused rather than guessed);
//   - STSL: the Schedule 8 coefficient tables in force from a date, in date
//     order (Schedule 8 changed mid-year on 24 September 2025); a nil table
//     means the rules are not known and a calculation that needs it fails;
//   - Super: the super guarantee rate and the maximum contribution base,
//     per quarter or per income year (Payday Super from 1 July 2026);
//   - Leave: the NES accrual rates per ordinary hour.
//
// Each table carries its calc.Rule values (code, text, source), so a
// figure points at the rule of the year that produced it without
// allocating. The calculation code (au.go) never looks at which year it
// is: the methods the ATO keeps from year to year (x = whole dollars + 99c,
// the period conversions, rounding to the dollar) are code; the numbers
// are data.
//
// # Arithmetic
//
// Earnings in whole cents (the usual case) are summed as integers; the
// Schedule 1/8 formula is a·x − b in 10⁻⁶ dollars (x in cents × a × 10⁴
// less b × 10⁶, exact for the ATO's 4-decimal coefficients) and the super
// guarantee rate × base in integers, each with an exact decimal fallback
// (fractions of a cent, coefficients with more decimals).
// TestIntegerPathsMatchDecimal checks they agree. BenchmarkAU reports
// ns/op and cpu-ns/op per frequency.
//
// # Adding 2027-28
//
// Write a y2027 Year in tables.go beside y2026 (copy it, change Name,
// From/To, the coefficients, thresholds and sources) and append it to
// Years. Nothing else changes; add its published vectors to the vectors
// test data.
package au
