import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { describeSchemaFailure } from './schema-issues';

const failureOf = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('the value passed');
  return parsed.error;
};

describe('describeSchemaFailure', () => {
  const stops = z.object({
    stops: z.array(z.object({ lat: z.number(), status: z.optional(z.enum(['done', 'todo'])) })),
  });

  it('says where the value is wrong and what was expected there', () => {
    expect(describeSchemaFailure(failureOf(stops, { stops: [{ lat: 1 }, { lat: '2' }] }))).toBe(
      'stops[1].lat: expected number',
    );
    expect(describeSchemaFailure(failureOf(stops, { stops: [{ lat: 1, status: 'lost' }] }))).toBe(
      'stops[0].status: expected one of "done", "todo"',
    );
    expect(describeSchemaFailure(failureOf(stops, 'text'))).toBe('the body: expected object');
  });

  it('names a few issues and counts the rest', () => {
    const wrong = { stops: [{}, {}, {}, {}, {}] };
    expect(describeSchemaFailure(failureOf(stops, wrong))).toBe(
      'stops[0].lat: expected number; stops[1].lat: expected number; ' +
        'stops[2].lat: expected number (and 2 more)',
    );
  });

  it('says a refined value is out of its range', () => {
    const positive = z.number().check(z.refine((value) => value > 0));
    expect(describeSchemaFailure(failureOf(positive, -1))).toBe('the body: is out of its range');
  });

  it('has a sentence for a hand-written check that reports no issues', () => {
    expect(describeSchemaFailure(undefined)).toBe('it does not have the expected shape');
  });
});
