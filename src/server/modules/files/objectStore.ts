import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { resolveStored } from './storage';

/** Where uploaded files are kept (STORAGE_DRIVER): a folder under DATA_DIR, or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string | undefined;
      accessKeyId?: string | undefined;
      secretAccessKey?: string | undefined;
      forcePathStyle: boolean;
      prefix?: string | undefined;
    };

/** Bytes `start` to `end` of a file, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Stored files by their relative path (`temp/photo_<random>.png`): the same keys whichever driver. */
export interface ObjectStore {
  readonly driver: StorageConfig['driver'];
  /** Takes over a complete temporary file as `key` (the temporary file is gone afterwards). */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  /** The file's bytes (those from `range.start` to `range.end` inclusive, when asked), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

function localStore(root: string): ObjectStore {
  return {
    driver: 'local',
    async put(key, tempFile) {
      const target = path.join(root, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tempFile, target);
    },
    async get(key, range) {
      const file = resolveStored(root, key);
      return file ? fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}) : null;
    },
    async size(key) {
      const file = resolveStored(root, key);
      return file ? (await fs.promises.stat(file)).size : null;
    },
    async remove(key) {
      const file = resolveStored(root, key);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}

function s3Store(config: Extract<StorageConfig, { driver: 's3' }>): ObjectStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores cannot read the SDK's
    // default aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
  const keyOf = (key: string) => `${config.prefix ?? ''}${key}`;
  return {
    driver: 's3',
    async put(key, tempFile, contentType) {
      try {
        const { size } = await fs.promises.stat(tempFile);
        await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: fs.createReadStream(tempFile), ContentLength: size, ContentType: contentType }));
      } finally {
        await fs.promises.rm(tempFile, { force: true });
      }
    },
    async get(key, range) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }))).ContentLength ?? 0);
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
  };
}

/** The store the configuration names; `root` is the local driver's folder. */
export function createObjectStore(config: StorageConfig, root: string): ObjectStore {
  return config.driver === 's3' ? s3Store(config) : localStore(root);
}
