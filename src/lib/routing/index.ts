export { getRouteLegs, routeKeys, routeLegsQueryOptions, useRouteLegs } from './api/route-legs';
export { askRouteTable, getRouteTable } from './api/route-table';
export type { RouteLegs } from './model/route-legs';
export type { RouteTable } from './model/route-table';
