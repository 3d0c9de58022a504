import { GenerateEmailRequest, renderTemplate } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { withPositionType } from './email-writer';
import { TemplateEmailWriter } from './template-email-writer';

const writer = new TemplateEmailWriter();
const form = (fields: Partial<GenerateEmailRequest>) =>
  withPositionType(
    GenerateEmailRequest.parse({
      jobTitle: 'Charge Nurse',
      jobDescription:
        'Lead the night shift of our 30-bed ICU at St. Mary’s. Sign-on bonus of $10,000. Confidential: replaces J. Smith.',
      ...fields,
    }),
  );

describe('the built-in email writer (no AI key)', () => {
  it('says it is the template writer', () => expect(writer.kind).toBe('template'));

  it('writes a 13-week travel contract as a contract when the recruiter chose no position type (issue 35)', async () => {
    const email = await writer.write(
      form({
        jobTitle: 'Travel ICU RN',
        jobDescription: 'A 13-week travel contract in our Phoenix ICU. Nights, 3x12. BLS and ACLS required.',
      }),
    );
    expect(email.subject).toBe('Contract Travel ICU RN opportunity for you');
    expect(email.body).toContain('a contract Travel ICU RN position');
    expect(email.body).not.toContain('full-time');
  });

  it('writes full-time when neither the recruiter nor the posting names a position type', async () => {
    expect((await writer.write(form({}))).subject).toBe('Full-time Charge Nurse opportunity for you');
  });

  it('uses the position type chosen on the form', async () => {
    const email = await writer.write(form({ positionType: 'per-diem' }));
    expect(email.subject).toBe('Per diem Charge Nurse opportunity for you');
    expect(email.body).toContain('per diem Charge Nurse');
    expect(email.body).not.toMatch(/full-time/);
  });

  it('never promises what the description rules out ("no nights", "without weekends")', async () => {
    const { body } = await writer.write(
      form({
        length: 'long',
        jobDescription: 'Clinic hours Monday to Friday, no nights and without weekends.',
      }),
    );
    expect(body).toContain('a weekday schedule, no night shifts, no weekend work');
    expect(body).not.toContain('weekend coverage');
    expect(body.replace('no night shifts', '')).not.toContain('night shifts');
  });

  it('names the role’s highlights in its own words instead of pasting the job description', async () => {
    const { body } = await writer.write(form({ length: 'long' }));
    expect(body).toContain('night shifts');
    expect(body).toContain('critical care');
    expect(body).toContain('a sign-on bonus');
    for (const sentence of ['Lead the night shift', '30-bed', 'St. Mary', '$10,000', 'J. Smith'])
      expect(body).not.toContain(sentence);
  });

  it('writes placeholders that render per candidate with the spec’s fallbacks', async () => {
    const { subject, body } = await writer.write(form({ tone: 'friendly' }));
    const rendered = renderTemplate(`${subject}\n${body}`, {
      Contactfirstname: 'Ann',
      specialty: 'Cardiology',
    });
    expect(rendered).toMatch(/^Hi Ann,/m);
    expect(rendered).toContain('near your area');
    expect(rendered).not.toContain('{{');
  });

  it('ends with the signature', async () => {
    const { body } = await writer.write(form({ signature: 'Jo Recruiter\nHealthTal' }));
    expect(body.endsWith('Best regards,\nJo Recruiter\nHealthTal')).toBe(true);
  });
});
