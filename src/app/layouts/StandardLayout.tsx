import { Outlet } from 'react-router-dom';
import { Deferred } from '@/components/deferred/Deferred';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import './layouts.css';

export function StandardLayout() {
  return (
    <div className="standard-layout">
      <Deferred name="header">
        <AppHeader />
      </Deferred>
      <main className="standard-layout__main" id="main">
        <Deferred name="page">
          <Outlet />
        </Deferred>
      </main>
      <Deferred name="footer">
        <AppFooter />
      </Deferred>
      <Deferred name="bottom-nav">
        <BottomNav />
      </Deferred>
    </div>
  );
}
