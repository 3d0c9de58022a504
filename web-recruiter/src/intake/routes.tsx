import type { RouteObject } from 'react-router-dom';
import { ConfirmRemovalPage } from './ConfirmRemovalPage';
import { ContactPage } from './ContactPage';
import { RemoveInfoPage } from './RemoveInfoPage';
import { RESUME_SUBMITTED_PATH, ResumeSubmittedPage, SubmitResumePage } from './SubmitResumePage';

/** Public intake: contact, resume submission, removal requests. */
export const intakeRoutes: RouteObject[] = [
  { path: '/contact', element: <ContactPage /> },
  { path: '/submit-resume', element: <SubmitResumePage /> },
  { path: RESUME_SUBMITTED_PATH, element: <ResumeSubmittedPage /> },
  { path: '/remove-info', element: <RemoveInfoPage /> },
  { path: '/confirm-removal', element: <ConfirmRemovalPage /> },
];
