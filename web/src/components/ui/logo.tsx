import { Link } from 'react-router-dom';

export const Logo = ({ to = '/' }: { to?: string }) => (
  <Link
    to={to}
    className="inline-flex items-center gap-2 rounded text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
  >
    <span
      aria-hidden="true"
      className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-sm text-white"
    >
      ER
    </span>
    <span>ETF Replicator</span>
  </Link>
);
