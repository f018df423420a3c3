export { driverReportKeys } from './api/query-keys';
export {
  createDriverLink,
  createDriverLinkMutationOptions,
  driverLinkQueryOptions,
  getDriverLink,
  revokeDriverLink,
  revokeDriverLinkMutationOptions,
  useCreateDriverLink,
  useDriverLink,
  useRevokeDriverLink,
} from './api/driver-link';
export {
  driveRouteQueryOptions,
  driveRouteRequest,
  getDriveRoute,
  useDriveRoute,
} from './api/drive-route';
export { sendReport, type ReportToSend } from './api/send-report';
export {
  PROGRESS_REFRESH_MS,
  dayGroupProgressQueryOptions,
  dayGroupProgressRequest,
  getDayGroupProgress,
  getRouteProgress,
  routeProgressRequest,
  routeProgressQueryOptions,
  useDayGroupProgress,
  useRouteProgress,
} from './api/progress';
export {
  dayGroupProgressSchema,
  driveRouteSchema,
  driverLinkSchema,
  ownerReportSchema,
  progressSummarySchema,
  routeProgressSchema,
  stopReportSchema,
  type DayGroupProgress,
  type DriveRoute,
  type DriverLink,
  type OwnerReport,
  type ProgressSummary,
  type ReportCounts,
  type RouteProgress,
} from './model/schemas';
export {
  combineFacts,
  hasReports,
  ON_TIME_MINUTES,
  progressFacts,
  summaryFacts,
  punctuality,
  type ProgressCounts,
  type ProgressFacts,
} from './model/progress-facts';
