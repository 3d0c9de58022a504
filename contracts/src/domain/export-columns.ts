/**
 * The columns of a candidate export (CSV and Excel), in order, each with the header a recruiter
 * reads. The spec names the candidate record's fields (Contactfirstname, Companyemployees, …) but
 * not the file's headers; issue 17 asks for headers in words, so both writers take them from here
 * and the importer accepts these as well as the record's field names (a file exported can be
 * imported again).
 */
export const EXPORT_COLUMNS = [
  { field: 'id', header: 'ID' },
  { field: 'firstName', header: 'First name' },
  { field: 'middleName', header: 'Middle name' },
  { field: 'lastName', header: 'Last name' },
  { field: 'title', header: 'Title' },
  { field: 'titleLevel', header: 'Title level' },
  { field: 'jobFunctions', header: 'Job functions' },
  { field: 'specialty', header: 'Specialty' },
  { field: 'companyName', header: 'Company' },
  { field: 'companyEmployees', header: 'Company employees' },
  { field: 'companyIndustry', header: 'Company industry' },
  { field: 'companyRevenueRange', header: 'Company revenue' },
  { field: 'companyDomain', header: 'Company website' },
  { field: 'companyStartDate', header: 'At the company since' },
  { field: 'city', header: 'City' },
  { field: 'state', header: 'State' },
  { field: 'officeCity', header: 'Office city' },
  { field: 'officeState', header: 'Office state' },
  { field: 'officeZip', header: 'Office ZIP code' },
  { field: 'location', header: 'Location' },
  { field: 'personalEmail', header: 'Personal email' },
  { field: 'workEmail', header: 'Work email' },
  { field: 'phone', header: 'Phone' },
  { field: 'directPhone', header: 'Direct phone' },
  { field: 'linkedinUrl', header: 'LinkedIn URL' },
  { field: 'connections', header: 'LinkedIn connections' },
  { field: 'gender', header: 'Gender' },
  { field: 'skills', header: 'Skills' },
  { field: 'education', header: 'Education' },
  { field: 'emailStatus', header: 'Email status' },
  { field: 'emailVerifiedAt', header: 'Email verified at' },
  { field: 'phoneVerifiedAt', header: 'Phone verified at' },
  { field: 'source', header: 'Source' },
] as const;

export type ExportField = (typeof EXPORT_COLUMNS)[number]['field'];
/** The header row of every export file. */
export const EXPORT_HEADER: readonly string[] = EXPORT_COLUMNS.map((column) => column.header);
