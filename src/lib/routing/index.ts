export { getRouteLegs, routeKeys, routeLegsQueryOptions, useRouteLegs } from './api/route-legs';
export { askRouteTable } from './api/route-table';
export {
  forgetRoadTables,
  type RoadTable,
  type RoadTableOptions,
  type RoadTableProgress,
} from './api/road-table';
export { loadRoadTableFromApi } from './api/road-table-requests';
export type { RouteLegs } from './model/route-legs';
