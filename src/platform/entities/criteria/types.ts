/**
 * The typed Criteria: what a search asks for. Built by `parseCriteria` (JSON body) or
 * `parseQueryCriteria` (query string), or directly by platform code.
 */

export type TotalCountMode = 'none' | 'exact' | 'next-pages';

export type ScalarValue = string | number | boolean | null;

export type Filter =
  | { type: 'equals'; field: string; value: ScalarValue }
  | { type: 'equalsAny'; field: string; value: ScalarValue[] }
  | { type: 'contains' | 'prefix' | 'suffix'; field: string; value: string }
  | { type: 'range'; field: string; parameters: RangeParameters }
  | { type: 'multi'; operator: 'AND' | 'OR'; queries: Filter[] }
  | { type: 'not'; operator: 'AND' | 'OR'; queries: Filter[] };

export interface RangeParameters {
  gte?: string | number;
  lte?: string | number;
  gt?: string | number;
  lt?: string | number;
}

export interface Sorting {
  field: string;
  order: 'ASC' | 'DESC';
  /** Accepted for compatibility; PostgreSQL collation ordering is used either way. */
  naturalSorting?: boolean;
}

export interface Criteria {
  ids?: string[];
  /** 1-based. */
  page?: number;
  limit?: number;
  filter?: Filter[];
  /** Applied like `filter` (there are no aggregations that could tell them apart). */
  postFilter?: Filter[];
  sort?: Sorting[];
  term?: string;
  /** Nested criteria per association property name. */
  associations?: Record<string, Criteria>;
  /** apiAlias → fields kept in the output (`id` and `apiAlias` are always kept). */
  includes?: Record<string, string[]>;
  totalCountMode?: TotalCountMode;
}

export const ADMIN_API_MAX_LIMIT = 500;
