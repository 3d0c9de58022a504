export { type Api, type ApiDependencies, createApi } from './app';
export type { ReadinessCheck } from './http/health';
export { apiMigrations } from './migrations';
export { ANONYMOUS, type Capability, type Principal, type PrincipalResolver, policy } from './policy';
export { type RunningServer, startHttpServer } from './server';
