import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textLanguage } from '@domain/composed-texts.ts';
import { fallbackStopName, truncateStopName } from '@domain/stops.ts';
import type { RouteProgress } from '@/lib/driver-reports';
import { reverseGeocodeQueryOptions } from '@/lib/geocoding';
import {
  AddStopForm,
  type AddStopChoice,
  type PlaceToAdd,
  type RenderPlaceSearch,
} from '../components/AddStopForm';
import { placeToSend } from '../model/add-stop-place';
import { useAddStop } from './use-add-stop';

/** Clicked points keep 6 decimals (about 10 cm): more is noise. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

type Draft = { key: number; routeId: string | null; place: PlaceToAdd | null };

/**
 * Adding a stop to a driver's route from the board: a driver's "Add a stop" button, or a click on
 * the map (then the dispatcher chooses the driver), opens one form; the stop goes to the route
 * as the API places it (docs/features.md, "The day changes"). After an addition the focus goes to
 * what it says (the live message), as the form closes.
 */
export function useBoardAdditions(
  boardKey: QueryKey,
  routes: readonly RouteProgress[],
  renderPlaceSearch?: RenderPlaceSearch,
) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = textLanguage(i18n.resolvedLanguage);
  const { add, pending, message, error, reset } = useAddStop(boardKey);
  const [draft, setDraft] = useState<Draft | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [messageElement, setMessageElement] = useState<HTMLElement | null>(null);
  const focusMessage = useRef(false);
  useEffect(() => {
    if (focusMessage.current && message && !pending) {
      focusMessage.current = false;
      messageElement?.focus();
    }
  }, [message, messageElement, pending]);

  const open = (routeId: string | null, place: PlaceToAdd | null) => {
    reset();
    setDraft((current) => ({ key: (current?.key ?? 0) + (current ? 0 : 1), routeId, place }));
  };
  const close = () => {
    setDraft(null);
    opener.current?.focus();
    opener.current = null;
  };
  const setPlace = (place: PlaceToAdd | null) =>
    setDraft((current) => (current ? { ...current, place } : current));

  /** A click on the map: a stop there, named by reverse geocoding when the geocoder answers. */
  const pickOnMap = (point: { lat: number; lng: number }) => {
    const lat = rounded(point.lat);
    const lng = rounded(point.lng);
    const place = { name: fallbackStopName(lat, lng, language), lat, lng };
    if (draft) setPlace(place);
    else open(null, place);
    void queryClient
      .fetchQuery(reverseGeocodeQueryOptions(lat, lng))
      .then((found) => {
        const name = found.display_name.trim();
        if (!name) return;
        // Only while the form still holds this point.
        setDraft((current) =>
          current?.place === place
            ? { ...current, place: { ...place, name: truncateStopName(name) } }
            : current,
        );
      })
      .catch(() => undefined);
  };

  const submit = async (choice: AddStopChoice) => {
    const route = routes.find((item) => item.itineraryId === choice.routeId);
    if (!route) return;
    try {
      await add({
        routeId: route.itineraryId,
        stop: { name: choice.name, lat: choice.place.lat, lng: choice.place.lng },
        place: placeToSend(route, choice.where),
        driver: route.title,
      });
    } catch {
      return; // Said in the form: it stays open.
    }
    focusMessage.current = true;
    opener.current = null;
    setDraft(null);
  };

  const drivers = routes.map((route) => ({ routeId: route.itineraryId, title: route.title }));
  return {
    message,
    setMessageElement,
    pickOnMap,
    /** Opens the form for one driver; the focus comes back to `button` when it is cancelled. */
    openFor: (routeId: string, button: HTMLElement) => {
      opener.current = button;
      open(routeId, draft?.place ?? null);
    },
    form: draft ? (
      <AddStopForm
        key={`${draft.key}-${draft.routeId ?? ''}`}
        drivers={drivers}
        routeId={draft.routeId}
        place={draft.place}
        onPlace={setPlace}
        renderPlaceSearch={renderPlaceSearch}
        pending={pending}
        error={error}
        onSubmit={(choice) => void submit(choice)}
        onCancel={close}
      />
    ) : null,
  };
}
