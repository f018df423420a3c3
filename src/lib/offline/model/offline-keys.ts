/**
 * Keys of the offline store. Everything is filed under the signed-in user's id: another
 * account on the same device never sees, nor sends, someone else's routes or changes.
 */
export const offlineKeys = {
  itinerary: (ownerId: string, itineraryId: string) => `itinerary:${ownerId}:${itineraryId}`,
  legs: (ownerId: string, itineraryId: string) => `legs:${ownerId}:${itineraryId}`,
  outbox: (ownerId: string, itineraryId: string) => `outbox:${ownerId}:${itineraryId}`,
  outboxPrefix: (ownerId: string) => `outbox:${ownerId}:`,
  /** When the driver began and finished the route on this device (the day's summary). */
  driveLog: (ownerId: string, itineraryId: string) => `drive-log:${ownerId}:${itineraryId}`,
};

/** The copies of routes and legs (not the queue of changes still to send). */
export const isOfflineRouteCopy = (key: string) =>
  key.startsWith('itinerary:') || key.startsWith('legs:');
