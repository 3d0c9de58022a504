import {
  parseEducation,
  parseSkills,
  type ResumeSubmissionForm,
  type ResumeSubmissionId,
} from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/decider-spec';
import { candidateFromSubmission, stateCodeOf } from './resume-candidate';
import {
  type ApproveResume,
  type RejectResume,
  ResumeAlreadyDecided,
  ResumeOwnerRemoved,
  type ResumeSubmissionEvent,
  ResumeSubmissionNotFound,
  resumeSubmissionDecider,
  type SubmitResume,
} from './resume-submission.decider';

const submissionId = '5f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f' as ResumeSubmissionId;
const adminId = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
const form: Omit<ResumeSubmissionForm, 'resumeFile'> = {
  firstName: 'Maya',
  middleName: null,
  lastName: 'Okonkwo',
  title: 'Nurse Practitioner',
  companyName: 'Baylor Scott & White',
  specialty: 'Nurse Practitioner',
  email: 'maya@example.org',
  phone: '(512) 555-0147',
  city: 'Austin',
  state: 'Texas',
  country: 'United States',
  linkedinUrl: 'https://linkedin.com/in/maya',
  education: [{ school: 'UT Austin', degree: 'MSN' }],
  skills: ['Telehealth', 'Family Practice, Pediatrics'],
};
const hashes = { emailHash: 'e-hash', phoneHash: 'p-hash' };

const submit: SubmitResume = { type: 'SubmitResume', submissionId, form, resumeFile: null, ...hashes };
const approve = (contactSuppressed = false): ApproveResume => ({
  type: 'ApproveResume',
  submissionId,
  approvedBy: adminId,
  contactSuppressed,
});
const reject: RejectResume = { type: 'RejectResume', submissionId, rejectedBy: adminId };

const submitted: ResumeSubmissionEvent = {
  type: 'ResumeSubmitted',
  data: { submissionId, ...form, ...hashes },
};
const approved: ResumeSubmissionEvent = {
  type: 'ResumeApproved',
  data: { submissionId, candidateId: submissionId, approvedBy: adminId },
};
const rejected: ResumeSubmissionEvent = {
  type: 'ResumeRejected',
  data: { submissionId, rejectedBy: adminId },
};
const erasedSubmission = {
  type: 'ResumeSubmitted',
  data: { ...submitted.data, firstName: null, lastName: null, email: null, phone: null },
} as unknown as ResumeSubmissionEvent;

describe('Submitting a resume', () => {
  it('records the form as the professional sent it, with the contact hashes', () =>
    given(resumeSubmissionDecider, []).when(submit).thenEmits([submitted]));

  it('records it once when the same request is retried', () =>
    given(resumeSubmissionDecider, [submitted]).when(submit).thenEmits([]));

  it('records what the attached file is (id, name, size, type, hash), never its bytes', () => {
    const resumeFile = {
      id: '0c4f9c2e-2b7a-5d3e-9f1a-6b8c7d6e5f4a',
      name: 'Maya Okonkwo CV.pdf',
      size: 48_213,
      type: 'application/pdf',
      sha256: 'ab'.repeat(32),
    };
    given(resumeSubmissionDecider, [])
      .when({ ...submit, resumeFile })
      .thenEmits([{ type: 'ResumeSubmitted', data: { ...submitted.data, resumeFile } }]);
  });
});

describe('Approving a resume', () => {
  it('approves a pending submission and brings the person into the directory in the same append', () =>
    given(resumeSubmissionDecider, [submitted])
      .when(approve())
      .thenEmits([
        approved,
        { type: 'CandidateImported', data: candidateFromSubmission(submitted.data as never) },
      ]));

  it('refuses a submission that does not exist', () =>
    given(resumeSubmissionDecider, []).when(approve()).thenThrows(ResumeSubmissionNotFound));

  it('refuses an approved submission: approvals are final', () =>
    given(resumeSubmissionDecider, [submitted, approved]).when(approve()).thenThrows(ResumeAlreadyDecided));

  it('refuses a rejected submission: rejections are final', () =>
    given(resumeSubmissionDecider, [submitted, rejected]).when(approve()).thenThrows(ResumeAlreadyDecided));

  it('refuses someone who asked to be removed after submitting', () =>
    given(resumeSubmissionDecider, [submitted]).when(approve(true)).thenThrows(ResumeOwnerRemoved));

  it('refuses a submission whose personal data was erased', () =>
    given(resumeSubmissionDecider, [erasedSubmission]).when(approve()).thenThrows(ResumeOwnerRemoved));

  it('refuses a pending submission a removal request erased', () =>
    given(resumeSubmissionDecider, [
      submitted,
      { type: 'PersonalDataErased', data: { subjectId: submissionId } },
    ])
      .when(approve())
      .thenThrows(ResumeOwnerRemoved));

  it('still refuses to approve twice after an approved person was erased', () =>
    given(resumeSubmissionDecider, [
      submitted,
      approved,
      { type: 'PersonalDataErased', data: { subjectId: submissionId } },
    ])
      .when(approve())
      .thenThrows(ResumeAlreadyDecided));
});

describe('Rejecting a resume', () => {
  it('rejects a pending submission', () =>
    given(resumeSubmissionDecider, [submitted]).when(reject).thenEmits([rejected]));

  it("keeps the admin's reason on the rejection when one is given", () =>
    given(resumeSubmissionDecider, [submitted])
      .when({ ...reject, reason: 'Duplicate submission' })
      .thenEmits([{ ...rejected, data: { ...rejected.data, reason: 'Duplicate submission' } }]));

  it('refuses an approved submission', () =>
    given(resumeSubmissionDecider, [submitted, approved]).when(reject).thenThrows(ResumeAlreadyDecided));

  it('refuses a rejected submission', () =>
    given(resumeSubmissionDecider, [submitted, rejected]).when(reject).thenThrows(ResumeAlreadyDecided));

  it('refuses a submission that does not exist', () =>
    given(resumeSubmissionDecider, []).when(reject).thenThrows(ResumeSubmissionNotFound));

  it('says which decision failed and why', () => {
    const error = new ResumeAlreadyDecided('reject', 'approved');
    expect([error.title, error.message, error.status]).toEqual([
      'Rejection failed',
      'This submission was already approved; approved and rejected submissions are final.',
      409,
    ]);
  });
});

describe('The directory record of an approved resume', () => {
  const candidate = candidateFromSubmission(submitted.data as never);

  it('is the same person under the same id, so one key erases both', () => {
    expect(candidate).toMatchObject({
      candidateId: submissionId,
      sourceRef: `resume:${submissionId}`,
      source: 'resume',
      firstName: 'Maya',
      lastName: 'Okonkwo',
      personalEmail: 'maya@example.org',
      phone: '(512) 555-0147',
      emailHash: 'e-hash',
      phoneHash: 'p-hash',
      emailStatus: 'unknown',
      emailVerifiedAt: null,
    });
  });

  it('files the state by postal code and joins city, state and country as the location', () => {
    expect([candidate.state, candidate.location]).toEqual(['TX', 'Austin, Texas, United States']);
    expect([stateCodeOf('ca'), stateCodeOf('New York'), stateCodeOf('Ontario')]).toEqual([
      'CA',
      'NY',
      'Ontario',
    ]);
  });

  it('keeps a skill holding a comma whole, and education as school and degree, as the directory reads them', () => {
    expect(parseSkills(candidate.skills)).toEqual(['Telehealth', 'Family Practice, Pediatrics']);
    expect(parseEducation(candidate.education)).toEqual([{ school: 'UT Austin', degree: 'MSN' }]);
  });
});
