#!/usr/bin/env python3
"""Generates the employee member table (issue 10) in its three places:
internal/employee/members.go (model), the 00080 migration (columns) and the
CreateEmployee/UpdateEmployee statements of internal/store/queries/employee.sql.
Usage: scripts/gen_employee_members.py model | gofmt > internal/employee/members.go
(and mig|q). The migration is history now: later member changes go in a new
migration, and the model's kind below (KIND_NOW) says what it changed. After
`model`, regenerate members_fromrow.go:
go test ./internal/employee -run TestMembersFromRowGenerated -update"""
import re, sys, json
# (jsonName, kind, region, maxlen) kinds: s string, b *bool, d DateTime, m *Money, r *Rate, i *int64
F = []
def add(region, kind, *names, ml=0):
    for n in names: F.append((n, kind, region, ml))
C=''
add(C,'s','title', ml=50)
add(C,'s','firstName','surname','middleName','preferredName','previousSurname', ml=100)
add(C,'s','gender', ml=20)
add(C,'d','dateOfBirth','anniversaryDate','startDate','endDate')
add(C,'s','jobTitle', ml=100)
add(C,'s','tags', ml=500)
for p in ['residential','postal']:
    add(C,'s',p+'StreetAddress',p+'AddressLine2', ml=200)
    add(C,'s',p+'Suburb',p+'State',p+'PostCode',p+'Country', ml=100)
    add(C,'b',p+'AddressIsOverseas')
add(C,'s','emailAddress', ml=200)
add(C,'s','homePhone','workPhone','mobilePhone', ml=50)
for i in (1,2):
    add(C,'s','emergencyContact%d_Name'%i,'emergencyContact%d_Relationship'%i, ml=100)
    add(C,'s','emergencyContact%d_Address'%i, ml=500)
    add(C,'s','emergencyContact%d_ContactNumber'%i,'emergencyContact%d_AlternateContactNumber'%i, ml=50)
add(C,'s','paySchedule','primaryPayCategory','primaryLocation', ml=200)
add(C,'s','locations','workTypes', ml=2000)
add(C,'r','rate')
add(C,'s','rateUnit', ml=20)
add(C,'r','hoursPerWeek','hoursPerDay')
add(C,'s','overrideTemplateRate','automaticallyPayEmployee','isEnabledForTimesheets', ml=10)
add(C,'s','payRateTemplate','payConditionRuleSet','leaveTemplate','businessAwardPackage','employmentAgreement', ml=200)
add(C,'i','awardId','employmentAgreementId')
add(C,'b','disableAutoProgression','automaticallyApplyPublicHolidayNotWorkedEarningsLines')
add(C,'s','paySlipNotificationType','rosteringNotificationChoices', ml=100)
add(C,'e','leaveAccrualStartDateType', ml=50)
add(C,'d','leaveYearStart')
add(C,'s','reportingDimensionValues', ml=2000)
add(C,'s','employmentType', ml=50)
add(C,'s','terminationReason', ml=100)
add(C,'s','employingEntityId', ml=50)
add(C,'s','externalReferenceId', ml=100)
add(C,'s','source', ml=50)
for i in (1,2,3):
    add(C,'s','bankAccount%d_AccountNumber'%i,'bankAccount%d_AccountName'%i, ml=100)
    add(C,'r','bankAccount%d_AllocatedPercentage'%i)
    add(C,'m','bankAccount%d_FixedAmount'%i)
A='AU'
add(A,'s','taxFileNumber', ml=11)
add(A,'s','employingEntityABN','contractorABN', ml=14)
add(A,'b','australianResident','claimTaxFreeThreshold','seniorsTaxOffset','otherTaxOffset','stslDebt','isExemptFromFloodLevy','hasApprovedWorkingHolidayVisa')
add(A,'s','workingHolidayVisaCountry', ml=100)
add(A,'d','workingHolidayVisaStartDate')
add(A,'b','isSeasonalWorker','hasWithholdingVariation')
add(A,'r','taxVariation')
add(A,'d','dateTaxFileDeclarationSigned','dateTaxFileDeclarationReported')
add(A,'s','medicareLevyExemption', ml=20)
add(A,'b','claimMedicareLevyReduction','medicareLevyReductionSpouse')
add(A,'i','medicareLevyReductionDependentCount')
add(A,'e','medicareLevySurchargeWithholdingTier','taxCategory','singleTouchPayroll','closelyHeldReporting', ml=60)
add(A,'b','closelyHeldEmployee','isExemptFromPayrollTax','includeInPortableLongServiceLeaveReport')
add(A,'s','portableLongServiceLeaveId', ml=50)
add(A,'s','dvlPaySlipDescription', ml=100)
for i in (1,2,3):
    add(A,'s','bankAccount%d_BSB'%i, ml=7)
for i in (1,2,3):
    add(A,'s','superFund%d_ProductCode'%i,'superFund%d_FundName'%i,'superFund%d_MemberNumber'%i, ml=100)
    add(A,'r','superFund%d_AllocatedPercentage'%i)
    add(A,'m','superFund%d_FixedAmount'%i)
    add(A,'b','superFund%d_EmployerNominatedFund'%i)
add(A,'m','superThresholdAmount','maximumQuarterlySuperContributionsBase','maximumAnnualSuperContributionsBase')
U='UK'
add(U,'s','nationalInsuranceNumber', ml=13)
add(U,'s','taxCode', ml=20)
add(U,'s','taxCalculationMethod','nationalInsuranceCategory','nationalInsuranceCalculationMethod','studentLoanType', ml=30)
add(U,'b','hasStudentLoan','hasPostGradLoan')
add(U,'s','isCompanyDirector','employeePaidIrregularly','isApprentice','isExemptFromMinimumWage', ml=10)
add(U,'d','appointmentStartDate','appointmentEndDate')
add(U,'s','employeeStarterType','employeeStatement','payrollId', ml=50)
add(U,'s','residentialCity','residentialCounty','postalCity','postalCounty', ml=100)
for i in (1,2,3):
    add(U,'s','bankAccount%d_SortCode'%i,'bankAccount%d_RollNumber'%i, ml=20)
# P45 previous employment (migration 00640)
add(U,'s','previousEmployerOfficeNumber', ml=10)
add(U,'s','previousEmployerReferenceNumber', ml=20)
add(U,'m','previousEmployerTaxablePay','previousEmployerTaxWithheld')
add(U,'d','previousEmployerLeavingDate')
add(U,'b','previousEmployerContinueStudentLoanDeductions','previousEmployerW1M1')
add(U,'s','previousEmployerTaxPeriodFrequency', ml=20)
add(U,'i','previousEmployerTaxPeriodNumber')
add(U,'s','previousEmployerTaxCode', ml=20)
N='NZ'
add(N,'s','taxCodeDeclaration_IrdNumber', ml=11)
add(N,'s','taxCodeDeclaration_TaxCode','taxCodeDeclaration_SpecialTaxCode', ml=20)
add(N,'b','taxCodeDeclaration_NewZealandResident','taxCodeDeclaration_StudentLoan','taxCodeDeclaration_IsPrimaryIncome')
add(N,'r','taxCodeDeclaration_EsctRate','taxCodeDeclaration_StudentLoanRate','taxCodeDeclaration_SpecialTaxCodeRate')
add(N,'i','kiwiSaver_EmployeeContribution','kiwiSaver_EmployerContribution')
add(N,'s','kiwiSaver_EnrollmentStatus','kiwiSaver_IneligibilityReason', ml=50)
add(N,'d','kiwiSaver_OptOutDate')
add(N,'s','employingEntityNZBN', ml=20)
for i in (1,2,3):
    add(N,'s','bankAccount%d_BankCode'%i, ml=20)
S='SG'
add(S,'s','nationalRegistrationIdentityNumber', ml=9)
add(S,'s','legalStatus','nationality','ethnicity','religion','employeeGroup', ml=60)
add(S,'d','obtainedResidencyDate','nationalRegistrationIdentityExpiryDate')
add(S,'b','applyFullCpfRate','cpfExempt','sdlExempt')
add(S,'s','employingEntityUen', ml=20)
for i in (1,2,3):
    add(S,'s','bankAccount%d_BankSwift'%i,'bankAccount%d_BranchCode'%i, ml=20)

ENUMS={
 'leaveAccrualStartDateType':'EmployeeStartDate,SpecifiedDate,CalendarYear,CategorySpecificDate',
 'medicareLevySurchargeWithholdingTier':'Tier1,Tier2,Tier3',
 'taxCategory':'Actor_WithTaxFreeThreshold,Actor_NoTaxFreeThreshold,Actor_LimitedPerformancePerWeek,Actor_Promotional,HorticulturalistShearer_WithTaxFreeThreshold,HorticulturalistShearer_ForeignResident,SeniorPensioner_Single,SeniorPensioner_Married,SeniorPensioner_SeparatedCoupleIllness,ATODefined_DeathBeneficiary,ATODefined_DownwardVariation,ATODefined_NonEmployee,DailyCasual',
 'singleTouchPayroll':'CloselyHeld,ForeignEmployment,InboundAssignee,LabourHire,OtherSpecifiedPayments,SalaryAndWages,WorkingHolidayMaker,SeasonalWorker',
 'closelyHeldReporting':'PerQuarter,PerPayRun',
}
def snake(n):
    s = re.sub(r'(?<=[a-z0-9])(?=[A-Z])', '_', n)
    s = re.sub(r'(?<=[A-Z])(?=[A-Z][a-z])', '_', s)
    s = s.lower().replace('__','_')
    return s
OVR = {'firstName':'first_name','emailAddress':'email','surname':'surname'}
EXISTING = {'first_name','surname','email'}
def goname(col):
    return ''.join('ID' if p=='id' else p[:1].upper()+p[1:] for p in col.split('_'))
cols=[]
for (n,k,reg,ml) in F:
    c = OVR.get(n, snake(n))
    cols.append((n,k,reg,ml,c,goname(c)))
assert len(set(c[4] for c in cols))==len(cols), 'dup'
for c in cols:
    assert len(c[4])<=63, c
SQLT={'e':"TEXT NOT NULL DEFAULT ''",'s':"TEXT NOT NULL DEFAULT ''",'b':'BOOLEAN','d':'TIMESTAMP','m':'BIGINT','r':'TEXT','i':'BIGINT'}
extra=[('version',"BIGINT NOT NULL DEFAULT 1"),('pay_schedule_id','BIGINT'),('primary_pay_category_id','BIGINT'),('primary_location_id','BIGINT')]
def migration(dialect):
    out=['-- +goose Up',
    '-- The employee itself (issue 10): every member of the unstructured employee',
    '-- of every region as a column (amounts in integer minor units, rates as',
    '-- exact decimal text), a version for conditional updates, the resolved ids',
    '-- of the name-typed members, and the employee\'s locations as rows so the',
    '-- restricted-user scope and location filters are plain SQL.']
    for (n,k,reg,ml,c,g) in cols:
        if c in EXISTING: continue
        out.append('ALTER TABLE employees ADD COLUMN %s %s;' % (c, SQLT[k]))
    for c,t in extra:
        out.append('ALTER TABLE employees ADD COLUMN %s %s;' % (c,t))
    out += [
    "CREATE INDEX employees_business_surname ON employees(business_id, surname, id);",
    "CREATE INDEX employees_business_first_name ON employees(business_id, first_name, id);",
    "CREATE INDEX employees_business_status ON employees(business_id, status, id);",
    "CREATE INDEX employees_business_schedule ON employees(business_id, pay_schedule_id);",
    "CREATE INDEX employees_user ON employees(user_id);",
    "CREATE UNIQUE INDEX employees_business_external_id ON employees(business_id, external_id) WHERE external_id <> '';",
    "CREATE INDEX employees_business_external_id_lookup ON employees(business_id, external_id);",
    "CREATE INDEX employees_business_external_ref ON employees(business_id, external_reference_id, source) WHERE external_reference_id <> '';",
    "CREATE INDEX employees_business_tfn ON employees(business_id, tax_file_number) WHERE tax_file_number <> '';",
    "CREATE INDEX employees_business_ni ON employees(business_id, national_insurance_number) WHERE national_insurance_number <> '';",
    "CREATE INDEX employees_business_ird ON employees(business_id, tax_code_declaration_ird_number) WHERE tax_code_declaration_ird_number <> '';",
    "",
    "CREATE TABLE employee_locations (",
    "    business_id BIGINT NOT NULL REFERENCES businesses(id),",
    "    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,",
    "    location_id BIGINT NOT NULL REFERENCES records(id),",
    "    position INTEGER NOT NULL,",
    "    PRIMARY KEY (employee_id, location_id)",
    ");",
    "CREATE INDEX employee_locations_location ON employee_locations(business_id, location_id, employee_id);",
    "",
    "-- +goose Down",
    "DROP TABLE employee_locations;"]
    for ix in ['employees_business_surname','employees_business_first_name','employees_business_status','employees_business_schedule','employees_user','employees_business_external_id','employees_business_external_id_lookup','employees_business_external_ref','employees_business_tfn','employees_business_ni','employees_business_ird']:
        out.append('DROP INDEX %s;'%ix)
    for c,t in reversed(extra):
        out.append('ALTER TABLE employees DROP COLUMN %s;'%c)
    for (n,k,reg,ml,c,g) in reversed(cols):
        if c in EXISTING: continue
        out.append('ALTER TABLE employees DROP COLUMN %s;'%c)
    return '\n'.join(out)+'\n'
GOT={'e':'*string','s':'string','b':'*bool','d':'payroll.DateTime','m':'*payroll.Money','r':'*payroll.Rate','i':'*int64'}
# Kinds changed by later migrations (the 00080 columns stay as they were).
KIND_NOW = {'kiwiSaver_EmployeeContribution': 'r', 'kiwiSaver_EmployerContribution': 'r'}  # 00500_kiwisaver_rates
# Descriptions in the API document (the doc tag).
DOC = {
 'dateOfBirth': 'a local date, yyyy-MM-ddT00:00:00',
 'anniversaryDate': 'a local date, yyyy-MM-ddT00:00:00',
 'startDate': 'the first day of employment, a local date yyyy-MM-ddT00:00:00',
 'endDate': 'the last day of employment, a local date yyyy-MM-ddT00:00:00; set terminates the employee',
 'rate': 'the pay rate per rateUnit (per hour, year, day, week, month or pay run) in the business currency',
 'hoursPerWeek': 'standard hours a week, decimal hours (37.5 = 37 h 30 min)',
 'hoursPerDay': 'standard hours a day, decimal hours (7.6 = 7 h 36 min)',
 'previousEmployerTaxablePay': 'P45: taxable pay to date in the previous employment of this tax year (counted in cumulative PAYE when the leaving date is in the tax year of the payment)',
 'previousEmployerTaxWithheld': 'P45: tax deducted to date in the previous employment of this tax year',
 'previousEmployerLeavingDate': 'P45: date of leaving the previous employment',
 'previousEmployerW1M1': 'P45: the previous employer operated the code on the week 1/month 1 basis (the previous pay and tax are then not counted)',
 'kiwiSaver_EmployeeContribution': "percent of gross pay (3.5 = 3.5%): one of the tax year's choices (3.5, 4, 6, 8, 10 from 1 April 2026; 3 is IRD's temporary rate reduction); 0 or null = the year's default",
 'kiwiSaver_EmployerContribution': "percent of gross pay, at least the year's compulsory minimum (3.5 from 1 April 2026; 3 only for an employee on the temporary rate reduction); 0 or null = the minimum",
}
def model():
    out=['// Code generated by scripts/gen_employee_members.py model; DO NOT EDIT.',
         '// Change the member table there (and add a migration for new columns).','',
         'package employee','','import "github.com/payrolld/payrolld/internal/payroll"','',
         '// Members is every member of the unstructured employee, all regions. The',
         '// Go field names are the column names as sqlc spells them (toRow/fromRow',
         '// copy by name); the JSON names are the wire names.',
         'type Members struct {']
    last=None
    mcols=[(n,KIND_NOW.get(n,k),reg,ml,c,g) for (n,k,reg,ml,c,g) in cols]
    for (n,k,reg,ml,c,g) in mcols:
        if reg!=last:
            out.append('\n\t// %s' % ({'':'Common members.','AU':'AU members.','UK':'UK members.','NZ':'NZ members.','SG':'SG members.'}[reg]))
            last=reg
        tag='json:"%s"' % n
        if ml: tag += ' maxLength:"%d"' % ml
        if k == 'e': tag += ' enum:"%s"' % ENUMS[n]
        if k in 'bdmrie': tag += ' nullable:"true"'
        if n in DOC: tag += ' doc:%s' % json.dumps(DOC[n])
        out.append('\t%s %s `%s`' % (g, GOT[k], tag))
    out.append('}')
    out.append('')
    out.append('// memberInfo lists each member: wire name, region ("" = all), max length.')
    out.append('var memberInfo = []member{')
    for (n,k,reg,ml,c,g) in mcols:
        out.append('\t{%s, %s, %s, %s, %s, %d},' % (json.dumps(n), json.dumps(g), json.dumps(c), json.dumps(reg), json.dumps(k), ml))
    out.append('}')
    return '\n'.join(out)+'\n'
def queries():
    cs=[c for c in cols if True]
    names=['business_id']+[c[4] for c in cs]+['status','external_id','pay_schedule_id','primary_pay_category_id','primary_location_id','created_at','updated_at']
    out=['-- Employees (issue 10). Column lists are in migration order; the Go side',
         '-- copies between store.Employee and the employee model by field name.','',
         '-- name: CreateEmployee :one',
         'INSERT INTO employees (%s)' % ', '.join(names),
         'VALUES (%s)' % ', '.join('$%d'%(i+1) for i in range(len(names))),
         'RETURNING *;','']
    upd=[c[4] for c in cs]+['status','external_id','pay_schedule_id','primary_pay_category_id','primary_location_id','updated_at']
    sets=', '.join('%s = $%d'%(c,i+4) for i,c in enumerate(upd))
    out+=['-- name: UpdateEmployee :one',
          '-- Conditional on the version the caller read: no row = someone else wrote first.',
          'UPDATE employees SET %s, version = version + 1' % sets,
          'WHERE id = $1 AND business_id = $2 AND version = $3',
          'RETURNING *;','']
    return '\n'.join(out)
if sys.argv[1]=='mig': print(migration(sys.argv[2]), end='')
elif sys.argv[1]=='model': print(model(), end='')
elif sys.argv[1]=='q': print(queries())
