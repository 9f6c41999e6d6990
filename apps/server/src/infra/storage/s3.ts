import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
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
export function createS3Storage(options: S3Options): Storage {
  // The SDK on the first storage call rather than at start: an idle server does not hold it (ADR 043).
  let connecting: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const connect = () => {
    connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, options) }));
    return connecting;
  };
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async putFile(path, localFile, contentType) {
      const { client, sdk } = await connect();
      const { size } = await stat(localFile);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: assertSafeStoragePath(path),
          Body: createReadStream(localFile),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async move(from, to) {
      const { client, sdk } = await connect();
      await client.send(
        new sdk.CopyObjectCommand({
          Bucket,
          Key: assertSafeStoragePath(to),
          CopySource: `${Bucket}/${assertSafeStoragePath(from)}`,
        }),
      );
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: from }));
    },
    async remove(path) {
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }));
    },
    async exists(path) {
      const { client, sdk } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }));
        return true;
      } catch {
        return false;
      }
    },
    async size(path) {
      const { client, sdk } = await connect();
      try {
        const head = await client.send(
          new sdk.HeadObjectCommand({ Bucket, Key: assertSafeStoragePath(path) }),
        );
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(path, range) {
      const { client, sdk } = await connect();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: assertSafeStoragePath(path),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no stream body');
        // A ranged answer's length is the range's; the file's size is after the slash of Content-Range.
        const size = range ? Number(object.ContentRange?.split('/')[1]) : object.ContentLength;
        return { stream: object.Body, size: size ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async *list() {
      const { client, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 }),
        );
        yield (page.Contents ?? [])
          .filter((object) => object.Key && isStoragePath(object.Key))
          .map((object) => ({ path: object.Key!, modifiedAt: object.LastModified ?? new Date() }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    signedUrl(path, { expiresInSeconds, contentType, signedAt }) {
      // An unsafe path throws here, at the call, as it always has; the signing itself waits for the SDK.
      const Key = assertSafeStoragePath(path);
      return Promise.all([connect(), import('@aws-sdk/s3-request-presigner')]).then(
        ([{ client, sdk }, { getSignedUrl }]) =>
          getSignedUrl(
            client,
            new sdk.GetObjectCommand({
              Bucket,
              Key,
              ResponseContentType: contentType,
              ResponseContentDisposition: 'inline',
              // A link signed for a window (thumbnails) is one URL for hours, so the browser may keep what it
              // serves for as long as the link lasts. A fixed figure: one counted down to expiry would change it.
              ...(signedAt ? { ResponseCacheControl: `private, max-age=${expiresInSeconds}` } : {}),
            }),
            { expiresIn: expiresInSeconds, ...(signedAt ? { signingDate: signedAt } : {}) },
          ),
      );
    },
  };
}

function newClient(sdk: typeof import('@aws-sdk/client-s3'), options: S3Options): S3Client {
  return new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default streaming trailers are not understood by every
    // S3-compatible store, which would then keep the chunk framing inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
}
