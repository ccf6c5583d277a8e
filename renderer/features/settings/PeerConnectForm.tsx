/**
 * Connecting a peer (Settings → Website, Settings → Hub): the frame both forms share. The peer
 * gives its fields (an address, whose login, a secret), how they are tested and connected, and
 * what a test answered (who the peer is, what the first sync would do). "Test" writes nothing
 * on either side; "Connect and sync" shows only once a test answered for the values as they
 * are, as a change to any field makes that answer stale.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KindCounts } from '#shared/schemas/peer.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';

const KIND_ROWS: readonly (keyof KindCounts)[] = ['event', 'venue', 'organizer', 'category', 'tag'];

/** A first sync's preview: a row per kind, a column per count the peer names. */
export function PreviewCounts<C extends string>({
  columns,
  counts,
  label,
}: {
  columns: readonly C[];
  counts: Record<C, KindCounts>;
  label: (column: C) => string;
}) {
  const { t } = useTranslation();
  return (
    <table className="tokens website-preview">
      <thead>
        <tr>
          <th scope="col" />
          {columns.map((column) => (
            <th key={column} scope="col">
              {label(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {KIND_ROWS.map((kind) => (
          <tr key={kind}>
            <th scope="row">{t(`website.kinds.${kind}`)}</th>
            {columns.map((column) => (
              <td key={column}>{counts[column][kind]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The words of a peer's form: its test, its connect, and what is said meanwhile. */
type Words = {
  test: string;
  testing: string;
  nothingWritten: string;
  connect: string;
  connecting: string;
};

type Props<L, T> = {
  initial: L;
  words: Words;
  /** The peer's fields; `change` makes an answered test stale. */
  fields: (login: L, change: (patch: Partial<L>) => void) => ReactNode;
  /** Why the values cannot be tested as they are (said after "Test"); undefined: they can. */
  invalid?: (login: L) => string | undefined;
  test: (login: L) => Promise<T>;
  connect: (login: L) => Promise<unknown>;
  preview: (test: T) => ReactNode;
  /** What a refusal means here, when the peer says it better than the server's words. */
  explain?: (error: unknown, login: L) => string | undefined;
  onConnected: () => void;
};

export function PeerConnectForm<L, T>(props: Props<L, T>) {
  const { words } = props;
  const problemOf = useApiProblem();
  const [login, setLogin] = useState<L>(props.initial);
  const [test, setTest] = useState<T>();
  const [working, setWorking] = useState<string>();
  // What went wrong, said at each render so it follows the editor's language.
  const [problem, setProblem] = useState<{ error: unknown } | 'invalid'>();
  const change = (patch: Partial<L>) => {
    setLogin((before) => ({ ...before, ...patch }));
    // What was tested is not what would be connected any more, nor is what it answered.
    setTest(undefined);
    setProblem(undefined);
  };
  const run = async (meanwhile: string, work: () => Promise<void>) => {
    setWorking(meanwhile);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem({ error });
    } finally {
      setWorking(undefined);
    }
  };
  const busy = working !== undefined;
  const said =
    problem === 'invalid'
      ? props.invalid?.(login)
      : problem && (props.explain?.(problem.error, login) ?? problemOf(problem.error));
  return (
    <>
      <form
        className="settings-form website-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (props.invalid?.(login) !== undefined) {
            setProblem('invalid');
            return;
          }
          void run(words.testing, async () => setTest(await props.test(login)));
        }}
      >
        {props.fields(login, change)}
        <div className="form-actions">
          <button type="submit" className={test ? 'secondary' : undefined} disabled={busy}>
            {words.test}
          </button>
        </div>
      </form>
      {test && props.preview(test)}
      {test && (
        <div className="form-actions">
          <p className="muted">{words.nothingWritten}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(words.connecting, async () => {
                await props.connect(login);
                props.onConnected();
              })
            }
          >
            {words.connect}
          </button>
        </div>
      )}
      {working && <p role="status">{working}</p>}
      {said && (
        <p className="field-problem" role="alert">
          {said}
        </p>
      )}
    </>
  );
}
