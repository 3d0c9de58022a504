// One definition for the API and the projections (services/eventstore/src/postgres/transaction.ts).
export { inTransaction } from '@healthtal/eventstore';
