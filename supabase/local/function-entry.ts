// What the local stack runs as the `api` function (supabase/local/functions.mjs): the function
// itself, ending with the process that started it. Hosted Supabase runs
// supabase/functions/api/index.ts alone.
import './end-with-parent.ts';
import '../functions/api/index.ts';
