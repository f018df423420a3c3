import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { RouteLeg } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { routeLegsQueryOptions } from '@/lib/routing';
import { driverPath, type DriverRoute } from '../model/team-plan.ts';

/** Each route-legs answer's legs (stable while the answers are: TanStack Query memoises it). */
const legsOfEach = (results: readonly { data?: { legs: RouteLeg[] } }[]) =>
  results.map((result) => result.data?.legs);

/**
 * Each driver's road legs along their day (start, stops, end), asked of the route service once
 * the split is there; by driver number, for the drivers whose legs have come.
 */
export function useDriverLegs(
  stops: readonly Stop[],
  drivers: readonly DriverRoute[],
): ReadonlyMap<number, readonly RouteLeg[]> {
  const legQueries = useQueries({
    queries: drivers.map((driver) => ({
      ...routeLegsQueryOptions(driverPath(stops, driver).map(({ lat, lng }) => ({ lat, lng }))),
      placeholderData: undefined,
    })),
    combine: legsOfEach,
  });
  return useMemo(() => {
    const byDriver = new Map<number, readonly RouteLeg[]>();
    drivers.forEach((driver, index) => {
      const data = legQueries[index];
      if (data) byDriver.set(driver.number, data);
    });
    return byDriver;
  }, [drivers, legQueries]);
}
