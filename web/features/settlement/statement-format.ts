/**
 * How statements are written on screen. A statement's week runs from Monday 00:00 to the next Monday in its time zone
 * (the merchant's when it was drawn up, ADR 039), so its days are named in that zone ('Nov 16 – Nov 22, 2026', in
 * Chinese '2026年11月16日 – 11月22日'), and so are its lines' times: in the viewer's zone the same week could read Sunday
 * to Saturday.
 */
import { pathOf } from '../../../contract/endpoint';
import { statementEndpoints } from '../../../contract/addresses';
import type { Statement } from '../../../contract/workspace';
import { formatWeekIn, zoneName } from '../../lib/zoned-time';

/** The week's first and last day in its zone: 'Nov 16 – Nov 22, 2026', or with both years when it spans two. */
export function weekLabel(statement: Pick<Statement, 'periodStart' | 'periodEnd' | 'timeZone'>): string {
  return formatWeekIn(statement.periodStart, statement.periodEnd, statement.timeZone);
}

/** What the screens say of a zone: its name and its IANA name, for "Weeks in Pacific Time (America/Los_Angeles)". */
export function zoneValues(zone: string): { name: string; zone: string } {
  return { name: zoneName(zone), zone };
}

/** The CSV download of a statement, for its merchant or for a superadmin. */
export function statementCsvHref(scope: 'merchant' | 'admin', id: string): string {
  return pathOf(scope === 'merchant' ? statementEndpoints.merchantCsv : statementEndpoints.adminCsv, { id });
}
