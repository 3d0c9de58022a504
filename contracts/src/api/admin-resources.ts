import { z } from 'zod';
import { DemoGrantFilter, DemoGrantRow } from './access';
import { RefundRequestFilter, RefundRequestRow } from './billing';
import { ExportLogFilter, ExportLogRow } from './exports';
import { AdminUserFilter, AdminUserRow } from './identity';
import {
  ContactMessageFilter,
  ContactMessageRow,
  RemovalRequestFilter,
  RemovalRequestRow,
  ResumeSubmissionFilter,
  ResumeSubmissionRow,
} from './intake';
import { MailId, MailOutboxFilter, MailOutboxRow } from './mail';
import {
  ParkedEventId,
  ParkedEventRow,
  ParkedEventsFilter,
  ReadModelName,
  ReadModelRow,
  ReadModelsFilter,
} from './ops';
import { SearchErrorLogFilter, SearchErrorLogRow } from './search-error-logs';
import {
  ClinicianOptOutFilter,
  ClinicianOptOutRow,
  OutreachSenderFilter,
  OutreachSenderRow,
} from './sequence-contacts';
import { SiteSettingFilter, SiteSettingKey, SiteSettingRow } from './site';

/**
 * One resource of the admin console, served under `/api/admin/<name>` the ra-data-simple-rest way:
 * a list (`sort`, `range`, `filter`; `Content-Range`) and one record by its id.
 */
export type AdminResourceDefinition = {
  /** The API context that owns it (its OpenAPI tag). */
  readonly context: string;
  /** What the console calls it: its menu entry and its pages' title. */
  readonly label: string;
  /** One record, as a 404 and the API reference name it ("User not found"). */
  readonly recordName: string;
  /** The row its list and its record answer; the console parses every one with it. */
  readonly row: z.ZodObject<{ id: z.ZodType }>;
  /** The record path's parameter: `/api/admin/<name>/:<param>` (`id` unless said otherwise). */
  readonly param?: string;
  /** What that parameter holds. */
  readonly id: z.ZodType;
  /** What the list's `filter` accepts, strictly (an unknown key is a 400); `id` is react-admin's getMany. */
  readonly filter: z.ZodObject<{ id: z.ZodOptional }>;
  /** The fields `sort` may name; `id` among them (the provider's sort when the console names none). */
  readonly sort: readonly ['id', ...string[]];
  /** Where its menu entry leads (`/${name}` unless said otherwise); `false`: it has none. */
  readonly menu?: string | false;
  /** Other paths the same list and records are served under (`/api/admin/outbox`). */
  readonly aliases?: readonly string[];
};

/**
 * Every resource of the admin console, in the order of its menu. It is the one list the console's
 * records and menu, the API's list and record routes (their policy, OpenAPI entries and handlers'
 * sort fields and filters) and the contract tests are built from: a new resource is a line here.
 */
export const ADMIN_RESOURCES = {
  users: {
    context: 'identity',
    label: 'Users',
    recordName: 'User',
    row: AdminUserRow,
    id: z.uuid(),
    filter: AdminUserFilter,
    sort: ['id', 'email', 'signupDate', 'lastSignInAt'],
  },
  'resume-submissions': {
    context: 'intake',
    label: 'Resume approval',
    recordName: 'Resume submission',
    row: ResumeSubmissionRow,
    id: z.uuid(),
    filter: ResumeSubmissionFilter,
    sort: [
      'id',
      'submittedAt',
      'processedAt',
      'approvedAt',
      'lastName',
      'firstName',
      'email',
      'companyName',
      'specialty',
      'location',
    ],
    menu: '/resume-approval',
  },
  'removal-requests': {
    context: 'intake',
    label: 'Removal requests',
    recordName: 'Removal request',
    row: RemovalRequestRow,
    id: z.uuid(),
    filter: RemovalRequestFilter,
    sort: ['id', 'ageDays', 'requestedAt', 'expiresAt', 'confirmedAt', 'status'],
  },
  'refund-requests': {
    context: 'billing',
    label: 'Refund requests',
    recordName: 'Refund request',
    row: RefundRequestRow,
    id: z.uuid(),
    filter: RefundRequestFilter,
    sort: ['id', 'email', 'status', 'requestedAt', 'decidedAt', 'purchasedAt', 'refundedAt'],
  },
  'export-logs': {
    context: 'directory',
    label: 'Exports',
    recordName: 'Export',
    row: ExportLogRow,
    id: z.uuid(),
    filter: ExportLogFilter,
    sort: ['id', 'exportDate', 'exportCount', 'userEmail', 'status'],
  },
  'contact-messages': {
    context: 'intake',
    label: 'Contact messages',
    recordName: 'Contact message',
    row: ContactMessageRow,
    id: z.uuid(),
    filter: ContactMessageFilter,
    sort: ['id', 'receivedAt', 'name', 'email', 'subject'],
  },
  'mail-outbox': {
    context: 'mail',
    label: 'Mail outbox',
    recordName: 'Mail',
    row: MailOutboxRow,
    id: MailId,
    filter: MailOutboxFilter,
    sort: ['id', 'createdAt', 'recipient', 'kind'],
    aliases: ['outbox'],
  },
  'search-error-logs': {
    context: 'directory',
    label: 'Search error logs',
    recordName: 'Search error log',
    row: SearchErrorLogRow,
    id: z.uuid(),
    filter: SearchErrorLogFilter,
    sort: ['id', 'occurredAt', 'responseTimeMs', 'errorType', 'userEmail'],
    menu: '/admin-logs',
  },
  'site-settings': {
    context: 'site',
    label: 'Website settings',
    recordName: 'Site setting',
    row: SiteSettingRow,
    param: 'key',
    id: SiteSettingKey,
    filter: SiteSettingFilter,
    sort: ['id', 'key', 'group', 'kind'],
    menu: '/admin-settings',
  },
  'read-models': {
    context: 'ops',
    label: 'Read models',
    recordName: 'Read model',
    row: ReadModelRow,
    param: 'name',
    id: ReadModelName,
    filter: ReadModelsFilter,
    sort: ['id', 'status', 'lagEvents', 'lagSeconds', 'parked'],
  },
  // Granted from a user's row menu; listed, with expiry and uses left, and revoked here.
  'demo-grants': {
    context: 'access',
    label: 'Demo grants',
    recordName: 'Demo grant',
    row: DemoGrantRow,
    id: z.uuid(),
    filter: DemoGrantFilter,
    sort: ['id', 'grantedAt', 'expires_at', 'user_email', 'usesCount'],
  },
  // The Outreach screen (issue 36): each sender's sequence counts, and below them the global opt-outs.
  'outreach-senders': {
    context: 'outreach',
    label: 'Outreach',
    recordName: 'Outreach sender',
    row: OutreachSenderRow,
    id: z.uuid(),
    filter: OutreachSenderFilter,
    sort: ['id', 'email', 'sequences', 'enrolled', 'sent', 'waitingOnCap', 'lastSentAt'],
    menu: '/outreach',
  },
  // On the Outreach screen: no menu entry of its own.
  'clinician-opt-outs': {
    context: 'outreach',
    label: 'Global opt-outs',
    recordName: 'Opt-out',
    row: ClinicianOptOutRow,
    id: z.uuid(),
    filter: ClinicianOptOutFilter,
    sort: ['id', 'optedOutAt', 'name', 'via'],
    menu: false,
  },
  // Reached from a read model's row: no menu entry of its own.
  'parked-events': {
    context: 'ops',
    label: 'Parked events',
    recordName: 'Parked event',
    row: ParkedEventRow,
    id: ParkedEventId,
    filter: ParkedEventsFilter,
    // In `$all` order (`position`) or in order of their id.
    sort: ['id', 'position'],
    menu: false,
  },
} as const satisfies Record<string, AdminResourceDefinition>;

export type AdminResourceName = keyof typeof ADMIN_RESOURCES;
type Definition<N extends AdminResourceName> = (typeof ADMIN_RESOURCES)[N];

/** The console's resources in the order of its menu. */
export const ADMIN_RESOURCE_NAMES = Object.keys(ADMIN_RESOURCES) as AdminResourceName[];

export type AdminRow<N extends AdminResourceName> = z.output<Definition<N>['row']>;
export type AdminFilter<N extends AdminResourceName> = z.output<Definition<N>['filter']>;
export type AdminSortField<N extends AdminResourceName> = Definition<N>['sort'][number];
export type AdminRecordId<N extends AdminResourceName> = z.output<Definition<N>['id']>;
export type AdminRecordParam<N extends AdminResourceName> =
  Definition<N> extends { param: infer P extends string } ? P : 'id';
/** The paths a resource is served under, below `/api/admin/`: its name and its aliases. */
export type AdminResourcePath<N extends AdminResourceName> =
  | N
  | (Definition<N> extends { aliases: readonly (infer A extends string)[] } ? A : never);

/** What the registry says of one resource, with its defaults filled in. */
export function adminResource<N extends AdminResourceName>(name: N) {
  const definition: AdminResourceDefinition = ADMIN_RESOURCES[name];
  return {
    ...definition,
    name,
    param: (definition.param ?? 'id') as AdminRecordParam<N>,
    paths: [name, ...(definition.aliases ?? [])] as AdminResourcePath<N>[],
    menu: definition.menu === false ? null : (definition.menu ?? `/${name}`),
  };
}
