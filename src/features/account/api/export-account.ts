import { apiClient, invalidResponse } from '@/lib/api-client';
import { exportDocumentSchema, type ExportDocument } from '../model/export-document';

export interface AccountExport {
  /** The document as the server sent it: written to the archive unchanged. */
  raw: unknown;
  /** The same, checked: what the GPX files are made from. */
  document: ExportDocument;
}

/** GET /api/account/export: the signed-in account and everything stored for it. */
export async function exportAccount(): Promise<AccountExport> {
  const raw = await apiClient.get<unknown>('/account/export');
  const parsed = exportDocumentSchema.safeParse(raw);
  if (!parsed.success) throw invalidResponse('GET /account/export', 200, parsed.error);
  return { raw, document: parsed.data };
}
