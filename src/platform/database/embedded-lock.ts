import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Where the embedded database and its owner's files live inside VAR_DIR. */
export function embeddedPaths(varDir: string) {
  return {
    dataDir: path.join(varDir, 'db'),
    lockFile: path.join(varDir, 'db.lock'),
    /** The hand-off socket of a server owning the database (`bin/console` connects to it). */
    socket: path.join(varDir, 'console.sock'),
  };
}

/** What the lock file records about its holder. */
export interface LockHolder {
  pid: number;
  /** Kernel start time of the pid (Linux), so a reused pid is not mistaken for the holder. */
  startTime?: string;
  role: 'server' | 'console';
  /** Set by a server: where `bin/console` hands commands to it. */
  socket?: string;
  /** For a console holder: the command it runs (shown to whoever waits). */
  command?: string;
}

export interface EmbeddedLock {
  readonly holder: LockHolder;
  release(): void;
}

export type LockAttempt = { acquired: true; lock: EmbeddedLock } | { acquired: false; holder: LockHolder };

// lock files this process holds: a lock naming our own pid that is not in here is left over from an
// earlier process that had the same pid (containers restart with the same small pids)
const heldHere = new Set<string>();
let exitHookInstalled = false;

/**
 * Takes the exclusive lock of an embedded data directory: PGlite corrupts a data directory that two
 * processes open. The lock file is created atomically (hard link of a complete temp file, so nobody
 * reads a half-written lock); a lock whose holder no longer runs is taken over.
 */
export function tryAcquireEmbeddedLock(varDir: string, holder: Omit<LockHolder, 'pid' | 'startTime'>): LockAttempt {
  const { lockFile } = embeddedPaths(varDir);
  mkdirSync(varDir, { recursive: true });
  const me: LockHolder = { pid: process.pid, startTime: processStartTime(process.pid), ...holder };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(lockFile, JSON.stringify(me) + '\n')) {
      heldHere.add(lockFile);
      installExitHook();
      return { acquired: true, lock: { holder: me, release: () => releaseIfOurs(lockFile) } };
    }
    const current = readHolder(lockFile);
    if (current === 'missing') continue;
    if (current !== 'unreadable' && isAlive(current, lockFile)) return { acquired: false, holder: current };
    takeOverStale(lockFile);
  }
  throw new Error(`Could not take the database lock ${lockFile}: it keeps changing hands.`);
}

/** Like tryAcquireEmbeddedLock, but failing with a message naming the holder. */
export function acquireEmbeddedLock(varDir: string, holder: Omit<LockHolder, 'pid' | 'startTime'>): EmbeddedLock {
  const attempt = tryAcquireEmbeddedLock(varDir, holder);
  if (attempt.acquired) return attempt.lock;
  throw new Error(`The embedded database in ${embeddedPaths(varDir).dataDir} is in use by ${describeHolder(attempt.holder)}.`);
}

/** The live holder of the lock, if any. */
export function currentHolder(varDir: string): LockHolder | undefined {
  const { lockFile } = embeddedPaths(varDir);
  const holder = readHolder(lockFile);
  return typeof holder === 'object' && isAlive(holder, lockFile) ? holder : undefined;
}

export function describeHolder(holder: LockHolder): string {
  if (holder.role === 'server') return `the server (pid ${holder.pid})`;
  return `another bin/console process (pid ${holder.pid}${holder.command ? `, running ${holder.command}` : ''})`;
}

function createExclusively(lockFile: string, content: string): boolean {
  const temp = `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, content, { mode: 0o600 });
  try {
    linkSync(temp, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function readHolder(lockFile: string): LockHolder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockHolder;
    return Number.isInteger(parsed.pid) ? parsed : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

function isAlive(holder: LockHolder, lockFile: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(lockFile);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid runs under another user, so it is alive
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(holder.pid);
  return !holder.startTime || !startTime || startTime === holder.startTime;
}

/**
 * Moves the stale lock aside with one atomic rename, so of two processes taking it over only one
 * wins; if what was moved turns out to be a fresh, live lock (taken in between), it is put back.
 */
function takeOverStale(lockFile: string): void {
  const aside = `${lockFile}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (typeof moved === 'object' && isAlive(moved, lockFile)) {
    try {
      linkSync(aside, lockFile);
    } catch {
      // someone else created a lock meanwhile; theirs stands
    }
  }
  unlinkSync(aside);
}

/** A process that exits without releasing (uncaught error, process.exit) still leaves no lock behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const lockFile of [...heldHere]) releaseIfOurs(lockFile);
  });
}

function releaseIfOurs(lockFile: string): void {
  if (!heldHere.delete(lockFile)) return;
  const holder = readHolder(lockFile);
  if (typeof holder === 'object' && holder.pid === process.pid) {
    try {
      unlinkSync(lockFile);
    } catch {
      // already gone
    }
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); undefined off Linux. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may contain spaces and parentheses: count from the last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
