import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE } from '@shared/schoolTime';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Now on the school's wall clock, for seeds that write "yesterday at 11:40": the hours and dates
 * are the school's, whatever zone the server runs in.
 */
export const schoolNow = (zone: string = DEFAULT_TIME_ZONE): dayjs.Dayjs => dayjs().tz(zone);
