export { getRouteLegs, routeKeys, routeLegsQueryOptions, useRouteLegs } from './api/route-legs';
export type { RouteLegs } from './model/route-legs';
