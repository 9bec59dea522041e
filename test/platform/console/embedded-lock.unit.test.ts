import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireEmbeddedLock, currentHolder, embeddedPaths, tryAcquireEmbeddedLock } from '../../../src/platform/database/embedded-lock.js';

const dirs: string[] = [];
function varDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

describe('embedded database lock', () => {
  it('lets one holder in; a second acquire fails while the first holds it', () => {
    const dir = varDir();
    const first = acquireEmbeddedLock(dir, { role: 'server', socket: embeddedPaths(dir).socket });
    const lockFile = JSON.parse(readFileSync(embeddedPaths(dir).lockFile, 'utf8'));
    expect(lockFile).toMatchObject({ pid: process.pid, role: 'server', socket: embeddedPaths(dir).socket });

    const second = tryAcquireEmbeddedLock(dir, { role: 'console', command: 'extension:list' });
    expect(second.acquired).toBe(false);
    expect(second.acquired ? undefined : second.holder).toMatchObject({ pid: process.pid, role: 'server' });
    expect(() => acquireEmbeddedLock(dir, { role: 'console' })).toThrow(/in use by the server \(pid \d+\)/);
    expect(currentHolder(dir)?.role).toBe('server');

    first.release();
    expect(existsSync(embeddedPaths(dir).lockFile)).toBe(false);
    expect(currentHolder(dir)).toBeUndefined();
    const third = acquireEmbeddedLock(dir, { role: 'console' });
    expect(currentHolder(dir)?.role).toBe('console');
    third.release();
  });

  it('takes over a lock whose holder no longer runs', () => {
    const dir = varDir();
    const pid = deadPid();
    writeFileSync(embeddedPaths(dir).lockFile, JSON.stringify({ pid, role: 'server', socket: '/nowhere.sock' }));
    expect(currentHolder(dir)).toBeUndefined();
    const lock = acquireEmbeddedLock(dir, { role: 'console' });
    expect(JSON.parse(readFileSync(embeddedPaths(dir).lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock left by an earlier process with the same pid (container restarts)', () => {
    const dir = varDir();
    writeFileSync(embeddedPaths(dir).lockFile, JSON.stringify({ pid: process.pid, role: 'server' }));
    const lock = acquireEmbeddedLock(dir, { role: 'server' });
    lock.release();
  });

  it('treats a live pid with a different start time as a reused pid', () => {
    const dir = varDir();
    // pid 1 runs, but not since "tick 1" of this boot unless the test runs as init
    writeFileSync(embeddedPaths(dir).lockFile, JSON.stringify({ pid: 1, startTime: '-1', role: 'server' }));
    const attempt = tryAcquireEmbeddedLock(dir, { role: 'console' });
    expect(attempt.acquired).toBe(existsSync('/proc/1/stat'));
    if (attempt.acquired) attempt.lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = varDir();
    writeFileSync(embeddedPaths(dir).lockFile, 'garbage');
    acquireEmbeddedLock(dir, { role: 'console' }).release();
  });

  it('keeps a live holder of another process', () => {
    const dir = varDir();
    writeFileSync(embeddedPaths(dir).lockFile, JSON.stringify({ pid: process.ppid, role: 'console', command: 'worker' }));
    const attempt = tryAcquireEmbeddedLock(dir, { role: 'server' });
    expect(attempt.acquired).toBe(false);
    expect(() => acquireEmbeddedLock(dir, { role: 'server' })).toThrow(`another bin/console process (pid ${process.ppid}, running worker)`);
  });
});
