/** The local billing mode is a stand-in for Stripe: say so wherever it takes payments. */
export const LocalModeNotice = () => (
  <aside
    aria-label="Local test mode"
    className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
  >
    <p className="font-semibold">Local test mode</p>
    <p className="mt-1">
      Stripe is not configured on this server. Checkout and the billing portal are simulated locally: no card
      is charged and no real payment is taken.
    </p>
  </aside>
);
