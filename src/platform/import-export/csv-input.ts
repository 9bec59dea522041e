import { AppError } from '../errors/app-error.js';

/** How the file's bytes were read: UTF-8 (with or without BOM), UTF-16 by its BOM, or Windows-1252 as a fallback. */
export type DetectedEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedCsv {
  text: string;
  encoding: DetectedEncoding;
}

/**
 * Decodes an uploaded CSV. A UTF-8 BOM is dropped; a UTF-16 BOM is honoured; bytes that are not valid UTF-8
 * are read as Windows-1252 (what spreadsheet programs on Windows write, a superset of Latin-1's printable
 * characters), so umlauts survive and the log says the file was converted. A file with NUL bytes and no
 * UTF-16 BOM is binary (a spreadsheet, an archive): refused.
 */
export function decodeCsv(bytes: Buffer): DecodedCsv {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  if (bytes.includes(0)) {
    throw new AppError(400, 'CONTENT__IMPORT_FILE_NOT_CSV', 'The file is not a text file (it contains NUL bytes): save it as CSV (UTF-8) and upload it again.');
  }
  try {
    // ignoreBOM false (the default) drops a leading UTF-8 BOM
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

const CANDIDATES = [';', ',', '\t', '|'] as const;

/** The header line (up to the first line break; headers have no quoted line breaks). */
export function headerLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}

/** How a delimiter is named in messages. */
export function delimiterName(delimiter: string): string {
  return delimiter === '\t' ? 'tab' : `"${delimiter}"`;
}

/**
 * Checks that the header is split by the profile's delimiter. When it is not, and another common delimiter
 * splits it into the profile's columns, the run fails with a message naming both: guessing would silently
 * mis-read a file whose values contain that character.
 */
export function checkDelimiter(text: string, delimiter: string, expectedHeaders: readonly string[]): void {
  const header = headerLine(text);
  const known = new Set(expectedHeaders);
  const hits = (d: string) => header.split(d).filter((cell) => known.has(unquote(cell))).length;
  if (hits(delimiter) >= 1) return;
  const other = CANDIDATES.filter((d) => d !== delimiter).map((d) => ({ d, hits: hits(d) })).sort((a, b) => b.hits - a.hits)[0];
  if (other && other.hits >= 2) {
    throw new AppError(
      400,
      'CONTENT__IMPORT_WRONG_DELIMITER',
      `The file's columns are separated by ${delimiterName(other.d)}, but the profile expects ${delimiterName(delimiter)}: change the profile's delimiter or save the file with ${delimiterName(delimiter)}.`,
      { meta: { expected: delimiter, detected: other.d } },
    );
  }
  if (hits(delimiter) === 0) {
    throw new AppError(400, 'CONTENT__IMPORT_UNKNOWN_HEADER', `The first line names none of the profile's columns (${expectedHeaders.slice(0, 6).join(', ')}, …): the file needs a header line.`, {
      meta: { expected: [...expectedHeaders] },
    });
  }
}

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"') : trimmed;
}

/** Counts line breaks without decoding: an upload with far more lines than the row limit is refused at once. */
export function countLines(bytes: Buffer): number {
  let lines = 0;
  let at = bytes.indexOf(10);
  while (at !== -1) {
    lines += 1;
    at = bytes.indexOf(10, at + 1);
  }
  return lines;
}
