/**
 * A peer's card in Settings (the website's, the hub's): the frame both share. It reads the
 * peer's state and log, and again every few seconds while it is shown. Not connected: the
 * peer's intro and connection form. Connected: the peer's own heading, the changes waiting,
 * the last problem, "Disconnect" (asked first) and "Sync now", what the sync did, the peer's
 * other parts, the decisions waiting and the log. The peer gives what differs.
 */
import { useCallback, useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeerLogEntry, PeerProblemInfo, SyncSummary } from '#shared/schemas/peer.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { DisconnectButton } from './DisconnectButton.tsx';
import { LogList, Waiting } from './WebsiteLog.tsx';

/** How often the card asks the server how the sync goes, while it is shown. */
const REFRESH_MS = 5000;

/** What the card reads of any peer's state. */
type PeerStatus = {
  pending: number;
  conflicts: number;
  problem: PeerProblemInfo | null;
  connection: object | null;
};

/** A peer's state and its newest log lines, as the card shows them. */
type PeerShown<S> = { status: S; log: PeerLogEntry[] };

type Props<S extends PeerStatus> = {
  peer: 'website' | 'hub';
  heading: string;
  /** Said under the heading, whatever the state. */
  note?: ReactNode;
  /** The state and log; the same function from render to render (useCallback). */
  read: () => Promise<PeerShown<S>>;
  /** What the card shows instead of its own parts, when the state asks for it; else undefined. */
  instead?: (shown: PeerShown<S>, reload: () => void) => ReactNode;
  intro: string;
  connectForm: (onConnected: () => void) => ReactNode;
  /** Which peer, as whom, its state and last sync. */
  connectionHeading: (status: S) => ReactNode;
  sync: () => Promise<SyncSummary>;
  disconnect: () => Promise<unknown>;
  /** What else the peer offers while connected, above its decisions. */
  more?: (status: S, reload: () => void) => ReactNode;
  conflicts: ComponentType<{ focusFirst?: boolean; onDecided?: () => void }>;
  /** The page was opened for this peer's decision: its first one gets the focus. */
  decide: boolean;
};

export function PeerCard<S extends PeerStatus>(props: Props<S>) {
  const { t } = useTranslation();
  const problemOf = useApiProblem();
  const headingId = useId();
  const { read } = props;
  const [shown, setShown] = useState<PeerShown<S>>();
  const [summary, setSummary] = useState<SyncSummary>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const load = useCallback(
    () => read().then(setShown, (error: unknown) => setProblem(problemOf(error))),
    [read, problemOf],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const reload = () => void load();
  const act = async (work: () => Promise<void>) => {
    setWorking(true);
    setProblem(undefined);
    setSummary(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setWorking(false);
      await load();
    }
  };
  const problemLine = problem && (
    <p className="field-problem" role="alert">
      {problem}
    </p>
  );
  const body = (): ReactNode => {
    if (!shown) return problemLine;
    const instead = props.instead?.(shown, reload);
    if (instead !== undefined) return instead;
    const { status, log } = shown;
    if (!status.connection)
      return (
        <>
          <p className="muted">{props.intro}</p>
          {props.connectForm(reload)}
        </>
      );
    const Conflicts = props.conflicts;
    return (
      <>
        {props.connectionHeading(status)}
        <Waiting pending={status.pending} />
        {status.problem && (
          <p className="field-problem" role="alert">
            {status.problem.message}
          </p>
        )}
        <div className="form-actions">
          <DisconnectButton
            peer={props.peer}
            pending={status.pending}
            disabled={working}
            onDisconnect={() =>
              void act(async () => {
                await props.disconnect();
              })
            }
          />
          <button
            type="button"
            disabled={working}
            onClick={() => void act(async () => setSummary(await props.sync()))}
          >
            {t('website.syncNow')}
          </button>
        </div>
        {working && <p role="status">{t('website.syncing')}</p>}
        {summary && <p role="status">{t('website.summary', summary)}</p>}
        {problemLine}
        {props.more?.(status, reload)}
        {status.conflicts > 0 && <Conflicts focusFirst={props.decide} onDecided={reload} />}
        <h3>{t('website.logHeading')}</h3>
        <LogList entries={log} />
      </>
    );
  };
  return (
    <section className="card website-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      {props.note}
      {body()}
    </section>
  );
}
