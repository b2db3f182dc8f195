import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { CorporateActions } from './corporate-actions';
import { MarketData } from './market-data';

const tools = [
  {
    to: paths.adminAudit,
    title: 'Audit log',
    text: 'Every action of every user, newest first: filter by user, stream, event type and time; export as CSV.',
  },
  {
    to: paths.adminTrackings,
    title: 'Tracking time travel',
    text: "Replay a user's tracking from the log and see it as it stood after any event.",
  },
  {
    to: paths.adminProjectionFailures,
    title: 'Parked events',
    text: 'Events a read model could not apply and set aside so that it kept going: see why, and retry them after a fix.',
  },
  { to: paths.adminEnvironment, title: 'Environment', text: "The web app's build mode, base URL and flags." },
];

/** /admin: the staff tools. */
export const AdminHome = () => (
  <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="admin-heading">
    <PageTitle title="Admin" />
    <h1 id="admin-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
      Admin
    </h1>
    <ul className="mt-6 grid gap-4 sm:grid-cols-2">
      {tools.map((tool) => (
        <li key={tool.to}>
          <Link
            to={tool.to}
            className="block h-full rounded-lg bg-white p-5 ring-1 ring-slate-200 hover:ring-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span className="text-base font-semibold text-indigo-700">{tool.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{tool.text}</span>
          </Link>
        </li>
      ))}
    </ul>
    <MarketData />
    <CorporateActions />
  </section>
);
