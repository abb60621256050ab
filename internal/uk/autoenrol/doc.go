// Package autoenrol owns a UK employee's workplace pension auto-enrolment
// state (E/pension, E/pension/force): the worker category assessed from
// age and the latest finalised pay against the year's earnings trigger and
// qualifying earnings band (calc/uk, rules §2.6), and what the employer
// recorded (enrolled, opted in, opted out, postponed, forced).
package autoenrol
