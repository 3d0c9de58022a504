import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export type ReceivedMail = {
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The text body, with its transfer encoding undone. */
  text: string;
  /** Who signed in to send it. */
  user: string | undefined;
  /** The message as it came, for a real parser (mailparser's simpleParser). */
  raw: string;
};

export type TestSmtpServer = {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedMail[];
  /** How many times a client got as far as sending a message's data, accepted or not. */
  readonly dataAttempts: number;
  /** How many sign-ins the server refused. */
  readonly authFailures: number;
  /** Answers the next `count` messages with this SMTP reply code instead of accepting them. */
  refuseNext(count: number, responseCode: number): void;
  /**
   * Keeps the next message's client waiting for the server's answer to its data (a slow mail server)
   * until `release` is called; then answers as usual. `arrived` resolves once that message's data is in.
   */
  holdNext(): { arrived: Promise<void>; release: () => void };
  stop(): Promise<void>;
  /** Listens again on the same port, after stop(). */
  restart(): Promise<void>;
};

/** A received message read by a real MIME parser (mailparser): headers as a mail client sees them. */
export const parsedMail = (mail: ReceivedMail): Promise<ParsedMail> => simpleParser(mail.raw);

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-secret';

/**
 * A real SMTP server on loopback (the smtp-server package speaks the protocol nodemailer talks to
 * real providers), with sign-in required. Plain connection: STARTTLS is not offered, so nothing
 * depends on a certificate.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refusals: number[] = [];
  const holds: { arrived: () => void; released: Promise<void> }[] = [];
  let dataAttempts = 0;
  let authFailures = 0;

  const create = () =>
    new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
          return callback(null, { user: auth.username });
        authFailures++;
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const hold = holds.shift();
          if (hold) {
            hold.arrived();
            await hold.released;
          }
          dataAttempts++;
          const refusal = refusals.shift();
          if (refusal !== undefined) {
            const error: SMTPServerError = new Error(`Refused for the test (${refusal})`);
            error.responseCode = refusal;
            return callback(error);
          }
          const from = session.envelope.mailFrom;
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            envelope: {
              from: from ? from.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            ...parseMessage(raw),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw,
          });
          callback();
        });
      },
    });

  let server = create();
  // A client that went away mid-message (a sender SIGKILLed) is a reset connection, not a failure here.
  const ignoreResets = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  };
  server.on('error', ignoreResets);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(0);

  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    port,
    received,
    get dataAttempts() {
      return dataAttempts;
    },
    get authFailures() {
      return authFailures;
    },
    refuseNext: (count, responseCode) => {
      for (let i = 0; i < count; i++) refusals.push(responseCode);
    },
    holdNext: () => {
      let arrive: () => void = () => undefined;
      let release: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ arrived: arrive, released });
      return { arrived, release };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: async () => {
      server = create();
      server.on('error', ignoreResets);
      await listen(port);
    },
  };
}

/** Just enough of RFC 5322 and MIME for the single-part text mails the product sends. */
function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, text };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
