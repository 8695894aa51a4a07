import { useCallback, useRef, useState } from 'react';
import { Messages, PageTitle, type Message } from '../components/admin-ui';
import { BulkEmailForm } from '../email/bulk-email-form';
import type { Say } from '../email/email-data';
import { Campaigns, EmailLog } from '../email/email-log';
import { RecentSignups, StatsCards } from '../email/email-overview';
import { TestEmailForm } from '../email/test-email-form';

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
