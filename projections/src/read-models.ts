/**
 * Every read model the product runs, one line each. A read model's projection file exports its
 * projection and the row type of each table it creates, declared once beside the `createSql` that
 * creates it and shared with the API's queries (`import type`), column for column as node-postgres
 * returns them: timestamptz and date as Date, bigint as a string, jsonb parsed. `index.ts` collects
 * the projections exported here into `projections`; `test/registry.test.ts` fails for a
 * `*.projection.ts` that is not listed.
 */
export * from './contact-messages/contact-messages.projection';
export * from './demo-grants/demo-grants.projection';
export * from './directory/directory.projection';
export * from './export-logs/export-logs.projection';
export * from './outreach/email-templates.projection';
export * from './outreach/sequences.projection';
export * from './refund-requests/refund-requests.projection';
export * from './removal-requests/removal-requests.projection';
export * from './resume-submissions/resume-submissions.projection';
export * from './search-error-logs/search-error-logs.projection';
export * from './site-settings/site-settings.projection';
export * from './subscriptions/subscriptions.projection';
export * from './usage/usage.projection';
export * from './users/users.projection';
export * from './workspace/activity.projection';
export * from './workspace/workspace.projection';

/** A table's columns read through a `left join`: each may be null when no row matched. */
export type LeftJoined<T> = { [K in keyof T]: T[K] | null };
