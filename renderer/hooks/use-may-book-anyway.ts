/**
 * Whether this editor's caller may book a strict venue anyway: the server honours it for those
 * who may act on others' events (editors and admins), so the editor asks the server who the
 * caller is rather than keeping a copy of the rule. Until the server answers (offline, or not
 * yet), no: a refusal then offers nothing the server might refuse again.
 */
import { useEffect, useState } from 'react';
import { useAdminApi } from '../data/api/admin-api.ts';

export function useMayBookAnyway(): boolean {
  const api = useAdminApi();
  const [may, setMay] = useState(false);
  useEffect(() => {
    let current = true;
    api.mayEditOthers().then(
      (answer) => current && setMay(answer),
      () => undefined, // Offline or refused: stays no.
    );
    return () => {
      current = false;
    };
  }, [api]);
  return may;
}
