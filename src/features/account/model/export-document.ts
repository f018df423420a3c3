import * as z from 'zod/mini';
import { stopSchema } from '@/lib/stop-schema';

/**
 * GET /api/account/export: the account and everything stored for it (docs/api.md, "The account
 * export"). Parsed before use; fields this version does not know are kept in the JSON file
 * as the server sent them.
 */
export const exportDocumentSchema = z.object({
  format: z.literal('route-planner-account-export'),
  version: z.number(),
  exported_at: z.string(),
  account: z.object({
    id: z.string(),
    email: z.nullable(z.string()),
    created_at: z.string(),
  }),
  itineraries: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      stops: z.array(stopSchema),
      created_at: z.string(),
      share_links: z.array(
        z.object({
          url: z.string(),
          include_notes: z.boolean(),
          created_at: z.string(),
          revoked_at: z.nullable(z.string()),
        }),
      ),
      /** What drivers reported, with links (valid a few minutes) to their photos and signatures. */
      stop_reports: z._default(
        z.array(
          z.object({
            id: z.string(),
            photoUrl: z.optional(z.string()),
            signatureUrl: z.optional(z.string()),
          }),
        ),
        [],
      ),
    }),
  ),
});

export type ExportDocument = z.infer<typeof exportDocumentSchema>;
