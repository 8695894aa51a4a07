import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BULK_EMAIL_FAILED,
  BulkEmailSchema,
  SELECT_AT_LEAST_ONE_USER,
  bulkEmailCompleted,
  fieldErrors,
} from '@drone-exam/shared';
import { Button, Field, SelectField } from '@drone-exam/shared/ui/ui';
import { api, refreshAfterWrite, unwrap } from '../lib/api';
import { formatCount, plural } from '../lib/format';
import { Panel } from '../components/admin-ui';
import { reason, TEMPLATE_LABEL, type Say } from './email-data';
import { RecipientPicker, type Recipient } from './recipient-picker';
import { CAMPAIGN_POLL_MS } from './constants';
import { BULK_EMAIL_TEMPLATES } from '@drone-exam/shared/schemas/admin-values';

export function BulkEmailForm({ say }: { say: Say }) {
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
      unwrap(api(`/admin/email/campaigns/${campaignId}`)).then((data) => data.campaign),
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
      void refreshAfterWrite(queryClient, { queryKey: ['admin', 'email'] });
    }
  }, [progress, say, queryClient]);

  const send = useMutation({
    mutationFn: (payload: unknown) =>
      unwrap(api('/admin/email/bulk', { method: 'POST', body: payload })),
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
