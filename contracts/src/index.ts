export * from './api/admin';
export * from './api/intake';
export * from './api/problem';
export * from './domain/ids';
export * from './domain/limits';
export * from './domain/messages';
export * from './events';
