import { createHash } from 'node:crypto';
import {
  type Problem,
  RESUME_FILE_KINDS,
  ResumeFileLimits,
  ResumeFileMessages,
  type ResumeSubmissionRow,
} from '@healthtal/contracts';
import { type FakeClamd, startFakeClamd } from '@healthtal/testkit/fake-clamd';
import { nextIp, startTestApp, type TestApp } from '@healthtal/testkit/harness';
import {
  asUpload,
  EICAR,
  plainZip,
  resumeDocx,
  resumePdf,
  windowsExecutable,
} from '@healthtal/testkit/resume-files';
import { VALID_RESUME } from '@healthtal/testkit/resumes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Refusal = Problem & { errors: Record<string, string> };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

let people = 0;
/** The valid resume of a new person, with this file attached. */
const resumeWith = (resumeFile: unknown) => {
  people++;
  return {
    ...VALID_RESUME,
    email: `file-person-${people}@example.org`,
    phone: `512-555-${String(2000 + people)}`,
    resumeFile,
  };
};
const submitTo = (target: TestApp, body: unknown, headers: Record<string, string> = {}, ip = nextIp()) =>
  target.request('/api/v1/resume-submissions', { method: 'POST', json: body, ip, headers });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What a refused upload leaves: nothing, neither an event nor a stored byte. */
async function stateOf(target: TestApp) {
  const { rows } = await target.pool.query<{ files: number }>(
    'select count(*)::int as files from resume_files',
  );
  return { events: await target.eventCount(), files: rows[0]!.files };
}

async function expectRefused(target: TestApp, body: unknown, status: number, message: string): Promise<void> {
  const before = await stateOf(target);
  const response = await submitTo(target, body);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await response.json()) as Refusal;
  expect(problem.errors).toEqual({ resumeFile: message });
  expect(await stateOf(target)).toEqual(before);
}

const rowOf = async (target: TestApp, id: string) => {
  await target.caughtUp();
  return (await (
    await target.request(`/api/admin/resume-submissions/${id}`, { as: 'admin' })
  ).json()) as ResumeSubmissionRow;
};
const download = (target: TestApp, id: string) =>
  target.request(`/api/admin/resume-submissions/${id}/file`, { as: 'admin' });

describe('a resume with its file attached', () => {
  it('takes a real PDF: the admin sees what it is and downloads the same bytes', async () => {
    const pdf = await resumePdf();
    const response = await submitTo(app, resumeWith(asUpload('Maya Okonkwo – CV.pdf', pdf)));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const row = await rowOf(app, id);
    expect(row.resumeFile).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Maya Okonkwo – CV.pdf',
      size: pdf.length,
      type: 'application/pdf',
      sha256: sha256(pdf),
    });

    const file = await download(app, id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Maya Okonkwo _ CV.pdf"; filename*=UTF-8''Maya%20Okonkwo%20%E2%80%93%20CV.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('keeps the bytes out of the event log: the event names the file, sealed with the person', async () => {
    const pdf = await resumePdf('Ada Lovelace');
    const response = await submitTo(app, resumeWith(asUpload('ada.pdf', pdf)));
    const { id } = (await response.json()) as { id: string };
    const { rows } = await app.pool.query<{ data: string }>(
      `select data::text as data from eventstore.events where stream_id = $1`,
      [`submission-${id}`],
    );
    expect(rows).toHaveLength(1);
    // Neither the bytes nor the name in the clear: the file's description is sealed like the name.
    expect(rows[0]!.data).not.toContain(pdf.toString('base64').slice(0, 64));
    expect(rows[0]!.data).not.toContain('ada.pdf');
    expect(rows[0]!.data.length).toBeLessThan(4096);
    const [event] = await app.store.readStream(`submission-${id}`);
    expect((event!.data as { resumeFile: unknown }).resumeFile).toEqual(
      expect.objectContaining({ name: 'ada.pdf', size: pdf.length, sha256: sha256(pdf) }),
    );
  });

  it('takes a real Word document (a ZIP with word/document.xml)', async () => {
    const docx = await resumeDocx();
    const response = await submitTo(app, resumeWith(asUpload('resume.docx', docx)));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await rowOf(app, id)).resumeFile).toMatchObject({
      name: 'resume.docx',
      size: docx.length,
      type: RESUME_FILE_KINDS.docx.mediaType,
    });
    const file = await download(app, id);
    expect(file.headers.get('content-type')).toBe(RESUME_FILE_KINDS.docx.mediaType);
    expect(Buffer.from(await file.arrayBuffer()).equals(docx)).toBe(true);
  });

  it('still takes a resume without a file; its row says so and there is nothing to download', async () => {
    const response = await submitTo(app, resumeWith(null));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await rowOf(app, id)).resumeFile).toBeNull();
    const file = await download(app, id);
    expect(file.status).toBe(404);
  });

  it('stores the file once when the same request is retried with its Idempotency-Key', async () => {
    const body = resumeWith(asUpload('retry.pdf', await resumePdf('Retry')));
    // The same client retrying: the same address (an anonymous key is the client's own).
    const headers = { 'idempotency-key': `resume-file-retry-${Date.now()}` };
    const ip = nextIp();
    const first = (await (await submitTo(app, body, headers, ip)).json()) as { id: string };
    const again = (await (await submitTo(app, body, headers, ip)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const { rows } = await app.pool.query('select id from resume_files where submission_id = $1', [first.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('a file that is not accepted gets a 4xx on resumeFile and leaves nothing behind', () => {
  it('a Windows program renamed resume.pdf: its bytes are neither a PDF nor a DOCX', async () => {
    await expectRefused(
      app,
      resumeWith(asUpload('resume.pdf', windowsExecutable())),
      400,
      ResumeFileMessages.wrongType,
    );
  });

  it('a ZIP named .docx that holds no Word document', async () => {
    await expectRefused(
      app,
      resumeWith(asUpload('resume.docx', await plainZip())),
      400,
      ResumeFileMessages.wrongType,
    );
  });

  it('a text that only starts like a PDF', async () => {
    const fake = Buffer.from('%PDF-1.7 but nothing of a PDF follows');
    await expectRefused(app, resumeWith(asUpload('resume.pdf', fake)), 400, ResumeFileMessages.wrongType);
  });

  it('a file just over 5 MB', async () => {
    const pdf = await resumePdf();
    const padded = Buffer.concat([
      pdf.subarray(0, -6),
      Buffer.alloc(ResumeFileLimits.maxBytes + 1 - pdf.length, 0x20),
      pdf.subarray(-6),
    ]);
    expect(padded.length).toBe(ResumeFileLimits.maxBytes + 1);
    await expectRefused(app, resumeWith(asUpload('big.pdf', padded)), 400, ResumeFileMessages.tooLarge);
  });

  it('a body far past 5 MB is refused before it is read in full (413)', async () => {
    const huge = { name: 'huge.pdf', content: 'A'.repeat(9 * 1024 * 1024) };
    await expectRefused(app, resumeWith(huge), 413, ResumeFileMessages.tooLarge);
  });

  it('an empty file, and content that is not base64', async () => {
    await expectRefused(app, resumeWith({ name: 'empty.pdf', content: '' }), 400, ResumeFileMessages.empty);
    await expectRefused(
      app,
      resumeWith({ name: 'x.pdf', content: '%%%%' }),
      400,
      ResumeFileMessages.wrongType,
    );
  });

  it('a file name with control characters', async () => {
    const before = await stateOf(app);
    const response = await submitTo(app, resumeWith(asUpload('cv\u0000.pdf', await resumePdf())));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).errors).toEqual({
      'resumeFile.name': ResumeFileMessages.nameInvalid,
    });
    expect(await stateOf(app)).toEqual(before);
  });
});

describe('with a virus scanner (clamd, CLAMD_URL)', () => {
  let clamd: FakeClamd;
  let scanned: TestApp;
  beforeAll(async () => {
    clamd = await startFakeClamd();
    scanned = await startTestApp({ CLAMD_URL: clamd.url });
  });
  afterAll(async () => {
    await scanned?.close();
    await clamd?.close();
  });

  it('sends the file to clamd and takes it when clamd answers OK', async () => {
    const pdf = await resumePdf();
    const response = await submitTo(scanned, resumeWith(asUpload('clean.pdf', pdf)));
    expect(response.status).toBe(201);
    expect(clamd.scanned.at(-1)?.equals(pdf)).toBe(true);
  });

  it('refuses a file clamd finds a signature in (422), keeping nothing of it', async () => {
    const pdf = await resumePdf();
    const infected = Buffer.concat([pdf, Buffer.from(`\n%${EICAR}\n%%EOF\n`)]);
    await expectRefused(
      scanned,
      resumeWith(asUpload('infected.pdf', infected)),
      422,
      ResumeFileMessages.rejectedByScanner,
    );
    expect(clamd.scanned.at(-1)?.equals(infected)).toBe(true);
  });

  it('refuses to take a file unscanned when clamd cannot be reached (503)', async () => {
    await clamd.close();
    await expectRefused(
      scanned,
      resumeWith(asUpload('resume.pdf', await resumePdf())),
      503,
      ResumeFileMessages.scannerUnavailable,
    );
  });
});

describe('removal', () => {
  it("deletes the file's bytes with the person, and the download then finds nothing", async () => {
    const email = 'remove-with-file@example.org';
    const pdf = await resumePdf('Removed Person');
    const response = await submitTo(app, { ...resumeWith(asUpload('me.pdf', pdf)), email });
    const { id } = (await response.json()) as { id: string };
    await app.caughtUp();
    expect((await download(app, id)).status).toBe(200);

    const ip = nextIp();
    const requested = await app.request('/api/v1/removal-requests', { method: 'POST', json: { email }, ip });
    expect(requested.status).toBe(202);
    const token = await app.tokenFromMail(email, 'removal-confirmation');
    const confirmed = await app.request('/api/v1/removal-requests/confirm', {
      method: 'POST',
      json: { token },
      ip,
    });
    expect(confirmed.status).toBe(200);

    const { rows } = await app.pool.query<{ n: number }>(
      `select count(*)::int as n from resume_files where submission_id = $1 or sha256 = $2`,
      [id, sha256(pdf)],
    );
    expect(rows[0]!.n).toBe(0);
    await app.caughtUp();
    expect((await download(app, id)).status).toBe(404);
    expect((await app.request(`/api/admin/resume-submissions/${id}`, { as: 'admin' })).status).toBe(404);
  });
});
