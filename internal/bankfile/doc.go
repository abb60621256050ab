// Package bankfile renders the bank payment files a finalised pay run's
// net pay is paid with: pure functions from a list of payments and the
// payer's file settings to the bytes a bank accepts. No database, no I/O.
//
// Formats, one per region:
//
//   - ABA: the Australian BECS direct entry ("Cemtex") file every
//     Australian bank imports. 120-character records: one type 0
//     descriptive record, a type 1 detail record per payment (transaction
//     code 53, pay), an optional self-balancing type 1 debit to the payer's
//     account (code 13), and the type 7 file total record (net, credit and
//     debit totals, count of type 1 records). Records end in CRLF.
//     Settings mirror au.BusinessAba.
//   - BACS Standard 18 (UK): the data records of a Bacs Standard 18
//     submission as bank and bureau software import them (Bacstel-IP
//     software adds the VOL/HDR/UHL labels when it signs the submission):
//     a 100-character credit record per payment (transaction code 99) and
//     one contra record (code 17) debiting the originator's account with the
//     total; 106 characters when a processing day is given (" YYDDD"
//     appended to every record). Records end in CRLF. Settings mirror
//     uk.UKBacs.
//   - NZ: the BNZ Internet Banking for Business (IB4B) direct credit import
//     file, the comma-separated header (1) / transaction (2) / control (3)
//     layout that ANZ Direct Online, ASB and Westpac Deskbank also import:
//     16-digit bank-branch-account-suffix numbers, amounts in cents,
//     transaction code 52 (salary), the control record's hash total of the
//     branch and base account digits.
//   - SG: the DBS IDEAL Interbank GIRO file (v1.7 layout): 1,000-character
//     fixed-width batch header (01), detail records (10; payment type 22,
//     salary, purpose code SALA) and batch trailer (20) with credit totals
//     and the account hash total; records separated by CRLF, at most 5,000
//     transactions per file. Settings mirror the GIRO payment file record
//     (au.PaymentFile with fileFormat DBS).
//
// Inputs are validated first: a bad member is a payroll.Invalid naming it
// ("payments[2].bsb", "accountNumber"). Amounts must be positive whole
// cents; free text is folded to each format's character set (accents
// dropped, other characters become spaces) and cut to the field's width.
package bankfile
