// Package rti builds the UK Real Time Information Full Payment Submission
// (FPS) of a finalised pay run: per employee the payment (pay frequency,
// payment date, week or month number, tax code and basis, taxable pay,
// tax, student and postgraduate loans, pay after statutory deductions),
// the year-to-date figures (taxable pay, tax, loans, statutory payments)
// and National Insurance by category letter with the earnings bands (at
// the LEL, LEL to PT, PT to UEL) in the period and to date, in the
// element names of HMRC's FPS schema. Each generated submission is stored
// with its transaction id, so the XML sent can be fetched again.
// Sending to HMRC's gateway is not done here.
package rti
