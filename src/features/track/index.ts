/** A customer's tracking page, loaded when its route is visited (a chunk of its own). */
export const trackPage = () => import('./components/TrackPage');
export { trackingRequest } from './api/tracking-request';
