import { ContactMessageRow } from '@healthtal/contracts';

/** Columns of the contact messages list, from the shared schema: proves the contracts wiring. */
const contactColumns = Object.keys(ContactMessageRow.shape).join(', ');

export function App() {
  return (
    <main>
      <header>
        <h1>HealthTal Admin</h1>
      </header>
      <p>The admin console (react-admin) arrives with the admin issue.</p>
      <p>
        <small>Contact messages will list: {contactColumns}.</small>
      </p>
    </main>
  );
}
