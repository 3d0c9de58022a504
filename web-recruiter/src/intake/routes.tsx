import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../app/lazy-page';
import { RESUME_SUBMITTED_PATH } from './paths';

const resume = () => import('./SubmitResumePage');

/** Public intake: contact, resume submission, removal requests. */
export const intakeRoutes: RouteObject[] = [
  { path: '/contact', element: lazyPage(() => import('./ContactPage'), 'ContactPage') },
  { path: '/submit-resume', element: lazyPage(resume, 'SubmitResumePage') },
  { path: RESUME_SUBMITTED_PATH, element: lazyPage(resume, 'ResumeSubmittedPage') },
  { path: '/remove-info', element: lazyPage(() => import('./RemoveInfoPage'), 'RemoveInfoPage') },
  {
    path: '/confirm-removal',
    element: lazyPage(() => import('./ConfirmRemovalPage'), 'ConfirmRemovalPage'),
  },
];
