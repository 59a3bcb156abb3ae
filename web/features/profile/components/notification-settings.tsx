/**
 * The profile's Notifications section: per topic (orders and receipts, group buying, reminders, and for merchant
 * owners their store), a switch for SMS to the account's phone and one for email to its verified email, each saved
 * when changed. With no verified email the email column cannot be switched on. The bell lists everything whatever
 * the switches.
 */
import { useState } from 'react';
import { NOTIFICATION_CHANNEL_VALUES, NOTIFICATION_TOPIC_VALUES, type NotificationChannel, type NotificationTopic } from '../../../../contract/constants';
import type { NotificationSettings as Settings } from '../../../../contract/notifications';
import { LoadFailed } from '../../../components/ui/panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { formatPhone } from '../../../lib/phone';
import { useNotificationSettings, useUpdateNotificationSetting } from '../api/notification-settings';

const EMAIL_NOTE_ID = 'notification-email-note';

function Switch({
  userId,
  email,
  settings,
  channel,
  topic,
  onError,
}: {
  userId: string;
  email: string | null;
  settings: Settings;
  channel: NotificationChannel;
  topic: NotificationTopic;
  onError: (message: string | null) => void;
}) {
  const { t } = useT('notifications');
  const update = useUpdateNotificationSetting(userId, email);
  // The place being saved: the switch moves as it is pressed, and goes back if the change is refused.
  const [saving, setSaving] = useState<{ on: boolean; at: number } | null>(null);
  // This save is done once refused, or once the settings show what the server answered.
  const done =
    saving !== null &&
    update.submittedAt >= saving.at &&
    (update.isError || (update.isSuccess && update.data[channel][topic] === settings[channel][topic]));
  if (done) setSaving(null);
  const unavailable = channel === 'email' && settings.verifiedEmail === null;
  const on = !unavailable && (saving?.on ?? settings[channel][topic]);
  return (
    <input
      type="checkbox"
      role="switch"
      checked={on}
      disabled={unavailable}
      aria-describedby={unavailable ? EMAIL_NOTE_ID : undefined}
      aria-label={t('settings.switch', { topic: t(`settings.topics.${topic}.name`), channel: t(`channels.${channel}`) })}
      onChange={(event) => {
        // One save at a time per switch: a press meanwhile changes nothing.
        if (saving !== null) return;
        const next = event.target.checked;
        setSaving({ on: next, at: Date.now() });
        onError(null);
        update.mutate(
          { channel, topic, on: next },
          {
            onError: (error) => onError(messageOf(error, t('settings.saveFailed'))),
          },
        );
      }}
      className="h-5 w-5 rounded accent-brand-700 focus-ring disabled:cursor-not-allowed disabled:opacity-50"
    />
  );
}

function Grid({ userId, email, settings }: { userId: string; email: string | null; settings: Settings }) {
  const { t } = useT('notifications');
  const [error, setError] = useState<string | null>(null);
  const topics = NOTIFICATION_TOPIC_VALUES.filter((topic) => settings.topics.includes(topic));
  const address: Record<NotificationChannel, string> = {
    sms: t('settings.smsTo', { phone: formatPhone(settings.phone) }),
    email: settings.verifiedEmail === null ? t('settings.verifyEmail') : t('settings.emailTo', { email: settings.verifiedEmail }),
  };
  return (
    <>
      <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
        <table className="w-full border-collapse text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {t('settings.topic')}
              </th>
              {NOTIFICATION_CHANNEL_VALUES.map((channel) => (
                <th key={channel} scope="col" className="px-4 py-3 text-center align-top">
                  <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">{t(`channels.${channel}`)}</span>
                  <span
                    id={channel === 'email' && settings.verifiedEmail === null ? EMAIL_NOTE_ID : undefined}
                    className="mt-0.5 block text-xs font-normal break-all text-slate-600"
                  >
                    {address[channel]}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {topics.map((topic) => (
              <tr key={topic}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="block font-semibold text-slate-900">{t(`settings.topics.${topic}.name`)}</span>
                  <span className="block text-xs text-slate-600">{t(`settings.topics.${topic}.hint`)}</span>
                </th>
                {NOTIFICATION_CHANNEL_VALUES.map((channel) => (
                  <td key={channel} className="px-4 py-3 text-center">
                    <Switch userId={userId} email={email} settings={settings} channel={channel} topic={topic} onError={setError} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** `email`: the account's verified email as the profile knows it (a change reads the settings again). */
export function NotificationSettings({ userId, email }: { userId: string; email: string | null }) {
  const { t } = useT('notifications');
  const query = useNotificationSettings(userId, email);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">{t('settings.intro')}</p>
      {query.isPending ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            {t('settings.loading')}
          </p>
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : query.isError && !query.data ? (
        <LoadFailed heading="h3" title={messageOf(query.error, t('settings.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : (
        <Grid userId={userId} email={email} settings={query.data} />
      )}
    </div>
  );
}
