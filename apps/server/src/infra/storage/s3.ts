import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeStoragePath, isStoragePath, type Storage } from './storage.ts';

/** "No such object" from GetObject (NoSuchKey) or HeadObject (NotFound, 404): anything else is a real failure. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export type S3Options = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Any S3-compatible store (AWS, MinIO, R2…). Signed URLs are presigned GETs. */
export function createS3Storage(options: S3Options): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default streaming trailers are not understood by every
    // S3-compatible store, which would then keep the chunk framing inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async putFile(path, localFile, contentType) {
      const { size } = await stat(localFile);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: assertSafeStoragePath(path),
          Body: createReadStream(localFile),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async move(from, to) {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: assertSafeStoragePath(to),
          CopySource: `${Bucket}/${assertSafeStoragePath(from)}`,
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async remove(path) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }));
    },
    async exists(path) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }));
        return true;
      } catch {
        return false;
      }
    },
    async size(path) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(path) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no stream body');
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 }),
        );
        yield (page.Contents ?? [])
          .filter((object) => object.Key && isStoragePath(object.Key))
          .map((object) => ({ path: object.Key!, modifiedAt: object.LastModified ?? new Date() }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    signedUrl(path, { expiresInSeconds, contentType, signedAt }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: assertSafeStoragePath(path),
          ResponseContentType: contentType,
          ResponseContentDisposition: 'inline',
          // A link signed for a window (thumbnails) is one URL for hours, so the browser may keep what it serves
          // for as long as the link lasts. A fixed figure: one counted down to expiry would change the URL.
          ...(signedAt ? { ResponseCacheControl: `private, max-age=${expiresInSeconds}` } : {}),
        }),
        { expiresIn: expiresInSeconds, ...(signedAt ? { signingDate: signedAt } : {}) },
      );
    },
  };
}
