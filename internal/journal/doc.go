// Package journal turns a pay run's totals into the general-ledger journal
// that records it: gross wages and the employer's costs debited to expense
// accounts; tax withheld, statutory contributions, deductions and employer
// liabilities credited to liability accounts; net pay credited to the
// bank (payment) account. Accounts come from the business's chart of
// accounts (Accounts has the chart's default account members with their
// JSON names, so accounts.ChartOfAccountsAccounts converts by JSON); a
// category's own mapping wins over the defaults.
//
// Build refuses totals that do not balance (net pay must be gross +
// reimbursements − deductions − withheld amounts) and a line with no
// account to post to, so every journal it returns has debits equal to
// credits to the cent. It is pure: no database, no I/O.
package journal
