import { Readable } from 'node:stream';
import { endpoints, STUDIO_METRICS, type StudioCsvTable } from '@josie/contract';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/** The columns of each CSV, in order (the header row). */
const CSV_COLUMNS: Record<StudioCsvTable, string[]> = {
  overview: ['day', ...STUDIO_METRICS, 'followersGained', 'followersLost'],
  josies: ['id', 'title', 'publishedAt', ...STUDIO_METRICS],
  audience: ['day', 'followers', 'gained', 'lost'],
};

/**
 * The curator studio (docs/decisions/0050-curator-studio-counts.md; docs/product/rules-and-limits.md#studio):
 * the overview, the josie table, a josie's page, the audience, the admins' platform totals, and a CSV of
 * each table. Who may read whose studio is the service's rule; all 404 `FEATURE_DISABLED` while the `studio`
 * flag is off.
 */
export const studioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const studio = ctx.services.studio;

  route(app, endpoints.studioOverview, {}, async (request) => studio.overview(actor(request), request.query));
  route(app, endpoints.studioJosies, {}, async (request) => studio.josies(actor(request), request.query));
  route(app, endpoints.studioJosie, {}, async (request) =>
    studio.josie(actor(request), request.params.id, request.query),
  );
  route(app, endpoints.studioAudience, {}, async (request) => studio.audience(actor(request), request.query));
  route(app, endpoints.studioPlatform, {}, async (request) => studio.platform(request.query));

  /**
   * `GET /api/studio/export/:table`: the table as CSV (UTF-8 with a byte-order mark, so spreadsheets read the
   * Hebrew; cells that would start a formula are escaped). Streamed: the josie table is read a page at a
   * time while it is sent, so memory does not grow with the curator's josies. Refusals (403, 404) come
   * before the first byte.
   */
  route(app, endpoints.studioCsv, {}, async (request, reply) => {
    const user = actor(request);
    const curatorId = await studio.whose(user, request.query.curatorId);
    const { period } = request.query;
    const table: StudioCsvTable = request.params.table;
    const csv = Readable.from(csvRows(table)(curatorId)).pipe(
      stringify({ header: true, columns: CSV_COLUMNS[table], bom: true, escape_formulas: true }),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="studio-${table}-${period}.csv"`)
      .send(csv);

    function csvRows(name: StudioCsvTable): (id: string) => AsyncIterable<Record<string, unknown>> {
      if (name === 'josies') {
        return (id) => studio.allJosies(id, period);
      }
      if (name === 'overview') {
        return async function* (id) {
          const overview = await studio.overview(user, { period, curatorId: id });
          for (const [i, day] of overview.series.days.entries()) {
            yield {
              day,
              ...Object.fromEntries(STUDIO_METRICS.map((m) => [m, overview.series.metrics[m][i]])),
              followersGained: overview.series.followersGained[i],
              followersLost: overview.series.followersLost[i],
            };
          }
        };
      }
      return async function* (id) {
        const audience = await studio.audience(user, { period, curatorId: id });
        for (const [i, day] of audience.series.days.entries()) {
          yield {
            day,
            followers: audience.series.followers[i],
            gained: audience.series.gained[i],
            lost: audience.series.lost[i],
          };
        }
      };
    }
  });
};
