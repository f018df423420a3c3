/** The live board of a route or a day, loaded when its route is visited (a chunk of its own). */
export const boardPage = () => import('./components/BoardPage');
