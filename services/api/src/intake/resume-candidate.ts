import {
  type CandidateImported,
  type ResumeSubmitted,
  resumeLocation,
  type StateCode,
  US_STATES,
} from '@healthtal/contracts';

const STATE_BY_NAME = new Map(
  Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code as StateCode]),
);

/** The directory filters states by postal code: "Texas" or "tx" becomes TX; anything else stays. */
export function stateCodeOf(state: string): string {
  const trimmed = state.trim();
  if (trimmed.toUpperCase() in US_STATES) return trimmed.toUpperCase();
  return STATE_BY_NAME.get(trimmed.toLowerCase()) ?? trimmed;
}

/** The quoted-list form the directory's skills parser reads (`"BLS","ICU"`), safe for commas. */
const skillsText = (skills: readonly string[]) =>
  skills.length > 0 ? skills.map((skill) => `"${skill}"`).join(',') : null;

/** The JSON form the directory's education parser reads (`[{"school-name": …, "degrees": […]}]`). */
const educationText = (education: ResumeSubmitted['data']['education']) =>
  education.length > 0
    ? JSON.stringify(education.map(({ school, degree }) => ({ 'school-name': school, degrees: [degree] })))
    : null;

/**
 * The directory record of an approved resume. The candidate id is the submission id, so the
 * person's data in both events sits under one personal-data key. A submitted resume is unverified:
 * its email status is unknown and nothing carries a verification date.
 */
export function candidateFromSubmission(submission: ResumeSubmitted['data']): CandidateImported['data'] {
  const state = stateCodeOf(submission.state);
  return {
    candidateId: submission.submissionId,
    sourceRef: `resume:${submission.submissionId}`,
    source: 'resume',
    firstName: submission.firstName,
    middleName: submission.middleName,
    lastName: submission.lastName,
    title: submission.title,
    titleLevel: null,
    jobFunctions: null,
    specialty: submission.specialty,
    companyName: submission.companyName,
    companyEmployees: null,
    companyIndustry: null,
    companyRevenueRange: null,
    companyDomain: null,
    companyStartDate: null,
    city: submission.city,
    state,
    officeCity: null,
    officeState: null,
    officeZip: null,
    location: resumeLocation(submission),
    personalEmail: submission.email,
    workEmail: null,
    phone: submission.phone,
    directPhone: null,
    linkedinUrl: submission.linkedinUrl,
    connections: null,
    gender: null,
    skills: skillsText(submission.skills),
    education: educationText(submission.education),
    emailStatus: 'unknown',
    emailVerifiedAt: null,
    phoneVerifiedAt: null,
    emailHash: submission.emailHash,
    phoneHash: submission.phoneHash,
  };
}
