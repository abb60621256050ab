package au

// The super fund registry shipped with the binary. There is no network
// access to the ATO's Super Fund Lookup / SuperStream fund validation
// service, so GET B/superfund/productsearch searches this small list and
// GET B/superfund/electronicserviceaddress lists the SMSF messaging
// providers' electronic service addresses below.
//
// Where the rows come from: every row was checked against a public page
// (the fund's own FAQ or product disclosure statement, or the messaging
// provider's page) stored in the research corpus; the source column names
// it. Funds whose USI could not be confirmed that way (e.g. UniSuper,
// Hostplus) are left out rather than guessed.
//
// How an operator replaces it: write files in the same CSV layouts
// (header row required; columns matched by name, any case) and load them
// at start with (*ScheduleCollections).LoadSuperRegistry(fundsPath,
// esaPath), which the service setup calls with the configured paths
// (proposed: PAYROLL_SUPER_FUNDS_CSV and PAYROLL_SMSF_ESA_CSV); an empty
// path keeps the built-in list. A row whose ABN fails the checksum stops
// the start rather than being served.
// The ATO publishes the complete fund list (Super Fund Lookup "USI
// download") and the register of SMSF messaging providers.

// builtinSuperFunds: usi,abn,fund name,product name,product type,source.
const builtinSuperFunds = `usi,abn,fundName,productName,productType,source
STA0100AU,65714394898,AustralianSuper,AustralianSuper,APRA Regulated,AustralianSuper Product Disclosure Statement 28 September 2024
STA0002AU,65714394898,AustralianSuper,AustralianSuper Choice Income,APRA Regulated,AustralianSuper Choice Income PDS 14 October 2021
RES0103AU,62653671394,Retail Employees Superannuation Trust,Rest Super,APRA Regulated,Rest Super Product Disclosure Statement 28 September 2020
CBU0100AU,75493363262,Construction and Building Unions Superannuation Fund,Cbus Super,APRA Regulated,https://www.cbussuper.com.au/support/faqs
75493363262001,75493363262,Construction and Building Unions Superannuation Fund,Cbus Super Income Stream,APRA Regulated,https://www.cbussuper.com.au/support/faqs
HST0100AU,64971749321,Health Employees Superannuation Trust Australia,HESTA,APRA Regulated,https://www.hesta.com.au/members/forms-resources/faqs
HST0001AU,64971749321,Health Employees Superannuation Trust Australia,HESTA Income Stream,APRA Regulated,https://www.hesta.com.au/members/forms-resources/faqs
`

// builtinSmsfESAs: electronic service address,provider,source.
const builtinSmsfESAs = `name,provider,source
BGLSF360,BGL Simple Fund 360,https://support.sf360.com.au (SuperStream ESA articles)
CLICKSUPER,ClickSuper,https://www.clicksuper.com.au/self-managed-super-fund/
MACQUARIESMSF,Macquarie,https://www.icaresmsf.com.au/electronic-service-address-esa/
QUICKSUPER,QuickSuper (Westpac),https://www.icaresmsf.com.au/electronic-service-address-esa/
smsfdataflow,Class (SMSF Dataflow),https://support.class.com.au/hc/en-au/articles/360002103896
WRKRSMSF,Wrkr,https://www.icaresmsf.com.au/electronic-service-address-esa/
`
