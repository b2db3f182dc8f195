import type { FastifyInstance } from 'fastify';
import { autocompleteRoute } from './autocomplete';
import { stockQuoteRoute } from './get-stock-quote';

/** /api/stock (spec 2 §7): symbol autocomplete and a quote from the snapshot, for signed-in users only. */
export default async function stockFeature(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  autocompleteRoute(app);
  stockQuoteRoute(app);
}
