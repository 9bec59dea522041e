import { readdirSync, readFileSync } from 'node:fs';

/** State and parent of a process from /proc/<pid>/stat (Linux); undefined when it is gone. */
function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name in parentheses may itself contain spaces and parentheses
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Whether the process runs (a zombie has ended: only its exit status waits to be collected). */
export function isRunning(pid: number): boolean {
  const found = stat(pid);
  return found !== undefined && found.state !== 'Z';
}

/** Every running descendant of `pid`: children, their children, and so on. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    const found = stat(child);
    if (!found || found.state === 'Z') continue;
    children.set(found.ppid, [...(children.get(found.ppid) ?? []), child]);
  }
  const result: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    result.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return result;
}
