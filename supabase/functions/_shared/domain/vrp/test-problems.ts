/**
 * Test support (imported only by the *.test.ts files here): small random problems for the
 * property tests, as fast-check arbitraries.
 */
import fc from 'fast-check';
import { euclideanMatrix } from './matrix.ts';
import type { TimeWindow, VrpEnd, VrpJob, VrpProblem, VrpVehicle } from './problem.ts';

const windowsArbitrary: fc.Arbitrary<TimeWindow[] | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .tuple(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 80 }))
    .map(([start, width]) => [[start, start + width] as TimeWindow]),
  fc
    .tuple(
      fc.integer({ min: 0, max: 80 }),
      fc.integer({ min: 0, max: 30 }),
      fc.integer({ min: 1, max: 60 }),
      fc.integer({ min: 0, max: 30 }),
    )
    .map(([start, width, gap, width2]) => {
      const first: TimeWindow = [start, start + width];
      const second: TimeWindow = [start + width + gap, start + width + gap + width2];
      return [first, second];
    }),
);

const vehicleArbitrary: fc.Arbitrary<VrpVehicle> = fc.record(
  {
    capacity: fc.integer({ min: 3, max: 15 }),
    shift: fc
      .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 60, max: 300 }))
      .map(([start, length]) => [start, start + length] as TimeWindow),
    maxStops: fc.integer({ min: 1, max: 5 }),
    maxWorkingTime: fc.integer({ min: 40, max: 250 }),
  },
  { requiredKeys: [] },
);

/**
 * Problems with up to `maxJobs` jobs and `maxVehicles` vehicles, every optional rule mixed in.
 * `matrix`: random asymmetric travel times that break the triangle inequality (like TSPTW's)
 * instead of Euclidean distances.
 */
export function problemArbitrary(
  maxJobs = 8,
  maxVehicles = 3,
  matrix = false,
): fc.Arbitrary<VrpProblem> {
  return fc
    .record({
      times: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 81, maxLength: 81 }),
      points: fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })), {
        minLength: 2,
        maxLength: 9,
      }),
      jobs: fc.array(
        fc.record({
          at: fc.nat(),
          service: fc.integer({ min: 0, max: 10 }),
          demand: fc.integer({ min: 0, max: 6 }),
          windows: windowsArbitrary,
          lock: fc.constantFrom(undefined, undefined, undefined, 'first', 'last'),
        }),
        { minLength: 0, maxLength: maxJobs },
      ),
      vehicles: fc.array(vehicleArbitrary, { minLength: 1, maxLength: maxVehicles }),
      end: fc.constantFrom<VrpEnd | 'location'>('depot', 'depot', 'last-stop', 'location'),
      objective: fc.constantFrom('distance' as const, 'vehicles' as const, 'makespan' as const),
    })
    .map(({ times, points, jobs, vehicles, end, objective }) => {
      const n = points.length;
      const problem: VrpProblem = {
        locationCount: n,
        travelTimes: matrix
          ? Float64Array.from({ length: n * n }, (_, k) =>
              Math.floor(k / n) === k % n ? 0 : times[Math.floor(k / n) * 9 + (k % n)],
            )
          : euclideanMatrix(points),
        depot: 0,
        end: end === 'location' ? { location: n - 1 } : end,
        vehicles,
        jobs: jobs.map(({ at, service, demand, windows, lock }): VrpJob => ({
          location: at % n,
          service,
          demand,
          ...(windows ? { windows } : {}),
          ...(lock ? { lock } : {}),
        })),
        objective,
      };
      return problem;
    });
}
