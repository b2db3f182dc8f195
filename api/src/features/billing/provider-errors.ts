import Stripe from 'stripe';
import { HttpError } from '../../http/http-error';

const UNAVAILABLE = 'The payment provider could not be reached. Please try again later.';

/** A call to Stripe: its failures become a 502 with a plain message, never an internal error. */
export const viaProvider = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(502, UNAVAILABLE);
    throw error;
  }
};
