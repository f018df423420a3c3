/**
 * Runtime checks of what the SPA reads from the /api and from the device's storage, in zod/mini's
 * functional style (`check.object({ name: check.string(), note: check.optional(check.string()) })`)
 * at a fraction of its weight: zod/mini was 7 KB gzipped on every page that fetches, this is
 * under 1 KB. The same rules as the zod schemas it replaces: numbers are finite, objects drop the
 * fields they do not name (an absent optional field stays absent), arrays and tuples check every
 * item, `withDefault` fills in an absent value, and nothing ever throws but `parse`.
 */

const INVALID: unique symbol = Symbol('invalid');
type Invalid = typeof INVALID;

export interface Check<T> {
  /** The checked value, or INVALID: what the combinators compose. */
  readonly run: (value: unknown) => T | Invalid;
  /** Never throws. */
  safeParse(value: unknown): { success: true; data: T } | { success: false };
  /** Throws a TypeError when the value does not pass. */
  parse(value: unknown): T;
}

/** A check whose key may be absent from an object. */
interface OptionalCheck<T> extends Check<T | undefined> {
  readonly optional: true;
}

export type Infer<C> = C extends Check<infer T> ? T : never;

type Shape = Record<string, Check<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends OptionalCheck<unknown> ? K : never;
}[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & {
    [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined>;
  }
>;

export interface ObjectCheck<S extends Shape> extends Check<ObjectOf<S>> {
  readonly shape: S;
}

function make<T>(run: (value: unknown) => T | Invalid): Check<T> {
  return {
    run,
    safeParse(value) {
      const result = run(value);
      return result === INVALID ? { success: false } : { success: true, data: result };
    },
    parse(value) {
      const result = run(value);
      if (result === INVALID) throw new TypeError('The value does not have the expected shape');
      return result;
    },
  };
}

export const string = (): Check<string> =>
  make((value) => (typeof value === 'string' ? value : INVALID));

/** A finite number (as zod's: no NaN, no Infinity). */
export const number = (): Check<number> =>
  make((value) => (typeof value === 'number' && Number.isFinite(value) ? value : INVALID));

export const boolean = (): Check<boolean> =>
  make((value) => (typeof value === 'boolean' ? value : INVALID));

export const literal = <const L extends string | number | boolean>(expected: L): Check<L> =>
  make((value) => (value === expected ? expected : INVALID));

/** One of the given strings. */
export const oneOf = <const L extends readonly string[]>(values: L): Check<L[number]> =>
  make((value) => (values.includes(value as string) ? (value as L[number]) : INVALID));

export const optional = <T>(inner: Check<T>): OptionalCheck<T> => ({
  ...make((value) => (value === undefined ? undefined : inner.run(value))),
  optional: true,
});

export const nullable = <T>(inner: Check<T>): Check<T | null> =>
  make((value) => (value === null ? null : inner.run(value)));

/** An absent (undefined) value becomes `fallback`. */
export const withDefault = <T>(inner: Check<T>, fallback: T): Check<T> =>
  make((value) => (value === undefined ? fallback : inner.run(value)));

export const array = <T>(item: Check<T>): Check<T[]> =>
  make((value) => {
    if (!Array.isArray(value)) return INVALID;
    const items: T[] = new Array<T>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const checked = item.run(value[index]);
      if (checked === INVALID) return INVALID;
      items[index] = checked;
    }
    return items;
  });

export const tuple = <A, B>(first: Check<A>, second: Check<B>): Check<[A, B]> =>
  make((value) => {
    if (!Array.isArray(value) || value.length !== 2) return INVALID;
    const a = first.run(value[0]);
    const b = second.run(value[1]);
    return a === INVALID || b === INVALID ? INVALID : [a, b];
  });

/** The first of the checks the value passes. */
export const union = <const C extends readonly Check<unknown>[]>(
  options: C,
): Check<Infer<C[number]>> =>
  make((value) => {
    for (const option of options) {
      const checked = option.run(value);
      if (checked !== INVALID) return checked as Infer<C[number]>;
    }
    return INVALID;
  });

export function object<S extends Shape>(shape: S): ObjectCheck<S> {
  const keys = Object.keys(shape);
  return {
    ...make((value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
      const source = value as Record<string, unknown>;
      const result: Record<string, unknown> = {};
      for (const key of keys) {
        const checked = shape[key].run(source[key]);
        if (checked === INVALID) return INVALID;
        if (checked !== undefined || key in source) result[key] = checked;
      }
      return result as ObjectOf<S>;
    }),
    shape,
  };
}

/** `base`'s fields and `more` (fields `base` does not have). */
export const extend = <S extends Shape, M extends Shape>(
  base: ObjectCheck<S>,
  more: M,
): ObjectCheck<S & M> => object({ ...base.shape, ...more });

/** The value converted once it passed `inner`. */
export const map = <T, U>(inner: Check<T>, convert: (value: T) => U): Check<U> =>
  make((value) => {
    const checked = inner.run(value);
    return checked === INVALID ? INVALID : convert(checked);
  });

/** `inner`, and `rule` on the checked value. */
export const refine = <T>(inner: Check<T>, rule: (value: T) => boolean): Check<T> =>
  make((value) => {
    const checked = inner.run(value);
    return checked === INVALID || !rule(checked) ? INVALID : checked;
  });
