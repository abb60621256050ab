// Package employerreturns builds a UK employer's returns to HMRC: the P32
// Employer Payment Record (what is due to HMRC per tax month: PAYE, loans,
// Class 1 NI, less statutory payment recovery with NIC compensation and the
// employment allowance, plus apprenticeship levy, less CIS deductions
// suffered) with its summaries, opening balances, payments and payment
// file, and the EPS (Employer Payment Summary) built from the same figures.
// P32 and EPS share the monthly computation, hence one package.
//
// Figures come from FINALISED UK pay runs by pay date (tax month 1 = 6 April
// to 5 May), plus what the employer stores: figures paid earlier in the year
// outside payrolld (opening balances) and per-month adjustments and payments
// made. Rates (recovery, allowance, levy) come from uk.ReturnFigures.
// Nothing is sent to HMRC.
package employerreturns
