#!/usr/bin/env node
// Starts the fake Nominatim and OSRM for manual runs and prints the URLs to export:
//   node tests/fakes/start-fakes.mjs [--nominatim-port 8088] [--osrm-port 5000] [--photon-port 2322] [--host 127.0.0.1]
//                                    [--mode ok|down|slow|garbage] [--control-port N]
// --control-port serves the control API of control.mjs (switch a fake's mode from a test).
// Stops on Ctrl-C / SIGTERM.
import { parseArgs } from 'node:util';
import { startFakeNominatim } from './nominatim.mjs';
import { startFakeOsrm } from './osrm.mjs';
import { startFakePhoton } from './photon.mjs';
import { startFakeControl } from './control.mjs';

const { values } = parseArgs({
  options: {
    'nominatim-port': { type: 'string', default: '0' },
    'osrm-port': { type: 'string', default: '0' },
    'photon-port': { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    mode: { type: 'string', default: 'ok' },
    'control-port': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'usage: node tests/fakes/start-fakes.mjs [--nominatim-port N] [--osrm-port N] [--photon-port N] [--host H] [--mode ok|down|slow|garbage] [--control-port N]',
  );
  process.exit(0);
}

const mode = /** @type {import('./server.mjs').FakeMode} */ (values.mode);
const host = values.host;
const nominatim = await startFakeNominatim({ port: Number(values['nominatim-port']), host, mode });
const osrm = await startFakeOsrm({ port: Number(values['osrm-port']), host, mode });
const photon = await startFakePhoton({ port: Number(values['photon-port']), host, mode });
const control =
  values['control-port'] === undefined
    ? null
    : await startFakeControl(
        { nominatim, osrm, photon },
        { port: Number(values['control-port']), host },
      );

console.log(`NOMINATIM_URL=${nominatim.url}`);
console.log(`OSRM_URL=${osrm.url}`);
console.log(`PHOTON_URL=${photon.url}`);
if (control) console.log(`fake control API: ${control.url}`);
console.log(`fake upstreams running (mode ${mode}); Ctrl-C to stop`);

const stop = async () => {
  await Promise.all([nominatim.close(), osrm.close(), photon.close(), control?.close()]);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
