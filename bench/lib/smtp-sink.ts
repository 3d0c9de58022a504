import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail server on loopback that accepts every message and keeps only its Message-ID and when it came. */
export type SmtpSink = {
  readonly url: string;
  /** Messages accepted so far. */
  readonly count: number;
  /** Distinct Message-IDs among them. */
  readonly distinct: number;
  /** performance.now() of the latest message accepted. */
  readonly lastAt: number;
  stop(): Promise<void>;
};

/**
 * A real SMTP server (the smtp-server package, the protocol nodemailer speaks to providers) that
 * keeps nothing of the messages but their Message-ID, so its memory does not grow with the body of
 * what it receives. No sign-in, no TLS, and no reverse DNS lookup of the client (loopback).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const ids = new Set<string>();
  let count = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (!head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1];
        if (id) ids.add(id);
        count++;
        lastAt = performance.now();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    get count() {
      return count;
    },
    get distinct() {
      return ids.size;
    },
    get lastAt() {
      return lastAt;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
