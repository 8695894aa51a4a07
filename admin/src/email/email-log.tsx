import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { Badge, SelectField } from '@drone-exam/shared/ui/ui';
import { api, unwrap } from '../lib/api';
import { formatCount, formatDate, formatDateTime } from '../lib/format';
import { ErrorPanel, LoadingRows, Pager, Panel, TableFrame, td, th } from '../components/admin-ui';
import { STATUS_TONE, TEMPLATE_LABEL } from './email-data';
import { PAGE_SIZE_EMAIL_LOG } from '@drone-exam/shared/schemas/admin-values';

export function EmailLog() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['admin', 'email', 'log', { status, page }],
    queryFn: () =>
      unwrap(
        api('/admin/email/log', {
          query: { status, page, limit: PAGE_SIZE_EMAIL_LOG },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Panel
      title="Email log"
      actions={
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setPage(1);
          }}
        >
          <option value="">All</option>
          <option value="sent">Sent</option>
          <option value="queued">Queued</option>
          <option value="failed">Failed</option>
        </SelectField>
      }
    >
      {log.isPending ? (
        <LoadingRows rows={5} label="Loading the email log" />
      ) : log.isError ? (
        <ErrorPanel error={log.error} onRetry={() => log.refetch()} />
      ) : log.data.emails.length === 0 ? (
        <p className="text-sm text-slate-600">No emails{status ? ` with this status` : ''} yet.</p>
      ) : (
        <>
          <TableFrame caption="Emails sent by the product, newest first">
            <thead>
              <tr>
                {['To', 'Template', 'Subject', 'Status', 'Created'].map((heading) => (
                  <th key={heading} scope="col" className={th}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.data.emails.map((email) => (
                <tr key={email.id}>
                  <td className={td}>{email.to}</td>
                  <td className={td}>{TEMPLATE_LABEL[email.template]}</td>
                  <td className={td}>{email.subject}</td>
                  <td className={td}>
                    <Badge tone={STATUS_TONE[email.status]}>{email.status}</Badge>
                    {email.error && (
                      <span className="mt-1 block text-xs text-red-700" title={email.error}>
                        {email.error.slice(0, 80)}
                      </span>
                    )}
                  </td>
                  <td className={td}>{formatDateTime(email.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <Pager
            label="Email log pages"
            page={page}
            hasNextPage={log.data.pagination.hasNextPage}
            onPage={setPage}
          />
        </>
      )}
    </Panel>
  );
}

export function Campaigns() {
  const campaigns = useQuery({
    queryKey: ['admin', 'email', 'campaigns'],
    queryFn: () => unwrap(api('/admin/email/campaigns')),
  });
  if (campaigns.isPending || campaigns.isError || campaigns.data.campaigns.length === 0) {
    return null;
  }
  return (
    <Panel title="Recent campaigns">
      <TableFrame caption="Bulk email campaigns, newest first">
        <thead>
          <tr>
            {['Started', 'Template', 'Recipients', 'Sent', 'Failed', 'Status'].map((heading) => (
              <th key={heading} scope="col" className={th}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {campaigns.data.campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <td className={td}>{formatDate(campaign.createdAt)}</td>
              <td className={td}>{TEMPLATE_LABEL[campaign.template]}</td>
              <td className={td}>{formatCount(campaign.total)}</td>
              <td className={td}>{formatCount(campaign.sent)}</td>
              <td className={td}>{formatCount(campaign.failed)}</td>
              <td className={td}>{campaign.status}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </Panel>
  );
}
