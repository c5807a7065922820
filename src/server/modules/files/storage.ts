import fs from 'node:fs';
import path from 'node:path';

/** Upload size limit (the JeecgBoot family's 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const BIZ = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,3}$/;

/** The sub-folder a client asks for, or null when it is not a plain relative folder name. */
export function safeBiz(biz: string | undefined): string | null {
  const value = (biz ?? '').trim() || 'temp';
  return BIZ.test(value) ? value : null;
}

/**
 * `photo (1).PNG` → `photo_1_<unique>.png`: no path parts, nothing a shell or URL would mind; the
 * unique part (random, from the caller) makes the name unguessable.
 */
export function storedName(original: string, unique: string): string {
  const base = path.basename(original.replaceAll('\\', '/'));
  const ext = path
    .extname(base)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 10);
  const stem =
    base
      .slice(0, base.length - path.extname(base).length)
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'file';
  return `${stem}_${unique}${ext}`;
}

/** A stored file's key as uploads make them: folders and a name, nothing that climbs out. */
export function isStoredKey(key: string): boolean {
  return key.length > 0 && key.length <= 400 && !key.startsWith('.') && !key.startsWith('/') && !key.split('/').some((part) => part === '..' || part === '' || part === '.');
}

/** Resolves a stored relative path inside the upload root; null when it would leave it. */
export function resolveStored(root: string, relative: string): string | null {
  const cleaned = relative.replace(/,+$/, '');
  const full = path.resolve(root, cleaned);
  return full.startsWith(path.resolve(root) + path.sep) && fs.existsSync(full) && fs.statSync(full).isFile() ? full : null;
}
