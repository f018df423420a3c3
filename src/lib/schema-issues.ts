import type * as z from 'zod/mini';

/** What a failed check reports: zod/mini's issues, or nothing from a hand-written check. */
export interface SchemaFailure {
  readonly issues: readonly z.core.$ZodIssue[];
}

const pathOf = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  ) || 'the body';

function whatWasExpected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_union':
      return 'matches none of its forms';
    case 'custom':
      return 'is out of its range';
    default:
      return issue.message;
  }
}

/**
 * Where a value did not pass its schema and what was expected there ("stops[2].lat: expected
 * number"), for the developer reading the error. zod/mini ships no message texts (every issue
 * says "Invalid input" until a locale is loaded, some 4 KB gzipped), and its issues already
 * carry the path and the expected type.
 */
export function describeSchemaFailure(failure: SchemaFailure | undefined, limit = 3): string {
  if (!failure || failure.issues.length === 0) return 'it does not have the expected shape';
  const described = failure.issues
    .slice(0, limit)
    .map((issue) => `${pathOf(issue.path)}: ${whatWasExpected(issue)}`);
  const more = failure.issues.length - limit;
  return more > 0 ? `${described.join('; ')} (and ${more} more)` : described.join('; ');
}
