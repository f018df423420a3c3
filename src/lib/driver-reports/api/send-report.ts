import type {
  FailureReason,
  ReportPosition,
  ReportStatus,
  StopReport,
} from '@domain/stop-reports.ts';
import { apiClient } from '@/lib/api-client';
import { stopReportSchema } from '../model/schemas';

/** A report as the driver's device makes it; `id` is chosen on the device (a UUID). */
export interface ReportToSend {
  id: string;
  stopId: string;
  status: ReportStatus;
  reason?: FailureReason;
  note?: string;
  /** The device's time (ISO 8601). */
  at: string;
  position?: ReportPosition;
}

/**
 * POST /api/drive/:token/reports -> 201 with the report. Sending the same report (same id) again
 * answers the first one and saves nothing, so a queue may resend after a lost answer. 404: the
 * link is unknown or revoked, or the stop is not on its route; 409: the id belongs to another
 * route's report; 429 (Retry-After): too many reports from this link in a minute.
 */
export function sendReport(
  token: string,
  report: ReportToSend,
  signal?: AbortSignal,
): Promise<StopReport> {
  return apiClient.post(`/drive/${encodeURIComponent(token)}/reports`, report, {
    signal,
    schema: stopReportSchema,
  });
}
