import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { addStop, type StopToAdd } from '../api/add-stop';

/** An addition as the board asks it: the driver's name says where it went. */
export type BoardAddition = StopToAdd & { driver: string };

/**
 * Adds a stop to a driver's route and reads the board again (`boardKey`), whatever the answer;
 * what happened is said in `message` (the page's live region), a refusal in `error` (the form's).
 */
export function useAddStop(boardKey: QueryKey) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const mutation = useMutation({
    mutationFn: (addition: BoardAddition) => addStop(addition),
    onMutate: (addition) =>
      setMessage(t('board.add.adding', { name: addition.stop.name, driver: addition.driver })),
    onSuccess: (_answer, addition) =>
      setMessage(t('board.add.added', { name: addition.stop.name, driver: addition.driver })),
    onError: () => setMessage(''),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKey }),
  });
  const error = mutation.error
    ? isApiError(mutation.error) && mutation.error.status === 409
      ? t('board.add.conflict')
      : isApiError(mutation.error) && mutation.error.status === 400
        ? t('board.add.refused')
        : t('board.add.failed')
    : '';
  return {
    add: mutation.mutateAsync,
    pending: mutation.isPending,
    message,
    error,
    reset: mutation.reset,
  };
}
