/** The driver's page of a driver link, loaded when its route is visited (a chunk of its own). */
export const drivePage = () => import('./components/DrivePage');
