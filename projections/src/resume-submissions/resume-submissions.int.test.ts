import { describe, expect, it } from 'vitest';
import { minute, readModelDatabase } from '../../test/support/read-model';
import { resumeSubmissionsProjection } from './resume-submissions.projection';

const { givenEvents } = readModelDatabase();

const [maria, james] = ['cf7a8b9c-6d7e-4f8a-9b9c-0d1e2f3a4b01', 'cf7a8b9c-6d7e-4f8a-9b9c-0d1e2f3a4b02'];
const submitted = (submissionId: string, firstName: string) =>
  ({
    type: 'ResumeSubmitted',
    data: {
      submissionId,
      firstName,
      middleName: null,
      lastName: 'Lopez',
      title: 'ICU Nurse',
      companyName: 'St. Luke',
      specialty: 'Nurse',
      email: `${firstName.toLowerCase()}@mail.example`,
      phone: '+1 555 0199',
      city: 'Austin',
      state: 'TX',
      country: 'USA',
      linkedinUrl: null,
      education: [{ school: 'UT Austin', degree: 'BSN' }],
      skills: ['ACLS', 'Triage'],
      emailHash: 'eh1',
      phoneHash: 'ph1',
    },
    occurredAt: minute(0),
  }) as const;

describe('resume_submissions', () => {
  it('lists a new submission as pending, with its location joined', async () => {
    const model = await givenEvents(resumeSubmissionsProjection, [submitted(maria, 'Maria')]);

    expect(
      await model.thenRows(
        'select id, status, first_name, location, education, skills, email_hash, submitted_at from resume_submissions',
      ),
    ).toEqual([
      {
        id: maria,
        status: 'pending',
        first_name: 'Maria',
        location: 'Austin, TX, USA',
        education: [{ school: 'UT Austin', degree: 'BSN' }],
        skills: ['ACLS', 'Triage'],
        email_hash: 'eh1',
        submitted_at: new Date(minute(0)),
      },
    ]);
  });

  it('records who decided a submission and when, in the same batch as the submission', async () => {
    const model = await givenEvents(resumeSubmissionsProjection, [
      submitted(maria, 'Maria'),
      submitted(james, 'James'),
      {
        type: 'ResumeApproved',
        data: { submissionId: maria, candidateId: maria, approvedBy: 'admin' },
        occurredAt: minute(5),
      },
      { type: 'ResumeRejected', data: { submissionId: james, rejectedBy: 'admin' }, occurredAt: minute(6) },
    ]);

    expect(
      await model.thenRows(
        'select id, status, approved_at, processed_at, processed_by from resume_submissions order by first_name',
      ),
    ).toEqual([
      {
        id: james,
        status: 'rejected',
        approved_at: null,
        processed_at: new Date(minute(6)),
        processed_by: 'admin',
      },
      {
        id: maria,
        status: 'approved',
        approved_at: new Date(minute(5)),
        processed_at: new Date(minute(5)),
        processed_by: 'admin',
      },
    ]);
  });

  it('drops an erased person, and a replay after the erasure does not bring them back', async () => {
    const history = [
      submitted(maria, 'Maria'),
      submitted(james, 'James'),
      { type: 'PersonalDataErased', data: { subjectId: maria } },
    ] as const;

    const live = await givenEvents(resumeSubmissionsProjection, history);
    const replayed = await givenEvents(resumeSubmissionsProjection, history.slice(0, 2), { replay: true });
    const replayedWithErasure = await givenEvents(resumeSubmissionsProjection, history, { replay: true });

    expect(await live.thenRows('select id from resume_submissions')).toEqual([{ id: james }]);
    expect(await replayed.thenRows('select id from resume_submissions order by first_name')).toEqual([
      { id: james },
      { id: maria },
    ]);
    expect(await replayedWithErasure.thenRows('select id from resume_submissions')).toEqual([{ id: james }]);
  });
});
