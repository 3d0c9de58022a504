import {
  ContactMessageAccepted,
  ContactMessageRequest,
  RESUME_FILE_MEDIA_TYPES,
  RemovalConfirmationRequest,
  RemovalConfirmationResult,
  RemovalOptOutResult,
  RemovalRequestAccepted,
  RemovalRequestForm,
  ResumeBulkApproveResult,
  ResumeBulkRejectRequest,
  ResumeBulkRejectResult,
  ResumeBulkRequest,
  ResumeDecisionResult,
  ResumeSubmissionAccepted,
  ResumeSubmissionCounts,
  ResumeSubmissionRequest,
} from '@healthtal/contracts';
import { admin, Id, type RouteDoc } from '../http/route-doc';
import type { PolicyRoute } from '../policy';

/**
 * Intake's routes as the OpenAPI document describes them: the contracts each handler
 * parses and answers with. `http/openapi-routes.ts` gathers every context's.
 */
export const intakeRouteDocs = {
  'POST /api/v1/contact-messages': {
    summary: 'The public contact form.',
    tags: ['intake'],
    body: ContactMessageRequest,
    responses: { 201: ContactMessageAccepted },
  },
  'POST /api/v1/removal-requests': {
    summary: 'Remove My Information: mails a confirmation link when the address is known.',
    description: 'The same answer whether or not the address is in the directory.',
    tags: ['intake'],
    body: RemovalRequestForm,
    responses: { 202: RemovalRequestAccepted },
  },
  'POST /api/v1/removal-requests/confirm': {
    summary: 'Confirm a removal with the mailed token: the records are erased.',
    tags: ['intake'],
    body: RemovalConfirmationRequest,
    responses: { 200: RemovalConfirmationResult },
  },
  'POST /api/v1/removal-requests/opt-out': {
    summary:
      'With the same mailed token, stop recruiting email from every customer instead: nothing is erased.',
    tags: ['intake'],
    body: RemovalConfirmationRequest,
    responses: { 200: RemovalOptOutResult },
  },
  'POST /api/v1/resume-submissions': {
    summary: 'Submit a resume (public; refused for anyone on the suppression list).',
    description:
      'An optional `resumeFile` carries a PDF or DOCX of at most 5 MB in base64; its type is checked from its bytes and it is virus-scanned when a scanner is configured (400 wrong type, 413 too large, 422 refused by the scanner, 503 scanner unavailable; each with `errors.resumeFile`).',
    tags: ['intake'],
    body: ResumeSubmissionRequest,
    responses: { 201: ResumeSubmissionAccepted },
  },
  'GET /api/admin/resume-submissions/counts': admin(
    'How many submissions each tab holds.',
    { responses: { 200: ResumeSubmissionCounts } },
    'intake',
  ),
  'GET /api/admin/resume-submissions/:id/file': admin(
    'Download the resume file attached to a submission (404 when it has none).',
    {
      params: Id,
      responses: {
        200: {
          description: 'The file as it was uploaded, with its name in Content-Disposition.',
          content: Object.fromEntries(RESUME_FILE_MEDIA_TYPES.map((type) => [type, {}])),
          headers: {
            'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
          },
        },
      },
    },
    'intake',
  ),
  'POST /api/admin/resume-submissions/:id/approve': admin(
    'Approve a submission: the candidate enters the directory.',
    { params: Id, responses: { 200: ResumeDecisionResult } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/:id/reject': admin(
    'Reject a submission.',
    { params: Id, responses: { 200: ResumeDecisionResult } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/bulk-approve': admin(
    'Approve several submissions.',
    { body: ResumeBulkRequest, responses: { 200: ResumeBulkApproveResult } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/bulk-reject': admin(
    'Reject several submissions, with the reason each rejection keeps.',
    { body: ResumeBulkRejectRequest, responses: { 200: ResumeBulkRejectResult } },
    'intake',
  ),
} satisfies Partial<Record<PolicyRoute, RouteDoc>>;
