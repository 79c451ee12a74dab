/** A picked date range as the log query's times: from the first day's start to the last day's end, local time. */
export function rangeToTimes(
  range:
    readonly [{ startOf(u: 'day'): { valueOf(): number } } | null, { endOf(u: 'day'): { valueOf(): number } } | null] | null | undefined,
): {
  startTime?: number;
  endTime?: number;
} {
  return {
    startTime: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
    endTime: range?.[1] ? range[1].endOf('day').valueOf() : undefined,
  };
}
