#!/usr/bin/env node
// The fake upstreams in a process of their own, with the control API of control.mjs
// (what tests/api/client.ts calls): used by the load tests so that the arrival
// times the fakes record are not delayed by a busy event loop elsewhere (the embedded
// database runs on the parent's main thread).
// Prints one JSON line {nominatimUrl, osrmUrl, photonUrl, controlUrl}; stops on SIGTERM or when stdin closes.
import { startFakeControl } from './control.mjs';
import { startFakeNominatim } from './nominatim.mjs';
import { startFakeOsrm } from './osrm.mjs';
import { startFakePhoton } from './photon.mjs';

const fakes = {
  nominatim: await startFakeNominatim(),
  osrm: await startFakeOsrm(),
  photon: await startFakePhoton(),
};

const control = await startFakeControl(fakes);

console.log(
  JSON.stringify({
    nominatimUrl: fakes.nominatim.url,
    osrmUrl: fakes.osrm.url,
    photonUrl: fakes.photon.url,
    controlUrl: control.url,
  }),
);

const stop = async () => {
  await control.close();
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
