import { CHANGED_ENTITIES_HEADER, STORAGE_KEYS } from '@shared/constants';
import type { ApiEnvelope } from '@shared/envelope';
import { fill, translate } from '@web/i18n';
import { local } from '@web/lib/storage';
import { announceChanges, API_BASE, get } from './client';
import { ApiError } from './errors';

/**
 * A stored file's URL: absolute URLs as they are, else the static path, signed in by the file
 * cookie (`fileAccess`), never by a token in the URL.
 */
export function fileUrl(stored: string): string {
  if (/^https?:\/\//.test(stored)) return stored;
  return `${API_BASE}/sys/common/static/${stored.split('/').map(encodeURIComponent).join('/')}`;
}

/** Asks for the file cookie: once signed in, before anything shows a stored file. */
export const requestFileAccess = () => get<null>('/sys/common/fileAccess', undefined, { silent: true });

/** `一卡通使用说明书.pdf` → `一卡通使用…`: long names shortened to 5 characters. */
export function shortName(name: string, keep = 5): string {
  return [...name].length > keep ? `${[...name].slice(0, keep).join('')}…` : name;
}

/**
 * Uploads one file (multipart, with progress) and resolves the stored path. A server refusal
 * rejects with `Error: {message}`, a transport failure with `{name} 上传失败.`. `route`: the common
 * upload (any signed-in user; the path in `message`) or 对象存储's (its button; the record in `result`).
 */
export function uploadFile(file: File, biz = 'temp', onProgress?: (percent: number) => void, route: 'common' | 'oss' = 'common'): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('biz', biz);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${route === 'oss' ? '/sys/oss/file/upload' : '/sys/common/upload'}`);
    const token = local.get<string>(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      let body: Partial<ApiEnvelope<{ url?: string } | null>> = {};
      try {
        body = JSON.parse(xhr.responseText) as ApiEnvelope<{ url?: string } | null>;
      } catch {
        // Not an envelope: handled below as a failure.
      }
      const stored = route === 'oss' ? body.result?.url : body.message;
      if (xhr.status === 200 && body.success && stored) {
        announceChanges(xhr.getResponseHeader(CHANGED_ENTITIES_HEADER));
        resolve(stored);
      } else reject(new ApiError(xhr.status, `Error: ${body.message ?? xhr.statusText}`));
    };
    xhr.onerror = () => reject(new ApiError(0, fill(translate('upload.failedNamed'), { name: file.name })));
    xhr.send(form);
  });
}

/** A stored path's file name without the random part the server adds (`photo_9f…c1.png` → `photo.png`). */
export const storedName = (stored: string) => (stored.split('/').pop() ?? '').replace(/_[0-9a-f]{32}(\.[^.]*)?$/i, '$1').replace(/_\d{13}(\.[^.]*)?$/, '$1');
