import type { Context } from 'hono';
import { toCsv, type CsvCell } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';

/** Every admin export answers a CSV file written by the one shared CSV helper. */
export function csvDownload(
  c: Context<AppEnv>,
  filename: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
) {
  return c.body(toCsv(header, rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
}
