import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_IDLE_MS, PresenceTracker, isReportablePage } from './tracker';
import type { PresenceReport } from './types';

type Sent = PresenceReport & { leaving: boolean; at: number };

function setup(page = '/campagne/MesCartes') {
  const sent: Sent[] = [];
  const start = Date.now();
  const tracker = new PresenceTracker({
    page,
    send: (report, leaving) => sent.push({ ...report, leaving, at: Date.now() - start }),
  });
  return { tracker, sent };
}

const seconds = (s: number) => vi.advanceTimersByTime(s * 1000);

describe('PresenceTracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('stays silent before any activity, then goes online with the page on the first one', () => {
    const { tracker, sent } = setup();
    seconds(120);
    expect(sent).toEqual([]);
    expect(tracker.status).toBe('offline');

    tracker.activity();
    expect(tracker.status).toBe('online');
    expect(sent).toEqual([{ page: '/campagne/MesCartes', online: true, leaving: false, at: 120_000 }]);
    // More activity does not report again by itself.
    tracker.activity();
    seconds(1);
    tracker.activity();
    expect(sent).toHaveLength(1);
  });

  it('goes offline after 60 s without activity, and online again on the next activity', () => {
    const { tracker, sent } = setup();
    tracker.activity();
    seconds(59);
    expect(tracker.status).toBe('online');
    expect(sent.filter((r) => !r.online)).toEqual([]);
    seconds(1);
    expect(tracker.status).toBe('offline');
    expect(sent.at(-1)).toEqual({ page: '/campagne/MesCartes', online: false, leaving: false, at: PRESENCE_IDLE_MS });

    seconds(300);
    expect(sent).toHaveLength(2); // nothing while idle
    tracker.activity();
    expect(sent.at(-1)).toMatchObject({ online: true, page: '/campagne/MesCartes' });
  });

  it('counts the minute from the last activity, not from going online', () => {
    const { tracker, sent } = setup();
    tracker.activity();
    seconds(45);
    tracker.activity();
    seconds(59);
    expect(tracker.status).toBe('online');
    seconds(1);
    expect(tracker.status).toBe('offline');
    expect(sent.at(-1)).toMatchObject({ online: false, at: 105_000 });
  });

  it('reports the new page when the route changes while online, but not while offline', () => {
    const { tracker, sent } = setup();
    tracker.setPage('/config/mesTailles');
    expect(sent).toEqual([]);
    tracker.activity();
    expect(sent.at(-1)).toMatchObject({ online: true, page: '/config/mesTailles' });

    tracker.setPage('/config/mesEcrans');
    tracker.setPage('/config/mesLangues');
    expect(sent.map((r) => r.page)).toEqual(['/config/mesTailles', '/config/mesEcrans', '/config/mesLangues']);
    // The same route again is not a change.
    tracker.setPage('/config/mesLangues');
    expect(sent).toHaveLength(3);
  });

  it('sends a heartbeat every 30 s while active, and none while the user only watches', () => {
    const { tracker, sent } = setup();
    tracker.activity();
    seconds(10);
    tracker.activity();
    seconds(PRESENCE_HEARTBEAT_MS / 1000 - 10);
    expect(sent.map((r) => [r.online, r.at])).toEqual([
      [true, 0],
      [true, 30_000],
    ]);
    // No activity between 30 s and 60 s: no heartbeat at 60 s, then offline at 70 s (60 s after 10 s).
    seconds(30);
    expect(sent).toHaveLength(2);
    seconds(10);
    expect(sent.at(-1)).toMatchObject({ online: false, at: 70_000 });
    // Offline: the heartbeat stops.
    seconds(120);
    expect(sent).toHaveLength(3);
  });

  it('throttles to one report per 10 s unless the status or the page changes', () => {
    const { tracker, sent } = setup();
    tracker.activity(); // t=0 online
    seconds(25);
    tracker.setPage('/config/mesEcrans'); // t=25 page change: sent at once
    seconds(2);
    tracker.activity(); // t=27
    seconds(3); // t=30 heartbeat: same status and page 5 s after the last report, dropped
    expect(sent.map((r) => [r.page, r.at])).toEqual([
      ['/campagne/MesCartes', 0],
      ['/config/mesEcrans', 25_000],
    ]);
    tracker.activity(); // t=30
    seconds(30); // t=60 heartbeat: 35 s later, sent
    expect(sent.at(-1)).toMatchObject({ page: '/config/mesEcrans', online: true, at: 60_000 });

    // A status change is never held back: online → offline → online within a second.
    tracker.leave();
    tracker.activity();
    expect(sent.slice(-2).map((r) => r.online)).toEqual([false, true]);
  });

  it('reports offline on unload with the leaving flag, and comes back on activity', () => {
    const { tracker, sent } = setup();
    tracker.leave();
    expect(sent).toEqual([]); // never online: nothing to say
    tracker.activity();
    tracker.leave();
    expect(sent.at(-1)).toEqual({ page: '/campagne/MesCartes', online: false, leaving: true, at: 0 });
    tracker.activity();
    expect(tracker.status).toBe('online');
  });

  it('reports offline once on dispose (sign-out) and then ignores everything', () => {
    const { tracker, sent } = setup();
    tracker.activity();
    tracker.dispose();
    tracker.dispose();
    expect(sent.filter((r) => !r.online)).toEqual([{ page: '/campagne/MesCartes', online: false, leaving: true, at: 0 }]);
    tracker.activity();
    tracker.setPage('/config/mesEcrans');
    seconds(120);
    expect(sent).toHaveLength(2);
    expect(tracker.isDisposed).toBe(true);
  });

  it('never reports online on a sign-in page, and names the last real page when leaving for one', () => {
    const { tracker, sent } = setup('/auth/404');
    tracker.activity();
    expect(sent).toEqual([]);
    expect(tracker.status).toBe('offline');

    tracker.setPage('/information');
    tracker.activity();
    tracker.setPage('/auth/404');
    expect(tracker.status).toBe('offline');
    expect(sent.map((r) => [r.page, r.online])).toEqual([
      ['/information', true],
      ['/information', false],
    ]);
    tracker.activity();
    expect(sent).toHaveLength(2);
  });

  it('knows which pages count', () => {
    expect(isReportablePage('/auth/login')).toBe(false);
    expect(isReportablePage('')).toBe(false);
    expect(isReportablePage('/RealtimeDashboard')).toBe(true);
    expect(isReportablePage('/authentique')).toBe(true);
  });
});
