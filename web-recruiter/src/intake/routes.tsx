import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';
import { RESUME_SUBMITTED_PATH } from './paths';

const resume = () => import('./SubmitResumePage');

/** Public intake: contact, resume submission, removal requests. */
export const intakeRoutes: RouteObject[] = [
  { path: R.contact.path, element: lazyPage(() => import('./ContactPage'), 'ContactPage') },
  { path: R.submitResume.path, element: lazyPage(resume, 'SubmitResumePage') },
  { path: RESUME_SUBMITTED_PATH, element: lazyPage(resume, 'ResumeSubmittedPage') },
  { path: R.removeInfo.path, element: lazyPage(() => import('./RemoveInfoPage'), 'RemoveInfoPage') },
  {
    path: R.confirmRemoval.path,
    element: lazyPage(() => import('./ConfirmRemovalPage'), 'ConfirmRemovalPage'),
  },
];
