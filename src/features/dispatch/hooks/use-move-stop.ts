import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { driverReportKeys } from '@/lib/driver-reports';
import { moveStop, type StopMove } from '../api/move-stop';

/** A move as the board asks it: the names say what happened. */
export type BoardMove = StopMove & { name: string; driver: string };

/**
 * Moves a stop to another driver of the day and reads the day again, whatever the answer; what
 * happened is said in `message` (the page's live region).
 */
export function useMoveStop(dayGroup: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const mutation = useMutation({
    mutationFn: (move: BoardMove) => moveStop(move),
    onMutate: (move) =>
      setMessage(t('board.move.moving', { name: move.name, driver: move.driver })),
    onSuccess: (_answer, move) =>
      setMessage(t('board.move.moved', { name: move.name, driver: move.driver })),
    onError: (error, move) =>
      setMessage(
        isApiError(error) && error.status === 409
          ? t('board.move.refused', { name: move.name })
          : t('board.move.failed', { name: move.name }),
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: driverReportKeys.dayGroup(dayGroup) }),
  });
  return { move: mutation.mutate, pending: mutation.isPending, message };
}
