import { z } from 'zod';

const square = z.array(z.array(z.number().nonnegative()));

/** POST /api/routes/table: metres and seconds from each stop [row] to each stop [column]. */
export const routeTableSchema = z
  .object({ distances: square, durations: square, estimated: z.boolean() })
  .refine(
    ({ distances, durations }) =>
      durations.length === distances.length &&
      distances.every(
        (row, i) => row.length === distances.length && durations[i].length === distances.length,
      ),
    'the table must be square',
  );

export type RouteTable = z.infer<typeof routeTableSchema>;
