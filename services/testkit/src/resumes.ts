import type { ResumeSubmissionRequest } from '@healthtal/contracts';

/** A resume that passes every rule of the form: the base the resume tests vary one field of. */
export const VALID_RESUME = {
  firstName: 'Maya',
  middleName: 'J',
  lastName: 'Okonkwo',
  title: 'Family Nurse Practitioner',
  companyName: 'Baylor Scott & White',
  specialty: 'Nurse Practitioner',
  email: 'maya.okonkwo@example.org',
  phone: '(512) 555-0147',
  city: 'Austin',
  state: 'Texas',
  country: 'United States',
  linkedinUrl: 'https://www.linkedin.com/in/maya-okonkwo',
  education: [{ school: 'University of Texas at Austin', degree: 'MSN' }],
  skills: ['Telehealth', 'Pediatrics'],
} satisfies ResumeSubmissionRequest;
