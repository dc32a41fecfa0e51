import type { PresenceReport } from './types';

/** Offline after this long without mouse or key activity (spec §9: inactivity timeout 60000 ms). */
export const PRESENCE_IDLE_MS = 60_000;
/** While online and active, the server hears from us this often (it counts a silent user offline after 60 s). */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** At most one report this often, unless the status or the page changes. */
export const PRESENCE_THROTTLE_MS = 10_000;

export type PresenceStatus = 'offline' | 'online';

/**
 * Delivers one report. `leaving` is true when the page is going away or the session is ending:
 * the call must survive the page (fetch keepalive) and cannot rely on the stored session.
 */
export type PresenceSend = (report: PresenceReport, leaving: boolean) => void;

export interface PresenceTrackerOptions {
  send: PresenceSend;
  /** The route shown when the tracker starts. */
  page: string;
  now?: () => number;
}

/** The sign-in pages never count as presence (the server answers 422 to an online report there). */
export function isReportablePage(page: string): boolean {
  return page !== '' && !page.startsWith('/auth/');
}

/**
 * The browser side of presence (spec §4), without React or the DOM: feed it activity and route
 * changes, and it decides what to report and when.
 *
 * - offline until the first activity (after load or after going idle), then online with the page;
 * - while online: the page again when the route changes, a heartbeat every 30 s if there was
 *   activity since the last report, offline after 60 s without activity;
 * - `leave()` (page unload) and `dispose()` (sign-out, unmount) report offline at once;
 * - never more than one report per 10 s unless the status or the page changes.
 */
export class PresenceTracker {
  private state: PresenceStatus = 'offline';
  private page: string;
  /** The last page that may be reported: offline reports name it rather than a sign-in page. */
  private lastPage: string;
  private lastActivity = Number.NEGATIVE_INFINITY;
  private lastSent: { online: boolean; page: string; at: number } | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private disposed = false;
  private readonly sendReport: PresenceSend;
  private readonly now: () => number;

  constructor({ send, page, now = () => Date.now() }: PresenceTrackerOptions) {
    this.sendReport = send;
    this.page = page;
    this.lastPage = isReportablePage(page) ? page : '';
    this.now = now;
  }

  get status(): PresenceStatus {
    return this.state;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** A mouse move, key press or pointer down. */
  activity(): void {
    if (this.disposed) return;
    this.lastActivity = this.now();
    if (this.state === 'online' || !isReportablePage(this.page)) return;
    this.state = 'online';
    this.report(true, false);
    this.scheduleIdle(PRESENCE_IDLE_MS);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), PRESENCE_HEARTBEAT_MS);
  }

  /** The route changed. */
  setPage(page: string): void {
    if (this.disposed || page === this.page) return;
    this.page = page;
    if (isReportablePage(page)) this.lastPage = page;
    if (this.state !== 'online') return;
    // A sign-in page (or the 404 under /auth/) while online: count the user as gone until
    // they are active again on a real page.
    if (!isReportablePage(page)) this.goOffline(false);
    else this.report(true, false);
  }

  /** The page is being unloaded (or put in the back-forward cache): offline now, online again on activity. */
  leave(): void {
    if (this.disposed) return;
    this.goOffline(true);
  }

  /** The session ended or the shell went away: offline now, and nothing more from this tracker. */
  dispose(): void {
    if (this.disposed) return;
    this.goOffline(true);
    this.disposed = true;
  }

  private heartbeat(): void {
    if (this.state !== 'online') return;
    if (this.lastSent && this.lastActivity <= this.lastSent.at) return;
    this.report(true, false);
  }

  private scheduleIdle(delay: number): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      // Cheaper than re-arming a timer on every mouse move: check when it fires, and wait again
      // for the rest of the minute if there was activity meanwhile.
      const left = this.lastActivity + PRESENCE_IDLE_MS - this.now();
      if (left > 0) this.scheduleIdle(left);
      else this.goOffline(false);
    }, delay);
  }

  private goOffline(leaving: boolean): void {
    clearTimeout(this.idleTimer);
    clearInterval(this.heartbeatTimer);
    this.idleTimer = undefined;
    this.heartbeatTimer = undefined;
    if (this.state === 'offline') return;
    this.state = 'offline';
    this.report(false, leaving);
  }

  private report(online: boolean, leaving: boolean): void {
    const page = online ? this.page : this.lastPage;
    const at = this.now();
    const last = this.lastSent;
    if (last && last.online === online && last.page === page && at - last.at < PRESENCE_THROTTLE_MS) return;
    this.lastSent = { online, page, at };
    this.sendReport({ page, online }, leaving);
  }
}
