import dayjs from 'dayjs';

/** Default date format of spec §9 (year-month-day hour:minute), in the user's zone. */
export const formatTime = (ms: number | null | undefined, withSeconds = false) =>
  ms ? dayjs(Number(ms)).format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '';
