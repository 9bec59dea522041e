export * from './types.js';
export { parseCriteria, type ParseOptions } from './parse.js';
export { parseQueryCriteria, queryToCriteriaBody } from './query-string.js';
export { resolveFieldPath, type ResolvedPath, type PathHop } from './field-path.js';
export { CriteriaSql } from './to-sql.js';
export { readPrivileges } from './privileges.js';
