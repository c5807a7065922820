import { DEFAULT_NOTICE_PREFS, noticePrefsSchema, type NoticePrefs } from '@shared/schemas/account';

/** The stored preferences, or the defaults (a row written by an older release has none). */
export function noticePrefsOf(stored: string | null): NoticePrefs {
  if (!stored) return DEFAULT_NOTICE_PREFS;
  try {
    return noticePrefsSchema.parse(JSON.parse(stored));
  } catch {
    return DEFAULT_NOTICE_PREFS;
  }
}
