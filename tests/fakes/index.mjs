// Fake upstream services at the HTTP boundary: point NOMINATIM_URL / PHOTON_URL / OSRM_URL at them.
export { startFakeNominatim } from './nominatim.mjs';
export { startFakeOsrm, DETOUR_FACTOR, SPEED_MPS } from './osrm.mjs';
export { GAZETTEER, OCEAN_POINT, greatCircleMetres } from './geo.mjs';
export { MODES } from './server.mjs';
export { startFakePhoton } from './photon.mjs';
