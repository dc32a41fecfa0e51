import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sessionStore, useSession } from '../../../app/session';
import { reportPresence, reportPresenceLeaving } from '../queries';
import { PresenceTracker as Tracker } from '../tracker';
import type { PresenceReport } from '../types';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'pointerdown'] as const;

/**
 * Tells the server this user is here and on which page (spec §4). Renders nothing; mounted once
 * by the signed-in shell. Presence failures are only logged (spec §8).
 */
export function PresenceTracker() {
  const session = useSession();
  const identity = session ? `${session.id}:${session.roles}:${session.fk_franchise ?? ''}` : '';
  // Another identity (impersonation, leaving it) is another presence: the old one says goodbye.
  return identity ? <IdentityTracker key={identity} /> : null;
}

function IdentityTracker() {
  const { pathname } = useLocation();
  const token = useSession()?.accessToken;
  // The last token of this identity: when the session ends, the store is emptied before we hear
  // about it, and the goodbye must still be signed. A renewed token replaces it here.
  const tokenRef = useRef(token ?? '');
  const firstPage = useRef(pathname);
  const trackerRef = useRef<Tracker | null>(null);

  useEffect(() => {
    if (token) tokenRef.current = token;
  }, [token]);

  useEffect(() => {
    const send = (report: PresenceReport, leaving: boolean) => {
      const sent = leaving ? reportPresenceLeaving(report, tokenRef.current) : reportPresence(report);
      sent.catch((error: unknown) => console.warn('Présence non transmise', error));
    };
    const tracker = new Tracker({ send, page: firstPage.current });
    trackerRef.current = tracker;

    const onActivity = () => tracker.activity();
    const onLeave = () => tracker.leave();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    window.addEventListener('pagehide', onLeave);
    const offSignOut = sessionStore.onSignOut(() => tracker.dispose());

    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.removeEventListener('pagehide', onLeave);
      offSignOut();
      tracker.dispose();
      trackerRef.current = null;
    };
  }, []);

  useEffect(() => {
    trackerRef.current?.setPage(pathname);
  }, [pathname]);

  return null;
}
