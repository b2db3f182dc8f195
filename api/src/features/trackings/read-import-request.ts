import {
  type ImportTrackingRequest,
  importTrackingRequestSchema,
  MAX_IMPORT_CSV_CHARS,
} from '@etf-replicator/core/contracts/broker-import';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { rejectUnsafeText } from '../../plugins/input-guard';
import type { ImportRequest } from '../../trackings/import-positions';

const FORM_FIELDS = [
  'symbol',
  'index',
  'targetInvestmentAmount',
  'fractionalShares',
  'autoTracking',
  'taxBudget',
  'csv',
] as const;
const BOOLEAN_FIELDS = new Set(['fractionalShares', 'autoTracking']);
/** Form fields that carry an object, as JSON text. */
const JSON_FIELDS = new Set(['index', 'taxBudget']);

const jsonField = (name: string, text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, `Invalid ${name}: must be JSON`);
  }
};

/** A multipart body as the JSON one: the form fields, and the `file` part's text as `csv`. */
const readMultipart = async (request: FastifyRequest): Promise<Record<string, unknown>> => {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') body.csv = bytes.toString('utf8');
        continue;
      }
      if (!(FORM_FIELDS as readonly string[]).includes(part.fieldname)) continue;
      const value = String(part.value);
      body[part.fieldname] = BOOLEAN_FIELDS.has(part.fieldname)
        ? value === 'true'
        : JSON_FIELDS.has(part.fieldname)
          ? jsonField(part.fieldname, value)
          : value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `file: the file is too large (at most ${MAX_IMPORT_CSV_CHARS / 1024} KB)`);
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, 'The upload could not be read. Please try again.');
  }
  if (body.csv === undefined) throw new HttpError(400, 'file: choose a CSV file of your positions');
  return body;
};

/** POST /api/trackings/import[/preview]: a JSON body, or multipart with the CSV as the `file` part. */
export const readImportRequest = async (request: FastifyRequest): Promise<ImportRequest> => {
  const raw = request.isMultipart() ? await readMultipart(request) : request.body;
  rejectUnsafeText(raw);
  const parsed = importTrackingRequestSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    throw new HttpError(400, `Invalid ${field}: ${issue?.message ?? 'invalid value'}`);
  }
  const body: ImportTrackingRequest = parsed.data;
  return {
    symbol: body.symbol,
    index: body.index,
    taxBudget: body.taxBudget,
    targetInvestmentAmount: body.targetInvestmentAmount,
    fractionalShares: body.fractionalShares,
    autoTracking: body.autoTracking,
    source: body.csv !== undefined ? { csv: body.csv } : { rows: body.rows ?? [] },
  };
};
