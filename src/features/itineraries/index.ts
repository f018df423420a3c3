/** My Routes, composed with the post-auth flow by src/app/routes/DashboardRoute. */
export { DashboardPage } from './components/DashboardPage';
