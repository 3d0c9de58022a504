import { APP_ROUTES } from '@healthtal/contracts';

/** Where a submitted resume lands (the spec's /success is the payment page; see the README's routes). */
export const RESUME_SUBMITTED_PATH = APP_ROUTES.resumeSubmitted.path;
