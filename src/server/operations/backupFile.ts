import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { MigrationLevel, Release } from './release';

/**
 * A backup file: one line `CCU-BACKUP 1`, then a manifest (JSON, padded to a fixed size so it is
 * written last, once the payload's size and checksum are known), then the payload — PGlite's data
 * directory as a gzip'd tar, or PostgreSQL's `pg_dump` in its custom format.
 */
const MAGIC = 'CCU-BACKUP 1\n';
const MANIFEST_BYTES = 4096;
export const PAYLOAD_OFFSET = MAGIC.length + MANIFEST_BYTES;

export interface BackupManifest {
  format: 1;
  /** The release that wrote it. */
  release: Release;
  /** The database's migration level when it was taken (a restore's next start upgrades from it). */
  level: MigrationLevel;
  database: 'pglite' | 'postgres';
  payload: 'pglite-datadir.tar.gz' | 'pg_dump-custom';
  createdAt: string;
  schools: number;
  bytes: number;
  sha256: string;
}

export type ManifestDraft = Omit<BackupManifest, 'bytes' | 'sha256' | 'format'>;

/** Opens `file` for a backup: the payload is written through `write`, then `finish` seals the manifest. */
export function openBackupFile(file: string) {
  const fd = fs.openSync(file, 'wx', 0o600);
  const hash = createHash('sha256');
  let bytes = 0;
  fs.writeSync(fd, Buffer.alloc(PAYLOAD_OFFSET, 0x20), 0, PAYLOAD_OFFSET, 0);
  return {
    write(chunk: Buffer) {
      hash.update(chunk);
      fs.writeSync(fd, chunk, 0, chunk.length, PAYLOAD_OFFSET + bytes);
      bytes += chunk.length;
    },
    finish(draft: ManifestDraft): BackupManifest {
      const manifest: BackupManifest = { format: 1, ...draft, bytes, sha256: hash.digest('hex') };
      const text = JSON.stringify(manifest);
      if (Buffer.byteLength(text) > MANIFEST_BYTES - 1) throw new Error('backup manifest too long');
      fs.writeSync(fd, MAGIC, 0, 'utf8');
      fs.writeSync(fd, `${text.padEnd(MANIFEST_BYTES - 1, ' ')}\n`, MAGIC.length, 'utf8');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return manifest;
    },
    abandon() {
      fs.closeSync(fd);
      fs.rmSync(file, { force: true });
    },
  };
}

export class BackupRefused extends Error {}

/** Reads a backup's manifest, refusing a file that is not one. */
export function readManifest(file: string): BackupManifest {
  if (!fs.existsSync(file)) throw new BackupRefused(`找不到备份文件：${file} (no such backup file)`);
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(PAYLOAD_OFFSET);
    const read = fs.readSync(fd, head, 0, PAYLOAD_OFFSET, 0);
    if (read < PAYLOAD_OFFSET || head.subarray(0, MAGIC.length).toString('utf8') !== MAGIC) throw new BackupRefused(`不是本系统的备份文件：${file} (not a backup of this console)`);
    return JSON.parse(head.subarray(MAGIC.length).toString('utf8').trim()) as BackupManifest;
  } finally {
    fs.closeSync(fd);
  }
}

/** Checks the payload against the manifest's size and checksum (a copy cut short, a changed byte). */
export async function checkPayload(file: string, manifest: BackupManifest): Promise<void> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { start: PAYLOAD_OFFSET }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  if (bytes !== manifest.bytes || hash.digest('hex') !== manifest.sha256)
    throw new BackupRefused(`备份文件已损坏：内容与其校验和不符 (the backup is damaged: its content does not match its checksum; ${bytes} of ${manifest.bytes} bytes)`);
}

/** The payload as a stream. */
export const payloadStream = (file: string) => fs.createReadStream(file, { start: PAYLOAD_OFFSET });
