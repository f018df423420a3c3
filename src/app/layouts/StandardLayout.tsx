import { Outlet } from 'react-router-dom';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import './layouts.css';

export function StandardLayout() {
  return (
    <div className="standard-layout">
      <AppHeader />
      <main className="standard-layout__main" id="main">
        <Outlet />
      </main>
      <AppFooter />
      <BottomNav />
    </div>
  );
}
