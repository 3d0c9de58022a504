import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible server, path-style, for the two calls site images make:
 * PutObject and GetObject. It speaks S3's wire format (XML errors, ETag, Content-Type kept with the
 * object) and refuses requests that are not SigV4-signed with the configured access key, so the real
 * `@aws-sdk/client-s3` talks to it unchanged.
 */
export type FakeS3 = {
  url: string;
  /** `bucket/key` → the stored object. */
  objects: Map<string, { contentType: string; bytes: Buffer }>;
  close(): Promise<void>;
};

export async function startFakeS3(accessKeyId: string): Promise<FakeS3> {
  const objects = new Map<string, { contentType: string; bytes: Buffer }>();

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake-s3').pathname).slice(1);
    if (!req.headers.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`))
      return sendError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.');
    if (req.method === 'PUT') {
      objects.set(path, { contentType: req.headers['content-type'] ?? 'binary/octet-stream', bytes: body });
      res.writeHead(200, { ETag: `"${md5(body)}"` });
      return res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(path);
      if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'Content-Type': object.contentType,
        'Content-Length': object.bytes.length,
        ETag: `"${md5(object.bytes)}"`,
      });
      return res.end(object.bytes);
    }
    sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
