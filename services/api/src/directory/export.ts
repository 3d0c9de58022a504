import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CandidatesExported, type ExportRequest, streamName, type UserId } from '@healthtal/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { ApiDependencies } from '../dependencies';
import { toEnvelopes } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { HttpProblem } from '../shared/problem';
import { EXPORT_CONTENT_TYPES, exportFileName, openCandidateExport } from './export-writer';
import { fieldPolicyOf } from './field-policy';

/** A user's exports, one stream per user: the account page's history and the money-back rule read it. */
export const exportsStream = (userId: string) => streamName('exports', userId);

/**
 * Streams the file; `record` runs once every row has been handed to the response and before it
 * ends, so a client that has the whole file can already see the export in its history.
 */
async function sendExport(
  req: Request,
  res: Response,
  parts: AsyncGenerator<Buffer>,
  record: () => Promise<void>,
) {
  async function* thenRecord() {
    yield* parts;
    await record();
  }
  try {
    await pipeline(Readable.from(thenRecord(), { objectMode: false, highWaterMark: 64 * 1024 }), res);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && req.socket.destroyed) {
      req.log.info('export abandoned by the client; not recorded');
      return;
    }
    throw error;
  }
}

type ExportScope = z.infer<typeof CandidatesExported>['data']['scope'];
export type CandidateExport = {
  ids: readonly string[];
  format: ExportRequest['format'];
  fileName?: string | undefined;
  scope: ExportScope;
};

/**
 * Streams the file of these candidates (in this order) and logs the export in the user's exports
 * stream once every row is out. The one export path: a selection, a whole search, a list.
 */
export async function sendCandidateExport(
  { pool, store }: Pick<ApiDependencies, 'pool' | 'store'>,
  req: Request,
  res: Response,
  { ids, format, fileName: askedName, scope }: CandidateExport,
): Promise<void> {
  const context = commandContext(req);
  const userId = context.userId as UserId;
  const file = await openCandidateExport(pool, ids, format, fieldPolicyOf(req.accessProfile));
  if (!file) throw new HttpProblem(404, 'Nothing to export', 'No data was returned from the export function');
  const fileName = exportFileName(format, askedName);
  // From the command id: a retry with the same Idempotency-Key is the same export, logged once.
  const exportId = uuidFromName(`export/${context.commandId}`);
  res.status(200).set({
    'Content-Type': EXPORT_CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Export-Id': exportId,
  });
  await sendExport(req, res, file.parts, async () => {
    const exported: z.infer<typeof CandidatesExported> = {
      type: 'CandidatesExported',
      data: { userId, exportId, format, count: file.progress.rows, scope, fileName },
    };
    const stream = exportsStream(userId);
    await store.append(stream, toEnvelopes(stream, [exported], context), { expectedVersion: 'any' });
    // A file is not replayed from the idempotency store: a retry with the key downloads it again.
    await req.releaseIdempotencyKey?.();
  });
}
