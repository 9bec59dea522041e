import type { CommandIo } from '../../../src/platform/console/command.js';

/** A CommandIo that records what a command prints. */
export function captureIo(): CommandIo & { stdout: string[]; stderr: string[]; text(): string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => void stdout.push(line),
    err: (line) => void stderr.push(line),
    text: () => [...stdout, ...stderr].join('\n'),
  };
}
