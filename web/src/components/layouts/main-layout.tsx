import { Outlet } from 'react-router-dom';
import { useSession } from '@/stores/session-store';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/**
 * The signed-in shell of spec 1 §2.3. It also frames the public /feedback and /pricing pages: a visitor has no
 * navigation entries, so the sidebar and the menu button are left out rather than shown empty (issue 15).
 */
export const MainLayout = () => {
  const signedIn = useSession((state) => state.accessToken !== undefined);
  return (
    <div className="flex min-h-screen">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {signedIn && <Sidebar />}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
};
