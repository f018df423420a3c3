import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import './layouts.css';

/**
 * The footer and the bottom navigation are `<Suspense>` boundaries: in a page rendered at build
 * time React hydrates each on its own, after the page above them and in a task of its own.
 */
export function StandardLayout() {
  return (
    <div className="standard-layout">
      <AppHeader />
      <main className="standard-layout__main" id="main">
        <Outlet />
      </main>
      <Suspense>
        <AppFooter />
      </Suspense>
      <Suspense>
        <BottomNav />
      </Suspense>
    </div>
  );
}
