import L from 'leaflet';

const cache = new Map<string, L.DivIcon>();

/**
 * A numbered marker drawn with CSS (no image, no CDN). The icon is cached per
 * number and state, so markers are not rebuilt on every render.
 */
export function numberedIcon(position: number, active = false): L.DivIcon {
  const key = `${position}:${active}`;
  let icon = cache.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: active ? 'numbered-marker numbered-marker--active' : 'numbered-marker',
      html: `<span class="numbered-marker__pin" aria-hidden="true">${position}</span>`,
      iconSize: [32, 40],
      iconAnchor: [16, 40],
      popupAnchor: [0, -36],
    });
    cache.set(key, icon);
  }
  return icon;
}
