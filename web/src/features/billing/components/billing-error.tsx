/** Spec 1 §8, billing load failure: 'Error: {message}' in red. */
export const BillingError = ({ error }: { error: unknown }) => (
  <p role="alert" className="text-red-600">
    Error: {error instanceof Error ? error.message : String(error)}
  </p>
);
