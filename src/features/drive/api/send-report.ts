import { apiClient } from '@/lib/api-client';

const reportsPath = (token: string) => `/drive/${encodeURIComponent(token)}/reports`;

/** PUT /api/drive/:token/reports/:id/photo (or /signature) with the image as the body. */
export function putProof(
  token: string,
  reportId: string,
  kind: 'photo' | 'signature',
  image: Blob,
): Promise<unknown> {
  return apiClient.put(`${reportsPath(token)}/${encodeURIComponent(reportId)}/${kind}`, image);
}
