// The year-end payee report as a file (GET /admin/payee-report, ids masked; POST
// /admin/payee-report/full-ids, audited): fetched with the admin's session, then saved.
import type { PayeeReportQuery } from '@bidboard/shared';
import { api } from '@/lib/api-client';

function save(csv: string, filename: string) {
  // The client reads the body as text, which drops the byte order mark spreadsheets need.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export async function downloadPayeeReport(query: PayeeReportQuery, fullIds: boolean) {
  const csv = fullIds
    ? await api.post<string>('/admin/payee-report/full-ids', query)
    : await api.get<string>(`/admin/payee-report?year=${query.year}&country=${query.country}`);
  save(csv, `payees-${query.year}-${query.country}${fullIds ? '-full-ids' : ''}.csv`);
}
