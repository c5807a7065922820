import { clockIn, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { useSession } from '@web/stores/session';

/** The signed-in school's zone: its days, whatever zone the browser is in. */
export const schoolZone = (): string => useSession.getState().userInfo?.timeZone ?? DEFAULT_TIME_ZONE;

/** The school's today (`YYYY-MM-DD`). */
export const schoolToday = (): string => dayIn(schoolZone());

/** The school's clock time now (`HH:mm`). */
export const schoolClock = (): string => clockIn(schoolZone());
