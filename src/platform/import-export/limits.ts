/**
 * Hard limits of an import: an upload above them is refused before anything is stored or parsed, so no file can
 * keep a worker busy for long or fill its memory (the file is held once as bytes and decoded once).
 */
export const IMPORT_LIMITS = {
  /** Bytes of an uploaded file. */
  maxFileBytes: 32 * 1024 * 1024,
  /** Data rows of one file (the header not counted). */
  maxRows: 100_000,
  /** Characters of one field; a longer one rejects its row. */
  maxFieldLength: 10_000,
  /** Characters of one record: an unclosed quote swallowing the rest of the file fails at once. */
  maxRecordLength: 1_000_000,
  /** Columns of the header. */
  maxColumns: 200,
  /** Rejected rows kept in a log with their reasons (the rest are counted). */
  maxReportedRows: 1_000,
} as const;

/** Rows written per transaction: a crash loses at most one batch, which the retried job writes again. */
export const WRITE_BATCH_ROWS = 200;

/** Uploaded and exported files are kept this long. */
export const FILE_LIFETIME_DAYS = 30;
