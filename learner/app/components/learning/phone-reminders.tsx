import { useEffect, useState } from 'react';
import type { PushSettings } from '@drone-exam/shared/schemas/push';
import { PUSH_HOUR_MAX, PUSH_HOUR_MIN } from '@drone-exam/shared/schemas/push-values';
import { timeOfDay } from '@drone-exam/shared/calendar-words';
import { Alert, Button, SelectField } from '@drone-exam/shared/ui/ui';
import { useTranslation } from '../../i18n/react';
import { useLocale, useMessage } from '../../i18n/hooks';
import { api } from '../../lib/api';
import { browserTimeZone } from './time-zone';
import { RemindersSection } from './reminders-section';

/** The evening hour offered first: after work, before the day ends. */
const DEFAULT_HOUR = 19;
const HOURS = Array.from(
  { length: PUSH_HOUR_MAX - PUSH_HOUR_MIN + 1 },
  (_, i) => PUSH_HOUR_MIN + i,
);

type State =
  | { kind: 'loading' }
  | { kind: 'unsupported' }
  | { kind: 'ready'; settings: PushSettings; here: PushSubscription | null };

/** base64url (the server's VAPID key) to the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string) {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const supported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Phone reminders (issue 31), on the dashboard and the account: the browser's permission is asked
 * only when the learner presses the button, never on page load; the subscription goes through the
 * site's own service worker (learner/sw/sw.ts shows the reminders). Shows when three ignored
 * reminders paused them, and stops them on this device.
 */
export function PhoneReminders({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation('learning');
  const message = useMessage();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [hour, setHour] = useState(DEFAULT_HOUR);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locale = useLocale();
  /** An hour as the page's language writes it (7:00 p.m., 19 h 00), without building an Intl formatter. */
  const hourLabel = (h: number) => timeOfDay(h, 0, locale);

  useEffect(() => {
    void (async () => {
      if (!supported()) {
        setState({ kind: 'unsupported' });
        return;
      }
      const [answer, registration] = await Promise.all([
        api('/push/settings'),
        navigator.serviceWorker.getRegistration(),
      ]);
      const here = (await registration?.pushManager.getSubscription()) ?? null;
      if (!answer.success) {
        setError(message(answer.error));
        return;
      }
      if (answer.data.hour !== null) setHour(answer.data.hour);
      setState({ kind: 'ready', settings: answer.data, here });
    })();
  }, [message]);

  async function turnOn() {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setError(t('push.denied'));
        return;
      }
      const key = await api('/push/public-key');
      if (!key.success) {
        setError(message(key.error));
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const here =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(key.data.publicKey),
        }));
      const { endpoint, keys } = here.toJSON();
      const saved = await api('/push/subscriptions', {
        method: 'POST',
        body: {
          endpoint: endpoint ?? '',
          keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
          hour,
          timeZone: browserTimeZone(),
        },
      });
      if (!saved.success) {
        setError(message(saved.error));
        return;
      }
      setState({ kind: 'ready', settings: saved.data, here });
    } catch (cause) {
      setError(
        t('push.failed', { reason: cause instanceof Error ? cause.message : String(cause) }),
      );
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(here: PushSubscription) {
    setBusy(true);
    setError(null);
    const stopped = await api('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: here.endpoint },
    });
    await here.unsubscribe().catch(() => false);
    setBusy(false);
    if (!stopped.success) {
      setError(message(stopped.error));
      return;
    }
    setState({ kind: 'ready', settings: stopped.data, here: null });
  }

  const on = state.kind === 'ready' && state.here !== null && state.settings.devices > 0;
  return (
    <RemindersSection>
      {state.kind === 'unsupported' && (
        <p className="mt-2 text-sm text-slate-700">{t('push.unsupported')}</p>
      )}
      {state.kind === 'ready' && state.settings.paused && (
        <Alert tone="warning" className="mt-3">
          {t('push.paused')}
        </Alert>
      )}
      {state.kind === 'ready' && on && (
        <p className="mt-2 text-sm text-slate-700" data-testid="push-status">
          {t('push.on', { hour: hourLabel(state.settings.hour ?? hour) })}
        </p>
      )}
      {state.kind === 'ready' && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <SelectField
            id={`${idPrefix}-push-hour`}
            label={t('push.hour')}
            value={hour}
            onChange={(event) => setHour(Number(event.target.value))}
            className="w-40"
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => void turnOn()} loading={busy}>
            {on ? t('push.change') : t('push.turnOn')}
          </Button>
          {on && state.here && (
            <Button variant="secondary" onClick={() => void turnOff(state.here!)} disabled={busy}>
              {t('push.turnOff')}
            </Button>
          )}
        </div>
      )}
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </RemindersSection>
  );
}
