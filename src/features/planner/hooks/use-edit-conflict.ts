import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Itinerary } from '@/lib/itineraries';

/**
 * The state of the edit conflict ("changed on another device") beside the save: loading the
 * latest version (and whether that failed), and moving the focus on to the save button once
 * the conflict message, which had it, is gone and the page is no longer busy.
 */
export function useEditConflict({
  loadLatest,
  onLatestLoaded,
  clearConflict,
  busy,
  saveButton,
}: {
  loadLatest: () => Promise<Itinerary>;
  onLatestLoaded: (latest: Itinerary) => void;
  clearConflict: () => void;
  busy: boolean;
  saveButton: RefObject<HTMLButtonElement | null>;
}) {
  const [latestLoading, setLatestLoading] = useState(false);
  const [latestFailed, setLatestFailed] = useState(false);
  const focusSaveWhenEnabled = useRef(false);

  useEffect(() => {
    if (busy || latestLoading || !focusSaveWhenEnabled.current) return;
    focusSaveWhenEnabled.current = false;
    saveButton.current?.focus();
  }, [busy, latestLoading, saveButton]);

  const loadLatestVersion = async () => {
    setLatestLoading(true);
    setLatestFailed(false);
    try {
      const latest = await loadLatest();
      clearConflict();
      onLatestLoaded(latest);
      focusSaveWhenEnabled.current = true;
    } catch (error) {
      console.error('Loading the latest version of the route failed', error);
      setLatestFailed(true);
    } finally {
      setLatestLoading(false);
    }
  };

  return {
    latestLoading,
    latestFailed,
    loadLatestVersion,
    /** A new save attempt: an earlier failure to load the latest version no longer applies. */
    resetLatestFailure: () => setLatestFailed(false),
  };
}
