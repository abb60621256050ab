// Package forms builds the UK employer's statutory forms for employees
// from their finalised pay runs: the P45 a leaver takes to the next
// employer and the P60 every employee gets for a tax year (pay, tax,
// National Insurance by category letter with the earnings bands, student
// and postgraduate loans, statutory payments). Figures are sums over the
// finalised runs paid in the tax year, read in one query; nothing is
// stored until the employer publishes a P60 (the employee then sees the
// document as published). PDFs are rendered with go-pdf/fpdf, with fixed
// metadata so the same form always renders to the same bytes.
package forms
