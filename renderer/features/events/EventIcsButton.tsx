/**
 * "Download .ics" for one event, from its editor: the server's ICS export of that event (its
 * id; an event made offline has none until it syncs, so the button waits for it).
 */
import { UNTRASHED_STATUSES } from '#shared/schemas/common.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminApi } from '../../data/api/admin-api.ts';
import { useRecord } from '../../data/hooks.ts';
import { useApiProblem } from '../../hooks/use-api-problem.ts';
import { saveFile } from '../../ui/save-file.ts';

export function EventIcsButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const api = useAdminApi();
  const problemOf = useApiProblem();
  const record = useRecord('event', uuid);
  const [problem, setProblem] = useState<string>();
  const id = typeof record?.id === 'number' ? record.id : 0;
  if (id <= 0) return null;
  const download = async () => {
    try {
      const query = new URLSearchParams({
        format: 'ics',
        include: String(id),
        status: UNTRASHED_STATUSES.join(','),
      });
      const file = await api.exportFile(query);
      saveFile(`event-${id}.ics`, file.blob);
      setProblem(undefined);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <>
      <button type="button" className="secondary" onClick={() => void download()}>
        {t('files.eventIcs')}
      </button>
      {problem && (
        <span className="field-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
