import type { Logger } from 'pino';
import { readEnv, type Env } from '../env.js';
import type { Extension } from '../extensions.js';
import type { RunningPlatform } from '../platform-services.js';
import { currentHolder, describeHolder, tryAcquireEmbeddedLock, type EmbeddedLock } from '../database/embedded-lock.js';
import type { CommandIo } from './command.js';
import { answerHelp, commandNameOf, runCommand } from './runner.js';
import { commandCatalog, type ExtensionLoader } from './command-catalog.js';
import { runViaHandoff } from './handoff-client.js';
import { EXIT } from './exit-codes.js';
import { runStandaloneCommand } from './standalone.js';
import { CLOSE_TIMEOUT_MS, settlesWithin } from '../shutdown.js';

// a server that holds the lock but does not listen yet is still booting (migrations can take a while)
const SERVER_STARTUP_WAIT_MS = 120_000;
const RETRY_DELAY_MS = 250;

/** Boots the platform for a command run here: the entry point hands in the kernel's boot (src/console.ts). */
export type PlatformBoot = (options: { env: Env; extensions: Extension[]; logger: Logger }) => Promise<RunningPlatform>;

const terminal: CommandIo = {
  out: (line) => void process.stdout.write(line + '\n'),
  err: (line) => void process.stderr.write(line + '\n'),
};

/**
 * `bin/console <command> ...`. With DATABASE_URL the command runs here. With the embedded database it
 * runs here too when no process owns the data directory; while a server owns it, the command is handed
 * to that server over its unix socket and its output and exit code are relayed. Standalone commands (see
 * StandaloneConsoleCommand) run first, with no platform at all.
 */
async function main(argv: string[], loadExtensions: ExtensionLoader, boot: PlatformBoot): Promise<number> {
  const catalog = await commandCatalog(loadExtensions);
  // commands that need no platform run before any database is opened or locked
  if (catalog.all().some((command) => command.standalone && argv.includes(command.name))) {
    const extensions = await loadExtensions();
    const standalone = await runStandaloneCommand(extensions.flatMap((e) => e.commands ?? []), argv, terminal);
    if (standalone !== undefined) return standalone;
  }
  // help comes from the catalog: no code is loaded and no database opened for it (which extensions are
  // inactive is only known with one, so the list here does not mark them)
  const help = answerHelp(catalog, argv, terminal);
  if (help !== undefined) return help;

  const env = readEnv();
  if (env.databaseUrl) return runHere(env, argv, loadExtensions, boot);

  const deadline = Date.now() + SERVER_STARTUP_WAIT_MS;
  let waitingNoticeShown = false;
  for (;;) {
    const attempt = tryAcquireEmbeddedLock(env.varDir, { role: 'console', command: commandNameOf(argv) });
    if (attempt.acquired) return runHere(env, argv, loadExtensions, boot, attempt.lock);
    const { holder } = attempt;
    if (!holder.socket) {
      terminal.err(`The embedded database is in use by ${describeHolder(holder)}. Wait for it to finish or stop it, then try again.`);
      return EXIT.failure;
    }
    const result = await runViaHandoff(holder.socket, argv, terminal.out, terminal.err);
    if (result.kind === 'done') return result.exitCode;
    if (Date.now() > deadline) {
      terminal.err(`${describeHolder(holder)} owns the embedded database but does not answer on ${holder.socket}.`);
      return EXIT.failure;
    }
    if (!waitingNoticeShown && currentHolder(env.varDir)) {
      terminal.err('Waiting for the server to finish starting...');
      waitingNoticeShown = true;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
}

/** Boots the platform in this process (no HTTP; no worker unless the command is `worker`). */
async function runHere(env: Env, argv: string[], loadExtensions: ExtensionLoader, boot: PlatformBoot, lock?: EmbeddedLock): Promise<number> {
  const interrupted = guardInterrupts();
  try {
    // loaded only when a command runs: help and the hand-off never need the platform's code
    const [extensions, { createLogger }] = await Promise.all([loadExtensions(), import('../logger.js')]);
    // logs go to stderr so stdout carries only the command's output; quiet unless LOG_LEVEL asks
    const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', { fd: 2 });
    const platform = await boot({ env: { ...env, runWorker: false }, extensions, logger });
    let exitCode: number = EXIT.failure;
    try {
      exitCode = await runCommand(platform, argv, terminal);
    } finally {
      // bounded like the server's: a close that hangs must not keep the process (or the lock) forever
      if (!(await settlesWithin(platform.close(), CLOSE_TIMEOUT_MS))) {
        terminal.err(`The platform did not close within ${CLOSE_TIMEOUT_MS / 1000} s; exiting anyway.`);
        exitCode = EXIT.failure;
      }
    }
    return exitCode;
  } finally {
    interrupted.dispose();
    lock?.release();
  }
}

/**
 * Ctrl-C must not kill a process in the middle of writing the embedded data directory: the first
 * signal is left to the command (the worker stops on it), a second one forces the exit.
 */
function guardInterrupts(): { dispose(): void } {
  let received = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    received += 1;
    if (received === 1) terminal.err(`${signal}: finishing so the database closes cleanly (send again to force).`);
    else process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/**
 * Runs `bin/console` with the process's arguments and exits with the command's code. The extension list and
 * the kernel's boot are handed in by the entry point (src/console.ts), so the platform never imports the
 * installation's extensions nor its own kernel.
 */
export function runConsoleProcess(loadExtensions: ExtensionLoader, boot: PlatformBoot): void {
  main(process.argv.slice(2), loadExtensions, boot).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const verbose = process.argv.includes('--verbose') || process.argv.includes('-v') || process.env.LOG_LEVEL === 'debug';
      terminal.err(`bin/console failed: ${error instanceof Error ? error.message : String(error)}`);
      if (verbose && error instanceof Error && error.stack) terminal.err(error.stack);
      process.exit(EXIT.failure);
    },
  );
}
