import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { dismissStaleErrors } from '@/lib/notify';

/** Wraps every page: restores scroll and shows a progress bar while a lazily loaded page is on its way. */
export const RootLayout = () => {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change, pathname is the trigger
  useEffect(() => dismissStaleErrors(), [pathname]);
  return (
    <>
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-indigo-500 transition-transform duration-300 ${loading ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
};
