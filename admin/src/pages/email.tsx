import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BULK_EMAIL_FAILED,
  BulkEmailSchema,
  EMAIL_STATS_FAILED,
  SELECT_AT_LEAST_ONE_USER,
  TEST_EMAIL_FAILED,
  TestEmailSchema,
  bulkEmailCompleted,
  fieldErrors,
  type AdminUsersPage,
  type EmailCampaign,
  type EmailLogPage,
  type EmailStats,
  type EmailStatus,
} from '@drone-exam/shared';
import {
  ADMIN_SEARCH_DEBOUNCE_MS,
  BULK_EMAIL_TEMPLATES,
  CAMPAIGN_POLL_MS,
  EMAIL_TEMPLATES,
  PAGE_SIZE_EMAIL_LOG,
  PAGE_SIZE_RECENT_SIGNUPS,
  TEST_EMAIL_DEFAULTS,
  type EmailTemplate,
  type SentEmailTemplate,
} from '@drone-exam/shared/constants';
import { Badge, Button, Field, SelectField } from '@drone-exam/shared/ui/ui';
import { api, ApiRequestError, unwrap } from '../lib/api';
import { formatCount, formatDate, formatDateTime, percentOrDash, plural } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import {
  ErrorPanel,
  LoadingRows,
  Messages,
  PageTitle,
  Pager,
  Panel,
  StatCard,
  StatCardsSkeleton,
  StatGrid,
  TableFrame,
  td,
  th,
  type Message,
} from '../components/admin-ui';

const TEMPLATE_LABEL: Record<SentEmailTemplate, string> = {
  verification: 'Email verification',
  'password-reset': 'Password reset',
  welcome: 'Welcome',
  'subscription-confirmation': 'Subscription confirmation',
  'expiry-reminder': 'Expiry reminder',
  'contact-notification': 'Contact notification',
  'question-report-resolved': 'Question report resolved',
  'review-reminder': 'Review reminder',
  'recency-reminder': 'Recency reminder',
};
const STATUS_TONE: Record<EmailStatus, 'green' | 'red' | 'sky'> = {
  sent: 'green',
  failed: 'red',
  queued: 'sky',
};

type Say = (tone: Message['tone'], text: string) => void;

const reason = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.message ? error.message : fallback;

function useEmailStats(page: number) {
  return useQuery({
    queryKey: ['admin', 'email', 'stats', page],
    queryFn: () =>
      unwrap(
        api<EmailStats>('/admin/email/stats', {
          query: { page, limit: PAGE_SIZE_RECENT_SIGNUPS },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

function StatsCards() {
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

function RecentSignups() {
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

function TestEmailForm({ say }: { say: Say }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    to: '',
    templateType: TEST_EMAIL_DEFAULTS.templateType as EmailTemplate,
    firstName: '',
    planName: TEST_EMAIL_DEFAULTS.planName as string,
    amount: String(TEST_EMAIL_DEFAULTS.amount),
    daysRemaining: String(TEST_EMAIL_DEFAULTS.daysRemaining),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (payload: unknown) =>
      unwrap(api<{ message: string }>('/admin/email/test', { method: 'POST', body: payload })),
    onSuccess: ({ message }) => {
      say('success', message);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'email', 'log'] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
      say('error', reason(error, TEST_EMAIL_FAILED));
    },
  });
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      to: form.to,
      templateType: form.templateType,
      testData: {
        ...(form.firstName.trim() ? { firstName: form.firstName } : {}),
        ...(form.planName.trim() ? { planName: form.planName } : {}),
        ...(form.amount.trim() ? { amount: form.amount } : {}),
        ...(form.daysRemaining.trim() ? { daysRemaining: form.daysRemaining } : {}),
      },
    };
    const parsed = TestEmailSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Panel title="Send Test Email">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Email address"
          type="email"
          required
          autoComplete="off"
          value={form.to}
          onChange={set('to')}
          error={errors.to}
        />
        <SelectField
          label="Template"
          value={form.templateType}
          onChange={set('templateType')}
          error={errors.templateType}
        >
          {EMAIL_TEMPLATES.map((template) => (
            <option key={template} value={template}>
              {TEMPLATE_LABEL[template]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            value={form.firstName}
            onChange={set('firstName')}
            placeholder="Pilot"
            error={errors['testData.firstName']}
          />
          <Field
            label="Plan name"
            value={form.planName}
            onChange={set('planName')}
            error={errors['testData.planName']}
          />
          <Field
            label="Amount (CA$)"
            inputMode="decimal"
            value={form.amount}
            onChange={set('amount')}
            error={errors['testData.amount']}
          />
          <Field
            label="Days remaining"
            inputMode="numeric"
            value={form.daysRemaining}
            onChange={set('daysRemaining')}
            error={errors['testData.daysRemaining']}
          />
        </div>
        <Button
          type="submit"
          disabled={!form.to.trim()}
          loading={send.isPending}
          loadingText="Sending…"
        >
          Send Test Email
        </Button>
      </form>
    </Panel>
  );
}

type Recipient = { id: string; name: string; email: string };

function RecipientPicker({
  selected,
  onToggle,
}: {
  selected: Map<string, Recipient>;
  onToggle: (recipient: Recipient, on: boolean) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const users = useQuery({
    queryKey: ['admin', 'users', { page, search, role: '' }],
    queryFn: () => unwrap(api<AdminUsersPage>('/admin/users', { query: { page, search } })),
    placeholderData: keepPreviousData,
  });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Recipients</legend>
      <Field
        label="Find users"
        type="search"
        placeholder="Name or email"
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
          setPage(1);
        }}
      />
      {users.isPending ? (
        <LoadingRows rows={4} label="Loading users" />
      ) : users.isError ? (
        <ErrorPanel error={users.error} onRetry={() => users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <p className="text-sm text-slate-600">No users match.</p>
      ) : (
        <>
          <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {users.data.users.map((user) => {
              const recipient = {
                id: user._id,
                name: `${user.firstName} ${user.lastName}`,
                email: user.email,
              };
              return (
                <li key={user._id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={selected.has(user._id)}
                      onChange={(event) => onToggle(recipient, event.target.checked)}
                      className="h-4 w-4"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium text-slate-900">{recipient.name}</span>{' '}
                      <span className="text-slate-600">{user.email}</span>
                    </span>
                    {!user.isActive && <Badge tone="red">Inactive</Badge>}
                  </label>
                </li>
              );
            })}
          </ul>
          <Pager
            label="Recipient pages"
            page={page}
            totalPages={users.data.pagination.totalPages}
            hasNextPage={users.data.pagination.hasNextPage}
            onPage={setPage}
          />
        </>
      )}
    </fieldset>
  );
}

function BulkEmailForm({ say }: { say: Say }) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState(new Map<string, Recipient>());
  const [templateType, setTemplateType] = useState<(typeof BULK_EMAIL_TEMPLATES)[number]>(
    BULK_EMAIL_TEMPLATES[0],
  );
  const [daysRemaining, setDaysRemaining] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const reported = useRef<string | null>(null);

  const campaign = useQuery({
    queryKey: ['admin', 'email', 'campaign', campaignId],
    queryFn: () =>
      unwrap(api<{ campaign: EmailCampaign }>(`/admin/email/campaigns/${campaignId}`)).then(
        (data) => data.campaign,
      ),
    enabled: campaignId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'completed' ? false : CAMPAIGN_POLL_MS,
  });
  const progress = campaign.data;
  useEffect(() => {
    if (progress?.status === 'completed' && reported.current !== progress.id) {
      reported.current = progress.id;
      say(
        progress.failed ? 'error' : 'success',
        bulkEmailCompleted(progress.sent, progress.failed),
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'email'] });
    }
  }, [progress, say, queryClient]);

  const send = useMutation({
    mutationFn: (payload: unknown) =>
      unwrap(
        api<{ campaign: EmailCampaign }>('/admin/email/bulk', { method: 'POST', body: payload }),
      ),
    onSuccess: ({ campaign: started }) => {
      setCampaignId(started.id);
      setSelected(new Map());
    },
    onError: (failure) => say('error', reason(failure, BULK_EMAIL_FAILED)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.size === 0) {
      setError(SELECT_AT_LEAST_ONE_USER);
      say('error', SELECT_AT_LEAST_ONE_USER);
      return;
    }
    const parsed = BulkEmailSchema.safeParse({
      userIds: [...selected.keys()],
      templateType,
      customData: daysRemaining.trim() ? { daysRemaining } : {},
    });
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setError(fields['customData.daysRemaining'] ?? fields.userIds ?? null);
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  };

  const sending = progress && progress.status !== 'completed';
  return (
    <Panel title="Bulk Email Campaign">
      <form onSubmit={submit} noValidate className="space-y-4">
        <RecipientPicker
          selected={selected}
          onToggle={(recipient, on) => {
            setSelected((current) => {
              const next = new Map(current);
              if (on) next.set(recipient.id, recipient);
              else next.delete(recipient.id);
              return next;
            });
            setError(null);
          }}
        />
        <div aria-live="polite" className="text-sm text-slate-700">
          {selected.size === 0 ? (
            'No users selected.'
          ) : (
            <>
              <p>{plural(selected.size, 'user')} selected:</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {[...selected.values()].map((recipient) => (
                  <li key={recipient.id}>
                    <button
                      type="button"
                      onClick={() =>
                        setSelected((current) => {
                          const next = new Map(current);
                          next.delete(recipient.id);
                          return next;
                        })
                      }
                      className="rounded-full bg-sky-100 px-3 py-1 text-xs font-medium text-sky-900 hover:bg-sky-200"
                      aria-label={`Remove ${recipient.name}`}
                    >
                      {recipient.name} ×
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Template"
            value={templateType}
            onChange={(event) =>
              setTemplateType(event.target.value as (typeof BULK_EMAIL_TEMPLATES)[number])
            }
          >
            {BULK_EMAIL_TEMPLATES.map((template) => (
              <option key={template} value={template}>
                {TEMPLATE_LABEL[template]}
              </option>
            ))}
          </SelectField>
          {templateType === 'expiry-reminder' && (
            <Field
              label="Days remaining"
              inputMode="numeric"
              value={daysRemaining}
              onChange={(event) => setDaysRemaining(event.target.value)}
              hint="Leave empty to use each learner's own expiry date."
            />
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" loading={send.isPending} loadingText="Starting…" disabled={!!sending}>
          Send Bulk Email
        </Button>
        {sending && (
          <output className="block text-sm text-slate-700">
            Sending: {formatCount(progress.sent)} of {formatCount(progress.total)} sent
            {progress.failed ? `, ${formatCount(progress.failed)} failed` : ''}…
          </output>
        )}
      </form>
    </Panel>
  );
}

function EmailLog() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['admin', 'email', 'log', { status, page }],
    queryFn: () =>
      unwrap(
        api<EmailLogPage>('/admin/email/log', {
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

function Campaigns() {
  const campaigns = useQuery({
    queryKey: ['admin', 'email', 'campaigns'],
    queryFn: () => unwrap(api<{ campaigns: EmailCampaign[] }>('/admin/email/campaigns')),
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

/** Email Management (premium-quiz-admin-spec §2): figures, test send, bulk campaigns, the log. */
export function EmailPage() {
  const [messages, setMessages] = useState<Message[]>([]);
  const nextId = useRef(1);
  const say = useCallback<Say>(
    (tone, text) => setMessages((current) => [...current, { id: nextId.current++, tone, text }]),
    [],
  );
  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <PageTitle title="Email Management" />
      <Messages
        messages={messages}
        onDismiss={(id) => setMessages((current) => current.filter((m) => m.id !== id))}
      />
      <StatsCards />
      <div className="grid gap-6 lg:grid-cols-2">
        <TestEmailForm say={say} />
        <BulkEmailForm say={say} />
      </div>
      <RecentSignups />
      <Campaigns />
      <EmailLog />
    </section>
  );
}
