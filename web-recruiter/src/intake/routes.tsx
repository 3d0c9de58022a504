import type { RouteObject } from 'react-router-dom';
import { NO_INDEX } from '../app/SiteMetadata';
import { ConfirmRemovalPage } from './ConfirmRemovalPage';
import { ContactPage } from './ContactPage';
import { RemoveInfoPage } from './RemoveInfoPage';
import { RESUME_SUBMITTED_PATH, ResumeSubmittedPage, SubmitResumePage } from './SubmitResumePage';

/** Public intake: contact, resume submission, removal requests. */
export const intakeRoutes: RouteObject[] = [
  { path: '/contact', element: <ContactPage /> },
  { path: '/submit-resume', element: <SubmitResumePage /> },
  { path: RESUME_SUBMITTED_PATH, element: <ResumeSubmittedPage />, handle: NO_INDEX },
  { path: '/remove-info', element: <RemoveInfoPage /> },
  { path: '/confirm-removal', element: <ConfirmRemovalPage />, handle: NO_INDEX },
];
