import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { registerAccountCache } from '@/lib/account-caches';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app's one TanStack Query client. It loads with the first page that fetches server data
 * (not with the landing page), and lives on across pages, so each page's provider shares it.
 */
export const queryClient = createQueryClient();
registerAccountCache(() => queryClient.clear());

export function SharedQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
