import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | null;
  reload: () => void;
}

const sameDeps = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Runs `load` on mount and whenever `deps` change; the last call wins (no stale answers). An answer belongs to
 * the deps it was loaded for: once they change (another id in the same page component) `data` is undefined
 * until the new answer arrives, so a page never draws one record's data under another's id. A `reload` keeps
 * the current data while it runs, and so do lists that pass `keepPrevious` (the rows of the last page stay
 * while the next page, sort or search loads, instead of a loader in their place).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], options: { keepPrevious?: boolean } = {}): Loaded<T> {
  const [answer, setAnswer] = useState<{ data: T; deps: unknown[] }>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    const loadedFor = deps;
    setLoading(true);
    load().then(
      (value) => {
        if (call !== latest.current) return;
        setAnswer({ data: value, deps: loadedFor });
        setError(null);
        setLoading(false);
      },
      (reason: unknown) => {
        if (call !== latest.current) return;
        setError(reason instanceof Error ? reason : new Error(String(reason)));
        setLoading(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const data = answer && (options.keepPrevious || sameDeps(answer.deps, deps)) ? answer.data : undefined;
  return { data, loading, error, reload };
}
