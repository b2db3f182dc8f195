import { Outlet } from 'react-router-dom';

/** The auth layout of spec 1 §2.1: no shell; each page brings its own header, main and footer. */
export const AuthLayout = () => (
  <div className="min-h-screen bg-slate-50">
    <Outlet />
  </div>
);
