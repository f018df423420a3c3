import { Outlet } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import './layouts.css';

/** Full-height layout for the planner pages: the page fills the space under the header. */
export function MapLayout() {
  return (
    <div className="map-layout">
      <AppHeader phoneLinks />
      <main className="map-layout__main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
