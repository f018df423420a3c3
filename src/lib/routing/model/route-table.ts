import { z } from 'zod/mini';

const square = z.array(z.array(z.number().check(z.nonnegative())));

/** POST /api/routes/table: metres and seconds from each stop [row] to each stop [column]. */
export const routeTableSchema = z
  .object({ distances: square, durations: square, estimated: z.boolean() })
  .check(
    z.refine(
      ({ distances, durations }) =>
        durations.length === distances.length &&
        distances.every(
          (row, i) => row.length === distances.length && durations[i].length === distances.length,
        ),
      'the table must be square',
    ),
  );

export type RouteTable = z.infer<typeof routeTableSchema>;
