/** The landing page, in the main bundle: it is the first page most visitors see. */
export { LandingPage } from './components/LandingPage';
