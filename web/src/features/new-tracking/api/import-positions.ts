import {
  type ImportPreview,
  type ImportTrackingRequest,
  importPreviewSchema,
  importTrackingResponseSchema,
} from '@etf-replicator/core/contracts/broker-import';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';

/** What the import will record, leave out and suggest; the server appends nothing. */
export const previewImport = async (request: ImportTrackingRequest): Promise<ImportPreview> =>
  importPreviewSchema.parse(await api.post<unknown>('/api/trackings/import/preview', request));

/** Creates the tracking with the positions as lots. */
export const importTracking = async (request: ImportTrackingRequest) =>
  importTrackingResponseSchema.parse(
    await api.post<unknown>('/api/trackings/import', request, { headers: idempotencyHeaders() }),
  );
