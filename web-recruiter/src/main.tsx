import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/App';
import { resumeSession } from './app/session';
import { prefetchFirstSearch } from './directory/search/first-search';

/**
 * How long the first render waits for what it shows (below) before it renders what it has: the
 * common case is in hand long before (the boot script sent the requests while this chunk loaded);
 * a slow server gets the screen's spinners rather than a blank page.
 */
const FIRST_RENDER_WAIT_MS = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Before React renders: the returning user's session (refresh, then /me) and, on /search, the
// page's chunk and first results, all in flight while React boots. The first render waits for them
// (a moment at most), so it shows the signed-in screen with its results, rather than a spinner that
// a second render of the whole page replaces (~130 ms of a first visit's main thread, issue 17).
const ready = Promise.all([resumeSession(), prefetchFirstSearch(queryClient)]);
const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
Promise.race([ready, waited]).then(render, render);
