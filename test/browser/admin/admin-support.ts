import { nextIp, type TestApp } from '@healthtal/testkit/harness';
import { expect } from 'vitest';

/** What a professional may add to a resume beyond the fields every submission here has. */
export type ResumeExtras = {
  linkedinUrl?: string;
  education?: { school: string; degree: string }[];
  skills?: string[];
};

/**
 * Resumes through the public form, each from its own address and with its own phone number, for
 * the console's resume queue; each call returns the new submission's id.
 */
export function resumeSubmitter(app: () => TestApp) {
  let resumes = 0;
  return async (firstName: string, lastName: string, extras: ResumeExtras = {}): Promise<string> => {
    resumes++;
    const response = await app().request('/api/v1/resume-submissions', {
      method: 'POST',
      ip: nextIp(),
      json: {
        firstName,
        lastName,
        title: 'Registered Nurse',
        companyName: 'Mercy General',
        specialty: 'Registered Nurse',
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.org`,
        phone: `512-555-${String(1000 + resumes)}`,
        city: 'Austin',
        state: 'Texas',
        country: 'United States',
        ...extras,
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
}
