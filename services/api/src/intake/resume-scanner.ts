import net from 'node:net';

/** What a virus scanner says of a file: clean, or what it found in it. */
export type ScanVerdict = { clean: true } | { clean: false; finding: string };

/**
 * Checks an uploaded resume file before anything of it is kept (ADR 0070). The default accepts every
 * file; `CLAMD_URL` points the API at a ClamAV daemon instead. A scanner that cannot answer throws
 * ScannerUnavailable: the submission is then refused (503), never taken unscanned.
 */
export interface ResumeFileScanner {
  /** Named in logs and in the ADR: `none` or `clamd`. */
  readonly name: string;
  scan(bytes: Uint8Array): Promise<ScanVerdict>;
}

export class ScannerUnavailable extends Error {}

/** No scanner configured: every file is taken (its type is still checked from its bytes). */
export const acceptEveryFile: ResumeFileScanner = { name: 'none', scan: async () => ({ clean: true }) };

export type ClamdSettings = { host: string; port: number; timeoutMs: number };

/** clamd's own limit per chunk is its StreamMaxLength; chunks of 64 KB stay far below it. */
const CHUNK = 64 * 1024;

/**
 * ClamAV's daemon over TCP, with its INSTREAM command: `zINSTREAM\0`, then the file as chunks each
 * prefixed by its length (4 bytes, big-endian), then a zero length; clamd answers one line,
 * `stream: OK`, `stream: <signature> FOUND` or `… ERROR` (ending in \0 for the z-prefixed command).
 * One connection per file; a refused connection, a timeout or an ERROR answer is ScannerUnavailable.
 */
export class ClamdScanner implements ResumeFileScanner {
  readonly name = 'clamd';

  constructor(private readonly settings: ClamdSettings) {}

  scan(bytes: Uint8Array): Promise<ScanVerdict> {
    const { host, port, timeoutMs } = this.settings;
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      let answer = '';
      const fail = (why: string) => {
        socket.destroy();
        reject(new ScannerUnavailable(`clamd at ${host}:${port}: ${why}`));
      };
      socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`));
      socket.once('error', (error) => fail(error.message));
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
      });
      socket.once('end', () => {
        socket.destroy();
        try {
          resolve(verdictOf(answer));
        } catch (error) {
          reject(error);
        }
      });
      socket.once('connect', () => {
        socket.write('zINSTREAM\0');
        for (let at = 0; at < bytes.length; at += CHUNK) {
          const chunk = bytes.subarray(at, at + CHUNK);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(chunk.length);
          socket.write(length);
          socket.write(chunk);
        }
        socket.write(Buffer.alloc(4));
      });
    });
  }
}

/** clamd's answer line: `stream: OK`, `stream: Eicar-Test-Signature FOUND`, or an error. */
export function verdictOf(answer: string): ScanVerdict {
  const line = answer.replace(/\0/g, '').trim();
  if (/^stream: OK$/.test(line)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { clean: false, finding: found[1]! };
  throw new ScannerUnavailable(`clamd answered: ${line || '(nothing)'}`);
}

/** The scanner the settings ask for: clamd when `clamd` is set, otherwise none. */
export const resumeScannerOf = (clamd: ClamdSettings | undefined): ResumeFileScanner =>
  clamd ? new ClamdScanner(clamd) : acceptEveryFile;
