import { z } from 'zod';

/**
 * RFC 9457 problem details. `errors` maps a field path (dots for nesting) to the first message for it:
 * the shape react-admin and the recruiter forms read server-side validation errors from.
 */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof Problem>;
