import { randomUUID } from 'node:crypto';
import {
  type ResumeBulkApproveResult,
  ResumeBulkRejectRequest,
  type ResumeBulkRejectResult,
  ResumeBulkRequest,
  type ResumeDecisionResult,
  ResumeMessages,
  type ResumeSubmissionAccepted,
  type ResumeSubmissionId,
  ResumeSubmissionRequest,
} from '@healthtal/contracts';
import { z } from 'zod';
import type { ApiDependencies, ApiServices } from '../dependencies';
import {
  emailContactHashes,
  filterSuppressed,
  hashEmail,
  hashPhone,
  phoneContactHashes,
  suppressionKey,
} from '../directory/suppression';
import { serveAdminList, serveAdminRecord } from '../http/admin-resource';
import type { RouteRegistrar } from '../http/routes';
import { parseBody, parseParams } from '../http/validate';
import { handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { HttpProblem } from '../shared/problem';
import { anonymousWriteChecks } from '../shared/rate-limit';
import { type ResumeDecisions, resumeDecisions, submissionStream } from './resume-decisions';
import { acceptResumeFile, deleteResumeFiles, sendResumeFile, storeResumeFile } from './resume-files';
import { resumeScannerOf } from './resume-scanner';
import { resumeSubmissionDecider } from './resume-submission.decider';
import {
  countResumeSubmissions,
  findResumeSubmission,
  listResumeSubmissions,
} from './resume-submissions.queries';

const SubmissionParams = z.object({ id: z.uuid() });

/**
 * Resume intake (admin-intake-outreach: Submit Resume, Resume Submissions): the public form, and
 * the console's tabs, counts, single and bulk approve and reject.
 */
export function resumeSubmissionRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store' | 'logger' | 'settings'> & ApiServices,
) {
  const { pool, rateLimiter } = deps;
  const decisions = resumeDecisions(deps);
  const scanner = resumeScannerOf(deps.settings.clamd);

  routes.route('POST /api/v1/resume-submissions', async (req, res) => {
    const { resumeFile: upload, ...form } = parseBody(ResumeSubmissionRequest, req);
    await rateLimiter.hit(anonymousWriteChecks('resume', req.ip));
    const key = await suppressionKey(pool);
    const emailHash = hashEmail(key, form.email);
    const phoneHash = hashPhone(key, form.phone);
    await refuseSuppressed(deps, key, form);
    const context = commandContext(req);
    // With an Idempotency-Key the id follows from the command, so a retry lands on the same submission.
    const submissionId = (
      req.get('idempotency-key') ? uuidFromName(context.commandId) : randomUUID()
    ) as ResumeSubmissionId;
    // Checked (type from its bytes, the scanner) before anything is kept; stored before the event
    // that names it, and deleted again if that event could not be appended (ADR 0070).
    const file = upload ? await acceptResumeFile(upload, scanner, submissionId) : null;
    if (file) await storeResumeFile(pool, submissionId, file);
    try {
      await handleCommand(
        deps.store,
        submissionStream(submissionId),
        resumeSubmissionDecider,
        { type: 'SubmitResume', submissionId, form, resumeFile: file?.info ?? null, emailHash, phoneHash },
        context,
      );
    } catch (error) {
      if (file) await forgetUnsubmittedFile(deps, submissionId);
      throw error;
    }
    const body: ResumeSubmissionAccepted = { id: submissionId };
    res.status(201).json(body);
  });

  serveAdminList(routes, 'resume-submissions', (page, filter) => listResumeSubmissions(pool, page, filter));

  // Before `/:id`, which would otherwise take "counts" for an id.
  routes.route('GET /api/admin/resume-submissions/counts', async (_req, res) => {
    res.json(await countResumeSubmissions(pool));
  });

  serveAdminRecord(routes, 'resume-submissions', (id) => findResumeSubmission(pool, id));

  routes.route('GET /api/admin/resume-submissions/:id/file', async (req, res) => {
    const { id } = parseParams(SubmissionParams, req);
    await sendResumeFile(pool, id, res);
  });

  registerDecision(routes, decisions, 'approve');
  registerDecision(routes, decisions, 'reject');
}

function registerDecision(routes: RouteRegistrar, decisions: ResumeDecisions, action: 'approve' | 'reject') {
  const single =
    action === 'approve'
      ? 'POST /api/admin/resume-submissions/:id/approve'
      : 'POST /api/admin/resume-submissions/:id/reject';
  const bulk =
    action === 'approve'
      ? 'POST /api/admin/resume-submissions/bulk-approve'
      : 'POST /api/admin/resume-submissions/bulk-reject';

  routes.route(single, async (req, res) => {
    const { id } = parseParams(SubmissionParams, req);
    await decisions.decide(id as ResumeSubmissionId, action, commandContext(req));
    const body: ResumeDecisionResult = {
      id,
      status: action === 'approve' ? 'approved' : 'rejected',
      message: action === 'approve' ? 'Resume approved' : 'Resume rejected',
    };
    res.json(body);
  });

  routes.route(bulk, async (req, res) => {
    // A rejection may carry the admin's reason (kept on each ResumeRejected); an approval has none.
    const { ids, reason } =
      action === 'approve'
        ? { ...parseBody(ResumeBulkRequest, req), reason: undefined }
        : parseBody(ResumeBulkRejectRequest, req);
    const details = reason === undefined ? {} : { reason };
    const outcome = await decisions.decideMany(
      ids as ResumeSubmissionId[],
      action,
      commandContext(req),
      details,
    );
    const message =
      outcome.failed.length === 0
        ? ResumeMessages.bulkSucceeded(action)
        : ResumeMessages.bulkPartiallyFailed(action);
    const { succeeded, failed } = outcome;
    const body: ResumeBulkApproveResult | ResumeBulkRejectResult =
      action === 'approve'
        ? { approved: succeeded, failed, message }
        : { rejected: succeeded, failed, message };
    res.json(body);
  });
}

/**
 * The submission's event did not make it into the log: its file goes too, unless the stream holds
 * the submission after all (a retry of the same request appended it meanwhile).
 */
async function forgetUnsubmittedFile(
  { pool, store }: Pick<ApiDependencies, 'pool' | 'store'>,
  submissionId: ResumeSubmissionId,
): Promise<void> {
  const events = await store.readStream(submissionStream(submissionId)).catch(() => null);
  if (events !== null && events.length === 0) await deleteResumeFiles(pool, [submissionId]);
}

/**
 * Someone on the suppression list asked to be removed: their contact is not taken again. The
 * refusal does not say why (nor which field): that would tell anyone that this person asked to be
 * removed.
 */
async function refuseSuppressed(
  { pool }: Pick<ApiDependencies, 'pool'>,
  key: Buffer,
  { email, phone }: { email: string; phone: string },
): Promise<void> {
  const hits = await filterSuppressed(pool, [
    ...emailContactHashes(key, email),
    ...phoneContactHashes(key, phone),
  ]);
  if (hits.size === 0) return;
  throw new HttpProblem(422, 'Submission refused', ResumeMessages.cannotAccept);
}
