// Package award interprets worked time under a pay condition rule set: an
// award's rules held as data (rule set, dated versions, ordered rules with
// conditions and actions) turn an employee's shifts into pay lines, each
// naming the rule that made it and the hours it covers.
//
// It is pure: no I/O, no clock. Callers (timesheet costing, roster costs,
// pay runs) load the rule set, the employee's agreement and the public
// holidays, and hand them in with the shifts.
//
// How a week is interpreted (Interpret):
//
//  1. Shifts are consolidated as the rule set says (None, SameDay, or
//     Duration: parts closer than the threshold are one engagement). An
//     engagement is what minimum engagements, shift thresholds and split
//     shift allowances look at.
//  2. Worked time (breaks that are paid count as work) is cut into pieces
//     at midnight, at every time-of-day edge a rule names, and where a
//     continuous stretch passes a missed-break threshold.
//  3. Pieces are walked in time order. A piece outside the span of
//     ordinary hours, or beyond the day's, week's, shift's or period's
//     ordinary hours, is overtime; overtime is paid by the first matching
//     overtime rate entry, in tiers counted per day ("the first 3 hours").
//     Ordinary pieces are paid by the matching penalty rule of highest
//     value (the awards pay the highest of overlapping penalties).
//  4. Minimum engagements top an engagement up to their hours at the rate
//     of its last paid stretch; allowances are added per shift, day or
//     hour where their conditions hold.
//
// Money is exact: rates are integer cents an hour (base × multiplier to
// the cent, half up, plus any loading), amounts are minutes × rate / 60 to
// the cent, half up. The version of the rule set in force is chosen by the
// pay period's start when given (an award change applies from the first
// full pay period starting on or after its date), else by each shift's
// day; a day no version covers is refused with a message naming what is
// missing.
package award
