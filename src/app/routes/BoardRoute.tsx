import BoardPage from '@/features/dispatch/components/BoardPage';
import { usePlaceSearch } from './use-place-search';

/**
 * /board/route/:id and /board/day/:group: the live board, with the address search (the
 * geocoding feature's) for the stops the dispatcher adds during the day.
 */
export default function BoardRoute() {
  const renderPlaceSearch = usePlaceSearch(null);
  return <BoardPage renderPlaceSearch={renderPlaceSearch} />;
}
