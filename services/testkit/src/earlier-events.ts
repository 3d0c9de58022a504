import { type EventDefinition, event } from '@healthtal/contracts';
import { z } from 'zod';

/**
 * Event types as earlier versions of HealthTal defined them: a store built with one writes what
 * that version wrote (its schema, stamped with its version), as a real older deployment did.
 */

/** CandidatesExported at version 1: rows written, no start, no outcome (before ADR 0042). */
export const CANDIDATES_EXPORTED_V1: EventDefinition = {
  schema: event(
    'CandidatesExported',
    z.object({
      userId: z.uuid(),
      exportId: z.uuid(),
      format: z.enum(['csv', 'xlsx']),
      count: z.number().int(),
      scope: z.enum(['selection', 'search', 'list']),
      fileName: z.string(),
    }),
  ),
  currentVersion: 1,
};
