import { startTestApp } from '../../../testkit/src/harness';

export const removals = startTestApp;
