package payrun

// WarningModel is one warning of a run (DetailedPayRunWarningModel).
type WarningModel struct {
	WarningType            string `json:"warningType" enum:"PaymentFile,NegativeEarnings,PreviouslyTerminated,DuplicateEarningsLines,TaxCodeMissing,NINOUnknown,BelowMinimumWage,EmployeeInformation,ExpiredNric,ConcurrentPayRun,ConcurrentPayRunAU,MoreThan28DaysWithoutTfnQuoted,Birthday,Anniversary,Bpay"`
	WarningTypeDescription string `json:"warningTypeDescription"`
	EmployeeID             int64  `json:"employeeId"`
	EmployeeName           string `json:"employeeName"`
	Warning                string `json:"warning"`
}
