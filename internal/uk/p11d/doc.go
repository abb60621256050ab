// Package p11d keeps the benefits in kind provided to UK employees
// (E/benefit: a benefit category given to one employee for a period) and
// builds from them the employer's P11D return of a tax year, with the
// P11D(b) Class 1A National Insurance, the employee's P11D as a PDF, and
// the P46(Car) report of company cars made available or withdrawn.
//
// Cash equivalents (whole pounds, pence dropped as on the paper P11D):
//   - CarsAndCarFuel (section F): (list price + optional accessories −
//     capital contribution, at most £5,000) × the appropriate percentage
//     of the car's CO2 band (CarPercentage), × days available ÷ days in
//     the tax year, − amountMadeGood for private use. Car fuel benefit is
//     not computed; a car with no approved CO2 figure is refused (409).
//   - QualifyingRelocationExpenses (J): the employee's relocation costs
//     in the year above the £8,000 exemption.
//   - every other type: cost − amountMadeGood (the employer's cost of the
//     asset, payment, voucher, premium ...; vans included: enter the van
//     benefit charge as cost).
//
// Benefits of payrolled categories are taxed through pay runs and left
// off the P11D; the benefit lines of finalised pay runs (P/benefits) are
// added to the Class 1A total of the P11D(b).
package p11d
