/** Where progress goes: a terminal gets one redrawn bar; anything else (a pipe, a log, the hand-off) whole lines. */
export interface ProgressOutput {
  isTTY: boolean;
  /** Terminal width; 80 when unknown. */
  columns?: number;
  /** Raw text: in line mode every call is one whole line ending in "\n". */
  write(text: string): void;
}

export interface Progress {
  /** Begins a phase, e.g. `start('products', 736)`; finishes the previous one if still open. */
  start(label: string, total: number): void;
  advance(count?: number): void;
  finish(): void;
}

export interface ProgressOptions {
  /** Milliseconds clock; injectable so tests control redraws. */
  now?: () => number;
  /** Least time between two redraws of the bar. */
  redrawMs?: number;
}

const BAR_WIDTH = 24;
/** In line mode, a line at each quarter: enough to see a run is alive without flooding a log. */
const LINE_STEPS = 4;

/**
 * A small progress reporter: a redrawn `[#####.....] 45% products 331/736` line on a terminal, throttled
 * so thousands of advances cost nothing; plain lines (start, each quarter, done) everywhere else.
 */
export function createProgress(output: ProgressOutput, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => Date.now());
  const redrawMs = options.redrawMs ?? 100;
  let label = '';
  let total = 0;
  let done = 0;
  let open = false;
  let lastDraw = -Infinity;
  let lastStep = 0;

  const draw = () => {
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(ratio * BAR_WIDTH);
    const text = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${label} ${done}/${total}`;
    const width = Math.max(20, (output.columns ?? 80) - 1);
    // pad to overwrite a longer previous line, cut to keep the bar on one terminal row
    output.write(`\r${text.slice(0, width).padEnd(width)}`);
    lastDraw = now();
  };

  const finish = () => {
    if (!open) return;
    open = false;
    if (output.isTTY) {
      draw();
      output.write('\n');
    } else {
      output.write(`${label}: ${done}/${total} done\n`);
    }
  };

  return {
    start(nextLabel, nextTotal) {
      finish();
      label = nextLabel;
      total = Math.max(0, Math.floor(nextTotal));
      done = 0;
      open = true;
      lastStep = 0;
      lastDraw = -Infinity;
      if (output.isTTY) draw();
      else output.write(`${label}: ${total} to check\n`);
    },
    advance(count = 1) {
      if (!open) return;
      done = Math.min(total, done + count);
      if (output.isTTY) {
        if (now() - lastDraw >= redrawMs) draw();
        return;
      }
      const step = total === 0 ? LINE_STEPS : Math.floor((done * LINE_STEPS) / total);
      if (step > lastStep && done < total) {
        lastStep = step;
        output.write(`${label}: ${done}/${total}\n`);
      }
    },
    finish,
  };
}
