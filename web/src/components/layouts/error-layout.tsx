import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';

/** The error-style layout: a centred message with the logo, no shell. */
export const ErrorLayout = ({ children }: { children?: ReactNode }) => (
  <div className="flex min-h-screen flex-col items-center px-6 py-10">
    <header>
      <Logo />
    </header>
    <main className="grid flex-1 place-items-center text-center">
      <div>{children ?? <Outlet />}</div>
    </main>
  </div>
);
