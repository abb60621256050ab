// Package cpf builds the Singapore CPF contribution submission file of a
// month: the CPF Board's EZPay (FTP) fixed-width file (an employer header,
// a contribution summary per payment code, a contribution detail per
// contributing employee and an employer trailer; 150-byte records) from
// the business's finalised SG pay runs paid in that month, and parses such
// a file back so a test can check one against the layout written down in
// docs/reference/sg-cpf-submission.md. internal/filing records the file as
// a filing and sends it.
package cpf
