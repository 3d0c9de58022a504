import net from 'node:net';
import { EICAR } from './resume-files';

export type FakeClamd = {
  /** tcp://127.0.0.1:<port>, for CLAMD_URL. */
  url: string;
  /** Every file it was sent, in order. */
  scanned: Buffer[];
  close(): Promise<void>;
};

/**
 * ClamAV's daemon as the API meets it, on loopback: the INSTREAM command (`zINSTREAM\0`, chunks
 * each prefixed by a 4-byte big-endian length, a zero length to end) answered with
 * `stream: OK\0`, or `stream: Eicar-Test-Signature FOUND\0` when the file holds the EICAR test
 * string, as clamd answers. Any other command gets clamd's `UNKNOWN COMMAND`.
 */
export async function startFakeClamd(): Promise<FakeClamd> {
  const scanned: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    let command: string | null = null;
    const chunks: Buffer[] = [];
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (command === null) {
        const end = buffer.indexOf(0);
        if (end === -1) return;
        command = buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(end + 1);
        if (command !== 'zINSTREAM') return void socket.end('UNKNOWN COMMAND\0');
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const file = Buffer.concat(chunks);
          scanned.push(file);
          const infected = file.includes(EICAR);
          return void socket.end(infected ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
        }
        if (buffer.length < 4 + length) return;
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `tcp://127.0.0.1:${port}`,
    scanned,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
