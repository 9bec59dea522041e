const DAY_MS = 86_400_000;

/** Midnight UTC of a blueprint date ("2026-01-01"): the fixed "today" of every generated date. */
export function referenceDay(date: string): Date {
  const day = new Date(`${date}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime())) throw new Error(`referenceDay: "${date}" is not a date`);
  return day;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/** Whole days from `earlier` to `later` (0 when later is not after earlier). */
export function daysBetween(earlier: Date, later: Date): number {
  return Math.max(0, Math.floor((later.getTime() - earlier.getTime()) / DAY_MS));
}

export function isoDateTime(date: Date): string {
  return date.toISOString();
}

/** `YYYY-MM-DD`. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
