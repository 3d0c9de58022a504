import type { Migration } from '@healthtal/eventstore';
import { idempotencyMigrations } from './shared/idempotency';

/** Operational tables the API owns (not read models: those belong to projections). */
export const apiMigrations: readonly Migration[] = [...idempotencyMigrations];
