import { ContactMessageRequest } from '@healthtal/contracts';
import { useEffect, useState } from 'react';

type ApiStatus = 'checking' | 'ok' | 'unreachable';

/** GET /healthz answers `{ status: 'ok' }` when the API is up; anything else counts as unreachable. */
async function fetchApiStatus(signal: AbortSignal): Promise<ApiStatus> {
  try {
    const res = await fetch('/healthz', { signal, headers: { accept: 'application/json' } });
    if (!res.ok) return 'unreachable';
    const body: unknown = await res.json();
    const isOk = typeof body === 'object' && body !== null && 'status' in body && body.status === 'ok';
    return isOk ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** Field names of the shared contact schema: proves the contracts wiring until the contact feature lands. */
const contactFields = Object.keys(ContactMessageRequest.shape).join(', ');

export function App() {
  const [status, setStatus] = useState<ApiStatus>('checking');

  useEffect(() => {
    const controller = new AbortController();
    void fetchApiStatus(controller.signal).then((next) => {
      if (!controller.signal.aborted) setStatus(next);
    });
    return () => controller.abort();
  }, []);

  return (
    <main>
      <header>
        <h1>HealthTal</h1>
      </header>
      <p>The directory of US healthcare professionals for recruiters.</p>
      <p role="status">API: {status === 'checking' ? 'checking…' : status}</p>
      <footer>
        <small>Contact form coming soon (fields: {contactFields}).</small>
      </footer>
    </main>
  );
}
