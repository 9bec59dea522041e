/**
 * The hand-off wire format: newline-delimited JSON over the unix socket. The client sends one
 * request frame; the server answers with output frames and ends with one exit frame.
 */
export interface HandoffRequest {
  argv: string[];
}

export type HandoffFrame = { out: string } | { err: string } | { exit: number };

export function encodeFrame(frame: HandoffRequest | HandoffFrame): string {
  return JSON.stringify(frame) + '\n';
}

/** Splits a byte stream into complete lines, whatever chunk boundaries the socket produces. */
export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim()) onLine(line);
    }
  };
}
