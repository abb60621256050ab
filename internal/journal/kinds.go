package journal

// Kind is a statutory amount's kind: what it is and so where it posts.
type Kind string

// Statutory kinds by region. Withheld kinds are deducted from the
// employee's pay (a liability only); employer kinds are the employer's
// cost (an expense and a liability).
const (
	// Withheld from pay.
	PaygWithholding           Kind = "PaygWithholding"           // AU
	EmployeeSuper             Kind = "EmployeeSuper"             // AU salary sacrificed and member voluntary super adjustments, owed to the fund
	Paye                      Kind = "Paye"                      // UK income tax; NZ PAYE
	StudentLoan               Kind = "StudentLoan"               // UK plans 1, 2, 4, 5; NZ student loan
	PostgraduateLoan          Kind = "PostgraduateLoan"          // UK
	EmployeeNationalInsurance Kind = "EmployeeNationalInsurance" // UK
	EmployeePension           Kind = "EmployeePension"           // UK (net pay and relief at source)
	KiwiSaverEmployee         Kind = "KiwiSaverEmployee"         // NZ
	CpfEmployee               Kind = "CpfEmployee"               // SG
	CommunityFund             Kind = "CommunityFund"             // SG CDAC, ECF, MBMF, SINDA
	OtherTax                  Kind = "OtherTax"                  // any other tax withheld (SG tax, HELP...)
	Pcb                       Kind = "Pcb"                       // MY monthly tax deduction
	Zakat                     Kind = "Zakat"                     // MY zakat deducted from pay
	EpfEmployee               Kind = "EpfEmployee"               // MY
	SocsoEmployee             Kind = "SocsoEmployee"             // MY
	EisEmployee               Kind = "EisEmployee"               // MY
	Lindung24                 Kind = "Lindung24"                 // MY LINDUNG 24 Jam (employee only)

	// The employer's cost.
	SuperGuarantee            Kind = "SuperGuarantee"            // AU
	EmployerNationalInsurance Kind = "EmployerNationalInsurance" // UK
	EmployerClass1ANics       Kind = "EmployerClass1ANics"       // UK, on termination awards past £30,000
	EmployerPension           Kind = "EmployerPension"           // UK
	KiwiSaverEmployer         Kind = "KiwiSaverEmployer"         // NZ, net of ESCT
	Esct                      Kind = "Esct"                      // NZ employer superannuation contribution tax
	CpfEmployer               Kind = "CpfEmployer"               // SG
	SkillsDevelopmentLevy     Kind = "SkillsDevelopmentLevy"     // SG
	EpfEmployer               Kind = "EpfEmployer"               // MY
	SocsoEmployer             Kind = "SocsoEmployer"             // MY
	EisEmployer               Kind = "EisEmployer"               // MY
	HrdLevy                   Kind = "HrdLevy"                   // MY HRD Corp levy
)

// rule says where a kind posts: the default account slots to try in
// order, and the journal item types of its lines.
type rule struct {
	label                      string
	liability, expense         []string // expense nil: withheld from pay
	liabilityType, expenseType string
}

var rules = map[Kind]rule{
	PaygWithholding: {label: "PAYG withholding", liability: []string{"paygLiabilityAccountId", "defaultLiabilityAccountId"}, liabilityType: "PaygLiability"},
	EmployeeSuper: {label: "Superannuation (employee contributions)", liability: []string{"superannuationLiabilityAccountId", "defaultLiabilityAccountId"},
		liabilityType: "SuperLiability"},
	Paye: {label: "PAYE", liability: []string{"payeLiabilityAccountId", "defaultLiabilityAccountId"}, liabilityType: "PayeLiability"},
	StudentLoan: {label: "Student loan", liability: []string{"studentLoanLiabilityAccountId", "payeLiabilityAccountId", "defaultLiabilityAccountId"},
		liabilityType: "StudentLoanLiability"},
	PostgraduateLoan: {label: "Postgraduate loan", liability: []string{"postgraduateStudentLoanLiabilityAccountId", "studentLoanLiabilityAccountId",
		"payeLiabilityAccountId", "defaultLiabilityAccountId"}, liabilityType: "PostGraduateStudentLoanLiability"},
	EmployeeNationalInsurance: {label: "Employee National Insurance", liability: []string{"employeeNationalInsuranceLiabilityAccountId",
		"nationalInsuranceLiabilityAccountId", "defaultLiabilityAccountId"}, liabilityType: "EmployeeNationalInsuranceLiability"},
	EmployeePension: {label: "Employee pension", liability: []string{"employeePensionLiabilityAccountId", "employerPensionLiabilityAccountId",
		"defaultLiabilityAccountId"}, liabilityType: "EmployeePensionLiability"},
	KiwiSaverEmployee: {label: "KiwiSaver employee", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "KiwiSaverLiability"},
	CpfEmployee:       {label: "CPF employee", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "CpfLiability"},
	CommunityFund:     {label: "Community fund", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "CommunityFundLiability"},
	OtherTax:          {label: "Tax", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "TaxLiability"},
	Pcb:               {label: "PCB/MTD", liability: []string{"payeLiabilityAccountId", "defaultLiabilityAccountId"}, liabilityType: "PcbLiability"},
	Zakat:             {label: "Zakat", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "ZakatLiability"},
	EpfEmployee:       {label: "EPF employee", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "EpfLiability"},
	SocsoEmployee:     {label: "SOCSO employee", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "SocsoLiability"},
	EisEmployee:       {label: "EIS employee", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "EisLiability"},
	Lindung24:         {label: "LINDUNG 24 Jam", liability: []string{"defaultLiabilityAccountId"}, liabilityType: "SocsoLiability"},

	SuperGuarantee: {label: "Superannuation", liability: []string{"superannuationLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"superannuationExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "SuperLiability", expenseType: "SuperExpense"},
	EmployerNationalInsurance: {label: "Employer National Insurance", liability: []string{"nationalInsuranceLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"nationalInsuranceExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "NationalInsuranceLiability",
		expenseType: "NationalInsuranceExpense"},
	// Class 1A on termination awards is paid to HMRC with the PAYE and NI
	// of the month (NIM13203): the same accounts as employer NI.
	EmployerClass1ANics: {label: "Employer Class 1A NICs", liability: []string{"nationalInsuranceLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"nationalInsuranceExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "NationalInsuranceLiability",
		expenseType: "NationalInsuranceExpense"},
	EmployerPension: {label: "Employer pension", liability: []string{"employerPensionLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerPensionExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "EmployerPensionLiability",
		expenseType: "EmployerPensionExpense"},
	KiwiSaverEmployer: {label: "KiwiSaver employer", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "KiwiSaverLiability",
		expenseType: "KiwiSaverExpense"},
	Esct: {label: "ESCT", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "EsctLiability", expenseType: "EsctExpense"},
	CpfEmployer: {label: "CPF employer", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "CpfLiability", expenseType: "CpfExpense"},
	SkillsDevelopmentLevy: {label: "Skills Development Levy", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "SdlLiability", expenseType: "SdlExpense"},
	EpfEmployer: {label: "EPF employer", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "EpfLiability", expenseType: "EpfExpense"},
	SocsoEmployer: {label: "SOCSO employer", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "SocsoLiability", expenseType: "SocsoExpense"},
	EisEmployer: {label: "EIS employer", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "EisLiability", expenseType: "EisExpense"},
	HrdLevy: {label: "HRD Corp levy", liability: []string{"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"},
		expense: []string{"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"}, liabilityType: "HrdfLiability", expenseType: "HrdfExpense"},
}
