import { type Interceptor, SchemaValidationError } from 'slonik';

/** Validates rows of `sql.type(schema)` queries with their zod schema (slonik leaves this to an interceptor). */
export const resultParserInterceptor: Interceptor = {
  name: 'result-parser',
  transformRow: (context, query, row) => {
    const parser = context.resultParser;
    if (!parser) return row;
    const result = parser.safeParse(row);
    if (!result.success) throw new SchemaValidationError(query, row, result.error.issues);
    return result.data as typeof row;
  },
};
