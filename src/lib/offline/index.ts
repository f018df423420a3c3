export type { KeyValueStore } from './model/key-value-store';
export type { OutboxEntry, ServerItinerary } from './model/outbox';
export { mergeRoadChanges } from './model/outbox';
export { offlineKeys } from './model/offline-keys';
export { offlineStore } from './storage/idb-store';
export {
  keepItineraryOffline,
  keepLegsOffline,
  readOfflineItinerary,
  readOfflineLegs,
  type OfflineLeg,
} from './offline-route';
export { queueStops, readOutboxEntry, type SyncOutcome } from './sync';
export { onSyncOutcome, requestSync, startOutboxSync } from './outbox-runner';
export { useOnline } from './hooks/use-online';
export { forgetAccountOnDevice } from './forget-account';
