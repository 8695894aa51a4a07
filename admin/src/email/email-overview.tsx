import { useState } from 'react';
import { EMAIL_STATS_FAILED } from '@drone-exam/shared';
import { Badge } from '@drone-exam/shared/ui/ui';
import { formatCount, formatDateTime, percentOrDash } from '../lib/format';
import {
  ErrorPanel,
  LoadingRows,
  Pager,
  Panel,
  StatCard,
  StatCardsSkeleton,
  StatGrid,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';
import { useEmailStats } from './email-data';

export function StatsCards() {
  const stats = useEmailStats(1);
  if (stats.isPending) return <StatCardsSkeleton />;
  if (stats.isError) {
    return (
      <ErrorPanel title={EMAIL_STATS_FAILED} error={stats.error} onRetry={() => stats.refetch()} />
    );
  }
  const { overview } = stats.data;
  return (
    <StatGrid>
      <StatCard label="Total Users" value={formatCount(overview.totalUsers)} />
      <StatCard label="Verified" value={formatCount(overview.verifiedUsers)} />
      <StatCard label="Unverified" value={formatCount(overview.unverifiedUsers)} />
      <StatCard label="Verification Rate" value={percentOrDash(overview.verificationRate)} />
    </StatGrid>
  );
}

export function RecentSignups() {
  const [page, setPage] = useState(1);
  const stats = useEmailStats(page);
  return (
    <Panel title="Recent Signups (last 7 days)">
      {stats.isPending ? (
        <LoadingRows rows={4} label="Loading recent sign-ups" />
      ) : stats.isError ? (
        <ErrorPanel
          title={EMAIL_STATS_FAILED}
          error={stats.error}
          onRetry={() => stats.refetch()}
        />
      ) : stats.data.recentSignups.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody signed up in the last 7 days.</p>
      ) : (
        <>
          <TableFrame caption="Sign-ups in the last 7 days">
            <thead>
              <tr>
                {['Name', 'Email', 'Verified', 'Signed up'].map((heading) => (
                  <th key={heading} scope="col" className={th}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.data.recentSignups.map((signup) => (
                <tr key={signup.id}>
                  <td className={td}>{signup.name}</td>
                  <td className={td}>{signup.email}</td>
                  <td className={td}>
                    {signup.emailVerified ? (
                      <Badge tone="green">Verified</Badge>
                    ) : (
                      <Badge tone="amber">Unverified</Badge>
                    )}
                  </td>
                  <td className={td}>{formatDateTime(signup.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <Pager
            label="Sign-up pages"
            page={page}
            totalPages={stats.data.pagination.totalPages}
            hasNextPage={stats.data.pagination.hasNextPage}
            onPage={setPage}
          />
        </>
      )}
    </Panel>
  );
}
