/**
 * Why a calendar object was refused, in CalDAV's words and without HTTP's: the door gives each
 * reason its status. `condition` names the precondition element of RFC 4791 §5.3.2.1 or
 * RFC 4918 §16 (`caldav:…`, `dav:…`) when there is one.
 */
export type RefusalReason = 'invalid' | 'unsupported' | 'stale' | 'missing';

export class ObjectRefusal extends Error {
  readonly reason: RefusalReason;
  readonly condition: string | undefined;
  constructor(reason: RefusalReason, condition: string | undefined, message: string) {
    super(message);
    this.name = 'ObjectRefusal';
    this.reason = reason;
    this.condition = condition;
  }
}
