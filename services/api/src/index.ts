export { type Api, createApi } from './app';
export type { ApiDependencies } from './dependencies';
export { openCandidateExport } from './directory/export-writer';
export {
  OpenAiPostingReader,
  type PostingReader,
  RulesPostingReader,
} from './directory/job-match/posting-reader';
export {
  jobPostingFixtures,
  PRECISION_TARGETS,
  scoreProposals,
} from './directory/job-match/proposal-score';
export { DirectorySearch, type SearchPage } from './directory/search/directory-search';
export { SearchIndex } from './directory/search/search-index';
export { runQuery } from './directory/search/search-query';
export { readModelState, SearchReplica } from './directory/search/search-replica';
export { complexityOf } from './directory/search/search-request';
export { INDEXED_FIELDS } from './directory/search/search-terms';
export { recordSearchFailure, type SearchFailureInput } from './directory/search-errors';
export {
  type ContactHash,
  emailContactHashes,
  emailHashes,
  filterSuppressed,
  hashEmail,
  hashPhone,
  isSuppressed,
  phoneContactHashes,
  phoneHashes,
  type SuppressionKind,
  suppress,
  suppressionKey,
} from './directory/suppression';
export type { ReadinessCheck } from './http/health';
export { signUp } from './identity/accounts';
export { DEV_ACCOUNTS, seedDevAccounts } from './identity/dev-accounts';
export { type IdentityKeys, loadIdentityKeys } from './identity/identity';
export { newRemovalToken, removalIdOf, removalTokenHash } from './intake/removal-tokens';
export { MailDeliveryError, type Mailer, type MailMessage, OutboxMailer } from './mail/mailer';
export { type SmtpConnection, SmtpMailer, type SmtpMailerOptions } from './mail/smtp-mailer';
export { apiMigrations } from './migrations';
export type { ReadModels } from './ops/read-models';
export { InboundMail } from './outreach/sequences/inbound-mail';
export { SequenceDelivery } from './outreach/sequences/sequence-delivery';
export {
  ANONYMOUS,
  allows,
  type Capability,
  type Principal,
  type PrincipalResolver,
  policy,
  type Requirement,
} from './policy';
export { type RunningServer, startHttpServer } from './server';
export { type ApiSettings, defaultSettings } from './settings';
export { type Clock, systemClock } from './shared/clock';
export { RATE_RULES } from './shared/rate-limit';
export type { AwaitProjections } from './shared/read-your-writes';
export {
  type ConnectionOptions,
  connectionOf,
  startWorkerProcess,
  startWorkerThread,
} from './shared/worker-thread';
