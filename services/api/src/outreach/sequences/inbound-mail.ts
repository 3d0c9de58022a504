import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerError } from 'smtp-server';
import { handleInbound, type InboundDeps, type InboundOutcome } from './inbound-handler';

/**
 * The largest message taken (SIZE, RFC 1870): replies with a CV attached fit, a mail bomb does not.
 * Only the headers, the text and a delivery report's fields are read; the rest is not kept.
 */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** Senders talking to the endpoint at once; more wait for a free slot (the server says so). */
const MAX_CLIENTS = 50;

const smtpError = (responseCode: number, message: string): SMTPServerError =>
  Object.assign(new Error(message), { responseCode });

/** What the endpoint did with the messages it was sent, for the logs and the tests. */
export type InboundCounts = { reply: number; bounce: number; dropped: number; refused: number };

/**
 * The inbound SMTP endpoint (ADR 0068): replies and delivery reports come back here, from the MX in
 * front of it or straight from the sending servers. A message is answered only once it is recorded:
 * 250 when it is recorded or dropped on purpose, 552 past the size, 550 for bytes that are no
 * message, 451 (try again later) when recording failed, so the sender's queue retries it.
 */
export class InboundMail {
  private server: SMTPServer | null = null;
  private boundPort = 0;
  readonly counts: InboundCounts = { reply: 0, bounce: 0, dropped: 0, refused: 0 };

  constructor(
    private readonly deps: InboundDeps,
    private readonly options: { port: number; host: string; maxBytes?: number },
  ) {}

  /** The port it listens on (the one chosen when asked for 0). */
  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<void> {
    const maxBytes = this.options.maxBytes ?? INBOUND_MAX_BYTES;
    const server = new SMTPServer({
      name: this.deps.host,
      banner: 'HealthTal inbound mail',
      // Mail comes from other servers: no sign-in; TLS ends at the MX in front (ADR 0068).
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: maxBytes,
      maxClients: MAX_CLIENTS,
      logger: false,
      onData: (stream, session, callback) => {
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        this.receive(stream, envelopeTo).then(
          () => callback(),
          (error: SMTPServerError) => callback(error),
        );
      },
    });
    server.on('error', (error) => this.deps.logger.warn({ err: error }, 'inbound mail: connection error'));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.server = server;
    this.deps.logger.info({ port: this.boundPort }, 'inbound mail: listening');
  }

  /** Stops taking connections; sessions in progress end. Idempotent. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async receive(stream: SMTPServerDataStream, envelopeTo: readonly string[]): Promise<void> {
    const chunks: Buffer[] = [];
    // Read to the end whatever the size (the protocol needs it), keeping nothing past the limit.
    for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
    if (stream.sizeExceeded) {
      this.counts.refused++;
      throw smtpError(552, '5.3.4 Message too big: at most 10 MB');
    }
    const raw = Buffer.concat(chunks);
    // A message has a From (RFC 5322 §3.6): bytes without one are not mail this server can read.
    const mail = await simpleParser(raw, { keepDeliveryStatus: true }).catch(() => null);
    if (!mail?.headers.has('from')) {
      this.counts.refused++;
      throw smtpError(550, '5.6.0 Not a message this server can read');
    }
    let outcome: InboundOutcome;
    try {
      outcome = await handleInbound(this.deps, { raw, mail, envelopeTo });
    } catch (error) {
      this.deps.logger.error({ err: error }, 'inbound mail: could not record it; the sender will retry');
      throw smtpError(451, '4.3.0 Could not record the message, try again later');
    }
    if (outcome.kind === 'dropped') {
      this.counts.dropped++;
      this.deps.logger.info({ reason: outcome.reason, bytes: raw.length }, 'inbound mail: dropped');
    } else {
      this.counts[outcome.kind]++;
      this.deps.logger.info(outcome, 'inbound mail: recorded');
    }
  }
}
