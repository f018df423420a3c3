/**
 * Drivers' photos and signatures in Supabase Storage (the private `stop-proofs` bucket). Only the
 * function writes there (service_role), an image it has checked, to the object a token function
 * named (migration *_stop_report_proofs.sql); the owner signs links and deletes as themselves,
 * where row-level security on storage.objects decides.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApiConfig } from './config.ts';
import { ApiError } from './http.ts';
import { supabaseAs, supabaseAsService } from './supabase.ts';
import { sweepInRounds } from './sweep-rounds.ts';

export const PROOF_BUCKET = 'stop-proofs';

/** How long a link to a proof works. */
export const PROOF_LINK_SECONDS = 600;

/** Objects deleted in one request (Storage's limit for one delete), and in one round of a sweep. */
const REMOVE_BATCH = 1000;

/**
 * A sweep's rounds unless told fewer: up to 20,000 orphans; what is left waits for the next
 * sweep.
 */
const SWEEP_ROUNDS = 20;

/** A link signed less than this long ago is answered again (the board asks every 15 s). */
const REUSE_LINK_MS = 300_000;

export interface ProofStorage {
  /**
   * Stores the bytes of an announced proof (as the function: service_role) in the object its
   * announcement named after its bytes: the same image sent again writes over the same object,
   * another image goes to another one.
   */
  upload(objectPath: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** Deletes an object no proof names (an upload that lost the race), as the function. */
  discard(objectPath: string): Promise<void>;
  /**
   * Links to the owner's proofs (as the owner: others' objects get none), valid for
   * PROOF_LINK_SECONDS, on the Supabase URL browsers reach.
   */
  links(accessToken: string, objectPaths: readonly string[]): Promise<Map<string, string>>;
  /** Deletes the owner's proofs (as the owner). */
  remove(accessToken: string, objectPaths: readonly string[]): Promise<void>;
  /**
   * Deletes objects that no proof names (orphan_proofs: their route, report or account deleted
   * by SQL or through the Data API, an upload that lost the race), as the function, in rounds of
   * 1000 while a round was full, at most `maxRounds` (20 by default; sweepInRounds); answers how
   * many.
   */
  sweep(maxRounds?: number): Promise<number>;
  /**
   * The bytes of one proof, read as the function, for a customer's tracking link: only an object
   * the token function named for that link reaches here. Null when it is gone.
   */
  read(objectPath: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null>;
}

const unavailable = (what: string, detail: unknown) => {
  console.error(`api: storage ${what} failed`, detail);
  return new ApiError(503, 'Storage unavailable, please try again');
};

export function createProofStorage(
  config: Pick<
    ApiConfig,
    'supabaseUrl' | 'supabaseAnonKey' | 'supabasePublicUrl' | 'supabaseServiceRoleKey'
  >,
): ProofStorage {
  let service: SupabaseClient | undefined;
  const signed = new Map<string, { url: string; until: number }>();

  /**
   * One object's link. Through Storage's own endpoint rather than supabase-js: hosted Storage
   * answers `signedURL` under /storage/v1 and @supabase/lite `signedUrl` with /storage/v1 in it,
   * which supabase-js reads as `…/storage/v1undefined`; and lite's batch route is unreachable
   * (its single-object route answers it), so objects are signed one by one.
   */
  async function sign(accessToken: string, objectPath: string): Promise<string | null> {
    const answer = await fetch(
      `${config.supabaseUrl}/storage/v1/object/sign/${PROOF_BUCKET}/${objectPath}`,
      {
        method: 'POST',
        headers: {
          apikey: config.supabaseAnonKey,
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ expiresIn: PROOF_LINK_SECONDS }),
      },
    ).catch((error: unknown) => {
      throw unavailable('sign', error);
    });
    const body = (await answer.json().catch(() => null)) as {
      signedURL?: unknown;
      signedUrl?: unknown;
    } | null;
    if (!answer.ok) {
      // Not the caller's object, or gone: no link. Storage itself failing: try again later.
      if (answer.status >= 500) throw unavailable('sign', answer.status);
      return null;
    }
    const path =
      typeof body?.signedURL === 'string' ? `/storage/v1${body.signedURL}` : body?.signedUrl;
    return typeof path === 'string' ? `${config.supabasePublicUrl}${path}` : null;
  }

  return {
    async upload(objectPath, bytes, mediaType) {
      const { error } = await (service ??= supabaseAsService(config as ApiConfig)).storage
        .from(PROOF_BUCKET)
        .upload(objectPath, bytes, { contentType: mediaType, upsert: true });
      if (error) throw unavailable('upload', error.message);
    },

    async discard(objectPath) {
      const { error } = await (service ??= supabaseAsService(config as ApiConfig)).storage
        .from(PROOF_BUCKET)
        .remove([objectPath]);
      if (error) throw unavailable('remove', error.message);
    },

    async links(accessToken, objectPaths) {
      const now = Date.now();
      const links = new Map<string, string>();
      await Promise.all(
        [...new Set(objectPaths)].map(async (objectPath) => {
          // Keyed by the object alone: paths reach here only from the owner's own rows (RLS).
          const known = signed.get(objectPath);
          if (known && known.until > now) return links.set(objectPath, known.url);
          const url = await sign(accessToken, objectPath);
          if (!url) return;
          links.set(objectPath, url);
          signed.set(objectPath, { url, until: now + REUSE_LINK_MS });
        }),
      );
      while (signed.size > 10_000) signed.delete(signed.keys().next().value!);
      return links;
    },

    async read(objectPath) {
      const { data, error } = await (service ??= supabaseAsService(config as ApiConfig)).storage
        .from(PROOF_BUCKET)
        .download(objectPath);
      if (error) {
        const status = (error as { status?: number; statusCode?: string }).status;
        if (status !== undefined && status >= 500) throw unavailable('download', error.message);
        return null;
      }
      return {
        bytes: new Uint8Array(await data.arrayBuffer()),
        contentType: objectPath.endsWith('.png') ? 'image/png' : 'image/jpeg',
      };
    },

    async remove(accessToken, objectPaths) {
      const bucket = supabaseAs(config as ApiConfig, accessToken).storage.from(PROOF_BUCKET);
      // Storage deletes at most REMOVE_BATCH objects a request.
      for (let start = 0; start < objectPaths.length; start += REMOVE_BATCH) {
        const batch = objectPaths.slice(start, start + REMOVE_BATCH);
        const { error } = await bucket.remove([...batch]);
        if (error) throw unavailable('remove', error.message);
        for (const objectPath of batch) signed.delete(objectPath);
      }
    },

    async sweep(maxRounds = SWEEP_ROUNDS) {
      const client = (service ??= supabaseAsService(config as ApiConfig));
      return sweepInRounds(
        {
          async list(max) {
            const listed = await client.rpc('orphan_proofs', { max_count: max });
            if (listed.error) throw unavailable('sweep', listed.error.message);
            return ((listed.data ?? []) as unknown[]).filter(
              (name): name is string => typeof name === 'string',
            );
          },
          async remove(orphans) {
            const removed = await client.storage.from(PROOF_BUCKET).remove([...orphans]);
            if (removed.error) throw unavailable('sweep', removed.error.message);
            for (const objectPath of orphans) signed.delete(objectPath);
            return removed.data?.length ?? 0;
          },
        },
        { batch: REMOVE_BATCH, maxRounds },
      );
    },
  };
}
