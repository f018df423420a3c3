import * as check from '@/lib/check';
import { stopSchema } from '@/lib/stop-schema';

/**
 * GET /api/account/export: the account and everything stored for it (docs/api.md, "The account
 * export"). Parsed before use; fields this version does not know are kept in the JSON file
 * as the server sent them.
 */
export const exportDocumentSchema = check.object({
  format: check.literal('route-planner-account-export'),
  version: check.number(),
  exported_at: check.string(),
  account: check.object({
    id: check.string(),
    email: check.nullable(check.string()),
    created_at: check.string(),
  }),
  itineraries: check.array(
    check.object({
      id: check.string(),
      title: check.string(),
      stops: check.array(stopSchema),
      created_at: check.string(),
      share_links: check.array(
        check.object({
          url: check.string(),
          include_notes: check.boolean(),
          created_at: check.string(),
          revoked_at: check.nullable(check.string()),
        }),
      ),
      /** What drivers reported, with links (valid a few minutes) to their photos and signatures. */
      stop_reports: check.withDefault(
        check.array(
          check.object({
            id: check.string(),
            photoUrl: check.optional(check.string()),
            signatureUrl: check.optional(check.string()),
          }),
        ),
        [],
      ),
    }),
  ),
});

export type ExportDocument = check.Infer<typeof exportDocumentSchema>;
