import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeStoragePath, isStoragePath, type StorageDriver } from './storage.ts';

/** "No such object" from GetObject (NoSuchKey) or HeadObject (NotFound, 404): anything else is a real failure. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** 416 from a ranged GetObject: the range starts past the object's end. */
function isUnsatisfiable(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'InvalidRange' || e?.$metadata?.httpStatusCode === 416;
}

export type S3Options = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/**
 * Any S3-compatible store (AWS, MinIO, R2…), as the driver under the sealed storage (sealed.ts). Objects are sealed,
 * so the browser never fetches them from the store: the app serves them (links.ts), reading ranges with ranged GETs.
 */
export function createS3Storage(options: S3Options): StorageDriver {
  // The SDK on the first storage call rather than at start: an idle server does not hold it (ADR 043).
  let connecting: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const connect = () => {
    connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, options) }));
    return connecting;
  };
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async write(path, body, length, contentType) {
      const { client, sdk } = await connect();
      // One PutObject: the store shows the old object until the new one is whole.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: assertSafeStoragePath(path),
          Body: body,
          ContentLength: length,
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
        // Only an empty object has no byte 0: it exists, and there is nothing to read.
        if (isUnsatisfiable(error) && range?.start === 0) return { stream: Readable.from([]), size: 0 };
        throw error;
      }
    },
    async *list(after) {
      const { client, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        // Keys come in UTF-8 order, so a listing resumes after a key with StartAfter.
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000, StartAfter: after }),
        );
        yield (page.Contents ?? [])
          .filter((object) => object.Key && isStoragePath(object.Key))
          .map((object) => ({ path: object.Key!, modifiedAt: object.LastModified ?? new Date() }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
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
