import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { notify } from '@/lib/notify';
import { TEST_ENDPOINTS, type TestEndpoint, useCallTestEndpoint } from '../api/call-test-endpoint';

export const FETCH_FAILED = 'Error fetching data';
export const ALERT_TEXT = 'This is a test alert';

const rawText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));

/** TestPage (spec 2 §2): call the stock endpoint or /api/endpoint3 and show the raw answer; 'Show Alert' toasts. */
export const TestConsole = () => {
  const call = useCallTestEndpoint();
  const run = (endpoint: TestEndpoint) => call.mutate(endpoint);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="test-console-heading">
      <PageTitle title="TestPage" />
      <h1 id="test-console-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        TestPage
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Developer test console: call an endpoint and read its raw answer.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={() => run('stock')} disabled={call.isPending}>
          Fetch {TEST_ENDPOINTS.stock}
        </Button>
        <Button onClick={() => run('endpoint3')} disabled={call.isPending}>
          Fetch {TEST_ENDPOINTS.endpoint3}
        </Button>
        <Button variant="secondary" onClick={() => notify.success(ALERT_TEXT)}>
          Show Alert
        </Button>
      </div>
      <h2 className="mt-8 text-sm font-semibold text-slate-800" id="raw-response-heading">
        Response{call.variables ? ` of ${TEST_ENDPOINTS[call.variables]}` : ''}
      </h2>
      <div className="mt-2" aria-live="polite">
        {call.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : call.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {FETCH_FAILED}
          </p>
        ) : call.isSuccess ? (
          <pre className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100">
            {rawText(call.data)}
          </pre>
        ) : (
          <p className="text-sm text-slate-500">No request made yet.</p>
        )}
      </div>
    </section>
  );
};
