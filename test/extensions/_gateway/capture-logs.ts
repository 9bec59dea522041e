import { vi } from 'vitest';

type LogLevel = 'error' | 'warn' | 'info';
type SpiedLogger = Record<LogLevel, (...args: never[]) => unknown>;

/**
 * Swallows what `logger` writes at error, warn and info and keeps each call's arguments in `lines`
 * (a test reads them after `restore()`, e.g. with `loggedText`).
 */
export function captureLogs(logger: SpiedLogger): { lines: unknown[]; restore(): void } {
  const lines: unknown[] = [];
  const spies = (['error', 'warn', 'info'] as const).map((level) =>
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never),
  );
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
