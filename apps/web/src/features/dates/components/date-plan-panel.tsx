// A conversation's date plan (issue 45; product rules, Dates), under the chat's header: the
// newest plan as a card with what the member may do with it now (accept, suggest another
// time, decline, cancel; the calendar file and Share My Date once accepted (its countdown
// is in the conversation's header: date-countdown);
// the check-in;
// the did-you-meet question and a contest), or 'Plan a date'. Live: the other member's
// change arrives as datePlanChanged and the list is read again.
import type { DatePlan, ProposeDateBody } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useRealtimeStatus } from '@/features/realtime';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { formatDate } from '@/lib/i18n/format';
import { getRealtimeSocket } from '@/lib/socket';
import {
  type DateChange,
  datePlansKey,
  downloadCalendar,
  useChangeDate,
  useDatePlans,
} from '../api/dates';
import { useNow } from '../hooks/use-now';
import { useDatesText } from '../i18n';
import { DatePlanForm } from './date-plan-form';
import { ShareDateForm } from './share-date-form';
import './dates.css';

interface DatePlanPanelProps {
  cid: string;
  viewerId: number;
  partnerName: string;
  /** Messaging is open: plans can be made. */
  open: boolean;
}

/** How a plan that stands no more reads (a proposal whose time passed unanswered too). */
const ENDED = {
  proposed: 'card.lapsed',
  accepted: 'card.accepted',
  declined: 'card.declined',
  cancelled: 'card.cancelled',
  moved: 'card.moved',
} as const;

const isFuture = (plan: DatePlan, now: number) => new Date(plan.startsAt).getTime() > now;

function useLivePlans(cid: string) {
  const queryClient = useQueryClient();
  // Read again with the status: the socket opens after the first paint (lib/socket), often
  // after this panel mounted from a chat link, and a new session opens a new socket.
  const status = useRealtimeStatus();
  const socket = getRealtimeSocket();
  useEffect(() => {
    if (!socket) return;
    const handleChange = (event: { cid: string }) => {
      if (event.cid === cid) void queryClient.invalidateQueries({ queryKey: datePlansKey(cid) });
    };
    socket.on('datePlanChanged', handleChange);
    return () => {
      socket.off('datePlanChanged', handleChange);
    };
  }, [cid, queryClient, socket]);
  // What changed while nothing listened (before the socket was up, or during a
  // reconnect): the plans are read again once it is connected.
  const listening = useRef(status === 'connected');
  useEffect(() => {
    if (status !== 'connected') {
      listening.current = false;
      return;
    }
    if (listening.current) return;
    listening.current = true;
    void queryClient.invalidateQueries({ queryKey: datePlansKey(cid) });
  }, [cid, queryClient, status]);
}

export function DatePlanPanel({ cid, viewerId, partnerName, open }: DatePlanPanelProps) {
  const t = useDatesText();
  const { sharedText } = useSharedText();
  const plans = useDatePlans(cid, true);
  const change = useChangeDate(cid);
  const [form, setForm] = useState<null | { movingId: number | null }>(null);
  const [sharing, setSharing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [contested, setContested] = useState(false);
  const now = useNow(1000);
  useLivePlans(cid);

  const run = (next: DateChange, after?: () => void) => {
    setError(null);
    change.mutate(next, {
      onSuccess: () => after?.(),
      onError: (e) => setError(sharedText(errorMessage(e, ''))),
    });
  };
  const submit = (body: ProposeDateBody) =>
    run(
      form?.movingId ? { kind: 'move', id: form.movingId, body } : { kind: 'propose', body },
      () => setForm(null),
    );

  if (plans.status !== 'success') return null;
  const plan = plans.data[0];
  const standing =
    plan && (plan.state === 'proposed' || plan.state === 'accepted') && isFuture(plan, now);

  if (sharing && plan?.state === 'accepted') {
    const planId = plan.id;
    return (
      <section className="date-panel" aria-label={t('panel.label')}>
        <ShareDateForm
          busy={change.isPending}
          error={error}
          onSubmit={(body) => run({ kind: 'share', id: planId, ...body }, () => setSharing(false))}
          onClose={() => {
            setError(null);
            setSharing(false);
          }}
        />
      </section>
    );
  }

  if (form) {
    return (
      <section className="date-panel" aria-label={t('panel.label')}>
        <DatePlanForm
          moving={form.movingId !== null}
          busy={change.isPending}
          error={error}
          onSubmit={submit}
          onClose={() => {
            setError(null);
            setForm(null);
          }}
        />
      </section>
    );
  }

  const planButton =
    open && !standing ? (
      <Button variant="secondary" size="md" onClick={() => setForm({ movingId: null })}>
        {t('panel.plan')}
      </Button>
    ) : null;
  if (!plan || (!standing && plan.state !== 'accepted')) {
    return planButton ? (
      <section className="date-panel date-panel--empty" aria-label={t('panel.label')}>
        {plan ? <p className="date-card__status">{t(ENDED[plan.state])}</p> : null}
        {planButton}
      </section>
    ) : null;
  }

  const when = formatDate(plan.startsAt, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: plan.timeZone,
    timeZoneName: 'short',
  });
  const mine = plan.proposerId === viewerId;
  const future = isFuture(plan, now);
  const name = partnerName;

  return (
    <section className="date-panel" aria-label={t('panel.label')}>
      <article className={`date-card date-card--${plan.state}`}>
        <p className="date-card__status">
          {plan.state === 'proposed'
            ? t(mine ? 'card.proposedByYou' : 'card.proposedToYou', { name })
            : t('card.accepted')}
        </p>
        <dl className="date-card__facts">
          <dt>{t('card.when')}</dt>
          <dd>{when}</dd>
          <dt>{t('card.where')}</dt>
          <dd>{plan.place}</dd>
          {plan.note ? (
            <>
              <dt>{t('card.note')}</dt>
              <dd>{plan.note}</dd>
            </>
          ) : null}
        </dl>

        {plan.state === 'proposed' && !mine && future ? (
          <div className="date-card__actions">
            <Button
              size="md"
              busy={change.isPending}
              onClick={() => run({ kind: 'answer', id: plan.id, answer: 'accept' })}
            >
              {t('action.accept')}
            </Button>
            <Button variant="secondary" size="md" onClick={() => setForm({ movingId: plan.id })}>
              {t('action.suggest')}
            </Button>
            <Button
              variant="ghost"
              size="md"
              onClick={() => run({ kind: 'answer', id: plan.id, answer: 'decline' })}
            >
              {t('action.decline')}
            </Button>
          </div>
        ) : null}
        {plan.state === 'accepted' && future ? (
          <div className="date-card__actions">
            <Button
              variant="secondary"
              size="md"
              onClick={() =>
                void downloadCalendar(plan.id).catch((e: unknown) => setError(errorMessage(e, '')))
              }
            >
              {t('action.calendar')}
            </Button>
            {plan.share ? null : (
              <Button variant="secondary" size="md" onClick={() => setSharing(true)}>
                {t('share.open')}
              </Button>
            )}
          </div>
        ) : null}
        {plan.state === 'accepted' && plan.share ? (
          <div className="date-card__share">
            <p>
              {t('share.active', {
                last4: plan.share.phoneLast4,
                until: formatDate(plan.share.expiresAt, {
                  month: 'short',
                  day: 'numeric',
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZone: plan.timeZone,
                  timeZoneName: 'short',
                }),
              })}
            </p>
            <Button
              variant="ghost"
              size="md"
              onClick={() => run({ kind: 'stop-sharing', id: plan.id })}
            >
              {t('share.stop')}
            </Button>
          </div>
        ) : null}
        {standing ? (
          <div className="date-card__actions">
            <Button variant="ghost" size="md" onClick={() => run({ kind: 'cancel', id: plan.id })}>
              {t('action.cancel')}
            </Button>
          </div>
        ) : null}

        {plan.checkIn ? (
          <div className="date-card__check-in">
            {plan.checkIn === 'safe' ? (
              <p>{t('checkIn.answeredSafe')}</p>
            ) : plan.checkIn === 'help' ? (
              <p>{t('checkIn.answeredHelp')}</p>
            ) : (
              <>
                <p className="date-card__question">{t('checkIn.question')}</p>
                <div className="date-card__actions">
                  <Button
                    size="md"
                    onClick={() => run({ kind: 'check-in', id: plan.id, answer: 'safe' })}
                  >
                    {t('checkIn.safe')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="md"
                    onClick={() => run({ kind: 'check-in', id: plan.id, answer: 'help' })}
                  >
                    {t('checkIn.help')}
                  </Button>
                </div>
              </>
            )}
            <p className="date-card__fine">{t('checkIn.noEmergency')}</p>
          </div>
        ) : null}

        {plan.met.open && plan.met.answer === null ? (
          <div className="date-card__met">
            <p className="date-card__question">{t('met.question', { name })}</p>
            <div className="date-card__actions">
              <Button size="md" onClick={() => run({ kind: 'met', id: plan.id, answer: 'met' })}>
                {t('met.met')}
              </Button>
              <Button
                variant="secondary"
                size="md"
                onClick={() => run({ kind: 'met', id: plan.id, answer: 'no_show' })}
              >
                {t('met.noShow', { name })}
              </Button>
            </div>
          </div>
        ) : null}
        {plan.met.answer ? (
          <p>
            {plan.met.answer === 'met' ? t('met.answeredMet') : t('met.answeredNoShow', { name })}
          </p>
        ) : null}
        {plan.met.noShowAgainstYou && !contested ? (
          <div className="date-card__met">
            <p>{t('met.againstYou', { name })}</p>
            <Button
              variant="ghost"
              size="md"
              onClick={() => run({ kind: 'contest', id: plan.id }, () => setContested(true))}
            >
              {t('met.contest')}
            </Button>
          </div>
        ) : null}
        {contested ? <p>{t('met.contested')}</p> : null}
        {error ? (
          <p className="date-card__error" role="alert">
            {error}
          </p>
        ) : null}
      </article>
      {planButton}
    </section>
  );
}
