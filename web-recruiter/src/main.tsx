import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/App';
import { resumeSession } from './app/session';
import { prefetchFirstSearch } from './directory/search/first-search';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Before React renders: the returning user's session (refresh, then /me) and, on /search, the
// page's chunk and first results, all in flight while React boots. The first render waits for the
// search screen's chunk when the visit lands there, so it shows the screen, not a spinner first.
void resumeSession();
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
prefetchFirstSearch(queryClient).then(render, render);
