export {
  getSharedRoute,
  sharedRouteKeys,
  sharedRouteQueryOptions,
  useSharedRoute,
} from './api/get-shared-route';
export type { SharedRoute } from './model/shared-route';
