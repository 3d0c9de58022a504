import net from 'node:net';
import { startFakeClamd } from '@healthtal/testkit/fake-clamd';
import { EICAR } from '@healthtal/testkit/resume-files';
import { describe, expect, it } from 'vitest';
import { ClamdScanner, ScannerUnavailable, verdictOf } from './resume-scanner';

const scannerAt = (url: string, timeoutMs = 5_000) => {
  const { hostname, port } = new URL(url);
  return new ClamdScanner({ host: hostname, port: Number(port), timeoutMs });
};

describe('ClamdScanner (INSTREAM over TCP)', () => {
  it('streams a file in chunks that clamd puts back together, and reads OK and FOUND', async () => {
    const clamd = await startFakeClamd();
    try {
      // Several 64 KB chunks and a short last one.
      const file = Buffer.alloc(200_000, 7);
      expect(await scannerAt(clamd.url).scan(file)).toEqual({ clean: true });
      expect(clamd.scanned[0]!.equals(file)).toBe(true);
      const infected = Buffer.concat([Buffer.alloc(70_000), Buffer.from(EICAR)]);
      expect(await scannerAt(clamd.url).scan(infected)).toEqual({
        clean: false,
        finding: 'Eicar-Test-Signature',
      });
    } finally {
      await clamd.close();
    }
  });

  it('is unavailable when clamd refuses the connection or stays silent', async () => {
    const clamd = await startFakeClamd();
    const url = clamd.url;
    await clamd.close();
    await expect(scannerAt(url).scan(Buffer.from('x'))).rejects.toBeInstanceOf(ScannerUnavailable);

    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      await expect(scannerAt(`tcp://127.0.0.1:${port}`, 200).scan(Buffer.from('x'))).rejects.toBeInstanceOf(
        ScannerUnavailable,
      );
    } finally {
      silent.close();
    }
  });

  it("takes clamd's error lines as no answer, never as clean", () => {
    expect(verdictOf('stream: OK\0')).toEqual({ clean: true });
    expect(() => verdictOf('INSTREAM size limit exceeded. ERROR\0')).toThrow(ScannerUnavailable);
    expect(() => verdictOf('')).toThrow(ScannerUnavailable);
  });
});
