import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type CandidatesExported,
  type ExportRequest,
  type ExportStarted,
  streamName,
  type UserId,
} from '@healthtal/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { changeSubscription } from '../billing/subscription-stream';
import type { ApiDependencies } from '../dependencies';
import { toEnvelopes } from '../shared/command-handler';
import { commandContext } from '../shared/idempotency';
import { uuidFromName } from '../shared/ids';
import { HttpProblem } from '../shared/problem';
import { EXPORT_CONTENT_TYPES, exportFileName, openCandidateExport } from './export-writer';
import { fieldPolicyOf } from './field-policy';

/**
 * A user's export history, one stream per user: how each export ended (CandidatesExported). Its
 * start is on the customer's subscription stream, where the money-back guarantee is decided.
 */
export const exportsStream = (userId: string) => streamName('exports', userId);

type ExportOutcome = z.infer<typeof CandidatesExported>['data']['outcome'];

/**
 * Streams the file, then `end` records how it went: `completed` once every row has been handed to
 * the response and before it ends (a client that has the whole file can already see it in its
 * history), `aborted` when the client left or the file failed part-way: the rows sent are taken
 * all the same, and recorded.
 */
async function sendExport(
  req: Request,
  res: Response,
  parts: AsyncGenerator<Buffer>,
  end: (outcome: ExportOutcome) => Promise<void>,
) {
  let ended = false;
  async function* thenRecord() {
    yield* parts;
    ended = true;
    await end('completed');
  }
  try {
    await pipeline(Readable.from(thenRecord(), { objectMode: false, highWaterMark: 64 * 1024 }), res);
  } catch (error) {
    if (!ended)
      await end('aborted').catch((failure: unknown) =>
        req.log.error({ err: failure }, 'could not record the end of an aborted export'),
      );
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && req.socket.destroyed) {
      req.log.info('export abandoned by the client; recorded as aborted');
      return;
    }
    throw error;
  }
}

type ExportScope = z.infer<typeof ExportStarted>['data']['scope'];
export type CandidateExport = {
  ids: readonly string[];
  format: ExportRequest['format'];
  fileName?: string | undefined;
  scope: ExportScope;
};

/**
 * Streams the file of these candidates (in this order). The export is recorded before its first
 * byte (ExportStarted on the subscription stream, with the rows it means to send: refused there
 * once a refund is approved) and its end after (CandidatesExported on the exports stream). The one
 * export path: a selection, a whole search, a list.
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
  const started = {
    // From the command id: a retry with the same Idempotency-Key is the same export, logged once.
    exportId: uuidFromName(`export/${context.commandId}`),
    format,
    scope,
    fileName: exportFileName(format, askedName),
    rowsIntended: ids.length,
  };
  await changeSubscription(store, userId, { type: 'StartExport', started, now: context.now }, context).catch(
    async (error: unknown) => {
      await file.discard(); // refused: not a byte of the file goes out
      throw error;
    },
  );
  res.status(200).set({
    'Content-Type': EXPORT_CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${started.fileName}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Export-Id': started.exportId,
  });
  await sendExport(req, res, file.parts, async (outcome) => {
    const exported: z.infer<typeof CandidatesExported> = {
      type: 'CandidatesExported',
      data: { userId, ...started, count: file.progress.rows, outcome },
    };
    const stream = exportsStream(userId);
    await store.append(stream, toEnvelopes(stream, [exported], context), { expectedVersion: 'any' });
    // A file is not replayed from the idempotency store: a retry with the key downloads it again.
    await req.releaseIdempotencyKey?.();
  });
}
