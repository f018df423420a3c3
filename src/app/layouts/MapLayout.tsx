import { Outlet } from 'react-router-dom';
import { Deferred } from '@/components/deferred/Deferred';
import { AppHeader } from './AppHeader';
import './layouts.css';

/** Full-height layout for the planner pages: the page fills the space under the header. */
export function MapLayout() {
  return (
    <div className="map-layout">
      <Deferred name="header">
        <AppHeader phoneLinks />
      </Deferred>
      <main className="map-layout__main" id="main">
        <Deferred name="page">
          <Outlet />
        </Deferred>
      </main>
    </div>
  );
}
