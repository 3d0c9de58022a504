import type { AdminResourceName } from '@healthtal/contracts';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import contactMessages from './contact-messages';
import demoGrants from './demo-grants';
import exportLogs from './export-logs';
import mailOutbox from './mail-outbox';
import outreach from './outreach';
import readModels from './read-models';
import refundRequests from './refund-requests';
import removalRequests from './removal-requests';
import resumeSubmissions from './resume-submissions';
import searchErrorLogs from './search-error-logs';
import siteSettings from './site-settings';
import users from './users';

/**
 * What a resource's folder exports from its `index.ts`, as in react-admin's Posters Galore demo:
 * its screens, its menu icon and how a record is named. Its label, menu entry and row contract are
 * contracts' ADMIN_RESOURCES.
 */
export type ResourceModule = {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
};

/** Each resource of the registry and its folder: a resource without one does not compile. */
export const RESOURCES: Readonly<Record<AdminResourceName, ResourceModule>> = {
  users,
  'resume-submissions': resumeSubmissions,
  'removal-requests': removalRequests,
  'refund-requests': refundRequests,
  'export-logs': exportLogs,
  'contact-messages': contactMessages,
  'mail-outbox': mailOutbox,
  'search-error-logs': searchErrorLogs,
  'site-settings': siteSettings,
  'read-models': readModels,
  'demo-grants': demoGrants,
  'outreach-senders': outreach,
  // No screen of its own: the Outreach screen lists them below the senders.
  'clinician-opt-outs': {},
  // No screen of its own: a read model's row lists them.
  'parked-events': {},
};
