// Package payslip renders an employee's payslip for one pay as a PDF
// (github.com/go-pdf/fpdf): business and employee, period and date paid,
// earnings, reimbursements, deductions, tax and the other statutory
// deductions, net pay and the bank payments it went to, the employer's
// contributions (super, pension, KiwiSaver, CPF), year-to-date totals and
// leave balances.
//
// The renderer is pure: the pay run hands it a Payslip and gets bytes.
// The bytes are deterministic: the document's creation and modification
// dates are the payment date, the producer is fixed, objects are written
// in sorted order and nothing random (no document id) is included, so the
// same payslip always renders to the same file and can be cached or
// compared.
package payslip
