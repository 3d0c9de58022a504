import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { SiteAsset, SiteAssetStorage } from './site-assets';

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, Ceph…); AWS itself when not set. */
  endpoint?: string;
  /** Without them the SDK's default chain (environment, instance role…) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Objects live under this prefix, so the bucket can be shared with other uses. */
const PREFIX = 'site-assets/';

/** Site images in an S3-compatible bucket, when one is configured (S3_BUCKET). */
export class S3SiteAssetStorage implements SiteAssetStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Only the checksums S3 requires: several compatible servers reject the optional ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put({ sha256, mediaType, bytes }: SiteAsset): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: `${PREFIX}${sha256}`,
        Body: bytes,
        ContentType: mediaType,
      }),
    );
  }

  async get(sha256: string): Promise<SiteAsset | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: `${PREFIX}${sha256}` }),
      );
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return { sha256, mediaType: object.ContentType ?? 'application/octet-stream', bytes };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }
}
