// Package ni owns an employee's National Insurance category history (UK,
// E/nationalinsurancerecord: the category letter in force from a day, which
// a pay run reads on its payment date) and NI back calculations
// (E/nationalinsurancebackcalculation: employee and employer NI recomputed
// with calc/uk for the finalised periods of a tax year under a corrected
// category, the difference applied by the next pay run).
package ni
