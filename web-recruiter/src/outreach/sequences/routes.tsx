import { APP_ROUTES as R } from '@healthtal/contracts';
import type { RouteObject } from 'react-router-dom';
import { guardedPage } from '../../app/lazy-page';

/** Sequences' screens (issue 36): the list, a new one, one's recipients, its editor (sign-in required). */
export const sequenceRoutes: RouteObject[] = [
  { path: R.sequences.path, element: guardedPage(() => import('./SequencesPage'), 'SequencesPage') },
  {
    path: R.sequenceNew.path,
    element: guardedPage(() => import('./SequenceEditorPage'), 'SequenceEditorPage'),
  },
  { path: R.sequence.path, element: guardedPage(() => import('./SequencePage'), 'SequencePage') },
  {
    path: R.sequenceEdit.path,
    element: guardedPage(() => import('./SequenceEditorPage'), 'SequenceEditorPage'),
  },
];
