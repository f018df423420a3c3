/** Bodies of the account endpoints and of the share options. */
import { z } from 'zod';

/** Optional body of POST /itineraries/{id}/share. */
export const shareOptionsSchema = z.object(
  {
    includeNotes: z.boolean({ error: 'includeNotes must be true or false' }).optional(),
  },
  { error: 'Body must be a JSON object with includeNotes' },
);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((value) => value.toLowerCase());

/** Body of POST /auth/password-reset. */
export const passwordResetSchema = z.object(
  { email },
  { error: 'Body must be a JSON object with email' },
);

/** Body of DELETE /account: the account's email address typed again, as the page asks. */
export const deleteAccountSchema = z.object(
  {
    confirmEmail: z
      .string({ error: 'confirmEmail is required: type the account’s email address' })
      .trim()
      .min(1, 'confirmEmail is required: type the account’s email address')
      .max(320, 'confirmEmail is too long')
      .transform((value) => value.toLowerCase()),
  },
  { error: 'Body must be a JSON object with confirmEmail' },
);
