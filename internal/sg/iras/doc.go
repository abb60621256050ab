// Package iras keeps the IRAS items of Singapore employees: benefits in
// kind, gains or profits from employee share plans, income from overseas
// subject to tax remission, income tax borne by the employer and lump sum
// payments (E/benefitsinkind, E/gainsorprofitsemployeeshareplan,
// E/incomefromoverseassubjecttotaxremission, E/incometaxbornebyemployer,
// E/lumpsum). Each item belongs to one employee and one basis period (the
// calendar year the income was earned; the year of assessment is the next
// one). Items are leaf records an employer keeps for the employee's annual
// return (IR8A and its appendices): stored as typed documents in
// sg_iras_items, validated, and updated conditionally on their version.
package iras
